import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchTimeAccount } from '../../api/timeAccount';
import type { TimeAccountSummary } from '../../api/types';
import type { RootState } from '../../app/store';
import { timeAccountActions } from './slice';

// The office line's workers (a lazy chunk); the member panel's are in panelWorkers.ts.
// Reads keep only the latest answer: an answer that comes back after a newer request is dropped.
let runs = 0;

export function* loadSummary(): SagaIterator {
  const run = ++runs;
  try {
    const summary: TimeAccountSummary = yield call(fetchTimeAccount);
    if (run === runs) yield put(timeAccountActions.summaryLoaded(summary));
  } catch {
    // The line is an extra: it stays quiet (no banner) and shows nothing new until the next read.
    if (run === runs) yield put(timeAccountActions.summaryFailed());
  }
}

// The member panel's and time off's workers: chunks of their own, loaded on their first action.
const panelWorkers = () => import('./panelWorkers');
const timeOffWorkers = () => import('./timeOffWorkers');

/** The line's reads: on request, on a live change that concerns what is shown, on the viewer's own status change. */
export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('timeAccount/'.length);
  if (/^(panel|pattern\w+|adjustment\w+|workspaceSettings|region\w+|holiday\w+|defaultPattern\w+|type\w+|rules\w+|memberRegion\w+)Requested$/.test(name)) {
    const module: Awaited<ReturnType<typeof panelWorkers>> = yield call(panelWorkers);
    yield call(module.route, action);
    return;
  }
  if (name.startsWith('timeOff')) {
    const module: Awaited<ReturnType<typeof timeOffWorkers>> = yield call(timeOffWorkers);
    yield call(module.route, action);
    return;
  }
  const state: RootState = yield select();
  const shown = state.timeAccount?.summary ?? null;
  if (name === 'summaryRequested') yield call(loadSummary);
  else if (name === 'ownStatusChanged' && shown) yield call(loadSummary);
  else if (name === 'changed') {
    const { userIds } = action.payload as unknown as { userIds: number[] };
    const concerns = (id: number | null | undefined) => id != null && (userIds.length === 0 || userIds.includes(id));
    if (shown && concerns(state.auth.user?.id)) yield call(loadSummary);
    // The member panel (admins) reads again through its own workers.
    const panelUser = state.timeAccount?.panel.userId;
    if (concerns(panelUser)) yield put(timeAccountActions.panelRequested({ userId: panelUser as number }));
  }
}
