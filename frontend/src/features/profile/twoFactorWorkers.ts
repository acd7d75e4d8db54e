import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { confirmTwoFactor, disableTwoFactor, fetchTwoFactor, replaceRecoveryCodes, startTwoFactorSetup } from '../../api/twoFactor';
import type {
  Detail,
  TwoFactorDisableRequest,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorState,
} from '../../api/types';
import { toApiFailure } from '../../api/client';
import { failureText } from '../../shared/feedback';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { twoFactorActions as actions } from './twoFactorSlice';

export const TURNED_ON = 'Two-factor sign-in is on.';
export const CODES_REPLACED = 'New recovery codes made. The old ones no longer work.';

/** A 400's message goes to the field; anything else is a toast too. */
function* refused(error: unknown, title: string): SagaIterator {
  yield put(actions.failed(failureText(error, `${title}. Please try again.`)));
  if (toApiFailure(error).status !== 400) yield call(toastFailure, error, title);
}

export function* loadTwoFactor(): SagaIterator {
  try {
    const state: TwoFactorState = yield call(fetchTwoFactor);
    yield put(actions.loaded(state));
  } catch (error) {
    yield put(actions.loadFailed(failureText(error, 'Two-factor sign-in could not be loaded.')));
  }
}

export function* startSetup(action: PayloadAction<string>): SagaIterator {
  try {
    const setup: TwoFactorSetup = yield call(startTwoFactorSetup, action.payload);
    yield put(actions.setupStarted(setup));
  } catch (error) {
    yield call(refused, error, 'The set-up could not start');
  }
}

export function* confirmSetup(action: PayloadAction<string>): SagaIterator {
  try {
    const { recovery_codes }: TwoFactorRecoveryCodes = yield call(confirmTwoFactor, action.payload);
    const state: TwoFactorState = yield call(fetchTwoFactor);
    yield put(actions.turnedOn({ recoveryCodes: recovery_codes, state }));
    yield call(toastSuccess, TURNED_ON);
  } catch (error) {
    yield call(refused, error, 'Two-factor sign-in could not be turned on');
  }
}

export function* turnOff(action: PayloadAction<TwoFactorDisableRequest>): SagaIterator {
  try {
    const answer: Detail = yield call(disableTwoFactor, action.payload);
    const state: TwoFactorState = yield call(fetchTwoFactor);
    yield put(actions.turnedOff(state));
    yield call(toastSuccess, answer.detail);
  } catch (error) {
    yield call(refused, error, 'Two-factor sign-in could not be turned off');
  }
}

export function* newRecoveryCodes(action: PayloadAction<string>): SagaIterator {
  try {
    const { recovery_codes }: TwoFactorRecoveryCodes = yield call(replaceRecoveryCodes, action.payload);
    const state: TwoFactorState = yield call(fetchTwoFactor);
    yield put(actions.recoveryCodesReplaced({ recoveryCodes: recovery_codes, state }));
    yield call(toastSuccess, CODES_REPLACED);
  } catch (error) {
    yield call(refused, error, 'New recovery codes could not be made');
  }
}

/** Every two-factor call of the profile comes here (profile's sagas.ts) and goes to its worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  if (actions.loadRequested.match(action)) yield call(loadTwoFactor);
  else if (actions.setupRequested.match(action)) yield call(startSetup, action);
  else if (actions.confirmRequested.match(action)) yield call(confirmSetup, action);
  else if (actions.disableRequested.match(action)) yield call(turnOff, action);
  else if (actions.recoveryCodesRequested.match(action)) yield call(newRecoveryCodes, action);
}
