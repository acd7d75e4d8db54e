import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { fetchSessions, signOutOtherSessions, signOutSession } from '../../api/selfService';
import type { Session, SessionsSignedOut } from '../../api/types';
import { failureText } from '../../shared/feedback';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { sessionsActions as actions } from './sessionsSlice';

export const SIGNED_OUT = 'The device is signed out.';

export function* loadSessions(): SagaIterator {
  try {
    const items: Session[] = yield call(fetchSessions);
    yield put(actions.listLoaded(items));
  } catch (error) {
    yield put(actions.listFailed(failureText(error, 'The devices could not be loaded.')));
    if (toApiFailure(error).status === 401) yield call(toastFailure, error, 'Signed-in devices');
  }
}

export function* signOutOne(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(signOutSession, action.payload);
    yield put(actions.sessionGone(action.payload));
    yield call(toastSuccess, SIGNED_OUT);
  } catch (error) {
    if (toApiFailure(error).status === 404) {
      // Signed out already (elsewhere, or it expired): the list says so.
      yield put(actions.sessionGone(action.payload));
      yield call(toastSuccess, SIGNED_OUT);
      return;
    }
    yield put(actions.signOutFailed(action.payload));
    yield call(toastFailure, error, 'Sign out failed');
  }
}

export function* signOutOthers(): SagaIterator {
  try {
    const answer: SessionsSignedOut = yield call(signOutOtherSessions);
    yield put(actions.othersSignedOut());
    yield call(toastSuccess, answer.detail);
  } catch (error) {
    yield put(actions.othersFailed());
    yield call(toastFailure, error, 'Sign out failed');
  }
}

/** Every sessions call comes here (profile's sagas.ts) and goes to its worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  if (actions.listRequested.match(action)) yield call(loadSessions);
  else if (actions.signOutRequested.match(action)) yield call(signOutOne, action);
  else if (actions.othersRequested.match(action)) yield call(signOutOthers);
}
