import type { CalendarDay, CalendarRead, PlannedBlock, WorkedBlock } from '../../api/types';
import { clockIn, zonedInstant } from '../../shared/zoned';
import { displayClock } from '../../shared/time';

// Where things sit on a day column: minutes since the day's local midnight in the member's zone
// (a DST day is 23 or 25 hours long; the grid shows 24 and clips the 25th).

export const DAY_MINUTES = 24 * 60;
const MINUTE = 60_000;

export const dayStart = (date: string, timeZone: string): Date => zonedInstant(date, '00:00', timeZone);

export interface Placed {
  top: number; // minutes from the top
  height: number; // minutes
}

export function place(start: string | Date, end: string | Date, origin: Date): Placed {
  const from = (new Date(start).getTime() - origin.getTime()) / MINUTE;
  const to = (new Date(end).getTime() - origin.getTime()) / MINUTE;
  const top = Math.max(0, Math.min(DAY_MINUTES, from));
  return { top, height: Math.max(0, Math.min(DAY_MINUTES, to) - top) };
}

/** A worked block's end: its own, or now while it is open (it grows live). */
export const blockEnd = (block: WorkedBlock, now: Date): Date => (block.end ? new Date(block.end) : now);

/** Seconds of a day's work as of `now`: the server's count plus what the open block grew since. */
export function liveWorked(day: CalendarDay, serverNow: string, now: Date): { worked: number; pause: number } {
  const grown = Math.max(0, Math.floor((now.getTime() - new Date(serverNow).getTime()) / 1000));
  const open = day.blocks.find((b) => b.end === null);
  return {
    worked: day.worked_seconds + (open?.status === 'working' ? grown : 0),
    pause: day.break_seconds + (open?.status === 'taking_break' ? grown : 0),
  };
}

/** The shown range's totals (only the month's own days in the month view), worked growing live. */
export function rangeTotals(data: CalendarRead | null, month: string | null, now: Date) {
  const sum = { worked: 0, pause: 0, planned: 0, tasks: 0 };
  for (const day of data?.days ?? []) {
    if (month !== null && !day.date.startsWith(month)) continue;
    const live = liveWorked(day, data?.now ?? now.toISOString(), now);
    sum.worked += live.worked;
    sum.pause += live.pause;
    sum.planned += day.planned_seconds;
    sum.tasks += day.task_seconds;
  }
  return sum;
}

/** An instant's time of day on the user's clock, in the member's zone. */
export const clockOf = (instant: string | Date, timeZone: string): string => displayClock(clockIn(new Date(instant), timeZone));

/** 'HH:mm – HH:mm' (or the 12-hour clock) in the member's zone. */
export function timeRange(start: string | Date, end: string | Date | null, timeZone: string): string {
  const from = displayClock(clockIn(new Date(start), timeZone));
  return end === null ? `${from} – now` : `${from} – ${displayClock(clockIn(new Date(end), timeZone))}`;
}

export const STATUS_LABEL: Record<WorkedBlock['status'], string> = { working: 'Work', taking_break: 'Break' };

export const plannedTitle = (planned: PlannedBlock): string =>
  planned.notes || (planned.calendar_uid ? 'Calendar event' : 'Planned session');

/** A minute of the day as 'HH:mm' (15-minute steps for a dragged range). */
export function minuteClock(minutes: number): string {
  const whole = Math.max(0, Math.min(DAY_MINUTES - 1, Math.round(minutes)));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export const snap = (minutes: number, stepMinutes = 15): number => Math.round(minutes / stepMinutes) * stepMinutes;
