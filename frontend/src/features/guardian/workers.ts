import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { answerShiftPrompt, fetchShiftPrompt } from '../../api/guardian';
import type { ShiftPrompt, ShiftPromptState } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { formatTimeIn } from '../../shared/time';
import { guardianActions, type Answer } from './slice';

/** The pending prompt the watcher read (sagas.ts), into the slice (this chunk registers it). */
export function* show(action: PayloadAction<ShiftPrompt | null>): SagaIterator {
  yield put(guardianActions.promptLoaded(action.payload));
}

/** Read the pending prompt again (an answer was refused: what is pending now?). */
export function* loadPrompt(): SagaIterator {
  try {
    const answer: ShiftPromptState = yield call(fetchShiftPrompt);
    yield put(guardianActions.promptLoaded(answer.prompt));
  } catch (error) {
    yield call(handleApiError, error, 'GET shift prompt error');
  }
}

/** What the toast says once the server took the answer. */
export function answeredText(answer: Answer, prompt: ShiftPrompt, timeZone: string): string {
  const time = formatTimeIn(prompt.last_activity_at, timeZone);
  switch (answer) {
    case 'still_working':
      return 'Thanks: your shift goes on.';
    case 'end':
      return `Your shift ended at ${time}, your last activity.`;
    case 'keep':
      return `Your shift stays ended at ${time}.`;
    case 'undo':
      return 'The automatic end was undone: the time is back in your shift.';
  }
}

const TITLES: Record<Answer, string> = {
  still_working: 'Could not answer',
  end: 'Could not end the shift',
  keep: 'Could not answer',
  undo: 'Could not undo the end',
};

export function* answer(action: PayloadAction<{ answer: Answer; reason?: string }>): SagaIterator {
  const prompt: ShiftPrompt | null = yield select((state: RootState) => state.guardian.prompt);
  const timeZone: string = yield select((state: RootState) => state.auth.user?.timezone ?? 'UTC');
  if (!prompt) return;
  const { answer: choice, reason } = action.payload;
  try {
    const state: ShiftPromptState = yield call(answerShiftPrompt, prompt.id, { answer: choice, reason: reason ?? '' });
    yield put(guardianActions.answerSucceeded(state.prompt));
    yield call(toastSuccess, answeredText(choice, prompt, timeZone));
  } catch (error) {
    yield put(guardianActions.answerFailed());
    const status: number | null = yield call(toastFailure, error, TITLES[choice]);
    // Answered elsewhere meanwhile (another tab, the shift ended): show what is pending now.
    if (status === 400) yield call(loadPrompt);
  }
}
