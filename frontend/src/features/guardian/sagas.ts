import { call, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchShiftPrompt } from '../../api/guardian';
import type { ShiftPrompt, ShiftPromptState } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { lazyWorkers } from '../../shared/lazyWorkers';
import { sessionActions } from '../../shared/session';
import { guardianLiveActions } from './actions';
import type { guardianActions } from './slice';

/** The slice's action types, without loading the slice (a lazy chunk: shared/lazyReducers.ts). */
const type = (name: keyof typeof guardianActions) => `guardian/${name}`;

// The watchers start with the store; the workers (and the slice) are a lazy chunk, fetched only
// once a question is pending: most page loads have none, and load none of it (bench/bundle).
const lazy = lazyWorkers(() => import('./workers'));

/** Is a 'Still working?' waiting? Asked when the page opens, after a reconnect and on its event. */
export function* checkPrompt(): SagaIterator {
  try {
    const answer: ShiftPromptState = yield call(fetchShiftPrompt);
    const shown: boolean = yield select((state: RootState) => state.guardian !== undefined);
    if (answer.prompt === null && !shown) return; // nothing pending, nothing shown
    const arrived: PayloadAction<ShiftPrompt | null> = { type: type('promptLoaded'), payload: answer.prompt };
    yield call(lazy('show'), arrived);
  } catch (error) {
    yield call(handleApiError, error, 'GET shift prompt error');
  }
}

export function* guardianSaga(): SagaIterator {
  yield takeLatest([sessionActions.sessionStarted.type, guardianLiveActions.promptRequested.type], checkPrompt);
  yield takeLeading(type('answerRequested'), lazy('answer'));
}
