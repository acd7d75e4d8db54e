import { call, cancel, delay, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { authActions } from '../../features/auth/slice';
import { selectToken } from '../../features/auth/selectors';
import { lazyWorkers } from '../../shared/lazyWorkers';
import { realtimeActions, reconnectDelayMs, sequenceVerdict, type StreamMarks } from './events';
import { liveChannelUrl, openLiveChannel, type SocketMessage } from './socket';

// The dispatcher of live events (app/realtime/dispatch.ts) loads with the first event: the
// socket opens only in a session, so the sign-in page does not carry it (bench/bundle/budget.json).
const lazy = lazyWorkers(() => import('./dispatch'));

/** Close codes with which the server refuses our token. */
const AUTH_REFUSED = new Set([4401, 4403, 403]);

/**
 * Keeps one socket open for the session, reconnecting with backoff. Events are checked against
 * their stream's sequence (`sequenceVerdict`): a stale one is dropped; after a gap, and after every
 * reconnect (events sent while it was closed are lost), the screen resyncs.
 */
export function* keepConnected(token: string): SagaIterator {
  let attempt = 0;
  let openedBefore = false;
  while (true) {
    const channel: EventChannel<SocketMessage> = yield call(openLiveChannel, liveChannelUrl(), token);
    const marks: StreamMarks = {};
    try {
      while (true) {
        const message: SocketMessage = yield take(channel);
        if (message.type === 'open') {
          attempt = 0;
          yield put(realtimeActions.connected());
          if (openedBefore) yield put(realtimeActions.resyncRequired({ reason: 'reconnect' }));
          openedBefore = true;
        } else if (message.type === 'event') {
          const verdict = sequenceVerdict(marks, message.event);
          if (verdict === 'stale') continue;
          yield put(realtimeActions.eventReceived(message.event));
          if (verdict === 'gap') yield put(realtimeActions.resyncRequired({ reason: 'gap' }));
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
  yield takeLatest(realtimeActions.resyncRequired.type, lazy('resyncScreen'));
  while (true) {
    yield take(authActions.sessionStarted.type);
    const token: string | null = yield select(selectToken);
    if (!token) continue;
    const connection: Task = yield fork(keepConnected, token);
    yield take(authActions.signedOut.type);
    yield cancel(connection);
  }
}
