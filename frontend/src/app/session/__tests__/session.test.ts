import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSaga } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { StatusRecord, UserDetails } from '../../../api/types';
import * as work from '../../../api/work';
import * as accounts from '../../../api/accounts';
import { sessionActions } from '../../../shared/session';
import { statusActions } from '../../../features/status/slice';
import { loadSession, retryFailedSession } from '../sagas';
import { authActions } from '../../../features/auth/slice';
import { outboxActions } from '../../../shared/outbox/slice';

vi.mock('../../../api/work');
vi.mock('../../../api/accounts');

const user = { id: 3, email: 'cy@example.com', full_name: 'Cy', display_name: 'Cy' } as UserDetails;

async function run(saga: typeof loadSession): Promise<Action[]> {
  const dispatched: Action[] = [];
  await runSaga({ dispatch: (action: Action) => dispatched.push(action), getState: () => ({}) }, saga).toPromise();
  return dispatched;
}

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
    const actions = await run(loadSession);
    expect(work.leaveOffice).toHaveBeenCalledTimes(1);
    expect(actions).toEqual([statusActions.loaded('out_of_office'), sessionActions.sessionStarted(user)]);
  });

  it('keeps an open status of today', async () => {
    vi.mocked(accounts.fetchMe).mockResolvedValue(user);
    vi.mocked(work.fetchCurrentUserStatus).mockResolvedValue({
      ...record(new Date()),
      status_enum_identifier: 'taking_break',
    });
    const actions = await run(loadSession);
    expect(work.leaveOffice).not.toHaveBeenCalled();
    expect(actions).toEqual([statusActions.loaded('taking_break'), sessionActions.sessionStarted(user)]);
  });

  it("reads today in the member's own zone: a shift begun at 18:00 in New York runs on past UTC midnight", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-22T00:30:00Z')); // 19:30 in New York
      const ben = { ...user, timezone: 'America/New_York' } as UserDetails;
      vi.mocked(accounts.fetchMe).mockResolvedValue(ben);
      vi.mocked(work.fetchCurrentUserStatus).mockResolvedValue(record(new Date('2026-11-21T23:00:00Z')));
      const actions = await run(loadSession);
      expect(work.leaveOffice).not.toHaveBeenCalled();
      expect(actions).toEqual([statusActions.loaded('working'), sessionActions.sessionStarted(ben)]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a session that could not load (a reload while offline)', () => {
  async function after(session: string, reachable: boolean): Promise<Action[]> {
    const dispatched: Action[] = [];
    const state = { auth: { session } };
    await runSaga(
      { dispatch: (action: Action) => dispatched.push(action), getState: () => state },
      retryFailedSession,
      outboxActions.flushEnded({ reachable, retryInMs: reachable ? null : 2000 }),
    ).toPromise();
    return dispatched;
  }

  it('loads again once the kept writes went out (the server answers)', async () => {
    expect(await after('failed', true)).toEqual([authActions.sessionLoadRequested()]);
  });

  it('waits while the server is still out of reach, and leaves a loaded session alone', async () => {
    expect(await after('failed', false)).toEqual([]);
    expect(await after('ready', true)).toEqual([]);
  });
});
