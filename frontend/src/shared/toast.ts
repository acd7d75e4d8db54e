import { call } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toApiFailure } from '../api/client';
import { handleApiError } from './errors/handleApiError';
import { feedback, failureText, TOAST_SECONDS } from './feedback';

/** A write went through: a short success toast ('Profile saved.'). */
export function* toastSuccess(text: string): SagaIterator {
  yield call(feedback.success, text);
}

/** Nothing was done, and why ('Your note is not empty: nothing was replaced.'). */
export function* toastInfo(text: string): SagaIterator {
  yield call(feedback.message.open, { type: 'info', content: text, duration: TOAST_SECONDS.success });
}

/**
 * A write failed. The server refused it (400, 403, 404, 409): a toast with the server's message,
 * and the screen stays where it is. A 401 ends the session; a server or network failure goes to
 * the global error banner (spec 01 §8) under `title`. Returns the status for callers that branch on it.
 */
export function* toastFailure(error: unknown, title: string): SagaIterator<number | null> {
  const failure = toApiFailure(error);
  if (failure.status !== null && failure.status >= 400 && failure.status < 500 && failure.status !== 401) {
    yield call(feedback.failure, failureText(error, `${title}.`));
  } else {
    yield call(handleApiError, error, title);
  }
  return failure.status;
}
