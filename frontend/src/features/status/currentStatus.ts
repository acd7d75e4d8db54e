import type { StatusId, StatusRecord } from '../../api/types';
import { todayIn, wallClock } from '../../shared/zoned';

export interface StatusDecision {
  status: StatusId;
  /** The server still holds a stale open record: call leave office (spec 01 §4). */
  leaveOffice: boolean;
}

/**
 * A server status counts only if it started today and has not ended; anything else resets to
 * out_of_office, and a stale in-office record is closed (spec 01 §4). "Today" is the date in the
 * member's own time zone (their profile's, as the server keeps work days; an empty one is UTC, as
 * there), whatever the browser's zone, and on the day the status was asked for (`askedAt`): the
 * server settles the open record when it answers (a night shift's is split at that midnight), so a
 * record it calls current never started before the day the question left. A browser in another
 * zone, or an answer arriving just after midnight, would otherwise end a shift that is running.
 */
export function decideCurrentStatus(record: StatusRecord, timeZone: string, askedAt: Date = new Date()): StatusDecision {
  if (record.status_enum_identifier === 'out_of_office') return { status: 'out_of_office', leaveOffice: false };
  const startedToday = record.start_datetime !== null && wallClock(record.start_datetime, timeZone).date >= todayIn(timeZone, askedAt);
  if (startedToday && record.end_datetime === null) {
    return { status: record.status_enum_identifier, leaveOffice: false };
  }
  return { status: 'out_of_office', leaveOffice: true };
}
