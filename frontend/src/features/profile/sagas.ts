import { call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { changePassword, fetchMe, updateProfile, type ProfileChanges } from '../../api/accounts';
import { setInvisibleMode } from '../../api/work';
import { toApiFailure } from '../../api/client';
import type { Detail, PasswordChangeRequest, UserDetails } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { sessionActions } from '../../shared/session';
import { requestsActions } from '../../shared/requests/slice';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { lazyWorkers } from '../../shared/lazyWorkers';
import { profileActions } from './slice';

export function* saveProfile(action: PayloadAction<ProfileChanges>): SagaIterator {
  try {
    const user: UserDetails = yield call(updateProfile, action.payload);
    yield put(sessionActions.userReloaded(user));
    yield put(profileActions.saved());
    yield call(toastSuccess, 'Profile saved.');
  } catch (error) {
    const failure = toApiFailure(error);
    // A refused field (400) is the user's to fix in the modal; anything else also goes to the handler.
    if (failure.status !== 400) yield call(handleApiError, error, 'Save Profile failed');
    yield put(profileActions.saveFailed(failure.message || 'The server did not answer.'));
  }
}

const PASSWORD_FIELDS = ['current_password', 'new_password'] as const;

/**
 * Change password: the server's answer as a toast. A refused field (400) goes back to the form next
 * to its field; any other refusal (4xx) is a toast with the server's words, a 5xx the global banner.
 */
export function* changePasswordWorker(action: PayloadAction<{ requestId: string; body: PasswordChangeRequest }>): SagaIterator {
  const { requestId, body } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    const answer: Detail = yield call(changePassword, body);
    yield call(toastSuccess, answer.detail);
    yield put(requestsActions.requestSucceeded({ requestId }));
  } catch (error) {
    const failure = toApiFailure(error);
    const fieldErrors = Object.fromEntries(PASSWORD_FIELDS.filter((name) => failure.fieldErrors[name]).map((name) => [name, failure.fieldErrors[name]]));
    yield put(requestsActions.requestFailed({ requestId, fieldErrors, message: failure.message }));
    if (Object.keys(fieldErrors).length === 0) yield call(toastFailure, error, 'The password could not be changed');
  }
}

export function* switchInvisibleMode(action: PayloadAction<boolean>): SagaIterator {
  try {
    yield call(setInvisibleMode, action.payload);
    const user: UserDetails = yield call(fetchMe);
    yield put(sessionActions.userReloaded(user));
  } catch (error) {
    yield call(handleApiError, error, 'Invisible mode error');
  }
  yield put(profileActions.invisibleModeSettled());
}

// The Integration section's calls load with it (integrationWorkers.ts), not with the entry.
const lazy = lazyWorkers(() => import('./integrationWorkers'));
// The signed-in devices' calls likewise (sessionWorkers.ts); their slice loads with the section.
const sessions = lazyWorkers(() => import('./sessionWorkers'));
const SESSION_CALLS = new Set(['sessions/listRequested', 'sessions/signOutRequested', 'sessions/othersRequested']);
// Reminders' calls likewise (reminderWorkers.ts, docs/reminders.md): the switches and the emailed link.
const reminders = lazyWorkers(() => import('./reminderWorkers'));
// Two-factor sign-in's calls likewise (twoFactorWorkers.ts).
const twoFactor = lazyWorkers(() => import('./twoFactorWorkers'));


export function* profileSaga(): SagaIterator {
  yield takeLatest(profileActions.saveRequested.type, saveProfile);
  yield takeLeading(profileActions.passwordChangeRequested.type, changePasswordWorker);
  yield takeLatest(profileActions.integrationRequested.type, lazy('loadIntegration'));
  yield takeLatest(profileActions.integrationTestRequested.type, lazy('testConnection'));
  yield takeLeading(profileActions.integrationSaveRequested.type, lazy('saveIntegration'));
  yield takeLeading(profileActions.invisibleModeToggled.type, switchInvisibleMode);
  yield takeEvery((action: Action) => SESSION_CALLS.has(action.type), sessions('route'));
  yield takeEvery((action: Action) => /^reminders\/(loadR|changeR|linkO|offR)/.test(action.type), reminders('route'));
  yield takeLeading((action: Action) => /^twoFactor\/(load|setup|confirm|disable|recoveryCodes)R/.test(action.type), twoFactor('route'));
}
