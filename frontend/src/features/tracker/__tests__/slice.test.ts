import { describe, expect, it } from 'vitest';
import type { TaskTime, TrackerState } from '../../../api/types';
import { taskTimeKey, trackerActions, trackerReducer } from '../slice';

const tracking: TrackerState = { status: 'tracking', task: 7, last_task: 7, started_at: '2026-03-10T09:00:00Z', work_day: 3, seconds_worked: 60 };
const row = (seconds: number, task = 7): TaskTime =>
  ({ id: 1, user: 1, task, task_title: 'Draw', work_day: 3, project: 2, seconds_worked: seconds, record_start_datetime: null, recording_yn: false, changed_yn: true, changed_datetime: null }) as TaskTime;

describe('tracker slice', () => {
  it('a command is in flight, then settles after success', () => {
    let state = trackerReducer(undefined, trackerActions.startRequested({ task: 7 }));
    expect(state.pending).toBe('start');
    state = trackerReducer(state, trackerActions.commandSucceeded(tracking));
    expect(state.state).toEqual(tracking);
    expect(state.pending).toBeNull();
    expect(state.settling).toBe(true);
    state = trackerReducer(state, trackerActions.settled());
    expect(state.settling).toBe(false);
  });
  it('a failure shows an error state on the control and keeps the server state', () => {
    let state = trackerReducer(undefined, trackerActions.stateLoaded(tracking));
    state = trackerReducer(state, trackerActions.pauseRequested());
    state = trackerReducer(state, trackerActions.commandFailed({ task: 7, message: 'The server did not answer.' }));
    expect(state.error).toEqual({ task: 7, message: 'The server did not answer.' });
    expect(state.state).toEqual(tracking);
    expect(trackerReducer(state, trackerActions.startRequested({ task: 7 })).error).toBeNull();
  });
  it('a break prompt opens and a cancel closes it', () => {
    let state = trackerReducer(undefined, trackerActions.breakPromptShown({ kind: 'start', task: 7 }));
    expect(state.breakPrompt).toEqual({ kind: 'start', task: 7 });
    state = trackerReducer(state, trackerActions.breakDecided('cancel'));
    expect(state.breakPrompt).toBeNull();
  });
  it('time changes land in the entity adapter and refusals keep the server words', () => {
    let state = trackerReducer(undefined, trackerActions.timeChangeRequested({ change: { task: 7, seconds: 600 }, title: 'Write' }));
    expect(state.timeChangesInFlight).toEqual([7]);
    state = trackerReducer(state, trackerActions.timeChanged(row(600)));
    expect(state.times.entities[taskTimeKey(3, 7)]!.seconds_worked).toBe(600);
    expect(state.timeChangesInFlight).toEqual([]);
    state = trackerReducer(state, trackerActions.timeChangeRequested({ change: { task: 7, seconds: 3600 }, title: 'Write' }));
    state = trackerReducer(state, trackerActions.timeChangeFailed({ task: 7, message: 'Tasks total hours can not be more than Office Work hours.' }));
    expect(state.timeError).toEqual({ task: 7, message: 'Tasks total hours can not be more than Office Work hours.' });
    expect(state.times.entities[taskTimeKey(3, 7)]!.seconds_worked).toBe(600);
  });
  it('new_task_time updates a row, and 0 removes it (the task left the day)', () => {
    let state = trackerReducer(undefined, trackerActions.timesLoaded([row(600), row(300, 8)]));
    state = trackerReducer(state, trackerActions.taskTimeChangedElsewhere({ task_id: 7, work_day_id: 3, project_id: 2, seconds_worked: 1200 }));
    expect(state.times.entities[taskTimeKey(3, 7)]!.seconds_worked).toBe(1200);
    state = trackerReducer(state, trackerActions.taskTimeChangedElsewhere({ task_id: 8, work_day_id: 3, project_id: 2, seconds_worked: 0 }));
    expect(state.times.ids).toEqual([taskTimeKey(3, 7)]);
  });
});
