import { takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { lazyWorkers } from '../../shared/lazyWorkers';
import type { tasksActions } from './slice';

// The watchers start with the store; the workers (and the API calls they make) load with the
// first action that needs one (shared/lazyWorkers.ts).
const lazy = lazyWorkers(() => import('./workers'));

/** The slice's action types, without the slice's code. */
const type = (name: keyof typeof tasksActions) => `tasks/${name}`;

export function* tasksSaga(): SagaIterator {
  yield takeEvery(type('taskFlagToggled'), lazy('saveTaskFlag'));
  yield takeLatest(type('taskDescriptionSubmitted'), lazy('submitDescription'));
  yield takeEvery(type('taskCreateRequested'), lazy('createTask'));
  yield takeEvery(type('taskArchiveRequested'), lazy('archiveTask'));
  yield takeLatest(type('taskRequested'), lazy('fetchTask'));
  yield takeEvery(type('taskUpdateRequested'), lazy('saveTaskUpdate'));
  yield takeEvery(type('taskDeleteRequested'), lazy('deleteTask'));
  yield takeEvery(type('taskRefreshRequested'), lazy('refreshTask'));
  yield takeLatest(type('projectMembersRequested'), lazy('fetchProjectMembers'));
}
