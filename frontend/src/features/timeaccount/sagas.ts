import { takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';

// One watcher for the working-time account (the entry carries this file: it stays tiny); the
// line's workers load with the first action and hand the panel's and time off's to their chunks.
const lazy = lazyWorkers(() => import('./workers'));

export function* timeAccountSaga(): SagaIterator {
  yield takeEvery((a: Action) => /^timeAccount\/\w*(Requested|hanged)$/.test(a.type), lazy('route'));
}
