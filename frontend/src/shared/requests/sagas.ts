import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toApiFailure } from '../../api/client';
import { handleApiError } from '../errors/handleApiError';
import { requestsActions } from './slice';

/**
 * Reports a failed form call: field messages go back to the form (spec 02 §5: only the
 * known validation messages are shown there); anything else goes to the error handler.
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
  yield call(handleApiError, error, title);
}
