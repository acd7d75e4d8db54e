import { actionChannel, call, delay, flush, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { buffers, type SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchTeammates, pinTeammate, unpinTeammate } from '../../api/accounts';
import type { Teammate } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { teammatesActions } from './slice';

/** Several events often arrive together (a switch, then a profile change): reload once. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;
/** After a reload, the next waits this long per row shown, up to MAX_RELOAD_PAUSE_MS: a team of 3
 * sees each change at once; in a team of 500 people entering the office in the same minutes,
 * each screen reloads the ~230 KB strip at most every 5 s instead of on every change. */
export const RELOAD_PAUSE_PER_ROW_MS = 10;
export const MAX_RELOAD_PAUSE_MS = 5000;

export function reloadPause(rows: number): number {
  return Math.min(MAX_RELOAD_PAUSE_MS, rows * RELOAD_PAUSE_PER_ROW_MS);
}

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

/** Live changes, paced: a burst is gathered for LIVE_RELOAD_DEBOUNCE_MS, then one reload covers
 * it; changes during the reload or the pause after it wait (one is enough) for the next one. */
export function* pacedLiveReloads(): SagaIterator {
  const changes = yield actionChannel(teammatesActions.liveChangeReceived.type, buffers.sliding(1));
  for (;;) {
    yield take(changes);
    yield delay(LIVE_RELOAD_DEBOUNCE_MS);
    yield flush(changes); // what arrived while gathering: this reload covers it
    yield call(reloadOnLiveChange);
    const rows: number = yield select((state: RootState) => state.teammates.list.length);
    yield delay(reloadPause(rows));
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
  yield fork(pacedLiveReloads);
  yield takeEvery(teammatesActions.pinToggled.type, togglePin);
}
