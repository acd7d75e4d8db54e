import { call, debounce, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchTeammates, pinTeammate, unpinTeammate } from '../../api/accounts';
import type { Teammate } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { teammatesActions } from './slice';

/** Several events often arrive together (a switch, then a profile change): reload once. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;

export function* loadTeammates(): SagaIterator {
  try {
    const list: Teammate[] = yield call(fetchTeammates);
    yield put(teammatesActions.listLoaded(list));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'Populate teammates error');
    yield put(teammatesActions.listFailed(failure.message));
  }
}

/** Only a strip that has been shown is kept fresh. */
export function* reloadOnLiveChange(): SagaIterator {
  const loaded: boolean = yield select((state: RootState) => state.teammates.loaded);
  if (loaded) yield call(loadTeammates);
}

export function* togglePin(action: PayloadAction<{ user: number; pinned: boolean }>): SagaIterator {
  const { user, pinned } = action.payload;
  try {
    yield call(pinned ? pinTeammate : unpinTeammate, user);
  } catch (error) {
    yield put(teammatesActions.pinFailed(action.payload));
    yield call(handleApiError, error, pinned ? 'Pin teammate error' : 'Unpin teammate error');
  }
}

export function* teammatesSaga(): SagaIterator {
  yield takeLatest(teammatesActions.listRequested.type, loadTeammates);
  yield debounce(LIVE_RELOAD_DEBOUNCE_MS, teammatesActions.liveChangeReceived.type, reloadOnLiveChange);
  yield takeEvery(teammatesActions.pinToggled.type, togglePin);
}
