import { all, call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  addAdjustment,
  deletePattern,
  fetchAdjustments,
  fetchPatterns,
  fetchTimeAccount,
  savePattern,
} from '../../api/timeAccount';
import type {
  TimeAccountAdjustment,
  TimeAccountAdjustmentWrite,
  TimeAccountPatterns,
  TimeAccountPatternWrite,
  TimeAccountSummary,
} from '../../api/types';
import type { RootState } from '../../app/store';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { timeAccountActions, type TimeAccountState } from './slice';

const account = (state: RootState): TimeAccountState | undefined =>
  (state as RootState & { timeAccount?: TimeAccountState }).timeAccount;

// Reads keep only the latest answer: an answer that comes back after a newer request is dropped.
const runs = { summary: 0, panel: 0 };

export function* loadSummary(): SagaIterator {
  const run = ++runs.summary;
  try {
    const summary: TimeAccountSummary = yield call(fetchTimeAccount);
    if (run === runs.summary) yield put(timeAccountActions.summaryLoaded(summary));
  } catch {
    // The line is an extra: it stays quiet (no banner) and shows nothing until the next read.
    if (run === runs.summary) yield put(timeAccountActions.summaryFailed());
  }
}

export function* loadPanel(userId: number): SagaIterator {
  const run = ++runs.panel;
  try {
    const [patterns, adjustments, summary]: [TimeAccountPatterns, TimeAccountAdjustment[], TimeAccountSummary] = yield all([
      call(fetchPatterns, userId),
      call(fetchAdjustments, userId),
      call(fetchTimeAccount, userId),
    ]);
    if (run === runs.panel) yield put(timeAccountActions.panelLoaded({ userId, patterns, adjustments, summary }));
  } catch (error) {
    if (run === runs.panel) yield put(timeAccountActions.panelFailed());
    yield call(toastFailure, error, 'Could not load the working-time account');
  }
}

function* panelUser(): SagaIterator<number | null> {
  const state: RootState = yield select();
  return account(state)?.panel.userId ?? null;
}

function* write(effect: () => Promise<unknown>, done: string, failed: string): SagaIterator {
  try {
    yield call(effect);
    yield call(toastSuccess, done);
    const userId: number | null = yield call(panelUser);
    if (userId !== null) yield call(loadPanel, userId);
  } catch (error) {
    yield call(toastFailure, error, failed);
  } finally {
    yield put(timeAccountActions.saveFinished());
  }
}

/** A live change or the viewer's own status change: read again what is on screen and concerned. */
export function* refresh(userIds: number[]): SagaIterator {
  const state: RootState = yield select();
  const me = state.auth.user?.id;
  const shown = account(state);
  if (!shown) return;
  const concerns = (id: number | null | undefined) => userIds.length === 0 || (id != null && userIds.includes(id));
  if ((shown.summary || shown.loading) && concerns(me)) yield call(loadSummary);
  if (shown.panel.userId !== null && concerns(shown.panel.userId)) yield call(loadPanel, shown.panel.userId);
}

export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('timeAccount/'.length);
  const payload = action.payload as unknown;
  switch (name) {
    case 'summaryRequested':
      yield call(loadSummary);
      break;
    case 'panelRequested':
      yield call(loadPanel, (payload as { userId: number }).userId);
      break;
    case 'patternSaveRequested':
      yield call(write, () => savePattern(payload as TimeAccountPatternWrite), 'Schedule saved.', 'Could not save the schedule');
      break;
    case 'patternDeleteRequested':
      yield call(write, () => deletePattern((payload as { id: number }).id), 'Schedule removed.', 'Could not remove the schedule');
      break;
    case 'adjustmentSaveRequested':
      yield call(write, () => addAdjustment(payload as TimeAccountAdjustmentWrite), 'Adjustment added.', 'Could not add the adjustment');
      break;
    case 'changed':
      yield call(refresh, (payload as { userIds: number[] }).userIds);
      break;
    case 'ownStatusChanged': {
      const state: RootState = yield select();
      if (account(state)?.summary) yield call(loadSummary);
      break;
    }
    default:
      break;
  }
}
