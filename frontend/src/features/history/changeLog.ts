import type { ChangeLogEntry } from '../../api/types';
import { formatDuration } from '../../shared/time';
import { formatClockIn } from '../../shared/zoned';

// The words of a change log entry (spec 01 §3: modified_user, changed_value_type_enum,
// content_object, changed_datetime, with the old and new values).

type Values = Record<string, unknown> | null;

const values = (value: unknown): Values => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const seconds = (value: unknown): number => (typeof value === 'number' ? value : 0);

function span(v: Values, timeZone: string): string {
  const start = text(v?.start_datetime);
  const end = text(v?.end_datetime);
  return start && end ? `${formatClockIn(start, timeZone)} – ${formatClockIn(end, timeZone)}` : '';
}

/** One line saying what changed, e.g. 'Added a break 12:00 – 12:30'. */
export function describeChange(entry: ChangeLogEntry, timeZone: string): string {
  const before = values(entry.old_value);
  const after = values(entry.new_value);
  switch (entry.changed_value_type_enum) {
    case 'shift_added':
      return `Added a manual shift ${span(after, timeZone)} (${formatDuration(seconds(after?.work_time))} of work)`;
    case 'shift_times':
      return `Changed the shift from ${span(before, timeZone)} to ${span(after, timeZone)}`;
    case 'work_time':
      return `Added work ${span(after, timeZone)}: work ${formatDuration(seconds(before?.work_time))} → ${formatDuration(seconds(after?.work_time))}`;
    case 'break_time':
      return `Added a break ${span(after, timeZone)}: break ${formatDuration(seconds(before?.break_time))} → ${formatDuration(seconds(after?.break_time))}`;
    case 'shift_deleted':
      return `Deleted the shift ${span(before, timeZone)} (${formatDuration(seconds(before?.work_time))} of work)`;
    case 'shift_notes':
      return text(after?.work_shift_notes) ? `Changed the shift note to “${text(after?.work_shift_notes)}”` : 'Cleared the shift note';
    case 'allocated_time': {
      const task = text(after?.task_title) || text(before?.task_title);
      const what = task ? `time on “${task}”` : 'time on a task';
      const from = formatDuration(seconds(before?.seconds_worked));
      const to = formatDuration(seconds(after?.seconds_worked));
      if (after?.removed_from_work_day) return `Removed ${task ? `“${task}”` : 'a task'} from the day: its ${from} went to unallocated`;
      // Under a minute both sides read the same (durations floor, docs/time-accounting.md): say so.
      if (from === to) return `Changed ${what} by under a minute (${from})`;
      return `Changed ${what} from ${from} to ${to}`;
    }
    // Closing the week (docs/closing.md).
    case 'period_submitted':
      return `Submitted the period ${text(after?.start_date)} – ${text(after?.end_date)}`;
    case 'period_approved':
      return `Approved the period ${text(after?.start_date)} – ${text(after?.end_date)}`;
    case 'period_rejected':
      return `Sent back the period ${text(after?.start_date)} – ${text(after?.end_date)}`;
    case 'period_reopened':
      return `Reopened the period ${text(after?.start_date)} – ${text(after?.end_date)}`;
    case 'days_locked':
      return `Locked every day up to ${text(after?.closed_through)}`;
    case 'correction_asked':
    case 'correction_accepted':
    case 'correction_declined': {
      const verb = { correction_asked: 'Asked for', correction_accepted: 'Accepted', correction_declined: 'Declined' }[entry.changed_value_type_enum];
      const what = after?.kind === 'shift_times' ? `the shift at ${span(after, timeZone)}` : `${formatDuration(seconds(after?.seconds_worked))} on a task`;
      return `${verb} a correction: ${what}`;
    }
    default:
      return 'Changed the day';
  }
}
