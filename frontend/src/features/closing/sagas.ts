import { takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';

// One watcher for every closing action (the entry carries this file: it stays tiny); the workers
// load with the first one (workers.ts `route`).
const lazy = lazyWorkers(() => import('./workers'));

export function* closingSaga(): SagaIterator {
  yield takeEvery((action: Action) => action.type.startsWith('closing/'), lazy('route'));
}
