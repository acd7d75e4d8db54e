// The tracker's saga workers: a lazy chunk loaded by the first action that needs one (sagas.ts).
import { call, delay, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure, type ApiFailure } from '../../api/client';
import {
  changeTaskTime,
  fetchAllocatedTime,
  fetchTaskTimes,
  fetchTrackerState,
  pauseTracker,
  removeWorkDayProject,
  startTracker,
  stopTracker,
} from '../../api/taskTime';
import { createLogUserStatus, fetchCurrentUserStatus } from '../../api/work';
import type { AllocatedTime, StatusRecord, TaskTime, TrackerState } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { BREAK_WILL_END } from './rules';
import { selectBreakPrompt, selectTrackerState } from './selectors';
import { trackerActions, type BreakDecision, type BreakPrompt, type TimeChange } from './slice';

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

/** Start (or switch to) a task. On a break the server refuses with the dialog's words: ask first. */
export function* startTask(action: PayloadAction<{ task: number; endBreak?: boolean }>): SagaIterator {
  const { task, endBreak = false } = action.payload;
  try {
    const state: TrackerState = yield call(startTracker, { task, end_break: endBreak });
    yield call(succeeded, state);
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
    const state: TrackerState = yield call(pauseTracker);
    yield call(succeeded, state);
  } catch (error) {
    yield call(failed, error, current?.task ?? null);
  }
}

export function* stopTask(): SagaIterator {
  const current: TrackerState | null = yield select(selectTrackerState);
  try {
    const state: TrackerState = yield call(stopTracker);
    yield call(succeeded, state);
  } catch (error) {
    yield call(failed, error, current?.task ?? null);
  }
}

/** Resume restores the last tracked task; on a break it asks 'resume working or stop tracking'. */
export function* resumeTask(): SagaIterator {
  const current: TrackerState | null = yield select(selectTrackerState);
  const task = current?.task ?? current?.last_task ?? null;
  if (task === null) return;
  try {
    const status: StatusRecord = yield call(fetchCurrentUserStatus);
    if (status.status_enum_identifier === 'taking_break') {
      yield put(trackerActions.breakPromptShown({ kind: 'resume', task }));
      return;
    }
  } catch (error) {
    yield call(failed, error, task);
    return;
  }
  yield put(trackerActions.startRequested({ task }));
}

/**
 * The break dialogs' decisions. Start prompt: OK ends the break and starts the task. Resume prompt:
 * Resume sets the status to working (the server resumes a task its break paused) and starts the
 * task if it is not tracking yet; Stop stops tracking.
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
  if (action.payload !== 'resume') return;
  try {
    yield call(createLogUserStatus, 'working');
    const state: TrackerState = yield call(fetchTrackerState);
    if (state.status === 'tracking' && state.task === prompt.task) {
      yield call(succeeded, state);
      return;
    }
  } catch (error) {
    yield call(failed, error, prompt.task);
    return;
  }
  yield put(trackerActions.startRequested({ task: prompt.task }));
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

/** +10m / +1h / -10m / -1h / all unallocated; a refusal keeps the server's words for the popover. */
export function* changeTime(action: PayloadAction<TimeChange>): SagaIterator {
  try {
    const row: TaskTime = yield call(changeTaskTime, action.payload);
    yield put(trackerActions.timeChanged(row));
  } catch (error) {
    const failure: ApiFailure = toApiFailure(error);
    yield put(trackerActions.timeChangeFailed({ task: action.payload.task, message: failure.message }));
    if (failure.status !== 400) yield call(handleApiError, error, TASK_TIME_ERROR_TITLE);
  }
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
