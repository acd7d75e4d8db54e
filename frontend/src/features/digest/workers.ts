import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { fetchDigest } from '../../api/digest';
import type { Digest } from '../../api/types';
import { failureText } from '../../shared/feedback';
import { digestActions as actions } from './slice';

export const NOT_YOURS = 'The morning digest is for observers, team-page owners and admins.';

export function* loadDigest(action: PayloadAction<string | null>): SagaIterator {
  try {
    const digest: Digest = yield call(fetchDigest, action.payload ?? undefined);
    yield put(actions.loaded(digest));
  } catch (error) {
    const notFound = toApiFailure(error).status === 404;
    yield put(actions.loadFailed({ message: notFound ? NOT_YOURS : failureText(error, 'The digest could not be loaded.'), notFound }));
  }
}
