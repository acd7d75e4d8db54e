import type { WeekStart } from '../../api/types';
import { addDays } from '../../shared/zoned';
import { firstDayOf, startOfWeek } from '../../shared/weeks';

export { firstDayOf, startOfWeek };

// Date arithmetic of the calendar on 'YYYY-MM-DD' strings (dates in the member's own zone).

export type CalendarView = 'week' | 'month';
export interface DateRange {
  from: string;
  to: string;
}


const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

function lastOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** The days a view shows around `anchor`: its week, or the whole weeks that hold its month. */
export function viewRange(view: CalendarView, anchor: string, firstDay: WeekStart): DateRange {
  if (view === 'week') {
    const from = startOfWeek(anchor, firstDay);
    return { from, to: addDays(from, 6) };
  }
  const from = startOfWeek(firstOfMonth(anchor), firstDay);
  const to = addDays(startOfWeek(lastOfMonth(anchor), firstDay), 6);
  return { from, to };
}

/** Previous / next: a week, or a month (to its first day). */
export function step(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'week') return addDays(anchor, 7 * direction);
  const [year, month] = anchor.split('-').map(Number);
  const index = year * 12 + (month - 1) + direction;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The ISO 8601 week number of a date (weeks start on Monday; week 1 holds the first Thursday). */
export function isoWeek(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  const weekday = at.getUTCDay() || 7;
  at.setUTCDate(at.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(at.getUTCFullYear(), 0, 1);
  return Math.ceil(((at.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

export const weekLabel = (date: string): string => `W${isoWeek(date)}`;

/** The label of a shown week that starts on `first` (any first day of the week): the ISO week
 *  that holds most of its days, i.e. its fourth day's ('W48' for Sunday Nov 22 – Saturday Nov 28). */
export const shownWeekLabel = (first: string): string => weekLabel(addDays(first, 3));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026' */
export function monthTitle(anchor: string): string {
  const [year, month] = anchor.split('-').map(Number);
  return `${MONTHS[month - 1]} ${year}`;
}

/** 'Nov 23 – 29, 2026' or 'Nov 30 – Dec 6, 2026' */
export function weekTitle(range: DateRange): string {
  const [fy, fm, fd] = range.from.split('-').map(Number);
  const [ty, tm, td] = range.to.split('-').map(Number);
  const short = (m: number) => MONTHS[m - 1].slice(0, 3);
  if (fy !== ty) return `${short(fm)} ${fd}, ${fy} – ${short(tm)} ${td}, ${ty}`;
  if (fm === tm) return `${short(fm)} ${fd} – ${td}, ${ty}`;
  return `${short(fm)} ${fd} – ${short(tm)} ${td}, ${ty}`;
}

/** How many days a range holds. */
export function dayCount(range: DateRange): number {
  const [a, b] = [range.from, range.to].map((date) => {
    const [year, month, day] = date.split('-').map(Number);
    return Date.UTC(year, month - 1, day);
  });
  return Math.round((b - a) / 86_400_000) + 1;
}
