import type { WeekStart } from '../../api/types';
import { addDays, weekdayLabel } from '../../shared/zoned';
import { startOfWeek } from '../../shared/weeks';

/** Spec 01 §9: date range presets. */
export type Preset = 'day' | 'week' | 'month' | 'today' | 'current_week' | 'current_month';

export const PRESETS: { value: Preset; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'day', label: 'Yesterday' },
  { value: 'current_week', label: 'This week' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'current_month', label: 'This month' },
  { value: 'month', label: 'Last 30 days' },
];

export interface DateRange {
  from: string;
  to: string;
}

/** The server reads at most 93 days at once (apps/work/selectors.MAX_RANGE_DAYS). */
export const MAX_RANGE_DAYS = 93;

/**
 * A preset's dates around `today` (the member's date): day = the day before today, week / month =
 * the last 7 / 30 days up to today, current_week = this week from the user's first day of the week
 * (Monday by default; shared/weeks.ts), current_month = its first to its last day.
 */
export function presetRange(preset: Preset, today: string, firstDay: WeekStart = 'monday'): DateRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'day': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'week':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: addDays(today, -29), to: today };
    case 'current_week': {
      const first = startOfWeek(today, firstDay);
      return { from: first, to: addDays(first, 6) };
    }
    case 'current_month': {
      const first = `${today.slice(0, 8)}01`;
      const [year, month] = today.split('-').map(Number);
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return { from: first, to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
    }
  }
}

/** 'Mon, Nov 16' or 'Mon, Nov 16 – Sun, Nov 22'. */
export function rangeLabel(range: DateRange): string {
  return range.from === range.to ? weekdayLabel(range.from) : `${weekdayLabel(range.from)} – ${weekdayLabel(range.to)}`;
}

/** Days in the range, both ends counted. */
export function rangeDays(range: DateRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
}

/** A message when the range cannot be asked for, else null. */
export function rangeError(range: DateRange): string | null {
  if (!range.from || !range.to) return 'Choose a start and an end date.';
  if (range.to < range.from) return 'The end date must not be before the start date.';
  if (rangeDays(range) > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return null;
}
