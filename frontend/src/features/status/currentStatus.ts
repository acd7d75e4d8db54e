import dayjs from 'dayjs';
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
export function decideCurrentStatus(record: StatusRecord, now: Date = new Date()): StatusDecision {
  if (record.status_enum_identifier === 'out_of_office') return { status: 'out_of_office', leaveOffice: false };
  const startedToday = record.start_datetime !== null && dayjs(record.start_datetime).isSame(dayjs(now), 'day');
  if (startedToday && record.end_datetime === null) {
    return { status: record.status_enum_identifier, leaveOffice: false };
  }
  return { status: 'out_of_office', leaveOffice: true };
}
