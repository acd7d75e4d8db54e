import { call, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { fetchMe, logout, logoutAll, obtainToken } from '../../api/accounts';
import { toApiFailure } from '../../api/client';
import { clearStoredSession, storeSession, TOKEN_KEY, EMAIL_KEY } from '../../api/storage';
import type { SignInAnswer, UserDetails } from '../../api/types';
import { lazyWorkers } from '../../shared/lazyWorkers';
import { handleApiError } from '../../shared/errors/handleApiError';
import { authActions, type Credentials } from './slice';
import { selectToken } from './selectors';
import { signInFailureMessage } from './validation';

// Single sign-on's workers (and their API calls) load with its first action, not with the entry.
const sso = lazyWorkers(() => import('./ssoWorkers'));

export function* signIn(action: PayloadAction<Credentials>): SagaIterator {
  const { email, password } = action.payload;
  let answer: SignInAnswer;
  try {
    answer = yield call(obtainToken, { email, password });
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status !== 400 && failure.status !== 429) {
      yield call(handleApiError, error, 'Sign in error');
    }
    yield put(authActions.signInFailed(signInFailureMessage(failure.status, failure.fieldErrors.non_field_errors?.[0])));
    return;
  }
  if (!('token' in answer)) {
    // Two-factor sign-in: no token until the second step (docs/security.md).
    const step = answer.two_factor_setup_required ? 'setup' : 'code';
    const begin: Action & { payload: object } = { type: 'signInTwoFactor/begin', payload: { step, ticket: answer.ticket, email } };
    yield call(twoFactor('begin'), begin);
    return;
  }
  yield call(signedIn, answer.token, email);
}

function* signedIn(token: string, email: string): SagaIterator {
  yield call(storeSession, token, email);
  yield put(authActions.signInSucceeded({ token, email }));
  // The app layer's session saga loads the user and their status.
  yield put(authActions.sessionLoadRequested());
}

export function* signOut(action: PayloadAction<{ allDevices: boolean }>): SagaIterator {
  try {
    yield call(action.payload.allDevices ? logoutAll : logout);
  } catch (error) {
    // A 401 means the token is already gone; either way this tab signs out.
    if (toApiFailure(error).status !== 401) yield call(handleApiError, error, 'Sign out error');
  }
  yield call(clearStoredSession);
  yield put(authActions.signedOut());
}

export function* reloadUser(): SagaIterator {
  try {
    const user: UserDetails = yield call(fetchMe);
    yield put(authActions.userReloaded(user));
  } catch (error) {
    yield call(handleApiError, error, 'Reload user details error');
  }
}

type StorageChange = { token: string | null; email: string | null };

function storageChannel(): EventChannel<StorageChange> {
  return eventChannel((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) {
        emit({ token: localStorage.getItem(TOKEN_KEY), email: localStorage.getItem(EMAIL_KEY) });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  });
}

/** Another tab of this browser signed in or out: follow it. */
export function* followOtherTabs(): SagaIterator {
  const channel: EventChannel<StorageChange> = yield call(storageChannel);
  try {
    while (true) {
      const change: StorageChange = yield take(channel);
      const current: string | null = yield select(selectToken);
      if (change.token === current) continue;
      if (change.token === null) {
        yield put(authActions.signedOut());
      } else if (change.email) {
        yield put(authActions.signInSucceeded({ token: change.token, email: change.email }));
        yield put(authActions.sessionLoadRequested());
      }
    }
  } finally {
    channel.close();
  }
}

// The second step's workers (and their API calls) load with the first two-factor sign-in.
const twoFactor = lazyWorkers(() => import('./twoFactorWorkers'));

export function* authSaga(): SagaIterator {
  yield takeLatest(authActions.signInSubmitted.type, signIn);
  yield takeLeading('signInTwoFactor/codeSubmitted', twoFactor('submitTwoFactorCode'));
  yield takeLeading('signInTwoFactor/continued', twoFactor('continueAfterSetup'));
  yield takeEvery(authActions.signOutRequested.type, signOut);
  yield takeLatest(authActions.userReloadRequested.type, reloadUser);
  yield takeLatest(authActions.ssoProviderRequested.type, sso('loadSsoProvider'));
  yield takeLatest(authActions.ssoCodeSubmitted.type, sso('ssoSignIn'));
  const token: string | null = yield select(selectToken);
  if (token) yield put(authActions.sessionLoadRequested());
  if (typeof window !== 'undefined') yield call(followOtherTabs);
}
