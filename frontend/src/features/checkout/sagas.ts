import { takeEvery, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';
import { outboxAnswerOf } from '../../shared/outbox/slice';

// One watcher for the checkout's actions (the sign-in page carries this file: it stays tiny); the
// workers load with the first one and route it (workers.ts `route`). The note has its own: one
// save at a time, the newest text waiting going next (workers.ts `saveNotes`).
const lazy = lazyWorkers(() => import('./workers'));
const NOTES_BLURRED = 'checkout/notesBlurred';

export function* checkoutSaga(): SagaIterator {
  yield takeLeading(NOTES_BLURRED, lazy('saveNotes'));
  yield takeEvery(outboxAnswerOf('note'), lazy('noteAnswered'));
  yield takeEvery((action: Action) => action.type.startsWith('checkout/') && action.type !== NOTES_BLURRED, lazy('route'));
}
