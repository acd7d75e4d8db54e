import { takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';

// One watcher for every calendar action (the sign-in page carries this file: it stays tiny); the
// workers load with the first one and route it (workers.ts `route`).
const lazy = lazyWorkers(() => import('./workers'));

export function* calendarSaga(): SagaIterator {
  yield takeEvery((action: Action) => action.type.startsWith('calendar/'), lazy('route'));
}
