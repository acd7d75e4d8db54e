import { takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { lazyWorkers } from '../../shared/lazyWorkers';
import type { historyActions } from './slice';

// The watchers start with the store; the workers (and the API calls they make) load with the
// first action that needs one (shared/lazyWorkers.ts).
const lazy = lazyWorkers(() => import('./workers'));

/** The slice's action types, without the slice's code. */
const type = (name: keyof typeof historyActions) => `history/${name}`;

export function* historySaga(): SagaIterator {
  yield takeLatest(
    [type('pageOpened'), type('rangeChanged'), type('usersChanged'), type('groupByChanged'), type('tableRequested')],
    lazy('loadTable'),
  );
  yield takeLatest([type('pageOpened'), type('usersChanged'), type('logRequested')], lazy('loadLog'));
  yield takeEvery(type('shiftSaveRequested'), lazy('saveShift'));
  yield takeEvery(type('notesSaveRequested'), lazy('saveNotes'));
  yield takeEvery(type('shiftDeleteRequested'), lazy('removeShift'));
  yield takeLatest(type('segmentsRequested'), lazy('loadSegments'));
  yield takeLatest(type('csvRequested'), lazy('downloadCsv'));
  yield takeLatest(type('membersRequested'), lazy('loadMembers'));
}
