import { put, takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Task } from '../api/types';
import { listsActions } from '../features/lists/slice';
import { personalActions } from '../features/personal/slice';
import { projectsActions } from '../features/projects/slice';
import { tasksActions } from '../features/tasks/slice';
import { outboxActions } from '../shared/outbox/slice';
import { realtimeActions } from './realtime/events';

/**
 * What one feature's event means to another. Features never import each other, so the app
 * layer is where "tasks fetched by the list page" becomes "task entities received".
 */
export function* featureLinksSaga(): SagaIterator {
  yield takeEvery([listsActions.tasksFetched.type, personalActions.tasksFetched.type], function* (action: PayloadAction<Task[]>) {
    yield put(tasksActions.tasksReceived(action.payload));
  });
  yield takeEvery(tasksActions.taskCreated.type, function* (action: PayloadAction<Task>) {
    yield put(listsActions.taskCreated(action.payload));
  });
  yield takeEvery(tasksActions.taskArchiveChanged.type, function* (action: PayloadAction<Task>) {
    yield put(listsActions.taskArchiveChanged(action.payload));
    yield put(projectsActions.countsRefreshRequested());
  });
  // Tasks archived or unarchived as a section: the side menu's badges count open tasks only.
  yield takeEvery(listsActions.tasksArchiveChanged.type, function* () {
    yield put(projectsActions.countsRefreshRequested());
  });
  // Another member changed a task: it may have moved, been archived or unarchived.
  yield takeEvery(tasksActions.taskRefreshed.type, function* (action: PayloadAction<Task>) {
    yield put(listsActions.taskChangedElsewhere(action.payload));
  });
  // A task deleted (here or by another member) leaves its section, the personal page and the badges.
  yield takeEvery(tasksActions.taskDeleted.type, function* (action: PayloadAction<number>) {
    yield put(listsActions.taskRemoved(action.payload));
    yield put(personalActions.pageRefreshRequested());
    yield put(projectsActions.countsRefreshRequested());
  });
  // The live socket (re)opened: the server can be reached, the writes kept offline go out (docs/offline.md).
  yield takeEvery(realtimeActions.connected.type, function* () {
    yield put(outboxActions.flushRequested());
  });
  // A flag saved (starred, today, next workday) changes the side menu's counts.
  yield takeEvery(tasksActions.taskFlagSaved.type, function* () {
    yield put(projectsActions.countsRefreshRequested());
  });
}
