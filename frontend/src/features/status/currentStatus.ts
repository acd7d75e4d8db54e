import type { StatusId, StatusRecord } from '../../api/types';

export interface StatusDecision {
  status: StatusId;
  /** The server still holds a stale open record: call leave office (spec 01 §4). */
  leaveOffice: boolean;
}

/**
 * A server status counts only if it started today (local date) and has not ended;
 * anything else resets to out_of_office, and a stale in-office record is closed.
 */
/** The same local calendar day (what dayjs' `isSame(other, 'day')` answers; dayjs stays out of the first load). */
function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function decideCurrentStatus(record: StatusRecord, now: Date = new Date()): StatusDecision {
  if (record.status_enum_identifier === 'out_of_office') return { status: 'out_of_office', leaveOffice: false };
  const startedToday = record.start_datetime !== null && sameLocalDay(new Date(record.start_datetime), now);
  if (startedToday && record.end_datetime === null) {
    return { status: record.status_enum_identifier, leaveOffice: false };
  }
  return { status: 'out_of_office', leaveOffice: true };
}
