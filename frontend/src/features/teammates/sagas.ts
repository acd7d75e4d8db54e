import { call, delay, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchTeammates, pinTeammate, unpinTeammate } from '../../api/accounts';
import type { Teammate } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { teammatesActions, type TeammateRowChange } from './slice';

/** What changes with time alone (a member's midnight: today's times; the next workday; UTC
 * offsets) reaches no event: a strip that is shown is read again this often. */
export const STRIP_REFRESH_MS = 30 * 60_000;

export function* loadTeammates(): SagaIterator {
  try {
    const list: Teammate[] = yield call(fetchTeammates);
    yield put(teammatesActions.listLoaded(list));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'Populate teammates error');
    yield put(teammatesActions.listFailed(failure.message));
  }
}

/** A live event's row: patch it in. A member the strip does not know (a new member, one who came
 * back) cannot be patched: the strip is read again. Nothing is done for a strip never shown. */
export function* applyLiveRow(action: PayloadAction<TeammateRowChange>): SagaIterator {
  const state: RootState['teammates'] = yield select((root: RootState) => root.teammates);
  if (!state.loaded && !state.loading) return;
  const { user, teammate } = action.payload;
  if (!state.loading && teammate !== null && !state.entities[user]) {
    yield put(teammatesActions.listRequested());
    return;
  }
  yield put(teammatesActions.rowPatched(action.payload));
}

/** Reload a strip that is shown (after a reconnect or a missed event: app/realtime/resync.ts). */
export function* reloadShownStrip(): SagaIterator {
  const loaded: boolean = yield select((state: RootState) => state.teammates.loaded);
  if (loaded) yield put(teammatesActions.listRequested());
}

export function* refreshWithTime(): SagaIterator {
  for (;;) {
    yield delay(STRIP_REFRESH_MS);
    yield call(reloadShownStrip);
  }
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
  yield takeEvery(teammatesActions.liveRowReceived.type, applyLiveRow);
  yield fork(refreshWithTime);
  yield takeEvery(teammatesActions.pinToggled.type, togglePin);
}
