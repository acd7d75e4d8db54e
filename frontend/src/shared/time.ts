import { useEffect, useState } from 'react';
import type { UserDetails } from '../api/types';

/** The current time, refreshed every `intervalMs` (the start-work clock uses 10 s). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

// Formatting with the Date API rather than dayjs keeps dayjs out of the office's first load
// (bench/bundle/budget.json); the output is dayjs' English format strings, written next to each.
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (value: number) => String(value).padStart(2, '0');
const toDate = (date: Date | string) => (typeof date === 'string' ? new Date(date) : date);

/** A calendar date 'YYYY-MM-DD' as that day in the browser's zone (as dayjs parses it). */
export function parseLocalDate(value: string): Date {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The display preferences of the profile (docs/calendar.md, "Preferences"). */
export type DisplayPreferences = Partial<Pick<UserDetails, 'clock_format' | 'duration_format'>>;

// Where the formatters read the preferences: the store's signed-in user (app/store.ts binds it
// when the store is made), read at each call, so every time of day and every duration shown
// follows the profile; the shells remount their page when a preference changes.
let readPreferences: () => DisplayPreferences | null | undefined = () => null;

/** Bind the formatters to the preferences' source (the store's signed-in user). */
export function readPreferencesFrom(read: () => DisplayPreferences | null | undefined): void {
  readPreferences = read;
}

/** A wall-clock 'HH:mm' as the user reads times: unchanged, or 'h:mm AM' on the 12-hour clock. */
export function displayClock(hhmm: string): string {
  if (readPreferences()?.clock_format !== '12h') return hhmm;
  const [hour, minute] = hhmm.split(':').map(Number);
  return `${hour % 12 || 12}:${two(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'HH:mm' (or 'h:mm AM' on the 12-hour clock) */
export const formatClock = (date: Date): string => displayClock(`${two(date.getHours())}:${two(date.getMinutes())}`);
/** 'dddd, MMMM D' */
export const formatLongDate = (date: Date): string => `${DAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}`;
/** 'dddd, MMM D' */
export const formatDayDate = (date: Date): string => `${DAYS[date.getDay()]}, ${MONTHS[date.getMonth()].slice(0, 3)} ${date.getDate()}`;

const MINUTE = 60;
const HOUR = 3600;

/**
 * The one duration formatter of the SPA (docs/time-accounting.md, "Durations on screen"): the
 * server's whole seconds as 'Xh YYm' from one hour on, else 'Nm' (spec 01 §9); or, when the
 * user's preference is decimal hours, as '1.50h' (the same whole minutes in hours, two decimals).
 * The rule is floor: the seconds of an unfinished minute are cut off, so a duration never shows a
 * minute that has not been worked, and a number that grows second by second changes its text
 * exactly on the minute. Negative, NaN and infinite inputs read as 0m (0.00h).
 */
export function formatDuration(seconds: number): string {
  const minutes = shownMinutes(seconds);
  if (readPreferences()?.duration_format === 'decimal') return `${(minutes / 60).toFixed(2)}h`;
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** The whole minutes formatDuration shows for `seconds` (a rule about "0m" asks this, not the seconds). */
export function shownMinutes(seconds: number): number {
  return Math.floor(Math.max(0, Number.isFinite(seconds) ? seconds : 0) / MINUTE);
}

/**
 * 'a few seconds ago' under a minute, 'Nm ago' under an hour (spec 01 §9), then 'Nh ago' within
 * a day, then the date and time. A time slightly in the future (clock skew) reads as just now.
 */
export function formatRelative(date: Date | string, now: Date = new Date()): string {
  const then = toDate(date);
  const seconds = Math.trunc((now.getTime() - then.getTime()) / 1000);
  if (seconds < MINUTE) return 'a few seconds ago';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m ago`;
  if (seconds < 24 * HOUR) return `${Math.floor(seconds / HOUR)}h ago`;
  return `${MONTHS[then.getMonth()].slice(0, 3)} ${then.getDate()}, ${formatClock(then)}`; // 'MMM D, HH:mm'
}

/** A time of day as HH:mm (or the 12-hour clock) in the browser's zone. */
export const formatTime = (date: Date | string): string => formatClock(toDate(date));

/** A session as 'HH:mm – HH:mm' (or the 12-hour clock). */
export const formatTimeRange = (start: Date | string, end: Date | string): string =>
  `${formatTime(start)} – ${formatTime(end)}`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    } catch {
      return null; // an unknown zone name
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The wall-clock time HH:mm (or the 12-hour clock) in another timezone ('' for an unknown zone). */
export function formatTimeInZone(timeZone: string, at: Date = new Date()): string {
  const hhmm = formatterFor(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })?.format(at) ?? '';
  return hhmm && displayClock(hhmm);
}

/** The zone's offset from UTC in minutes at `at` (null for an unknown zone). */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number | null {
  const formatter = formatterFor(timeZone, { timeZoneName: 'longOffset' });
  if (!formatter) return null;
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0; // 'GMT' alone is UTC
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** An offset as 'UTC+01:00' / 'UTC-03:30'. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A zone named for a label (other people's times are in their own zone, named:
 * docs/decisions-frontend-shell.md, "Whose clock"): its place and offset at `at`,
 * e.g. 'New York, UTC-05:00'; 'UTC' alone for UTC.
 */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset = utcOffsetMinutes(timeZone, at);
  const place = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  if (offset === null) return timeZone;
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  return `${place}, ${formatUtcOffset(offset)}`;
}

/** An instant as HH:mm on a zone's wall clock ('' for an unknown zone). */
export const formatTimeIn = (date: Date | string, timeZone: string): string => formatTimeInZone(timeZone, toDate(date));

/** The browser's own timezone (the profile's Auto mode). */
export function guessTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
