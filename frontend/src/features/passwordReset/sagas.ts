import { takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';

// One watcher for the feature's calls (the sign-in page carries this file: it stays tiny); the
// workers load with the first one (workers.ts `route`).
const lazy = lazyWorkers(() => import('./workers'));
const CALLS = new Set(['passwordReset/requestSubmitted', 'passwordReset/linkOpened', 'passwordReset/confirmSubmitted']);

export function* passwordResetSaga(): SagaIterator {
  yield takeEvery((action: Action) => CALLS.has(action.type), lazy('route'));
}
