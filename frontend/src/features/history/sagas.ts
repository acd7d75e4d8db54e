import { call, select, takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';
import { outboxAnswerOf, type OutboxAnswer } from '../../shared/outbox/slice';

// One watcher for every history action (the sign-in page carries this file: it stays tiny); the
// workers load with the first one and route it (workers.ts `route`), reads keeping only the
// latest answer.
const lazy = lazyWorkers(() => import('./workers'));

/**
 * A kept time change was sent or refused (docs/offline.md): the week grid reads the server's time
 * again, once History was opened (its slice is there); otherwise nothing loads.
 */
export function* outboxAnswered(action: OutboxAnswer): SagaIterator {
  const opened: boolean = yield select((state: { history?: unknown }) => state.history !== undefined);
  if (opened) yield call(lazy('outboxAnswered'), action);
}

export function* historySaga(): SagaIterator {
  yield takeEvery((action: Action) => action.type.startsWith('history/'), lazy('route'));
  yield takeEvery(outboxAnswerOf('task_time'), outboxAnswered);
}
