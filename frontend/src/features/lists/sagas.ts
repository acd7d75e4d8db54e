import { takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { lazyWorkers } from '../../shared/lazyWorkers';
import type { listsActions } from './slice';

// The watchers start with the store; the workers (and the API calls they make) load with the
// first action that needs one (shared/lazyWorkers.ts).
const lazy = lazyWorkers(() => import('./workers'));

/** The slice's action types, without the slice's code. */
const type = (name: keyof typeof listsActions) => `lists/${name}`;

export function* listsSaga(): SagaIterator {
  yield takeLatest(type('sectionLinkOpened'), lazy('resolveSectionLink'));
  yield takeLatest(type('listOpened'), lazy('openList'));
  yield takeEvery(type('listRefreshRequested'), lazy('refreshList'));
  yield takeEvery(type('sectionTasksRequested'), lazy('loadSectionTasks'));
  yield takeEvery(type('sectionMoveRequested'), lazy('moveSection'));
  yield takeLeading(type('sectionsCreateRequested'), lazy('createSections'));
  yield takeEvery(type('sectionRenameRequested'), lazy('renameSection'));
  yield takeEvery(type('sectionRemoveRequested'), lazy('removeSection'));
  yield takeEvery(type('sectionRestoreRequested'), lazy('restoreSection'));
  yield takeEvery(type('sectionDeleteRequested'), lazy('deleteSection'));
  yield takeEvery(type('sectionTasksArchiveRequested'), lazy('archiveSectionTasks'));
  yield takeEvery(type('sectionMergeRequested'), lazy('mergeSection'));
  yield takeEvery(type('sectionMoveToListRequested'), lazy('moveSectionToList'));
  yield takeEvery(type('listMemberAddRequested'), lazy('addListMember'));
  yield takeEvery(type('listMemberRemoveRequested'), lazy('removeListMember'));
}
