// The tracker's saga workers: a lazy chunk loaded by the first action that needs one (sagas.ts).
import { call, delay, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure, type ApiFailure } from '../../api/client';
import {
  fetchAllocatedTime,
  fetchTaskTimes,
  fetchTrackerState,
  removeWorkDayProject,
  taskTimeChangeWrite,
  trackerWrite,
} from '../../api/taskTime';
import { fetchCurrentUserStatus } from '../../api/work';
import { isUnreachable } from '../../api/outbox';
import type { AllocatedTime, StatusRecord, TaskTime, TrackerState } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { outboxWrite, sendOrQueue, type Sent } from '../../shared/outbox/sagas';
import { outboxActions, type OutboxAnswer } from '../../shared/outbox/slice';
import { formatSignedDuration } from '../../shared/signedDuration';
import { BREAK_WILL_END } from './rules';
import { selectBreakPrompt, selectTrackerState } from './selectors';
import { trackerActions, type BreakDecision, type BreakPrompt, type TimeChangeRequest, type TrackerCommand } from './slice';

/** How long the control shows its loading state after a command succeeded (spec 02 §4). */
export const SETTLE_MS = 1000;
export const TRACKER_ERROR_TITLE = 'Time tracker error';
export const TASK_TIME_ERROR_TITLE = 'Add task record error';

export function* loadTracker(): SagaIterator {
  try {
    const state: TrackerState = yield call(fetchTrackerState);
    yield put(trackerActions.stateLoaded(state));
  } catch (error) {
    yield put(trackerActions.stateFailed());
    yield call(handleApiError, error, TRACKER_ERROR_TITLE);
  }
}

function* succeeded(state: TrackerState): SagaIterator {
  yield put(trackerActions.commandSucceeded(state));
  yield delay(SETTLE_MS);
  yield put(trackerActions.settled());
}

function* failed(error: unknown, task: number | null): SagaIterator {
  const failure: ApiFailure = toApiFailure(error);
  yield put(trackerActions.commandFailed({ task, message: failure.message }));
  if (failure.status !== 400) yield call(handleApiError, error, TRACKER_ERROR_TITLE);
}

const COMMAND_LABELS: Record<TrackerCommand, string> = { start: 'Start tracking', pause: 'Pause tracking', stop: 'Stop tracking' };

/**
 * A tracker command through the outbox (docs/offline.md): the server's new state when it answered;
 * kept while the server cannot be reached, the control shows the command's state until it is sent.
 */
export function* trackerCommand(name: TrackerCommand, task: number | null, body: { task: number; end_break: boolean } | null = null): SagaIterator {
  const write = outboxWrite({ kind: 'tracker', ...trackerWrite(name, body), label: COMMAND_LABELS[name], subject: task });
  const result: Sent<TrackerState> = yield call(sendOrQueue<TrackerState>, write);
  if (result.sent) yield call(succeeded, result.data);
  else yield put(trackerActions.commandQueued({ command: name, task, at: new Date(write.madeAt).toISOString() }));
}

/** Start (or switch to) a task. On a break the server refuses with the dialog's words: ask first. */
export function* startTask(action: PayloadAction<{ task: number; endBreak?: boolean }>): SagaIterator {
  const { task, endBreak = false } = action.payload;
  try {
    yield call(trackerCommand, 'start', task, { task, end_break: endBreak });
  } catch (error) {
    const failure: ApiFailure = toApiFailure(error);
    if (failure.status === 400 && failure.message === BREAK_WILL_END && !endBreak) {
      yield put(trackerActions.breakPromptShown({ kind: 'start', task }));
      return;
    }
    yield call(failed, error, task);
  }
}

export function* pauseTask(): SagaIterator {
  const current: TrackerState | null = yield select(selectTrackerState);
  try {
    yield call(trackerCommand, 'pause', current?.task ?? null);
  } catch (error) {
    yield call(failed, error, current?.task ?? null);
  }
}

export function* stopTask(): SagaIterator {
  const current: TrackerState | null = yield select(selectTrackerState);
  try {
    yield call(trackerCommand, 'stop', current?.task ?? null);
  } catch (error) {
    yield call(failed, error, current?.task ?? null);
  }
}

/**
 * Resume restores the last tracked task; on a break it asks 'resume working or stop tracking'. While
 * the server cannot be reached it asks too: its Resume works either way (docs/offline.md).
 */
export function* resumeTask(): SagaIterator {
  const current: TrackerState | null = yield select(selectTrackerState);
  const task = current?.task ?? current?.last_task ?? null;
  if (task === null) return;
  let onBreak = true;
  try {
    const status: StatusRecord = yield call(fetchCurrentUserStatus);
    onBreak = status.status_enum_identifier === 'taking_break';
  } catch (error) {
    if (!isUnreachable(error)) {
      yield call(failed, error, task);
      return;
    }
  }
  if (onBreak) yield put(trackerActions.breakPromptShown({ kind: 'resume', task }));
  else yield put(trackerActions.startRequested({ task }));
}

/**
 * The break dialogs' decisions. Start prompt: OK ends the break and starts the task. Resume prompt:
 * Resume does the same (one tracker write, so it is kept offline like any other); Stop stops tracking.
 */
export function* decideBreak(action: PayloadAction<BreakDecision>): SagaIterator {
  const prompt: BreakPrompt | null = yield select(selectBreakPrompt);
  if (prompt === null || action.payload === 'cancel') return;
  yield put(trackerActions.breakPromptClosed());
  if (prompt.kind === 'start') {
    if (action.payload === 'ok') yield put(trackerActions.startRequested({ task: prompt.task, endBreak: true }));
    return;
  }
  if (action.payload === 'stop') {
    yield put(trackerActions.stopRequested());
    return;
  }
  if (action.payload === 'resume') yield put(trackerActions.startRequested({ task: prompt.task, endBreak: true }));
}

export function* loadTaskTimes(action: PayloadAction<{ work_day?: number }>): SagaIterator {
  try {
    const rows: TaskTime[] = yield call(fetchTaskTimes, action.payload);
    yield put(trackerActions.timesLoaded(rows));
  } catch (error) {
    yield put(trackerActions.timesFailed());
    yield call(handleApiError, error, TASK_TIME_ERROR_TITLE);
  }
}

/** What the pending list says of a time change: '+10m on Write the spec'. */
export function timeChangeLabel({ title, change }: TimeChangeRequest): string {
  const what = change.all_unallocated ? 'All unallocated time' : formatSignedDuration(change.seconds ?? 0);
  return `${what} on ${title}`;
}

/**
 * +10m / +1h / -10m / -1h / all unallocated; a refusal keeps the server's words for the popover.
 * Made while the server cannot be reached, it is kept (the card shows it as pending).
 */
export function* changeTime(action: PayloadAction<TimeChangeRequest>): SagaIterator {
  const { change } = action.payload;
  const write = outboxWrite({ kind: 'task_time', ...taskTimeChangeWrite(change), label: timeChangeLabel(action.payload), subject: change.task });
  try {
    const result: Sent<TaskTime> = yield call(sendOrQueue<TaskTime>, write);
    if (result.sent) yield put(trackerActions.timeChanged(result.data));
    else yield put(trackerActions.timeChangeQueued({ task: change.task }));
  } catch (error) {
    const failure: ApiFailure = toApiFailure(error);
    yield put(trackerActions.timeChangeFailed({ task: change.task, message: failure.message }));
    if (failure.status !== 400) yield call(handleApiError, error, TASK_TIME_ERROR_TITLE);
  }
}

/**
 * A kept time change or tracker command was sent: the server's answer wins. Refused (the outbox
 * toasts the reason and lists it), the tracker and today's time are read again.
 */
export function* outboxAnswered(action: OutboxAnswer): SagaIterator {
  const delivered = outboxActions.delivered.match(action) ? action.payload.data : null;
  if (action.payload.write.kind === 'task_time') {
    if (delivered !== null) yield put(trackerActions.timeChanged(delivered as TaskTime));
    else yield put(trackerActions.allocatedRequested());
    return;
  }
  if (delivered !== null) yield put(trackerActions.stateLoaded(delivered as TrackerState));
  else yield put(trackerActions.stateRequested());
}

/** Today's allocated time: read again whenever time on tasks or the tracker changed. */
export function* loadAllocated(): SagaIterator {
  try {
    const allocated: AllocatedTime = yield call(fetchAllocatedTime);
    yield put(trackerActions.allocatedLoaded({ allocated, readAt: Date.now() }));
  } catch (error) {
    yield call(handleApiError, error, TASK_TIME_ERROR_TITLE);
  }
}

export function* removeProjectFromDay(action: PayloadAction<{ project: number; title: string }>): SagaIterator {
  try {
    yield call(removeWorkDayProject, { project: action.payload.project });
    yield call(toastSuccess, `${action.payload.title} removed from Today.`);
    yield put(trackerActions.allocatedRequested());
  } catch (error) {
    yield call(toastFailure, error, 'Remove from Today error');
  }
}
