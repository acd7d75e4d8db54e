import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { checkReminderLink, fetchReminderSettings, switchReminderOff, updateReminderSettings } from '../../api/reminders';
import type { ReminderLinkAnswer, ReminderSettings, ReminderSettingsUpdate, ReminderSwitchedOff } from '../../api/types';
import { failureText } from '../../shared/feedback';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { remindersActions as actions } from './remindersSlice';

export const SAVED = 'Reminders saved.';
export const TOO_MANY = 'Too many attempts. Wait a while and try again.';
export const NO_ANSWER = 'The server did not answer. Try again in a moment.';

export function* loadReminders(): SagaIterator {
  try {
    const settings: ReminderSettings = yield call(fetchReminderSettings);
    yield put(actions.loaded(settings));
  } catch (error) {
    yield put(actions.loadFailed(failureText(error, 'The reminders could not be loaded.')));
  }
}

export function* changeReminders(action: PayloadAction<ReminderSettingsUpdate>): SagaIterator {
  const keys = Object.keys(action.payload);
  try {
    const settings: ReminderSettings = yield call(updateReminderSettings, action.payload);
    yield put(actions.changed({ settings, keys }));
    yield call(toastSuccess, SAVED);
  } catch (error) {
    // Refused or not answered: the switches show what the server holds again.
    yield put(actions.changeFailed(keys));
    yield call(toastFailure, error, 'Reminders not saved');
    yield call(loadReminders);
  }
}

function problemOf(error: unknown): string {
  const failure = toApiFailure(error);
  if (failure.status === 429) return TOO_MANY;
  const messages = failure.fieldErrors.token ?? [];
  return messages.length ? messages.join(' ') : NO_ANSWER;
}

export function* checkLink(action: PayloadAction<string>): SagaIterator {
  try {
    const answer: ReminderLinkAnswer = yield call(checkReminderLink, action.payload);
    yield put(actions.linkValid(answer));
  } catch (error) {
    yield put(actions.linkInvalid(problemOf(error)));
  }
}

export function* switchOff(action: PayloadAction<string>): SagaIterator {
  try {
    const answer: ReminderSwitchedOff = yield call(switchReminderOff, action.payload);
    yield put(actions.offDone(answer.detail));
  } catch (error) {
    yield put(actions.linkInvalid(problemOf(error)));
  }
}

/** Every reminders call comes here (profile's sagas.ts) and goes to its worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  if (actions.loadRequested.match(action)) yield call(loadReminders);
  else if (actions.changeRequested.match(action)) yield call(changeReminders, action);
  else if (actions.linkOpened.match(action)) yield call(checkLink, action);
  else if (actions.offRequested.match(action)) yield call(switchOff, action);
}
