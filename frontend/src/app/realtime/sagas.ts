import { call, cancel, delay, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { authActions } from '../../features/auth/slice';
import { selectToken } from '../../features/auth/selectors';
import { lazyWorkers } from '../../shared/lazyWorkers';
import { realtimeActions, reconnectDelayMs } from './events';
import { liveChannelUrl, openLiveChannel, type SocketMessage } from './socket';

// The dispatcher of live events (app/realtime/dispatch.ts) loads with the first event: the
// socket opens only in a session, so the sign-in page does not carry it (bench/bundle/budget.json).
const lazy = lazyWorkers(() => import('./dispatch'));

/** Close codes with which the server refuses our token. */
const AUTH_REFUSED = new Set([4401, 4403, 403]);

/** Keeps one socket open for the session, reconnecting with backoff. */
export function* keepConnected(token: string): SagaIterator {
  let attempt = 0;
  while (true) {
    const channel: EventChannel<SocketMessage> = yield call(openLiveChannel, liveChannelUrl(), token);
    try {
      while (true) {
        const message: SocketMessage = yield take(channel);
        if (message.type === 'open') {
          attempt = 0;
          yield put(realtimeActions.connected());
        } else if (message.type === 'event') {
          yield put(realtimeActions.eventReceived(message.event));
        } else {
          yield put(realtimeActions.disconnected({ code: message.code }));
          // A refused token: reloading `me` lets the 401 handler end the session if it is gone.
          if (AUTH_REFUSED.has(message.code)) yield put(authActions.userReloadRequested());
          break;
        }
      }
    } finally {
      channel.close();
    }
    yield delay(reconnectDelayMs(attempt));
    attempt += 1;
  }
}

export function* realtimeSaga(): SagaIterator {
  yield takeEvery(realtimeActions.eventReceived.type, lazy('dispatchLiveEvent'));
  while (true) {
    yield take(authActions.sessionStarted.type);
    const token: string | null = yield select(selectToken);
    if (!token) continue;
    const connection: Task = yield fork(keepConnected, token);
    yield take(authActions.signedOut.type);
    yield cancel(connection);
  }
}
