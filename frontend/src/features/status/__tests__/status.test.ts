import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSaga } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { AxiosError, AxiosHeaders } from 'axios';
import type { StatusRecord, UserDetails, WorktimeSummary } from '../../../api/types';
import * as work from '../../../api/work';
import * as outbox from '../../../api/outbox';
import { outboxActions, outboxReducer } from '../../../shared/outbox/slice';
import { setupStore, type RootState } from '../../../app/store';
import { errorsActions } from '../../../shared/errors/slice';
import { readStatusAgain, statusAnswered, toggleStatus } from '../sagas';
import { selectOfficeSeconds } from '../selectors';
import { statusActions, statusReducer, type StatusState } from '../slice';

vi.mock('../../../api/work', async (original) => ({ ...(await original<typeof work>()), createLogUserStatus: vi.fn(), fetchWorktimeSummary: vi.fn(), fetchCurrentUserStatus: vi.fn() }));
vi.mock('../../../api/outbox', async (original) => ({ ...(await original<typeof outbox>()), sendWrite: vi.fn() }));

// The signed-in member, who works in New York (their profile's zone decides what "today" is).
const auth = { user: { id: 2, email: 'ben@example.com', timezone: 'America/New_York' } as UserDetails } as RootState['auth'];

const inOffice = (current: StatusState['current'], counters: StatusState['counters'] = { workSeconds: 600, breakSeconds: 120, synced: true, asOf: null }): StatusState => ({
  current,
  entering: false,
  toggle: { inFlight: false, previous: null },
  counters,
});

const summary = (work_time: number, break_time: number): WorktimeSummary => ({
  date: '2026-11-21',
  work_time,
  break_time,
  active_time: 0,
  manual_time: 0,
  processing_time: 0,
  tasks_allocated_time: 0,
  tracked_time: 0,
});

const failure = (status: number) =>
  new AxiosError('failed', 'ERR', undefined, undefined, {
    status,
    statusText: '',
    data: { detail: 'Nope.' },
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe('status slice', () => {
  it('shows a switch at once and rolls it back when it fails', () => {
    let state = statusReducer(inOffice('working'), statusActions.toggleRequested('taking_break'));
    expect(state.current).toBe('taking_break');
    expect(state.toggle).toEqual({ inFlight: true, previous: 'working' });
    state = statusReducer(state, statusActions.toggleFailed());
    expect(state.current).toBe('working');
    expect(state.toggle.inFlight).toBe(false);
  });

  it('refuses a switch while out of the office', () => {
    const state = statusReducer(inOffice('out_of_office'), statusActions.toggleRequested('taking_break'));
    expect(state.current).toBe('out_of_office');
    expect(state.toggle.inFlight).toBe(false);
  });

  it('adds a minute to the counter of the current status only', () => {
    const working = statusReducer(inOffice('working'), statusActions.minuteElapsed());
    expect(working.counters).toMatchObject({ workSeconds: 660, breakSeconds: 120 });
    const onBreak = statusReducer(inOffice('taking_break'), statusActions.minuteElapsed());
    expect(onBreak.counters).toMatchObject({ workSeconds: 600, breakSeconds: 180 });
    const out = statusReducer(inOffice('out_of_office'), statusActions.minuteElapsed());
    expect(out.counters).toMatchObject({ workSeconds: 600, breakSeconds: 120 });
  });

  it('resets the day when the office is left here or elsewhere', () => {
    for (const action of [statusActions.officeLeft(), statusActions.officeLeftElsewhere(), statusActions.loaded('out_of_office')]) {
      const state = statusReducer(inOffice('taking_break'), action);
      expect(state.current).toBe('out_of_office');
      expect(state.counters).toEqual({ workSeconds: 0, breakSeconds: 0, synced: false, asOf: null });
    }
  });
});

async function run(
  saga: typeof toggleStatus,
  state: Partial<RootState>,
  action: Parameters<typeof toggleStatus>[0],
): Promise<Action[]> {
  const dispatched: Action[] = [];
  await runSaga({ dispatch: (action: Action) => dispatched.push(action), getState: () => state }, saga, action).toPromise();
  return dispatched;
}

describe('toggle saga', () => {
  const flight = { ...inOffice('taking_break'), toggle: { inFlight: true, previous: 'working' as const } };
  const outboxState = outboxReducer(undefined, { type: '@@init' });

  it('confirms the switch, dated when clicked, and re-syncs the counters', async () => {
    vi.mocked(outbox.sendWrite).mockResolvedValue({} as StatusRecord);
    const before = Date.now();
    const actions = await run(toggleStatus, { status: flight, outbox: outboxState }, statusActions.toggleRequested('taking_break'));
    const write = vi.mocked(outbox.sendWrite).mock.calls[0][0];
    expect(write).toMatchObject({ kind: 'status', method: 'post', url: '/api/work/create_log_user_status/', label: 'On a break' });
    expect(write.body).toEqual({ status_enum_identifier: 'taking_break', effective_at: expect.any(String) });
    expect(Date.parse(String(write.body?.effective_at))).toBeGreaterThanOrEqual(before - 1000);
    expect(actions).toEqual([statusActions.toggleSucceeded(), statusActions.countersSyncRequested()]);
  });

  it('keeps the switch shown when the server cannot be reached, and waits in the outbox', async () => {
    vi.mocked(outbox.sendWrite).mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    const actions = await run(toggleStatus, { status: flight, outbox: outboxState }, statusActions.toggleRequested('taking_break'));
    expect(actions).toEqual([
      outboxActions.queued(expect.objectContaining({ kind: 'status', label: 'On a break' })),
      outboxActions.flushRequested(),
      statusActions.toggleSucceeded(),
    ]);
  });

  it("a kept switch sent later: the server's status wins; refused, the status is read again", async () => {
    const write = { key: 'k', kind: 'status' as const, method: 'post' as const, url: '/api/work/create_log_user_status/', body: {}, label: 'On a break', subject: null, madeAt: 0 };
    const record = { status_enum_identifier: 'taking_break' } as StatusRecord;
    const delivered = await run(statusAnswered as unknown as typeof toggleStatus, {}, outboxActions.delivered({ write, data: record }) as never);
    expect(delivered).toEqual([statusActions.changedElsewhere('taking_break'), statusActions.countersSyncRequested()]);
    vi.mocked(work.fetchCurrentUserStatus).mockResolvedValue({ status_enum_identifier: 'working', start_datetime: new Date().toISOString(), end_datetime: null } as StatusRecord);
    // Refused while the tab shows the break it asked for: the server's 'working' is shown again.
    const refused = await run(
      statusAnswered as unknown as typeof toggleStatus,
      { auth, status: inOffice('taking_break'), outbox: outboxState },
      outboxActions.refused({ write, status: 409, message: 'This day is closed.' }) as never,
    );
    expect(refused).toEqual([statusActions.changedElsewhere('working')]);
  });

  it('rolls back and reports a refused switch', async () => {
    vi.mocked(outbox.sendWrite).mockRejectedValue(failure(400));
    const actions = await run(toggleStatus, { status: flight, outbox: outboxState }, statusActions.toggleRequested('taking_break'));
    expect(actions).toEqual([
      statusActions.toggleFailed(),
      errorsActions.errorRecorded({ title: 'Could not start the break', message: 'Nope.' }),
    ]);
  });
});

describe('the status read again (the resync rule)', () => {
  const outboxState = outboxReducer(undefined, { type: '@@init' });
  // Ben works in New York; the server answers at 19:30 there, 00:30 the next day in UTC.
  const asked = new Date('2026-11-22T00:30:00Z');
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(asked);
  });
  const serverSays = (status: StatusRecord['status_enum_identifier'], start = '2026-11-21T23:00:00Z') =>
    vi.mocked(work.fetchCurrentUserStatus).mockResolvedValue({ status_enum_identifier: status, start_datetime: start, end_datetime: null } as StatusRecord);
  const again = (state: Partial<RootState>) => run(readStatusAgain as unknown as typeof toggleStatus, { auth, ...state }, undefined as never);

  it("dates the server's status in the member's zone: a record from 18:00 in New York is today's at 19:30 there", async () => {
    serverSays('working');
    expect(await again({ status: inOffice('working'), outbox: outboxState })).toEqual([statusActions.countersSyncRequested()]);
    // A record from the day before in New York is stale: the office is left.
    serverSays('working', '2026-11-21T03:00:00Z');
    expect(await again({ status: inOffice('working'), outbox: outboxState })).toEqual([statusActions.officeLeftElsewhere()]);
  });

  it('follows the office entered, the break taken and the office left on another device', async () => {
    serverSays('working');
    expect(await again({ status: inOffice('out_of_office'), outbox: outboxState })).toEqual([statusActions.changedElsewhere('working')]);
    serverSays('taking_break');
    expect(await again({ status: inOffice('working'), outbox: outboxState })).toEqual([statusActions.changedElsewhere('taking_break')]);
    serverSays('out_of_office');
    expect(await again({ status: inOffice('working'), outbox: outboxState })).toEqual([statusActions.officeLeftElsewhere()]);
  });

  it('only syncs the counters when nothing changed, or when a change of this tab is still on its way', async () => {
    serverSays('working');
    expect(await again({ status: inOffice('working'), outbox: outboxState })).toEqual([statusActions.countersSyncRequested()]);
    const flight = { ...inOffice('taking_break'), toggle: { inFlight: true, previous: 'working' as const } };
    expect(await again({ status: flight, outbox: outboxState })).toEqual([statusActions.countersSyncRequested()]);
    expect(await again({ status: { ...inOffice('out_of_office'), entering: true }, outbox: outboxState })).toEqual([statusActions.countersSyncRequested()]);
    const kept = outboxReducer(
      outboxState,
      outboxActions.queued({ key: 'k', kind: 'status', method: 'post', url: '/api/work/create_log_user_status/', body: {}, label: 'On a break', subject: null, madeAt: 0 }),
    );
    expect(await again({ status: inOffice('taking_break'), outbox: kept })).toEqual([statusActions.countersSyncRequested()]);
    // Before the session has loaded its status, the session's own read decides.
    expect(await again({ status: inOffice(null), outbox: outboxState })).toEqual([statusActions.countersSyncRequested()]);
  });
});

describe('counters in the running store', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  it('start from the server, tick a minute at a time, and re-sync on a switch', async () => {
    vi.mocked(work.fetchWorktimeSummary).mockResolvedValue(summary(3600, 300));
    vi.mocked(outbox.sendWrite).mockResolvedValue({} as StatusRecord);
    const store = setupStore({ status: inOffice('out_of_office', { workSeconds: 0, breakSeconds: 0, synced: false, asOf: null }) });
    store.dispatch(statusActions.officeEntered());
    await vi.waitFor(() => expect(store.getState().status.counters).toMatchObject({ workSeconds: 3600, breakSeconds: 300, synced: true }));
    const syncedAt = store.getState().status.counters.asOf;
    expect(syncedAt).toEqual(expect.any(Number));

    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.getState().status.counters).toMatchObject({ workSeconds: 3660, breakSeconds: 300, asOf: (syncedAt ?? 0) + 60_000 });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(store.getState().status.counters).toMatchObject({ workSeconds: 3780, breakSeconds: 300, asOf: (syncedAt ?? 0) + 180_000 });

    // On a break only the break counter runs, from the server's numbers.
    vi.mocked(work.fetchWorktimeSummary).mockResolvedValue(summary(3800, 300));
    store.dispatch(statusActions.toggleRequested('taking_break'));
    await vi.waitFor(() => expect(store.getState().status.counters.workSeconds).toBe(3800));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.getState().status.counters).toMatchObject({ workSeconds: 3800, breakSeconds: 360 });

    // Leaving (through the checkout, which then dispatches officeLeft) stops the clock.
    store.dispatch(statusActions.officeLeft());
    await vi.waitFor(() => expect(store.getState().status.current).toBe('out_of_office'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(store.getState().status.counters).toEqual({ workSeconds: 0, breakSeconds: 0, synced: false, asOf: null });
  });
});

describe('office time at an instant', () => {
  const at = (current: StatusState['current'], asOf: number | null, synced = true) =>
    ({ status: inOffice(current, { workSeconds: 3600, breakSeconds: 60, synced, asOf }) }) as RootState;

  it('adds the seconds since the counters last moved while working, so it ticks with a running tracker', () => {
    expect(selectOfficeSeconds(at('working', 1_000_000), 1_000_000)).toBe(3600);
    expect(selectOfficeSeconds(at('working', 1_000_000), 1_042_900)).toBe(3642);
  });

  it('stands still on a break, without a sync time, and is unknown until synced', () => {
    expect(selectOfficeSeconds(at('taking_break', 1_000_000), 1_042_900)).toBe(3600);
    expect(selectOfficeSeconds(at('working', null), 1_042_900)).toBe(3600);
    expect(selectOfficeSeconds(at('working', 1_000_000, false), 1_042_900)).toBeNull();
  });
});
