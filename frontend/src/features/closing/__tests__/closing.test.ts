import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/closing';
import type { Period } from '../../../api/types';
import { runSagaOn, withSlice } from '../../../test/sagas';
import { closingActions, closingReducer, type ClosingState } from '../slice';
import { decide, loadPeriod, lock, route, saveSetting, submit } from '../workers';
import { summaryLines } from '../periodText';

vi.mock('../../../api/closing');
vi.mock('../../../shared/feedback', () => ({ feedback: { failure: vi.fn(), success: vi.fn() }, failureText: (_: unknown, fallback: string) => fallback }));

const period = (over: Partial<Period> = {}): Period =>
  ({
    id: 3,
    user_id: 1,
    user_name: 'Ben',
    start_date: '2026-11-16',
    end_date: '2026-11-22',
    state: 'draft',
    reason: '',
    submitted_at: null,
    decided_at: null,
    decided_by_name: '',
    summary: { worked_seconds: 5400, expected_seconds: 7200, difference_seconds: -1800, days_worked: 1, days_with_failed_checks: ['2026-11-17'], days_without_checkout: [] },
    ...over,
  }) as Period;

/** The fake store of these workers: the closing slice, kept by its reducer, and the signed-in user. */
const onClosing = (closing?: ClosingState) => withSlice('closing', closingReducer, closing, { auth: { user: { id: 1 } } });

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(api.fetchApprovals).mockResolvedValue([]);
  vi.mocked(api.fetchCorrections).mockResolvedValue([]);
});

describe('closing the week', () => {
  it('loads the period holding the chosen date', async () => {
    vi.mocked(api.fetchPeriod).mockResolvedValue(period());
    const start = closingReducer(undefined, closingActions.periodRequested({ date: '2026-11-18' }));
    const { state } = await runSagaOn(onClosing(start), loadPeriod);
    expect(api.fetchPeriod).toHaveBeenCalledWith('2026-11-18');
    expect(state.closing.mine.period?.state).toBe('draft');
  });

  it('submits, counts the write done and reads the period again', async () => {
    vi.mocked(api.submitPeriod).mockResolvedValue(period({ state: 'submitted' }));
    vi.mocked(api.fetchPeriod).mockResolvedValue(period({ state: 'submitted' }));
    const start = closingReducer(undefined, closingActions.periodRequested({ date: '2026-11-18' }));
    const { state } = await runSagaOn(onClosing(start), submit, closingActions.submitRequested({ date: '2026-11-16' }));
    expect(api.submitPeriod).toHaveBeenCalledWith('2026-11-16');
    expect(state.closing.done).toBe(1);
    expect(state.closing.busy).toBe(false);
  });

  it('approves many at once and rejects with the reason', async () => {
    vi.mocked(api.decidePeriods).mockResolvedValue([]);
    await runSagaOn(onClosing(), decide, closingActions.decideRequested({ periodIds: [3, 4], approve: false, reason: 'Fix Tuesday' }));
    expect(api.decidePeriods).toHaveBeenCalledWith({ period_ids: [3, 4], approve: false, reason: 'Fix Tuesday' });
  });

  it('a refused write leaves nothing busy', async () => {
    vi.mocked(api.decidePeriods).mockRejectedValue(
      Object.assign(new Error('409'), { isAxiosError: true, response: { status: 409, data: { detail: 'This period is approved.' } } }),
    );
    const { state } = await runSagaOn(onClosing(), route, closingActions.decideRequested({ periodIds: [3], approve: true, reason: '' }));
    expect(state.closing.busy).toBe(false);
    expect(state.closing.done).toBe(0);
  });

  it('says what a member submits', () => {
    expect(summaryLines(period())).toEqual([
      'Worked 1h 30m on 1 day',
      'Expected 2h 00m · difference -30m',
      'Failed checks on 2026/11/17',
      'A checkout on every day worked',
    ]);
  });
});

describe("the workspace's closing rules and the bulk lock", () => {
  const settings = { closing_period: 'weekly' as const, auto_submit_after_days: null, approval_reminder_days: 3 };
  const loaded = () => closingReducer(undefined, closingActions.settingLoaded(settings));

  it('shows a change at once and keeps what the server answered', async () => {
    vi.mocked(api.saveClosingSettings).mockResolvedValue({ ...settings, auto_submit_after_days: 2 });
    const action = closingActions.settingSaveRequested({ auto_submit_after_days: 2 });
    const { state } = await runSagaOn(onClosing(closingReducer(loaded(), action)), saveSetting, action);
    expect(api.saveClosingSettings).toHaveBeenCalledWith({ auto_submit_after_days: 2 });
    expect(state.closing.setting).toEqual({ ...settings, auto_submit_after_days: 2 });
    expect(state.closing.busy).toBe(false);
  });

  it('a refused change goes back to what the server has', async () => {
    vi.mocked(api.saveClosingSettings).mockRejectedValue(Object.assign(new Error('400'), { isAxiosError: true, response: { status: 400, data: {} } }));
    vi.mocked(api.fetchClosingSettings).mockResolvedValue(settings);
    const action = closingActions.settingSaveRequested({ approval_reminder_days: null });
    const { state } = await runSagaOn(onClosing(closingReducer(loaded(), action)), saveSetting, action);
    expect(state.closing.setting).toEqual(settings);
    expect(state.closing.busy).toBe(false);
  });

  it('locks for the chosen members only, or for everyone', async () => {
    vi.mocked(api.lockDays).mockResolvedValue({ locked: 2 });
    await runSagaOn(onClosing(), lock, closingActions.lockRequested({ through: '2026-10-31', userIds: [4, 5], reason: 'October' }));
    expect(api.lockDays).toHaveBeenLastCalledWith({ through: '2026-10-31', reason: 'October', user_ids: [4, 5] });
    await runSagaOn(onClosing(), lock, closingActions.lockRequested({ through: '2026-10-31', userIds: null, reason: '' }));
    expect(api.lockDays).toHaveBeenLastCalledWith({ through: '2026-10-31', reason: '' });
  });
});
