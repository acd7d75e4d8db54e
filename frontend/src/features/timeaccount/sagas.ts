import { takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';

// One watcher for the working-time account's requests and live news (the entry carries this
// file: it stays tiny); the workers load with the first one (workers.ts `route`).
const lazy = lazyWorkers(() => import('./workers'));
const handled = (action: Action) => /^timeAccount\/(\w+Requested|changed|ownStatusChanged)$/.test(action.type);

export function* timeAccountSaga(): SagaIterator {
  yield takeEvery(handled, lazy('route'));
}
