import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channel as sagaChannel, runSaga, stdChannel, type Channel, type EventChannel } from 'redux-saga';
import { fork } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import * as accounts from '../../../api/accounts';
import * as work from '../../../api/work';
import type { StatusRecord, Teammate, WorktimeSummary } from '../../../api/types';
import { teammateRow } from '../../../test/teammates';
import { rootReducer, type RootState } from '../../store';
import { authActions } from '../../../features/auth/slice';
import { sessionActions } from '../../../shared/session';
import { teammatesSaga } from '../../../features/teammates/sagas';
import { statusSaga } from '../../../features/status/sagas';
import { statusActions } from '../../../features/status/slice';
import { realtimeSaga } from '../sagas';
import * as socket from '../socket';
import type { SocketMessage } from '../socket';
import type { LiveEvent } from '../events';
import type { UserDetails } from '../../../api/types';

const row = (user: number, name: string, status: Teammate['status'], fields: Partial<Teammate> = {}) => teammateRow(user, name, { status, ...fields });

/** What the server holds; the strip's read answers it. */
let server: Teammate[];
const statusOf = (state: RootState, user: number) => state.teammates.entities[user]?.status;

function statusEvent(user: Teammate, seq: number, stream: 'workspace' | 'user' = 'workspace'): LiveEvent {
  return {
    event: user.status === 'out_of_office' ? 'user_left_office' : 'new_status',
    meta: { user: user.user, teammate: user },
    action: '',
    table_name: 'status_record',
    resource_id: null,
    email: `${user.display_name.toLowerCase()}@example.com`,
    status: user.status,
    stream,
    seq,
  } as LiveEvent;
}

/** The real reducer, the realtime and teammates sagas, and sockets the test opens and cuts. */
function start() {
  let state: RootState = rootReducer(undefined, { type: '@@init' });
  const sockets: Channel<SocketMessage>[] = [];
  vi.spyOn(socket, 'openLiveChannel').mockImplementation(() => {
    const opened = sagaChannel<SocketMessage>();
    sockets.push(opened);
    return opened as unknown as EventChannel<SocketMessage>;
  });
  const fetches = vi.spyOn(accounts, 'fetchTeammates').mockImplementation(async () => server.map((r) => ({ ...r })));
  const channel = stdChannel();
  const dispatch = (action: Action) => {
    state = rootReducer(state, action);
    channel.put(action);
  };
  const task = runSaga({ channel, dispatch, getState: () => state }, function* both() {
    yield fork(realtimeSaga);
    yield fork(teammatesSaga);
    yield fork(statusSaga);
  });
  dispatch(authActions.signInSucceeded({ token: 't', email: 'ada@example.com' }));
  dispatch(sessionActions.sessionStarted({ email: 'ada@example.com' } as UserDetails));
  return {
    state: () => state,
    dispatch,
    fetches,
    socket: () => sockets[sockets.length - 1],
    sockets,
    stop: () => task.cancel(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  server = [row(1, 'Ada', 'working', { is_self: true }), row(2, 'Ben', 'working'), row(3, 'Cy', 'out_of_office')];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function showStrip(app: ReturnType<typeof start>) {
  app.dispatch({ type: 'teammates/listRequested' });
  await vi.waitFor(() => expect(app.state().teammates.loaded).toBe(true));
  app.fetches.mockClear();
}

describe('live patches and the resync rule', () => {
  it('patches a status change without a request, and drops a stale (already seen) event', async () => {
    const app = start();
    await showStrip(app);
    app.socket().put({ type: 'open' });
    app.socket().put({ type: 'event', event: statusEvent(row(2, 'Ben', 'taking_break'), 41) });
    await vi.waitFor(() => expect(statusOf(app.state(), 2)).toBe('taking_break'));
    app.socket().put({ type: 'event', event: statusEvent(row(2, 'Ben', 'working'), 42) });
    await vi.waitFor(() => expect(statusOf(app.state(), 2)).toBe('working'));
    // 41 again (a copy, or one overtaken by a later one): never applied over 42
    app.socket().put({ type: 'event', event: statusEvent(row(2, 'Ben', 'taking_break'), 41) });
    await vi.advanceTimersByTimeAsync(50);
    expect(statusOf(app.state(), 2)).toBe('working');
    expect(app.fetches).not.toHaveBeenCalled();
    app.stop();
  });

  it('reads the strip again after a gap in a stream\'s numbers', async () => {
    const app = start();
    await showStrip(app);
    app.socket().put({ type: 'open' });
    app.socket().put({ type: 'event', event: statusEvent(row(2, 'Ben', 'working'), 7) });
    // event 8 (Cy entered the office) was lost on the way; 9 shows the gap
    server = server.map((r) => (r.user === 3 ? row(3, 'Cy', 'working') : r.user === 2 ? row(2, 'Ben', 'taking_break') : r));
    app.socket().put({ type: 'event', event: statusEvent(row(2, 'Ben', 'taking_break'), 9) });
    await vi.waitFor(() => expect(app.fetches).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(statusOf(app.state(), 3)).toBe('working'));
    expect(statusOf(app.state(), 2)).toBe('taking_break');
    // the user stream is numbered apart: its first event is no gap
    app.socket().put({ type: 'event', event: statusEvent(row(1, 'Ada', 'taking_break', { is_self: false }), 500, 'user') });
    await vi.waitFor(() => expect(statusOf(app.state(), 1)).toBe('taking_break'));
    expect(app.fetches).toHaveBeenCalledTimes(1);
    expect(app.state().teammates.entities[1]?.is_self).toBe(true);
    app.stop();
  });

  it('after the socket was cut and data changed, the reconnect reads what the screen shows and matches the server', async () => {
    const app = start();
    await showStrip(app);
    app.socket().put({ type: 'open' });
    app.socket().put({ type: 'closed', code: 1006 });
    // while it is cut, Ben takes a break and Cy enters the office: no event reaches this screen
    server = [row(1, 'Ada', 'working', { is_self: true }), row(2, 'Ben', 'taking_break'), row(3, 'Cy', 'working')];
    await vi.advanceTimersByTimeAsync(1_000); // the reconnect's back-off
    await vi.waitFor(() => expect(app.sockets).toHaveLength(2));
    expect(app.fetches).not.toHaveBeenCalled();
    app.socket().put({ type: 'open' });
    await vi.waitFor(() => expect(app.fetches).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(app.state().teammates.loading).toBe(false));
    const shown = Object.values(app.state().teammates.entities).map((t) => [t?.user, t?.status]);
    expect(shown.sort()).toEqual(server.map((t) => [t.user, t.status]).sort());
    app.stop();
  });

  it('a row of a member the strip does not know reads the strip again', async () => {
    const app = start();
    await showStrip(app);
    app.socket().put({ type: 'open' });
    server = [...server, row(4, 'Dee', 'working')];
    app.socket().put({ type: 'event', event: statusEvent(row(4, 'Dee', 'working'), 3) });
    await vi.waitFor(() => expect(statusOf(app.state(), 4)).toBe('working'));
    expect(app.fetches).toHaveBeenCalledTimes(1);
    app.stop();
  });

  it("the member's own event overtaken by a later one is dropped; the gap's resync reads their status, so a tab on /start-work follows them into the office", async () => {
    const status = vi
      .spyOn(work, 'fetchCurrentUserStatus')
      .mockResolvedValue({ status_enum_identifier: 'working', start_datetime: new Date().toISOString(), end_datetime: null } as StatusRecord);
    vi.spyOn(work, 'fetchWorktimeSummary').mockResolvedValue({ work_time: 0, break_time: 0, tracked_time: 0 } as WorktimeSummary);
    const app = start();
    app.dispatch(statusActions.loaded('out_of_office'));
    await showStrip(app);
    app.socket().put({ type: 'open' });
    app.socket().put({ type: 'event', event: statusEvent(row(2, 'Ben', 'working'), 10) });
    // Ada enters the office on her phone (11) as Ben's row changes (12), sent by another server
    // process: 12 reaches this tab first, and 11 then counts as already seen.
    app.socket().put({ type: 'event', event: statusEvent(row(2, 'Ben', 'taking_break'), 12) });
    app.socket().put({ type: 'event', event: statusEvent(row(1, 'Ada', 'working', { is_self: false }), 11) });
    await vi.waitFor(() => expect(app.state().status.current).toBe('working'));
    expect(status).toHaveBeenCalledTimes(1);
    app.stop();
  });
});
