import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import * as endpoints from '../../api/projects';
import type { Task, UserTask } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { requestsActions } from '../../shared/requests/slice';
import { formRequestFailed } from '../../shared/requests/sagas';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { tasksActions, type FlagChange } from './slice';

export const FLAG_ERROR_TITLE = 'Update task flag error';

/** Saves a flag that the slice already applied; on failure it is rolled back with a message. */
export function* saveTaskFlag(action: PayloadAction<FlagChange>): SagaIterator {
  const { taskId, flag, value } = action.payload;
  try {
    const join: UserTask = yield call(endpoints.setTaskFlag, taskId, flag, value);
    yield put(tasksActions.taskFlagSaved({ taskId, flag, value: Boolean(join[flag]), joinId: join.id }));
  } catch (error) {
    yield put(tasksActions.taskFlagRolledBack({ taskId, flag, value }));
    yield call(handleApiError, error, FLAG_ERROR_TITLE);
  }
}

export function* submitDescription(
  action: PayloadAction<{ taskId: number; description: string; requestId: string }>,
): SagaIterator {
  const { taskId, description, requestId } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    // An empty description is stored as a two-quote placeholder (spec 02 §4).
    const task: Task = yield call(endpoints.updateTask, taskId, { description: description.trim() ? description : '""' });
    yield put(tasksActions.taskReceived(task));
    yield put(requestsActions.requestSucceeded({ requestId }));
  } catch (error) {
    yield call(formRequestFailed, requestId, error, 'Update task description error');
  }
}

export function* createTask(action: PayloadAction<{ sectionId: number; title: string; requestId: string }>): SagaIterator {
  const { sectionId, title, requestId } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    const task: Task = yield call(endpoints.createTask, { section: sectionId, title });
    yield put(tasksActions.taskCreated(task));
    yield put(requestsActions.requestSucceeded({ requestId, resultId: task.id }));
  } catch (error) {
    yield call(formRequestFailed, requestId, error, 'Create task error');
  }
}

export function* archiveTask(action: PayloadAction<{ taskId: number; archived: boolean }>): SagaIterator {
  const { taskId, archived } = action.payload;
  try {
    const task: Task = yield call(archived ? endpoints.archiveTask : endpoints.unarchiveTask, taskId);
    yield put(tasksActions.taskArchiveChanged(task));
    yield call(toastSuccess, archived ? 'Task archived.' : 'Task unarchived.');
  } catch (error) {
    yield call(toastFailure, error, archived ? 'Archive task error' : 'Unarchive task error');
  }
}

export function* fetchTask(action: PayloadAction<number>): SagaIterator {
  const known: Task | undefined = yield select((state: RootState) => state.tasks.entities[action.payload]);
  try {
    const task: Task = yield call(endpoints.fetchTask, action.payload);
    yield put(tasksActions.taskReceived(task));
  } catch (error) {
    if (!known) yield call(handleApiError, error, 'Fetch task by id error');
  }
}

export function* tasksSaga(): SagaIterator {
  yield takeEvery(tasksActions.taskFlagToggled.type, saveTaskFlag);
  yield takeLatest(tasksActions.taskDescriptionSubmitted.type, submitDescription);
  yield takeEvery(tasksActions.taskCreateRequested.type, createTask);
  yield takeEvery(tasksActions.taskArchiveRequested.type, archiveTask);
  yield takeLatest(tasksActions.taskRequested.type, fetchTask);
}
