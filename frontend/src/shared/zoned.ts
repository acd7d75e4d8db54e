import { displayClock, utcOffsetMinutes } from './time';
import { addDays } from './dates';

export { addDays };

// Shift times are read and typed in the member's own timezone (their profile's), whatever the
// browser's: a work day is a date in that zone (docs/time-accounting.md).

const formatters = new Map<string, Intl.DateTimeFormat>();

const PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, ...PARTS });
    } catch {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', ...PARTS }); // an unknown zone
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
}

/** The date and time on the wall in `timeZone` at `instant`. */
export function wallClock(instant: Date | string, timeZone: string): WallClock {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant the wall shows `date` `time` in `timeZone` (a time skipped by DST moves on by the jump). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - (utcOffsetMinutes(timeZone, new Date(wall)) ?? 0) * 60_000;
  guess = wall - (utcOffsetMinutes(timeZone, new Date(guess)) ?? 0) * 60_000;
  return new Date(guess);
}

/** Today's date in `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => wallClock(now, timeZone).date;

/** 'HH:mm' of an instant in `timeZone` (a form's value; shown times go through formatClockIn). */
export const clockIn = (instant: Date | string, timeZone: string): string => wallClock(instant, timeZone).time;

/** An instant's time of day in `timeZone` as the user reads times ('HH:mm' or 'h:mm AM'). */
export const formatClockIn = (instant: Date | string, timeZone: string): string => displayClock(clockIn(instant, timeZone));

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date 'YYYY-MM-DD' as 'Mon, Nov 16' (weekday and month day). */
export function weekdayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1]} ${day}`;
}

/** 'YYYY/MM/DD' (spec 01 §9: history grouped by day). */
export const slashDate = (date: string): string => date.replaceAll('-', '/');

/** Weekday of a 'YYYY-MM-DD' (0 Sunday). */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
