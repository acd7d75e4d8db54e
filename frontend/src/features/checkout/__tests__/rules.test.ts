import { describe, expect, it } from 'vitest';
import {
  LEAVE_FAILED_MESSAGE,
  canEditCheckout,
  hoursShortfall,
  leaveButtonLabel,
  leaveReducer,
  leavesAnyway,
  modeFor,
  showsModifyToggle,
  type LeaveState,
} from '../rules';

describe('checkout editing rules (spec 01 §4)', () => {
  const own = { mode: 'page' as const, isOwn: true, isCurrentDay: true, modifyOn: true };

  it('allows editing only on the own current day, outside history, with Modify on', () => {
    expect(canEditCheckout(own)).toBe(true);
    expect(canEditCheckout({ ...own, mode: 'leave_the_office' })).toBe(true);
    expect(canEditCheckout({ ...own, mode: 'history' })).toBe(false);
    expect(canEditCheckout({ ...own, isOwn: false })).toBe(false);
    expect(canEditCheckout({ ...own, isCurrentDay: false })).toBe(false);
    expect(canEditCheckout({ ...own, modifyOn: false })).toBe(false);
  });

  it('offers Modify / Done only where editing can apply', () => {
    expect(showsModifyToggle(own)).toBe(true);
    expect(showsModifyToggle({ ...own, mode: 'history' })).toBe(false);
    expect(showsModifyToggle({ ...own, isOwn: false })).toBe(false);
    expect(showsModifyToggle({ ...own, isCurrentDay: false })).toBe(false);
  });

  it("opens someone else's checkout in history mode whatever was asked", () => {
    expect(modeFor('page', false)).toBe('history');
    expect(modeFor('leave_the_office', false)).toBe('history');
    expect(modeFor('leave_the_office', true)).toBe('leave_the_office');
    expect(modeFor('page', true)).toBe('page');
  });
});

describe('leaving the office through the checkout', () => {
  const run = (...events: Parameters<typeof leaveReducer>[1][]): LeaveState =>
    events.reduce(leaveReducer, { step: 'idle' } as LeaveState);

  it('runs the checks on the first click, without leaving anyway', () => {
    const state = run({ type: 'clicked' });
    expect(state.step).toBe('checking');
    expect(leavesAnyway(state)).toBe(false);
    expect(leaveButtonLabel(state)).toBe('Leave the office');
  });

  it('says which checks failed and turns the button into Leave anyway', () => {
    const state = run({ type: 'clicked' }, { type: 'checks_failed' });
    expect(state).toEqual({ step: 'failed', message: LEAVE_FAILED_MESSAGE });
    expect(LEAVE_FAILED_MESSAGE).toBe('Activity Details for some tasks are missing.');
    expect(leaveButtonLabel(state)).toBe('Leave anyway');
    const second = leaveReducer(state, { type: 'clicked' });
    expect(leavesAnyway(second)).toBe(true);
    expect(leaveReducer(second, { type: 'left' })).toEqual({ step: 'left' });
  });

  it('leaves at once when every check passes', () => {
    expect(run({ type: 'clicked' }, { type: 'left' })).toEqual({ step: 'left' });
  });

  it('goes back to where it was when the call fails', () => {
    expect(run({ type: 'clicked' }, { type: 'error' })).toEqual({ step: 'idle' });
    const anyway = run({ type: 'clicked' }, { type: 'checks_failed' }, { type: 'clicked' }, { type: 'error' });
    expect(anyway.step).toBe('failed');
    expect(leaveButtonLabel(anyway)).toBe('Leave anyway');
  });

  it('ignores clicks while a call is in flight', () => {
    const checking = run({ type: 'clicked' });
    expect(leaveReducer(checking, { type: 'clicked' })).toBe(checking);
  });
});

describe("the next-day 'Hours' warning (spec 01 §9)", () => {
  it('appears when scheduled exceeds tracked by 1800 s or more', () => {
    expect(hoursShortfall(8 * 3600, 8 * 3600 - 1799)).toBeNull();
    expect(hoursShortfall(8 * 3600, 8 * 3600 - 1800)).toBe(1800);
    expect(hoursShortfall(8 * 3600, 2 * 3600)).toBe(6 * 3600);
    expect(hoursShortfall(0, 3600)).toBeNull();
  });
});
