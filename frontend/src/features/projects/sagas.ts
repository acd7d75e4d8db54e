import { takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { sessionActions } from '../../shared/session';
import { lazyWorkers } from '../../shared/lazyWorkers';
import type { projectsActions } from './slice';

// The watchers start with the store; the workers (and the API calls they make) load with the
// first action that needs one (shared/lazyWorkers.ts).
const lazy = lazyWorkers(() => import('./workers'));

/** The slice's action types, without the slice's code. */
const type = (name: keyof typeof projectsActions) => `projects/${name}`;

export function* projectsSaga(): SagaIterator {
  yield takeLatest([sessionActions.sessionStarted.type, type('sidebarRefreshRequested')], lazy('loadSidebar'));
  yield takeLatest(
    [sessionActions.sessionStarted.type, type('countsRefreshRequested')],
    lazy('loadCounts'),
  );
  yield takeLeading(type('colorsRequested'), lazy('loadColors'));
  yield takeLatest(type('workspaceUsersRequested'), lazy('loadWorkspaceUsers'));
  yield takeLatest(type('workspaceUsersSearched'), lazy('searchWorkspaceUsers'));
  yield takeLeading(type('projectSubmitted'), lazy('submitProject'));
  yield takeEvery(type('projectArchiveRequested'), lazy('archiveProject'));
  yield takeLeading(type('projectDeleteRequested'), lazy('deleteProject'));
  yield takeLatest(type('overviewOpened'), lazy('openOverview'));
  yield takeEvery(type('overviewRefreshRequested'), lazy('refreshOverview'));
  yield takeLatest(type('descriptionEdited'), lazy('saveDescription'));
  yield takeEvery(type('getStartedDismissed'), lazy('dismissGetStarted'));
  yield takeLeading(type('taskListSubmitted'), lazy('submitTaskList'));
  yield takeEvery(type('taskListArchiveToggled'), lazy('toggleListArchive'));
  yield takeEvery(type('listSidebarToggled'), lazy('toggleListSidebar'));
  yield takeEvery(type('memberAddRequested'), lazy('addMember'));
  yield takeEvery(type('memberUpdateRequested'), lazy('updateMember'));
  yield takeEvery(type('memberRemoveRequested'), lazy('removeMember'));
  yield takeEvery(type('listMemberAddRequested'), lazy('addListMember'));
  yield takeEvery(type('listMemberRemoveRequested'), lazy('removeListMember'));
}
