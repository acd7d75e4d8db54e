import type { NextCalendarSchedule } from '../api/types';
import { formatTime } from './time';

/** The calendar import tooltip (spec 01 §8); null when the user has no calendar feed configured. */
export function calendarImportTooltip(state: NextCalendarSchedule['calendar_import'] | undefined): string | null {
  if (!state?.configured) return null;
  if (state.failed && state.last_failure_at) return `Calendar import failed at ${formatTime(state.last_failure_at)} - Click to Reload`;
  if (state.last_import_at) return `Last import at ${formatTime(state.last_import_at)} - Click to Reload`;
  return 'Click to Reload';
}
