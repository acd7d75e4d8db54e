import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusRecord, UserDetails } from '../../../api/types';
import * as work from '../../../api/work';
import * as accounts from '../../../api/accounts';
import { sessionActions } from '../../../shared/session';
import { statusActions } from '../../../features/status/slice';
import { loadSession } from '../sagas';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/work');
vi.mock('../../../api/accounts');

const user = { id: 3, email: 'cy@example.com', full_name: 'Cy', display_name: 'Cy' } as UserDetails;

afterEach(() => {
  vi.resetAllMocks();
});

describe('current status rule on load (spec 01 §4)', () => {
  const record = (start: Date, end: Date | null = null): StatusRecord => ({
    id: 7,
    status_enum_identifier: 'working',
    start_datetime: start.toISOString(),
    end_datetime: end ? end.toISOString() : null,
    deleted_yn: false,
  });

  it('leaves the office and resets for a status from an earlier day', async () => {
    vi.mocked(accounts.fetchMe).mockResolvedValue(user);
    vi.mocked(work.fetchCurrentUserStatus).mockResolvedValue(record(new Date(Date.now() - 26 * 3600_000)));
    vi.mocked(work.leaveOffice).mockResolvedValue({} as StatusRecord);
    const actions = await dispatchedBy(loadSession);
    expect(work.leaveOffice).toHaveBeenCalledTimes(1);
    expect(actions).toEqual([statusActions.loaded('out_of_office'), sessionActions.sessionStarted(user)]);
  });

  it('keeps an open status of today', async () => {
    vi.mocked(accounts.fetchMe).mockResolvedValue(user);
    vi.mocked(work.fetchCurrentUserStatus).mockResolvedValue({
      ...record(new Date()),
      status_enum_identifier: 'taking_break',
    });
    const actions = await dispatchedBy(loadSession);
    expect(work.leaveOffice).not.toHaveBeenCalled();
    expect(actions).toEqual([statusActions.loaded('taking_break'), sessionActions.sessionStarted(user)]);
  });
});
