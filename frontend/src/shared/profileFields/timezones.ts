import { formatTimeInZone, formatUtcOffset, utcOffsetMinutes } from '../time';

export interface TimezoneOption {
  value: string;
  label: string;
  offset: number;
}

function zoneNames(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
}

/** Every IANA zone the browser knows, named as it is (the admin's forms; the server checks the same list). */
export function zoneOptions(): { value: string; label: string }[] {
  const zones = zoneNames();
  return (zones.includes('UTC') ? zones : ['UTC', ...zones]).map((zone) => ({ value: zone, label: zone }));
}

/**
 * '(UTC+01:00) Europe/Lisbon 14:05' for every zone the browser knows, sorted by offset then name
 * (spec 01 §5). `extra` zones (the saved one, the guess) are added when the browser lacks them.
 */
export function timezoneOptions(now: Date = new Date(), extra: string[] = []): TimezoneOption[] {
  const names = new Set([...zoneNames(), ...extra.filter(Boolean)]);
  const options: TimezoneOption[] = [];
  for (const value of names) {
    const offset = utcOffsetMinutes(value, now);
    if (offset === null) continue;
    options.push({ value, offset, label: `(${formatUtcOffset(offset)}) ${value} ${formatTimeInZone(value, now)}` });
  }
  return options.sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
}

export type TimezoneMode = 'auto' | 'manual';

/** Manual is forced when the saved zone is not the one the browser guesses (spec 01 §5). */
export const initialTimezoneMode = (saved: string, guess: string): TimezoneMode => (saved === guess ? 'auto' : 'manual');
