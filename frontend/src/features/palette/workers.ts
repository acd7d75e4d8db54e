import { call, delay, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { searchEverything } from '../../api/search';
import type { SearchPage } from '../../api/types';
import { failureText } from '../../shared/feedback';
import { paletteActions as actions, searchable } from './slice';

/** How long typing pauses before the palette asks the server (each key restarts it). */
export const SEARCH_PAUSE_MS = 20;
export const SEARCH_FAILED = 'Search did not answer. Try again in a moment.';

export function* search(action: PayloadAction<string>): SagaIterator {
  const query = action.payload.trim();
  if (!searchable(query)) return;
  yield delay(SEARCH_PAUSE_MS);
  try {
    const page: SearchPage = yield call(searchEverything, query);
    yield put(actions.searchSucceeded({ query, hits: page.results }));
  } catch (error) {
    yield put(actions.searchFailed({ query, message: failureText(error, SEARCH_FAILED) }));
  }
}
