// The tasks saga workers: a lazy chunk the watchers (sagas.ts) load with the first action that needs one.
import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import * as endpoints from '../../api/projects';
import type { ProjectMembership, Task, UserTask } from '../../api/types';
import type { RootState } from '../../app/store';
import { toApiFailure } from '../../api/client';
import { handleApiError } from '../../shared/errors/handleApiError';
import { requestsActions } from '../../shared/requests/slice';
import { formRequestFailed } from '../../shared/requests/sagas';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { savedMessage } from './editRules';
import { tasksActions, type FlagChange, type TaskUpdate } from './slice';

export const FLAG_ERROR_TITLE = 'Update task flag error';

/** Saves a change of the details pane; on failure the task goes back to what it was. */
export function* saveTaskUpdate(action: PayloadAction<TaskUpdate>): SagaIterator {
  const { taskId, changes } = action.payload;
  try {
    const task: Task = yield call(endpoints.updateTask, taskId, changes);
    yield put(tasksActions.taskUpdateSaved(task));
    yield call(toastSuccess, savedMessage(changes));
  } catch (error) {
    yield put(tasksActions.taskUpdateFailed(taskId));
    yield call(toastFailure, error, 'Update task error');
  }
}

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

export function* deleteTask(action: PayloadAction<number>): SagaIterator {
  const taskId = action.payload;
  try {
    yield call(endpoints.deleteTask, taskId);
    yield put(tasksActions.taskDeleted(taskId));
    yield call(toastSuccess, 'Task deleted.');
  } catch (error) {
    yield put(tasksActions.taskDeleteFailed(taskId));
    yield call(toastFailure, error, 'Delete task error');
  }
}

/** Another member changed the task (live event): fetch it again; gone or hidden means deleted here. */
export function* refreshTask(action: PayloadAction<number>): SagaIterator {
  try {
    const task: Task = yield call(endpoints.fetchTask, action.payload);
    yield put(tasksActions.taskRefreshed(task));
  } catch (error) {
    if (toApiFailure(error).status === 404) yield put(tasksActions.taskDeleted(action.payload));
  }
}

export function* fetchProjectMembers(action: PayloadAction<number>): SagaIterator {
  try {
    const members: ProjectMembership[] = yield call(endpoints.fetchProjectMemberships, action.payload);
    yield put(tasksActions.projectMembersLoaded({ projectId: action.payload, members }));
  } catch (error) {
    yield call(handleApiError, error, 'Get project members error');
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
    yield call(toastSuccess, 'Description saved.');
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
