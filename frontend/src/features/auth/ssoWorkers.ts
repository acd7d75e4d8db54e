import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { exchangeSsoCode, fetchSsoProvider } from '../../api/sso';
import { storeSession } from '../../api/storage';
import type { SignInResponse, SsoProvider } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { authActions } from './slice';
import { MESSAGES, signInFailureMessage } from './validation';

// Single sign-on's sagas (docs/security.md "Single sign-on"), a lazy chunk (sagas.ts).

/** The sign-in link's provider ('Continue with <provider>'); a link that names none: 'missing'. */
export function* loadSsoProvider(action: PayloadAction<string>): SagaIterator {
  try {
    const provider: SsoProvider = yield call(fetchSsoProvider, action.payload);
    yield put(authActions.ssoProviderLoaded(provider));
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status !== 404) yield call(handleApiError, error, 'Single sign-on error');
    yield put(authActions.ssoProviderLoaded('missing'));
  }
}

/** Back from the provider: the callback's one-time code for the token, then as a password sign-in. */
export function* ssoSignIn(action: PayloadAction<string>): SagaIterator {
  try {
    const { token, user }: SignInResponse = yield call(exchangeSsoCode, action.payload);
    yield call(storeSession, token, user.email);
    yield put(authActions.signInSucceeded({ token, email: user.email }));
  } catch (error) {
    const failure = toApiFailure(error);
    const message = failure.status === 400 ? MESSAGES.ssoCodeInvalid : signInFailureMessage(failure.status);
    yield put(authActions.ssoFailed(message));
    return;
  }
  yield put(authActions.sessionLoadRequested());
}

