import { describe, expect, it } from 'vitest';
import { call, delay, put, select } from 'redux-saga/effects';
import { AxiosError, AxiosHeaders } from 'axios';
import { fetchAllocatedTime, removeWorkDayProject } from '../../../api/taskTime';
import { sendOrQueue } from '../../../shared/outbox/sagas';
import { outboxActions } from '../../../shared/outbox/slice';
import { toastFailure, toastSuccess } from '../../../shared/toast';
import { fetchCurrentUserStatus } from '../../../api/work';
import type { StatusRecord, TaskTime, TrackerState } from '../../../api/types';
import { handleApiError } from '../../../shared/errors/handleApiError';
import { BREAK_WILL_END, OVER_WORK_TIME } from '../rules';
import { changeTime, decideBreak, loadAllocated, outboxAnswered, pauseTask, removeProjectFromDay, resumeTask, SETTLE_MS, startTask, trackerCommand, TRACKER_ERROR_TITLE } from '../workers';
import { selectBreakPrompt, selectTrackerState } from '../selectors';
import { trackerActions, trackerReducer } from '../slice';

const tracking: TrackerState = { status: 'tracking', task: 7, last_task: 7, started_at: '2026-03-10T09:00:00Z', work_day: 3, seconds_worked: 0 };
const paused: TrackerState = { ...tracking, status: 'paused', started_at: null };

function httpError(status: number, data: unknown): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError('failed', 'ERR', { headers }, null, { status, statusText: '', headers, config: { headers }, data });
}

describe('startTask saga', () => {
  it('starts through the outbox, shows the loading state for a second, then settles', () => {
    const saga = startTask(trackerActions.startRequested({ task: 7 }));
    expect(saga.next().value).toEqual(call(trackerCommand, 'start', 7, { task: 7, end_break: false }));
    const command = trackerCommand('start', 7, { task: 7, end_break: false });
    expect(command.next().value).toEqual(
      call(
        sendOrQueue,
        expect.objectContaining({ kind: 'tracker', method: 'post', url: '/api/work/task_tracker/start/', body: { task: 7, end_break: false }, label: 'Start tracking', subject: 7 }),
      ),
    );
    const settle = command.next({ sent: true, data: tracking }).value;
    expect(settle).toHaveProperty('type', 'CALL');
    // the settle step, run on its own
    const inner = (settle as { payload: { fn: (s: TrackerState) => Generator } }).payload.fn(tracking);
    expect(inner.next().value).toEqual(put(trackerActions.commandSucceeded(tracking)));
    expect(inner.next().value).toEqual(delay(SETTLE_MS));
    expect(inner.next().value).toEqual(put(trackerActions.settled()));
  });

  it("on a break asks 'If you continue, your break will end.' instead of failing", () => {
    const saga = startTask(trackerActions.startRequested({ task: 7 }));
    saga.next();
    expect(saga.throw(httpError(400, { detail: BREAK_WILL_END })).value).toEqual(
      put(trackerActions.breakPromptShown({ kind: 'start', task: 7 })),
    );
    expect(saga.next().done).toBe(true);
  });

  it('a server error puts the control in its error state and reports it', () => {
    const saga = startTask(trackerActions.startRequested({ task: 7 }));
    saga.next();
    const error = httpError(500, 'boom');
    const failed = saga.throw(error).value as { payload: { fn: (e: unknown, t: number) => Generator } };
    const inner = failed.payload.fn(error, 7);
    expect(inner.next().value).toEqual(put(trackerActions.commandFailed({ task: 7, message: 'boom' })));
    expect(inner.next().value).toEqual(call(handleApiError, error, TRACKER_ERROR_TITLE));
  });
});

describe('a command the server cannot get yet', () => {
  it('is kept and the control shows what it will do', () => {
    const command = trackerCommand('pause', 7);
    command.next();
    expect(command.next({ sent: false }).value).toEqual(
      put(trackerActions.commandQueued({ command: 'pause', task: 7, at: expect.any(String) as unknown as string })),
    );
    expect(command.next().done).toBe(true);
  });

  it("the control follows it until the server's state replaces it", () => {
    let state = trackerReducer(undefined, trackerActions.stateLoaded(tracking));
    state = trackerReducer(state, trackerActions.pauseRequested());
    state = trackerReducer(state, trackerActions.commandQueued({ command: 'pause', task: 7, at: '2026-03-10T10:00:00Z' }));
    expect(state.state).toMatchObject({ status: 'paused', task: 7, started_at: null });
    expect(state.pending).toBeNull();
    state = trackerReducer(state, trackerActions.commandQueued({ command: 'stop', task: 7, at: '2026-03-10T10:01:00Z' }));
    expect(state.state).toMatchObject({ status: 'stopped', task: null });
  });

  it("a kept command sent later: the server's state wins; refused, the tracker is read again", () => {
    const write = { key: 'k', kind: 'tracker' as const, method: 'post' as const, url: '/api/work/task_tracker/pause/', body: null, label: 'Pause tracking', subject: 7, madeAt: 0 };
    const delivered = outboxAnswered(outboxActions.delivered({ write, data: paused }));
    expect(delivered.next().value).toEqual(put(trackerActions.stateLoaded(paused)));
    const refused = outboxAnswered(outboxActions.refused({ write, status: 404, message: 'Not found.' }));
    expect(refused.next().value).toEqual(put(trackerActions.stateRequested()));
  });
});

describe('pause and resume', () => {
  it('pause calls the server with the current task for the error state', () => {
    const saga = pauseTask();
    expect(saga.next().value).toEqual(select(selectTrackerState));
    expect(saga.next(tracking).value).toEqual(call(trackerCommand, 'pause', 7));
  });

  it('resume outside a break restarts the last task', () => {
    const saga = resumeTask();
    expect(saga.next().value).toEqual(select(selectTrackerState));
    expect(saga.next(paused).value).toEqual(call(fetchCurrentUserStatus));
    const working = { status_enum_identifier: 'working' } as StatusRecord;
    expect(saga.next(working).value).toEqual(put(trackerActions.startRequested({ task: 7 })));
  });

  it('resume asks as on a break while the server cannot be reached; any other failure shows on the control', () => {
    const offline = resumeTask();
    offline.next();
    offline.next(paused);
    expect(offline.throw(new AxiosError('Network Error', 'ERR_NETWORK')).value).toEqual(put(trackerActions.breakPromptShown({ kind: 'resume', task: 7 })));
    expect(offline.next().done).toBe(true);

    const refused = resumeTask();
    refused.next();
    refused.next(paused);
    const failing = refused.throw(httpError(403, { detail: 'No.' })).value;
    expect(failing).toHaveProperty('type', 'CALL');
  });

  it("resume on a break asks 'Do you want to resume working or stop tracking time?'", () => {
    const saga = resumeTask();
    saga.next();
    saga.next(paused);
    const onBreak = { status_enum_identifier: 'taking_break' } as StatusRecord;
    expect(saga.next(onBreak).value).toEqual(put(trackerActions.breakPromptShown({ kind: 'resume', task: 7 })));
    expect(saga.next().done).toBe(true);
  });
});

describe('the break dialogs decide', () => {
  it('OK on the start prompt ends the break through the start call', () => {
    const saga = decideBreak(trackerActions.breakDecided('ok'));
    expect(saga.next().value).toEqual(select(selectBreakPrompt));
    expect(saga.next({ kind: 'start', task: 7 }).value).toEqual(put(trackerActions.breakPromptClosed()));
    expect(saga.next().value).toEqual(put(trackerActions.startRequested({ task: 7, endBreak: true })));
    expect(saga.next().done).toBe(true);
  });

  it('Resume on the resume prompt ends the break and starts the task in one tracker write (kept offline like any other)', () => {
    const saga = decideBreak(trackerActions.breakDecided('resume'));
    saga.next();
    expect(saga.next({ kind: 'resume', task: 7 }).value).toEqual(put(trackerActions.breakPromptClosed()));
    expect(saga.next().value).toEqual(put(trackerActions.startRequested({ task: 7, endBreak: true })));
    expect(saga.next().done).toBe(true);
  });

  it('Stop on the resume prompt stops tracking; Cancel does nothing', () => {
    const stop = decideBreak(trackerActions.breakDecided('stop'));
    stop.next();
    stop.next({ kind: 'resume', task: 7 });
    expect(stop.next().value).toEqual(put(trackerActions.stopRequested()));
    const cancel = decideBreak(trackerActions.breakDecided('cancel'));
    cancel.next();
    expect(cancel.next({ kind: 'resume', task: 7 }).done).toBe(true);
  });
});

describe('changeTime saga', () => {
  it('sends it through the outbox and stores the new row', () => {
    const saga = changeTime(trackerActions.timeChangeRequested({ change: { task: 7, seconds: 600 }, title: 'Write the spec' }));
    expect(saga.next().value).toEqual(
      call(sendOrQueue, expect.objectContaining({ kind: 'task_time', url: '/api/work/task_time/', body: { task: 7, seconds: 600 }, label: '+10m on Write the spec', subject: 7 })),
    );
    const row = { task: 7, work_day: 3, seconds_worked: 600 } as TaskTime;
    expect(saga.next({ sent: true, data: row }).value).toEqual(put(trackerActions.timeChanged(row)));
  });

  it('kept while the server cannot be reached: the card shows it pending, the row comes when it is sent', () => {
    const saga = changeTime(trackerActions.timeChangeRequested({ change: { task: 7, all_unallocated: true }, title: 'Write the spec' }));
    expect(saga.next().value).toEqual(call(sendOrQueue, expect.objectContaining({ label: 'All unallocated time on Write the spec' })));
    expect(saga.next({ sent: false }).value).toEqual(put(trackerActions.timeChangeQueued({ task: 7 })));
    const write = { key: 'k', kind: 'task_time' as const, method: 'post' as const, url: '/api/work/task_time/', body: { task: 7, seconds: 600 }, label: '+10m on Write the spec', subject: 7, madeAt: 0 };
    const row = { task: 7, work_day: 3, seconds_worked: 600 } as TaskTime;
    expect(outboxAnswered(outboxActions.delivered({ write, data: row })).next().value).toEqual(put(trackerActions.timeChanged(row)));
    expect(outboxAnswered(outboxActions.refused({ write, status: 404, message: 'Not found.' })).next().value).toEqual(put(trackerActions.allocatedRequested()));
  });

  it("keeps the server's refusal for the popover without the global banner", () => {
    const saga = changeTime(trackerActions.timeChangeRequested({ change: { task: 7, seconds: 3600 }, title: 'Write the spec' }));
    saga.next();
    expect(saga.throw(httpError(400, { detail: OVER_WORK_TIME })).value).toEqual(
      put(trackerActions.timeChangeFailed({ task: 7, message: OVER_WORK_TIME })),
    );
    expect(saga.next().done).toBe(true);
  });
});

describe('allocated time and removing a project from Today', () => {
  it('reads allocated time and stamps when it was read', () => {
    const saga = loadAllocated();
    expect(saga.next().value).toEqual(call(fetchAllocatedTime));
    const allocated = { allocated_time: [], total_seconds: 0 };
    const step = saga.next(allocated).value as { payload: { action: { payload: { allocated: unknown; readAt: number } } } };
    expect(step.payload.action.payload.allocated).toBe(allocated);
    expect(typeof step.payload.action.payload.readAt).toBe('number');
  });

  it('removes the project, says so and reads allocated time again; a refusal toasts the server words', () => {
    const saga = removeProjectFromDay(trackerActions.removeFromDayRequested({ project: 4, title: 'Website' }));
    expect(saga.next().value).toEqual(call(removeWorkDayProject, { project: 4 }));
    expect(saga.next().value).toEqual(call(toastSuccess, 'Website removed from Today.'));
    expect(saga.next().value).toEqual(put(trackerActions.allocatedRequested()));
    const refused = removeProjectFromDay(trackerActions.removeFromDayRequested({ project: 4, title: 'Website' }));
    refused.next();
    const error = httpError(404, { detail: 'Not found.' });
    expect(refused.throw(error).value).toEqual(call(toastFailure, error, 'Remove from Today error'));
  });
});
