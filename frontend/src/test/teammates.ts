import type { Teammate } from '../api/types';

/** A teammates-strip row as the server renders it (out of the office, not you, not pinned, never
 * seen), with the fields a test cares about. */
export function teammateRow(user: number, name: string, fields: Partial<Teammate> = {}): Teammate {
  return {
    user,
    avatar: null,
    city: '',
    country: '',
    full_name: name,
    display_name: name,
    timezone: 'UTC',
    utc_offset_minutes: 0,
    role: '',
    status: 'out_of_office',
    has_tracker: false,
    today_starttime: null,
    today_endtime: null,
    next_workday: null,
    pinned_yn: false,
    left_the_office_today_yn: false,
    is_self: false,
    presence: null,
    presence_since: null,
    ...fields,
  };
}
