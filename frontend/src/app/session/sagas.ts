import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchMe } from '../../api/accounts';
import { fetchCurrentUserStatus, leaveOffice } from '../../api/work';
import type { StatusRecord, UserDetails } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { sessionActions } from '../../shared/session';
import { authActions } from '../../features/auth/slice';
import { statusActions } from '../../features/status/slice';
import { decideCurrentStatus } from '../../features/status/currentStatus';
import { outboxActions } from '../../shared/outbox/slice';
import type { RootState } from '../store';

/**
 * Loads the user and their status, applying the current-status rule of spec 01 §4. It lives in
 * the app layer because it joins two features: auth asks for it, status receives the result.
 */
export function* loadSession(): SagaIterator {
  try {
    const askedAt = new Date();
    const [user, record]: [UserDetails, StatusRecord] = yield all([call(fetchMe), call(fetchCurrentUserStatus)]);
    const decision = decideCurrentStatus(record, user.timezone, askedAt);
    if (decision.leaveOffice) {
      try {
        yield call(leaveOffice);
      } catch (error) {
        yield call(handleApiError, error, 'Leave office error');
      }
    }
    yield put(statusActions.loaded(decision.status));
    yield put(sessionActions.sessionStarted(user));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'Load user session error');
    if (failure.status !== 401) yield put(authActions.sessionLoadFailed());
  }
}

/**
 * A session that could not load (a reload while offline) loads again once the server answers: the
 * outbox tries it on the browser's online event and the socket, and sends its kept writes first,
 * so the screen opens on what the server has with them (docs/offline.md).
 */
export function* retryFailedSession(action: PayloadAction<{ reachable: boolean }>): SagaIterator {
  const session: RootState['auth']['session'] = yield select((state: RootState) => state.auth.session);
  if (session === 'failed' && action.payload.reachable) yield put(authActions.sessionLoadRequested());
}

export function* sessionSaga(): SagaIterator {
  yield takeLatest(authActions.sessionLoadRequested.type, loadSession);
  yield takeEvery(outboxActions.flushEnded.type, retryFailedSession);
}
