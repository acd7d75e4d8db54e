import { all, call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  cancelTimeOff,
  decideTimeOff,
  fetchAllowance,
  fetchMyTimeOff,
  fetchTimeOffToDecide,
  fetchTimeOffTypes,
  requestTimeOff,
} from '../../api/timeAccount';
import type { TimeOffAllowance, TimeOffCreate, TimeOffDecision, TimeOffRequest, TimeOffType } from '../../api/types';
import type { RootState } from '../../app/store';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { timeAccountActions } from './slice';

// Time off's workers (the drawer the office line opens): a lazy chunk of their own.
let runs = 0;

export function* loadTimeOff(): SagaIterator {
  const run = ++runs;
  try {
    const [mine, toDecide, types, allowance]: [TimeOffRequest[], TimeOffRequest[], TimeOffType[], TimeOffAllowance[]] = yield all([
      call(fetchMyTimeOff),
      call(fetchTimeOffToDecide),
      call(fetchTimeOffTypes),
      call(fetchAllowance),
    ]);
    if (run === runs) yield put(timeAccountActions.timeOffLoaded({ mine, toDecide, types, allowance }));
  } catch (error) {
    yield call(toastFailure, error, 'Could not load time off');
  }
}

function* write(effect: () => Promise<unknown>, done: string, failed: string): SagaIterator {
  try {
    yield call(effect);
    yield call(toastSuccess, done);
    yield call(loadTimeOff);
    // Approved or cancelled time off changes the target: the line reads again.
    yield put(timeAccountActions.summaryRequested());
  } catch (error) {
    yield call(toastFailure, error, failed);
  } finally {
    yield put(timeAccountActions.timeOffSaveFinished());
  }
}

export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('timeAccount/'.length);
  const payload = action.payload as unknown;
  const shown: boolean = yield select((state: RootState) => state.timeAccount?.timeOff.mine != null);
  if (name === 'timeOffRequested' || (name === 'timeOffChanged' && shown)) yield call(loadTimeOff);
  else if (name === 'timeOffCreateRequested')
    yield call(write, () => requestTimeOff(payload as TimeOffCreate), 'Time off requested.', 'Could not request time off');
  else if (name === 'timeOffDecideRequested') {
    const decision = payload as TimeOffDecision;
    yield call(write, () => decideTimeOff(decision), decision.approve ? 'Approved.' : 'Declined.', 'Could not decide');
  } else if (name === 'timeOffCancelRequested')
    yield call(write, () => cancelTimeOff((payload as { id: number }).id), 'Time off cancelled.', 'Could not cancel');
}
