import { all, call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { addAdjustment, deletePattern, fetchAdjustments, fetchPatterns, fetchTimeAccount, savePattern } from '../../api/timeAccount';
import type {
  TimeAccountAdjustment,
  TimeAccountAdjustmentWrite,
  TimeAccountPatterns,
  TimeAccountPatternWrite,
  TimeAccountSummary,
} from '../../api/types';
import type { RootState } from '../../app/store';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { timeAccountActions } from './slice';

// The member account panel's workers (admins, the workspace area): a lazy chunk of their own.
let runs = 0;

export function* loadPanel(userId: number): SagaIterator {
  const run = ++runs;
  try {
    const [patterns, adjustments, summary]: [TimeAccountPatterns, TimeAccountAdjustment[], TimeAccountSummary] = yield all([
      call(fetchPatterns, userId),
      call(fetchAdjustments, userId),
      call(fetchTimeAccount, userId),
    ]);
    if (run === runs) yield put(timeAccountActions.panelLoaded({ userId, patterns, adjustments, summary }));
  } catch (error) {
    if (run === runs) yield put(timeAccountActions.panelFailed());
    yield call(toastFailure, error, 'Could not load the working-time account');
  }
}

function* panelUser(): SagaIterator<number | null> {
  const state: RootState = yield select();
  return state.timeAccount?.panel.userId ?? null;
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

export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('timeAccount/'.length);
  const payload = action.payload as unknown;
  switch (name) {
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
    default:
      break;
  }
}
