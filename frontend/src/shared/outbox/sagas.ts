import { call, delay, fork, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { OUTBOX_KEY, isUnreachable, newKey, readOutbox, retryAfterMs, sendWrite, writeOutbox, type OutboxEntry, type OutboxWrite } from '../../api/outbox';
import { handleApiError } from '../errors/handleApiError';
import { feedback, failureText } from '../feedback';
import { sessionActions } from '../session';
import { outboxActions, outboxReducer, selectWaiting } from './slice';

// Everything here loads with the app, none of it lazily: a write is kept and sent while offline,
// where a lazy chunk may not load (the service worker is not installed on a first visit).

export type Sent<T> = { sent: true; data: T } | { sent: false };

/** A write as the outbox keeps it: a fresh Idempotency-Key and the instant the member made it. */
export function outboxWrite(write: Omit<OutboxWrite, 'key' | 'madeAt'>): OutboxWrite {
  return { ...write, key: newKey(), madeAt: Date.now() };
}

/**
 * Sends a write the member may make offline (docs/offline.md). Sent when nothing waits before it;
 * kept (and `{ sent: false }`) when writes wait already, so the order holds, or when the server
 * cannot be reached. Any answer of the server is the caller's: the data, or the error thrown.
 */
export function* sendOrQueue<T>(write: OutboxWrite): SagaIterator<Sent<T>> {
  const waiting: OutboxEntry[] = yield select(selectWaiting);
  if (waiting.length === 0) {
    try {
      const data: T = yield call(sendWrite<T>, write);
      return { sent: true, data };
    } catch (error) {
      if (!isUnreachable(error)) throw error;
    }
  }
  yield put(outboxActions.queued(write));
  // Maybe the server is back already: the list goes out in order, this write last. If not, the
  // attempt schedules the next one (retryLater).
  yield put(outboxActions.flushRequested());
  return { sent: false };
}

/** Drops the kept writes of `subject` and `kind` still waiting (a newer one replaces them: the note). */
export function* replaceWaiting(kind: OutboxWrite['kind'], subject: number): SagaIterator {
  const waiting: OutboxEntry[] = yield select(selectWaiting);
  for (const entry of waiting) {
    if (entry.kind === kind && entry.subject === subject) yield put(outboxActions.replaced(entry.key));
  }
}

/**
 * While writes wait and the server does not answer, the list is tried again after these waits (the
 * last one repeating), or after the server's Retry-After; the browser's online event and the live
 * socket reopening try it at once.
 */
export const RETRY_MS = [2_000, 5_000, 15_000, 30_000];
let failedFlushes = 0;

/** Sends the waiting writes, first to last, until none is left or the server is out of reach again. */
export function* flush(): SagaIterator {
  yield put(outboxActions.flushStarted());
  let reachable = true;
  let retryInMs: number | null = null;
  try {
    while (true) {
      const waiting: OutboxEntry[] = yield select(selectWaiting);
      const next = waiting[0];
      if (next === undefined) break;
      const { refusal: _, ...write } = next;
      void _;
      try {
        const data: unknown = yield call(sendWrite, write);
        yield put(outboxActions.delivered({ write, data }));
      } catch (error) {
        if (isUnreachable(error)) {
          reachable = false;
          retryInMs = retryAfterMs(error) ?? RETRY_MS[Math.min(failedFlushes, RETRY_MS.length - 1)];
          failedFlushes += 1;
          break;
        }
        const failure = toApiFailure(error);
        if (failure.status === 401) {
          yield call(handleApiError, error, 'Pending changes'); // ends the session
          break;
        }
        const message = failureText(error, 'The server refused it.');
        yield put(outboxActions.refused({ write, status: failure.status ?? 0, message }));
        yield call(feedback.failure, `Not saved: ${write.label}. ${message}`);
      }
    }
  } finally {
    if (reachable) failedFlushes = 0;
    yield put(outboxActions.flushEnded({ reachable, retryInMs }));
  }
}

/**
 * Applies a change of the list to the stored list (which other tabs may have changed meanwhile) and
 * takes the result, so no tab's kept write is lost to another tab's older copy.
 */
export function* persist(action: Action): SagaIterator {
  const stored: OutboxEntry[] = yield call(readOutbox);
  const { entries } = outboxReducer({ entries: stored, sending: false }, action);
  yield call(writeOutbox, entries);
  yield put(outboxActions.loaded(entries));
}


function* requestFlush(): SagaIterator {
  yield put(outboxActions.flushRequested());
}

function* forget(): SagaIterator {
  // The kept writes were the signed-out session's: they must not go out under another sign-in.
  yield call(writeOutbox, []);
}

function onlineChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const online = () => emit(true);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  });
}

function* flushWhenOnline(): SagaIterator {
  const channel: EventChannel<true> = yield call(onlineChannel);
  try {
    while (true) {
      yield take(channel);
      yield put(outboxActions.flushRequested());
    }
  } finally {
    channel.close();
  }
}

function otherTabsChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const changed = (event: StorageEvent) => {
      if (event.key === OUTBOX_KEY || event.key === null) emit(true);
    };
    window.addEventListener('storage', changed);
    return () => window.removeEventListener('storage', changed);
  });
}

/**
 * Another tab of the app kept or sent a write: this tab's list follows the stored one, so every tab
 * shows the same pending list and adds its writes behind the others' (two tabs sending the same
 * write at once is harmless: the server answers the second from the first, by its key).
 */
function* followOtherTabs(): SagaIterator {
  const channel: EventChannel<true> = yield call(otherTabsChannel);
  try {
    while (true) {
      yield take(channel);
      yield put(outboxActions.loaded(readOutbox()));
    }
  } finally {
    channel.close();
  }
}

/** A replay stopped short (the server still out of reach): try again later. */
function* retryLater(action: PayloadAction<{ reachable: boolean; retryInMs: number | null }>): SagaIterator {
  if (action.payload.retryInMs === null) return;
  yield delay(action.payload.retryInMs);
  yield put(outboxActions.flushRequested());
}

export function* outboxSaga(): SagaIterator {
  yield takeLeading(outboxActions.flushRequested.type, flush);
  yield takeEvery(
    [outboxActions.queued.type, outboxActions.delivered.type, outboxActions.refused.type, outboxActions.replaced.type, outboxActions.dismissed.type],
    persist,
  );
  yield takeEvery(sessionActions.sessionStarted.type, requestFlush);
  yield takeLatest(outboxActions.flushEnded.type, retryLater);
  yield takeEvery(sessionActions.signedOut.type, forget);
  // The writes kept by an earlier visit (a reload while offline) are shown at once.
  const kept = readOutbox();
  if (kept.length > 0) yield put(outboxActions.loaded(kept));
  if (typeof window !== 'undefined') {
    yield fork(flushWhenOnline);
    yield fork(followOtherTabs);
  }
}
