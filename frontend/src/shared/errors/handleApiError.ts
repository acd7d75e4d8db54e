import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { clearStoredSession } from '../../api/storage';
import { toApiFailure, type ApiFailure } from '../../api/client';
import { sessionActions } from '../session';
import { errorsActions } from './slice';

/**
 * The one handler for every failed call (spec 01 §8): a 401 ends the session,
 * anything else is recorded for the global banner. Returns the failure for callers
 * that need the status (sign-in shows its own message).
 */
export function* handleApiError(error: unknown, title: string): SagaIterator<ApiFailure> {
  const failure = toApiFailure(error);
  if (failure.status === 401) {
    yield call(clearStoredSession);
    yield put(sessionActions.signedOut());
  } else {
    yield put(errorsActions.errorRecorded({ title, message: failure.message || 'The server did not answer.' }));
  }
  return failure;
}
