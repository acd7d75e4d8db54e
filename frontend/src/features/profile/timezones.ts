import { formatTimeInZone, formatUtcOffset, utcOffsetMinutes } from '../../shared/time';

export interface TimezoneOption {
  value: string;
  label: string;
  offset: number;
}

function zoneNames(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
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
