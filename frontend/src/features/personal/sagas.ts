import { takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { lazyWorkers } from '../../shared/lazyWorkers';
import type { personalActions } from './slice';

// The watchers start with the store; the workers (and the API calls they make) load with the
// first action that needs one (shared/lazyWorkers.ts).
const lazy = lazyWorkers(() => import('./workers'));

/** The slice's action types, without the slice's code. */
const type = (name: keyof typeof personalActions) => `personal/${name}`;

export function* personalSaga(): SagaIterator {
  yield takeLatest(
    [
      type('pageOpened'),
      type('pageRefreshRequested'),
      type('filterChanged'),
      type('filterCleared'),
    ],
    lazy('loadPersonalPage'),
  );
}
