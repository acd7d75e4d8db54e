import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure, type ApiFailure } from '../../api/client';
import { checkPasswordReset, confirmPasswordReset, requestPasswordReset } from '../../api/selfService';
import type { Detail, PasswordResetAccount } from '../../api/types';
import { passwordResetActions as actions, type ResetLink } from './slice';

export const TOO_MANY = 'Too many attempts. Wait a while and try again.';
export const NO_ANSWER = 'The server did not answer. Try again in a moment.';

function problemOf(failure: ApiFailure, field: string): string {
  if (failure.status === 429) return TOO_MANY;
  const messages = failure.fieldErrors[field] ?? (failure.status === 400 ? Object.values(failure.fieldErrors).flat() : []);
  return messages.length ? messages.join(' ') : NO_ANSWER;
}

export function* requestLink(action: PayloadAction<{ email: string }>): SagaIterator {
  try {
    const answer: Detail = yield call(requestPasswordReset, action.payload.email);
    yield put(actions.requestSent(answer.detail));
  } catch (error) {
    yield put(actions.requestFailed(problemOf(toApiFailure(error), 'email')));
  }
}

export function* checkLink(action: PayloadAction<ResetLink>): SagaIterator {
  try {
    const account: PasswordResetAccount = yield call(checkPasswordReset, action.payload);
    yield put(actions.linkValid(account.email));
  } catch (error) {
    yield put(actions.linkInvalid(problemOf(toApiFailure(error), 'token')));
  }
}

export function* confirm(action: PayloadAction<ResetLink & { newPassword: string }>): SagaIterator {
  const { uid, token, newPassword } = action.payload;
  try {
    const answer: Detail = yield call(confirmPasswordReset, { uid, token, new_password: newPassword });
    yield put(actions.confirmSucceeded(answer.detail));
  } catch (error) {
    const failure = toApiFailure(error);
    // The link stopped working meanwhile (used, expired): the page says so instead of the form.
    if (failure.fieldErrors.token) yield put(actions.linkInvalid(failure.fieldErrors.token.join(' ')));
    else yield put(actions.confirmFailed(problemOf(failure, 'new_password')));
  }
}

/** Every call of the feature comes here (sagas.ts) and goes to its worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  if (actions.requestSubmitted.match(action)) yield call(requestLink, action);
  else if (actions.linkOpened.match(action)) yield call(checkLink, action);
  else if (actions.confirmSubmitted.match(action)) yield call(confirm, action);
}
