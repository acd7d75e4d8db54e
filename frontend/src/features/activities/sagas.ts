import { call, debounce, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { activitiesActions } from './slice';
import { activityLiveActions } from './actions';

// The watchers start with the store; the workers (and the API calls they make) are a lazy chunk
// fetched by the first action that needs one, so the sign-in page does not carry them
// (bench/bundle/budget.json).
type Workers = typeof import('./workers');
let workers: Promise<Workers> | null = null;
const load = () => (workers ??= import('./workers'));

type WorkerName = 'loadUnreadTree' | 'loadUnreadCount' | 'loadTaskUnread' | 'markRead' | 'loadTab' | 'save' | 'submit' | 'confirm' | 'remove' | 'reloadOnLiveActivity' | 'applyLiveRead';

function lazy(name: WorkerName) {
  return function* run(action: Action): SagaIterator {
    const module: Workers = yield call(load);
    const worker = module[name] as (action: Action) => SagaIterator;
    yield call(worker, action);
  };
}

/** The slice's action types, without loading the slice (it is a lazy chunk: shared/lazyReducers.ts). */
const type = (name: keyof typeof activitiesActions) => `activities/${name}`;

/** Several live events often arrive together: reload once. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;

export function* activitiesSaga(): SagaIterator {
  yield takeLatest([type('unreadPageOpened'), type('unreadTreeRequested')], lazy('loadUnreadTree'));
  yield takeLatest(type('unreadCountRequested'), lazy('loadUnreadCount'));
  yield takeEvery(type('taskUnreadRequested'), lazy('loadTaskUnread'));
  yield takeEvery(type('markReadRequested'), lazy('markRead'));
  yield takeLatest(type('tabRequested'), lazy('loadTab'));
  yield takeEvery(type('saveRequested'), lazy('save'));
  yield takeEvery(type('submitRequested'), lazy('submit'));
  yield takeEvery(type('confirmRequested'), lazy('confirm'));
  yield takeEvery(type('deleteRequested'), lazy('remove'));
  yield debounce(LIVE_RELOAD_DEBOUNCE_MS, activityLiveActions.liveActivityReceived.type, lazy('reloadOnLiveActivity'));
  yield takeEvery(activityLiveActions.liveReadReceived.type, lazy('applyLiveRead'));
}
