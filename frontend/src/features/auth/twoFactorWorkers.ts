import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { confirmSetupWithTicket, signInWithCode, startSetupWithTicket } from '../../api/twoFactor';
import type { AuthToken, TwoFactorEnrolledToken, TwoFactorSetup } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { storeSession } from '../../api/storage';
import { selectTwoFactorSignIn } from './selectors';
import { authActions } from './slice';
import { signInTwoFactorActions as actions, type TwoFactorSignIn } from './twoFactorSlice';
import { signInFailureMessage } from './validation';

// The sign-in's second step (two-factor sign-in, docs/security.md): a lazy chunk (sagas.ts).

/** The sign-in is complete: keep the session and load the user (as sagas.ts signIn does). */
function* signedIn(token: string, email: string): SagaIterator {
  yield call(storeSession, token, email);
  yield put(authActions.signInSucceeded({ token, email }));
  yield put(authActions.sessionLoadRequested());
}

/** A refused second step: an expired or spent ticket goes back to the password with a word why;
 * a wrong code stays, with the server's message. */
function* twoFactorRefused(error: unknown): SagaIterator {
  const failure = toApiFailure(error);
  if (failure.status === 400 && failure.fieldErrors.ticket) {
    yield put(actions.cancelled());
    yield put(authActions.signInFailed(failure.fieldErrors.ticket.join(' ')));
  } else if (failure.status === 400) {
    yield put(actions.failed(Object.values(failure.fieldErrors).flat().join(' ')));
  } else {
    if (failure.status !== 429) yield call(handleApiError, error, 'Sign in error');
    yield put(actions.failed(signInFailureMessage(failure.status === 429 ? 429 : null)));
  }
}

/** The password step answered a ticket: the second step begins (and, to set up, loads the key). */
export function* begin(action: PayloadAction<{ step: 'code' | 'setup'; ticket: string; email: string }>): SagaIterator {
  yield put(actions.asked(action.payload));
  if (action.payload.step === 'setup') yield call(loadTicketSetup);
}

export function* loadTicketSetup(): SagaIterator {
  const pending: TwoFactorSignIn | null = yield select(selectTwoFactorSignIn);
  if (!pending) return;
  try {
    const setup: TwoFactorSetup = yield call(startSetupWithTicket, pending.ticket);
    yield put(actions.setupLoaded(setup));
  } catch (error) {
    yield call(twoFactorRefused, error);
  }
}

/** The code of the second step, or (setting up at sign-in) the code that confirms the new app. */
export function* submitTwoFactorCode(action: PayloadAction<string>): SagaIterator {
  const pending: TwoFactorSignIn | null = yield select(selectTwoFactorSignIn);
  if (!pending) return;
  try {
    if (pending.step === 'code') {
      const { token }: AuthToken = yield call(signInWithCode, pending.ticket, action.payload);
      yield call(signedIn, token, pending.email);
    } else {
      const answer: TwoFactorEnrolledToken = yield call(confirmSetupWithTicket, pending.ticket, action.payload);
      yield put(actions.enrolled({ token: answer.token, recoveryCodes: answer.recovery_codes }));
    }
  } catch (error) {
    yield call(twoFactorRefused, error);
  }
}

/** The member has seen their recovery codes: the session starts. */
export function* continueAfterSetup(): SagaIterator {
  const pending: TwoFactorSignIn | null = yield select(selectTwoFactorSignIn);
  if (pending?.pendingToken) yield call(signedIn, pending.pendingToken, pending.email);
}
