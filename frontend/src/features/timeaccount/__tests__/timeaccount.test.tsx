import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import * as api from '../../../api/timeAccount';
import type { TimeAccountSummary } from '../../../api/types';
import { renderWithStore } from '../../../test/render';
import { runSagaOn, withSlice } from '../../../test/sagas';
import { lineNumbers, lineText } from '../line';
import { initialTimeAccountState, timeAccountActions, timeAccountReducer, type TimeAccountState } from '../slice';
import { loadSummary, route } from '../workers';
import { loadPanel, route as panelRoute } from '../panelWorkers';
import { timeAccountLiveActions } from '../actions';
import TimeAccountLine from '../components/TimeAccountLine';

vi.mock('../../../api/timeAccount');
vi.mock('../../../shared/feedback', () => ({ feedback: { failure: vi.fn(), success: vi.fn() }, failureText: (_: unknown, fallback: string) => fallback }));

const H = 3600;
const period = (worked: number, expected: number, difference: number) => ({ from_date: '2026-03-09', to_date: '2026-03-10', worked, expected, difference });
const summary = (over: Partial<TimeAccountSummary> = {}): TimeAccountSummary => ({
  user: 1,
  date: '2026-03-10',
  start_date: '2026-01-01',
  today: { worked: 6 * H + 12 * 60, expected: 8 * H, holiday: null, holiday_work_flagged: false },
  week: period(14 * H, 16 * H, 1 * H + 45 * 60),
  month: period(50 * H, 64 * H, -2 * H),
  balance: { worked: 400 * H, expected: 390 * H, adjustments: 2 * H + 30 * 60, year_end: 0, balance: 12 * H + 30 * 60 },
  ...over,
});

/** The fake store of these workers: the time account slice, kept by its reducer, and the signed-in user. */
const onAccount = (account: TimeAccountState = initialTimeAccountState) => withSlice('timeAccount', timeAccountReducer, account, { auth: { user: { id: 1 } } });

beforeEach(() => {
  vi.resetAllMocks();
});

describe('the line', () => {
  it('reads "today / target · week · balance" through the one duration formatter', () => {
    expect(lineText(lineNumbers(summary(), null))).toBe('Today 6h 12m / 8h 00m · Week +1h 45m · Balance +12h 30m');
  });

  it("counts today's live work only beyond the target", () => {
    // 1 h more, still under the 8 h target: the week and the balance do not move
    expect(lineNumbers(summary(), 7 * H + 12 * 60)).toMatchObject({ worked: 7 * H + 12 * 60, week: 1 * H + 45 * 60, balance: 12 * H + 30 * 60 });
    // 9 h: 1 h over the target moves both by 1 h
    expect(lineNumbers(summary(), 9 * H)).toMatchObject({ week: 2 * H + 45 * 60, balance: 13 * H + 30 * 60 });
  });

  it('names a holiday and shows a negative balance with its sign', () => {
    const holiday = summary({ today: { worked: 0, expected: 0, holiday: 'Good Friday', holiday_work_flagged: false }, balance: { worked: 0, expected: 5 * H, adjustments: 0, year_end: 0, balance: -5 * H } });
    expect(lineText(lineNumbers(holiday, null))).toBe('Today 0m (Good Friday) · Week +1h 45m · Balance -5h 00m');
  });

  it('flags work on a holiday when the workspace flags it', () => {
    const worked = summary({ today: { worked: 2 * H, expected: 0, holiday: 'Good Friday', holiday_work_flagged: true } });
    expect(lineText(lineNumbers(worked, null))).toBe('Today 2h 00m (Good Friday · worked on a holiday) · Week +1h 45m · Balance +12h 30m');
  });
});

const region = { workspace: { country: 'PT', subdivision: '' }, member: null };

describe('slice', () => {
  it('keeps the panel of one member and drops an answer for another', () => {
    let state = timeAccountReducer(undefined, timeAccountActions.panelRequested({ userId: 5 }));
    expect(state.panel).toMatchObject({ userId: 5, loading: true });
    state = timeAccountReducer(state, timeAccountActions.panelLoaded({ userId: 6, patterns: { own: [], default: [] }, adjustments: [], summary: summary(), region }));
    expect(state.panel.patterns).toBeNull();
    state = timeAccountReducer(state, timeAccountActions.panelLoaded({ userId: 5, patterns: { own: [], default: [] }, adjustments: [], summary: summary(), region }));
    expect(state.panel).toMatchObject({ userId: 5, loading: false, patterns: { own: [], default: [] } });
  });
});

describe('workers', () => {
  it('loads the summary, and fails quietly', async () => {
    vi.mocked(api.fetchTimeAccount).mockResolvedValueOnce(summary());
    const { state } = await runSagaOn(onAccount(), loadSummary);
    expect(state.timeAccount.summary?.balance.balance).toBe(12 * H + 30 * 60);
    vi.mocked(api.fetchTimeAccount).mockRejectedValueOnce(new Error('down'));
    const { dispatched } = await runSagaOn(onAccount(), loadSummary);
    expect(dispatched.map((a) => a.type)).toEqual(['timeAccount/summaryFailed']);
  });

  it("loads a member's panel and reloads it after a write", async () => {
    vi.mocked(api.fetchPatterns).mockResolvedValue({ own: [], default: [] });
    vi.mocked(api.fetchAdjustments).mockResolvedValue([]);
    vi.mocked(api.fetchTimeAccount).mockResolvedValue(summary({ user: 5 }));
    vi.mocked(api.fetchMemberHolidays).mockResolvedValue({ year: 2026, region: { country: 'PT', subdivision: '' }, member_region: { country: 'DE', subdivision: '' }, holidays: [], changes: [] });
    const opened = timeAccountReducer(undefined, timeAccountActions.panelRequested({ userId: 5 }));
    const { state } = await runSagaOn(onAccount(opened), () => loadPanel(5));
    expect(state.timeAccount.panel.summary?.user).toBe(5);
    expect(state.timeAccount.panel.region).toEqual({ workspace: { country: 'PT', subdivision: '' }, member: { country: 'DE', subdivision: '' } });
    vi.mocked(api.savePattern).mockResolvedValue({ id: 1, user: 5, valid_from: '2026-03-16', weekday_seconds: [4 * H, 4 * H, 4 * H, 4 * H, 4 * H, 0, 0] });
    const body = { user: 5, valid_from: '2026-03-16', weekday_seconds: [4 * H, 4 * H, 4 * H, 4 * H, 4 * H, 0, 0] };
    const saved = await runSagaOn(onAccount(state.timeAccount), panelRoute, timeAccountActions.patternSaveRequested(body));
    expect(api.savePattern).toHaveBeenCalledWith(body);
    expect(api.fetchPatterns).toHaveBeenCalledTimes(2);
    expect(saved.state.timeAccount.panel.saving).toBe(false);
  });

  it('reads again on a live change that concerns what is shown', async () => {
    vi.mocked(api.fetchTimeAccount).mockResolvedValue(summary());
    const shown = { ...initialTimeAccountState, summary: summary() };
    await runSagaOn(onAccount(shown), route, timeAccountLiveActions.changed({ userIds: [9] }));
    expect(api.fetchTimeAccount).not.toHaveBeenCalled();
    await runSagaOn(onAccount(shown), route, timeAccountLiveActions.changed({ userIds: [1] }));
    await runSagaOn(onAccount(shown), route, timeAccountLiveActions.changed({ userIds: [] }));
    expect(api.fetchTimeAccount).toHaveBeenCalledTimes(2);
    // an open member panel is asked to read again through its own workers
    const panelOpen = { ...shown, panel: { ...shown.panel, userId: 5 } };
    const { dispatched } = await runSagaOn(onAccount(panelOpen), route, timeAccountLiveActions.changed({ userIds: [5] }));
    expect(dispatched).toContainEqual(timeAccountActions.panelRequested({ userId: 5 }));
  });
});

describe('TimeAccountLine', () => {
  it('asks for the account and shows the line', async () => {
    vi.mocked(api.fetchTimeAccount).mockResolvedValue(summary());
    renderWithStore(<TimeAccountLine liveWorked={null} />);
    await waitFor(() => expect(screen.getByTestId('time-account-line')).toHaveTextContent('Today 6h 12m / 8h 00m · Week +1h 45m · Balance +12h 30m'));
  });
});
