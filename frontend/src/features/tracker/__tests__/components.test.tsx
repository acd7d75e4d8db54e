import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AllocatedTime, TrackerState } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render';
import { ManageTimeContent, TaskTimeControls } from '../components/TaskTimeControls';
import { TrackingTag } from '../components/TrackingTag';
import { selectTasksSeconds, selectTaskTodaySeconds } from '../selectors';
import { trackerActions } from '../slice';
import { barColor, runningProjectSeconds } from '../timeBars';

const TASK = { id: 7, title: 'Draw the home page', seconds_worked: 120 };
const tracking: TrackerState = { status: 'tracking', task: 7, last_task: 7, started_at: '2026-03-10T09:00:00Z', work_day: 3, seconds_worked: 0 };
const allocated: AllocatedTime = {
  allocated_time: [
    { project: { id: 4, title: 'Website', color: '#13c2c2' }, tasks: [{ task: { id: 7, title: 'Draw the home page' }, total_seconds: 1800 }], total_seconds: 1800 },
    { project: { id: 5, title: 'Personal Tasks', color: '#0000007F' }, tasks: [{ task: { id: 9, title: 'Expenses' }, total_seconds: 600 }], total_seconds: 600 },
  ],
  total_seconds: 2400,
};

function content(props: Partial<Parameters<typeof ManageTimeContent>[0]> = {}) {
  const onChange = vi.fn();
  render(<ManageTimeContent title="T" seconds={0} unallocated={0} busy={false} refusal={null} onChange={onChange} {...props} />);
  return onChange;
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('manage-task-time popover', () => {
  it('enables each step by the rules: +10m / +1h by unallocated, -10m / -1h by the time on the task', () => {
    content({ unallocated: 1200, seconds: 700 });
    expect(button('+10m').disabled).toBe(false);
    expect(button('+1h').disabled).toBe(true);
    expect(button('-10m').disabled).toBe(false);
    expect(button('-1h').disabled).toBe(true);
    expect(button('Add all unallocated').disabled).toBe(false);
  });

  it('disables every add at zero unallocated and while unknown', () => {
    content({ unallocated: null, seconds: 3600 });
    expect(button('+10m').disabled).toBe(true);
    expect(button('Add all unallocated').disabled).toBe(true);
    expect(button('-1h').disabled).toBe(false);
  });

  it('sends the signed change or all unallocated; busy disables all', () => {
    const onChange = content({ unallocated: 7200, seconds: 3600 });
    fireEvent.click(button('-1h'));
    fireEvent.click(button('Add all unallocated'));
    expect(onChange.mock.calls).toEqual([[{ seconds: -3600 }], [{ all_unallocated: true }]]);
  });

  it('shows the refusal text', () => {
    content({ refusal: 'Tasks total hours can not be more than Office Work hours.', unallocated: 7200 });
    expect(screen.getByRole('alert').textContent).toBe('Tasks total hours can not be more than Office Work hours.');
  });
});

describe('manage-task-time popover: a typed duration (issue 31)', () => {
  const field = () => screen.getByLabelText('Time today (1h30 sets it, +15m adds)') as HTMLInputElement;
  const note = () => screen.getByTestId('manage-time-typed-note').textContent;

  it('shows what was understood before it is saved, and sends the change on Enter', () => {
    const onChange = content({ unallocated: 7200, seconds: 1800 });
    fireEvent.change(field(), { target: { value: '1h30' } });
    expect(note()).toBe('Adds 1h 00m: 30m → 1h 30m');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onChange.mock.calls).toEqual([[{ seconds: 3600 }]]);
    expect(field().value).toBe('');
  });

  it('adds or removes a signed amount with the Apply button', () => {
    const onChange = content({ unallocated: 7200, seconds: 1800 });
    fireEvent.change(field(), { target: { value: '-10m' } });
    expect(note()).toBe('Removes 10m: 30m → 20m');
    fireEvent.click(button('Apply'));
    fireEvent.change(field(), { target: { value: '+15m' } });
    fireEvent.click(button('Apply'));
    expect(onChange.mock.calls).toEqual([[{ seconds: -600 }], [{ seconds: 900 }]]);
  });

  it('says what is accepted, and refuses what the rules refuse, sending nothing', () => {
    const onChange = content({ unallocated: 600, seconds: 300 });
    fireEvent.change(field(), { target: { value: 'soon' } });
    expect(note()).toContain('Type a duration like 90 (minutes), 1:30, 1h30');
    expect(button('Apply').disabled).toBe(true);
    fireEvent.change(field(), { target: { value: '+1h' } });
    expect(note()).toBe('Tasks total hours can not be more than Office Work hours.');
    fireEvent.change(field(), { target: { value: '-10m' } });
    expect(note()).toBe('The task does not have that much time.');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(button('Apply').disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('time on a task card', () => {
  it("shows the task's own seconds until allocated time is read, then allocated time", () => {
    const store = setupStore();
    renderWithStore(<TaskTimeControls task={TASK} unallocated={0} now={Date.now()} />, { store });
    expect(screen.getByTestId('task-time-value').textContent).toBe('2m');
    act(() => void store.dispatch(trackerActions.allocatedLoaded({ allocated, readAt: Date.now() })));
    expect(screen.getByTestId('task-time-value').textContent).toBe('30m');
  });

  it('starts, then offers pause and stop on the tracked task with a loading state until settled', () => {
    const store = setupStore();
    renderWithStore(<TaskTimeControls task={TASK} unallocated={0} now={Date.now()} />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Start tracking time on Draw the home page' }));
    expect(store.getState().tracker.pendingTask).toBe(7);
    expect((screen.getByTestId('tracker-start') as HTMLButtonElement).disabled).toBe(true);
    act(() => void store.dispatch(trackerActions.commandSucceeded(tracking)));
    expect((screen.getByTestId('tracker-pause') as HTMLButtonElement).disabled).toBe(true);
    act(() => void store.dispatch(trackerActions.settled()));
    expect((screen.getByTestId('tracker-pause') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Stop tracking time on Draw the home page' })).toBeTruthy();
  });

  it('shows the error state on the failed control only', () => {
    const store = setupStore();
    renderWithStore(<TaskTimeControls task={TASK} unallocated={0} now={Date.now()} />, { store });
    act(() => void store.dispatch(trackerActions.startRequested({ task: 7 })));
    act(() => void store.dispatch(trackerActions.commandFailed({ task: 7, message: 'Enter the office to track time on a task.' })));
    expect(screen.getByRole('img', { name: 'Time tracker error: Enter the office to track time on a task.' })).toBeTruthy();
    act(() => void store.dispatch(trackerActions.startRequested({ task: 8 })));
    expect(screen.queryByTestId('tracker-error')).toBeNull();
  });
});

describe('tracking tag', () => {
  it('follows the server state', () => {
    const store = setupStore();
    renderWithStore(<TrackingTag />, { store });
    expect(screen.queryByTestId('tracking-tag')).toBeNull();
    act(() => void store.dispatch(trackerActions.allocatedLoaded({ allocated, readAt: Date.now() })));
    act(() => void store.dispatch(trackerActions.stateLoaded(tracking)));
    expect(screen.getByTestId('tracking-tag').textContent).toContain('Tracking');
    expect(screen.getByTestId('tracking-tag').textContent).toContain('Draw the home page');
    act(() => void store.dispatch(trackerActions.stateLoaded({ ...tracking, status: 'paused', started_at: null })));
    expect(screen.getByTestId('tracking-tag').getAttribute('data-status')).toBe('paused');
    act(() => void store.dispatch(trackerActions.stateLoaded({ ...tracking, status: 'stopped', task: null, started_at: null })));
    expect(screen.getByTestId('tracking-tag').textContent).toBe('Stopped');
  });
});

describe('one source for Tasks time, the bars and the cards', () => {
  it('counts the running interval on from the read, for the tracked task, its project and the total alike', () => {
    const store = setupStore();
    const readAt = 1_000_000;
    store.dispatch(trackerActions.allocatedLoaded({ allocated, readAt }));
    store.dispatch(trackerActions.stateLoaded(tracking));
    const later = readAt + 90_000;
    expect(selectTasksSeconds(store.getState(), later)).toBe(2490);
    expect(selectTaskTodaySeconds(store.getState(), 7, later, 0)).toBe(1890);
    expect(selectTaskTodaySeconds(store.getState(), 9, later, 0)).toBe(600);
    expect(runningProjectSeconds(store.getState().tracker, later).map((p) => p.seconds)).toEqual([1890, 600]);
    store.dispatch(trackerActions.stateLoaded({ ...tracking, status: 'paused', started_at: null }));
    expect(selectTasksSeconds(store.getState(), later)).toBe(2400);
  });

  it('keeps a valid project colour and falls back for anything else', () => {
    expect(barColor('#0000007F')).toBe('#0000007F');
    expect(barColor('red; background: url(x)')).toBe('#1677ff');
  });
});
