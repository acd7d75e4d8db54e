import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toApiFailure } from '../../api/client';
import { toastFailure } from '../toast';
import { requestsActions } from './slice';

/**
 * Reports a failed form call: field messages go back to the form (spec 02 §5: only the
 * known validation messages are shown there); anything else is the toast helper's (a refusal's
 * message as a toast, a server or network failure in the global banner, a 401 ends the session).
 */
export function* formRequestFailed(requestId: string | undefined, error: unknown, title: string): SagaIterator {
  const failure = toApiFailure(error);
  const fieldErrors = { ...failure.fieldErrors };
  delete fieldErrors.detail;
  if (failure.status === 400 && Object.keys(fieldErrors).length > 0) {
    if (requestId) {
      yield put(requestsActions.requestFailed({ requestId, fieldErrors, message: failure.message }));
    }
    return;
  }
  if (requestId) yield put(requestsActions.requestFailed({ requestId, fieldErrors: {}, message: failure.message }));
  yield call(toastFailure, error, title);
}
