import type { DigestMember } from '../../api/types';
import { formatDuration, parseLocalDate } from '../../shared/time';

/** How each state reads, with its tag colour (the checkout's words). */
export const STATE_TEXT: Record<DigestMember['state'], { text: string; color: string }> = {
  checked_out: { text: 'Checked out', color: 'green' },
  not_checked_out: { text: 'Did not check out', color: 'orange' },
  still_in_office: { text: 'Still in the office', color: 'blue' },
  no_work_day: { text: 'No work day', color: 'default' },
};

/**
 * The hours against the day's target: '7h 00m of 8h 00m'; a day off without work: 'Day off'; work
 * on a day without a target (a weekend, a holiday): '7h 15m, no hours expected'. The email says
 * the same (apps/reports/digest.py, `hours_text`).
 */
export function hoursText(member: Pick<DigestMember, 'worked_seconds' | 'expected_seconds'>): string {
  if (!member.expected_seconds && !member.worked_seconds) return 'Day off';
  if (!member.expected_seconds) return `${formatDuration(member.worked_seconds)}, no hours expected`;
  return `${formatDuration(member.worked_seconds)} of ${formatDuration(member.expected_seconds)}`;
}

/** 'YYYY-MM-DD' moved by whole days, on the calendar (no time zone involved). */
export function shiftDate(value: string, days: number): string {
  const date = parseLocalDate(value);
  date.setDate(date.getDate() + days);
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((n, i) => String(n).padStart(i ? 2 : 4, '0')).join('-');
}
