import type { UserDetails, WeekStart } from '../api/types';
import { addDays } from './dates';

// The user's first day of the week (docs/calendar.md, "Preferences"), for every week the SPA
// shows: the calendar's week and month grids, History's 'This week'. No React and no store
// imports: the saga workers use it.

const WEEKDAY: Record<WeekStart, number> = { sunday: 0, monday: 1, saturday: 6 };

/** The user's first day of the week: their own choice, else the workspace's (Monday by default). */
export function firstDayOf(user: Pick<UserDetails, 'first_day_of_week' | 'workspace_first_day_of_week'> | null | undefined): WeekStart {
  return (user?.first_day_of_week || user?.workspace_first_day_of_week || 'monday') as WeekStart;
}

/** Weekday of a 'YYYY-MM-DD' (0 Sunday). */
function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The first day of the week that holds `date`, weeks starting on `firstDay`. */
export function startOfWeek(date: string, firstDay: WeekStart): string {
  const back = (weekdayOf(date) - WEEKDAY[firstDay] + 7) % 7;
  return addDays(date, -back);
}
