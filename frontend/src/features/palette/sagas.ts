import { takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { lazyWorkers } from '../../shared/lazyWorkers';

// The palette's one watcher (tiny: the entry carries it); the worker loads with the first query.
// takeLatest cancels a search still waiting for its pause when the next key comes.
const lazy = lazyWorkers(() => import('./workers'));

export function* paletteSaga(): SagaIterator {
  yield takeLatest('palette/queryChanged', lazy('search'));
}
