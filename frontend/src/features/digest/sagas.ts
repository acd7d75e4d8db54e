import { takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { lazyWorkers } from '../../shared/lazyWorkers';

// The entry carries only this watcher; the worker loads with the page's first call (workers.ts).
const lazy = lazyWorkers(() => import('./workers'));

export function* digestSaga(): SagaIterator {
  yield takeLatest('digest/loadRequested', lazy('loadDigest'));
}
