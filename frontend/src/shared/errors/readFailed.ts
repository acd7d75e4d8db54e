import { call } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toApiFailure } from '../../api/client';
import { failureText } from '../feedback';
import { handleApiError } from './handleApiError';

const isRefusal = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 401;

/**
 * A failed read (docs/architecture.md, "The data idiom"): a refusal (4xx) keeps the server's words on
 * the screen that asked, with no banner; a 401 ends the session and anything else (5xx, no answer)
 * goes to the global banner under `title` as well. Returns the words the screen keeps: the server's,
 * or `fallback` when it said nothing readable.
 */
export function* readFailed(error: unknown, title: string, fallback: string): SagaIterator<string> {
  if (!isRefusal(toApiFailure(error).status)) yield call(handleApiError, error, title);
  return failureText(error, fallback);
}
