import { call, debounce, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { notificationsActions } from './slice';

/** The slice's action types, without loading the slice (it is a lazy chunk: shared/lazyReducers.ts). */
const type = (name: keyof typeof notificationsActions) => `notifications/${name}`;

// The watchers start with the store; the workers are a lazy chunk (see activities/sagas.ts).
type Workers = typeof import('./workers');
let workers: Promise<Workers> | null = null;
const load = () => (workers ??= import('./workers'));

type WorkerName = 'loadNotifications' | 'sendSeen' | 'markOne' | 'markAll';

function lazy(name: WorkerName) {
  return function* run(action: Action): SagaIterator {
    const module: Workers = yield call(load);
    const worker = module[name] as (action: Action) => SagaIterator;
    yield call(worker, action);
  };
}

export const LIVE_RELOAD_DEBOUNCE_MS = 300;

export function* notificationsSaga(): SagaIterator {
  yield takeLatest(type('listRequested'), lazy('loadNotifications'));
  yield takeEvery(type('popoverClosed'), lazy('sendSeen'));
  yield takeEvery(type('markOneRequested'), lazy('markOne'));
  yield takeLatest(type('markAllRequested'), lazy('markAll'));
  yield debounce(LIVE_RELOAD_DEBOUNCE_MS, type('liveNotificationReceived'), lazy('loadNotifications'));
}
