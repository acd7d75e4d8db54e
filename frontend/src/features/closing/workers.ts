import { call, fork, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  decideCorrection,
  decidePeriods,
  fetchApprovals,
  fetchClosingSettings,
  fetchPayroll,
  fetchCorrections,
  fetchPeriod,
  lockDays,
  reopenPeriod,
  saveClosingSettings,
  type ClosingSettings,
  submitPeriod,
} from '../../api/closing';
import type { Correction, Period, UserDetails } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { failureText } from '../../shared/feedback';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { closingActions } from './slice';
import { saveFile } from '../../shared/saveFile';
import { pickableMembers, type PickableMember } from '../../shared/members';

export function* loadPeriod(): SagaIterator {
  const date: string | null = yield select((state: RootState) => state.closing.mine.date);
  try {
    const period: Period = yield call(fetchPeriod, date ?? undefined);
    yield put(closingActions.periodLoaded(period));
  } catch (error) {
    yield call(handleApiError, error, 'Get period error');
    yield put(closingActions.periodFailed());
  }
}

export function* loadApprovals(): SagaIterator {
  const state: 'submitted' | 'approved' = yield select((s: RootState) => s.closing.approvals.state);
  try {
    const items: Period[] = yield call(fetchApprovals, state);
    yield put(closingActions.approvalsLoaded(items));
  } catch (error) {
    yield call(handleApiError, error, 'Get approvals error');
    yield put(closingActions.approvalsFailed(failureText(error, 'The periods could not be loaded.')));
  }
}

export function* loadCorrections(): SagaIterator {
  try {
    const items: Correction[] = yield call(fetchCorrections);
    yield put(closingActions.correctionsLoaded(items));
  } catch (error) {
    yield call(handleApiError, error, 'Get corrections error');
  }
}

/** A write, its toast, and the reads it changed. */
function* write(run: () => Promise<unknown>, success: string, title: string): SagaIterator {
  try {
    yield call(run);
    yield put(closingActions.writeSucceeded());
    yield call(toastSuccess, success);
  } catch (error) {
    yield put(closingActions.writeFailed());
    yield call(toastFailure, error, title);
  }
  yield call(reloadShown);
}

function* reloadShown(): SagaIterator {
  const closing: RootState['closing'] = yield select((state: RootState) => state.closing);
  if (closing.mine.date) yield fork(loadPeriod);
  yield fork(loadApprovals);
  yield fork(loadCorrections);
}

export function* submit(action: PayloadAction<{ date: string }>): SagaIterator {
  yield call(write, () => submitPeriod(action.payload.date), 'Period submitted.', 'Submit period error');
}

export function* decide(action: PayloadAction<{ periodIds: number[]; approve: boolean; reason: string }>): SagaIterator {
  const { periodIds, approve, reason } = action.payload;
  const done = approve ? 'Approved.' : 'Sent back.';
  yield call(write, () => decidePeriods({ period_ids: periodIds, approve, reason }), done, 'Decide periods error');
}

export function* reopen(action: PayloadAction<{ id: number; reason: string }>): SagaIterator {
  yield call(write, () => reopenPeriod(action.payload.id, action.payload.reason), 'Period reopened.', 'Reopen period error');
}

export function* lock(action: PayloadAction<{ through: string; userIds: number[] | null; reason: string }>): SagaIterator {
  const { through, userIds, reason } = action.payload;
  const body = { through, reason, ...(userIds ? { user_ids: userIds } : {}) };
  yield call(write, () => lockDays(body), `Days up to ${through} are locked.`, 'Lock days error');
}

export function* decideOneCorrection(action: PayloadAction<{ id: number; accept: boolean; reason: string }>): SagaIterator {
  const { id, accept, reason } = action.payload;
  yield call(write, () => decideCorrection(id, accept, reason), accept ? 'Correction applied.' : 'Correction declined.', 'Decide correction error');
}

export function* loadSetting(): SagaIterator {
  try {
    const value: ClosingSettings = yield call(fetchClosingSettings);
    yield put(closingActions.settingLoaded(value));
  } catch (error) {
    yield call(handleApiError, error, 'Get workspace settings error');
  }
}

export function* saveSetting(action: PayloadAction<Partial<ClosingSettings>>): SagaIterator {
  try {
    const value: ClosingSettings = yield call(saveClosingSettings, action.payload);
    yield put(closingActions.settingLoaded(value));
    yield put(closingActions.writeSucceeded());
    yield call(toastSuccess, 'Saved.');
  } catch (error) {
    yield put(closingActions.writeFailed());
    yield call(toastFailure, error, 'Save workspace settings error');
    yield call(loadSetting); // the screen shows what the server has
  }
}

/** The members the bulk lock can be narrowed to; without them the lock is for everyone. */
export function* loadMembers(): SagaIterator {
  const viewer: UserDetails | null = yield select((state: RootState) => state.auth.user);
  if (!viewer) return;
  try {
    const members: PickableMember[] = yield call(pickableMembers, viewer);
    yield put(closingActions.membersLoaded(members));
  } catch (error) {
    yield put(closingActions.membersLoaded([]));
    yield call(handleApiError, error, 'Get members error');
  }
}

export function* downloadPayroll(action: PayloadAction<{ month: string; file: 'csv' | 'xlsx' }>): SagaIterator {
  const { month, file } = action.payload;
  try {
    const blob: Blob = yield call(fetchPayroll, month, file);
    yield call(saveFile, blob, `payroll-${month}.${file}`);
  } catch (error) {
    yield call(toastFailure, error, 'Payroll export error');
  }
}

/** Every closing action comes here (sagas.ts) and goes to its worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('closing/'.length);
  const one: Record<string, (action: PayloadAction<never>) => SagaIterator> = {
    periodRequested: loadPeriod,
    submitRequested: submit,
    approvalsRequested: loadApprovals,
    decideRequested: decide,
    reopenRequested: reopen,
    lockRequested: lock,
    correctionsRequested: loadCorrections,
    correctionDecideRequested: decideOneCorrection,
    changedElsewhere: reloadShown,
    settingRequested: loadSetting,
    membersRequested: loadMembers,
    settingSaveRequested: saveSetting,
    payrollRequested: downloadPayroll,
  };
  if (one[name]) yield call(one[name], action);
}
