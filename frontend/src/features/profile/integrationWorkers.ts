import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchMe } from '../../api/accounts';
import { toApiFailure } from '../../api/client';
import { fetchIntegrations, saveIntegrations, syncTrackedExternally, testIntegration } from '../../api/integrations';
import type { IntegrationSettings, TestConnectionResult, UserDetails } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { sessionActions } from '../../shared/session';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { profileActions, type IntegrationConfig, type IntegrationKind } from './slice';

const isoDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

export function* loadIntegration(): SagaIterator {
  try {
    const settings: IntegrationSettings = yield call(fetchIntegrations);
    yield put(profileActions.integrationLoaded(settings));
  } catch (error) {
    const failure = toApiFailure(error);
    // The section says why on screen; a 401 ends the session and a server failure reaches the banner too.
    if (failure.status === null || failure.status === 401 || failure.status >= 500) yield call(handleApiError, error, 'GET integrations error');
    yield put(profileActions.integrationLoadFailed(failure.message || 'The settings could not be loaded.'));
  }
}

/** Test connection: the provider's answer, good or bad, is the result shown under the button. */
export function* testConnection(action: PayloadAction<{ kind: IntegrationKind; config: IntegrationConfig }>): SagaIterator {
  const { kind, config } = action.payload;
  try {
    const result: TestConnectionResult = yield call(testIntegration, { kind, config });
    yield put(profileActions.integrationTested({ kind, ok: true, text: result.message }));
  } catch (error) {
    yield put(profileActions.integrationTested({ kind, ok: false, text: toApiFailure(error).message || 'The test failed.' }));
  }
}

export function* saveIntegration(action: PayloadAction<{ calendar: IntegrationConfig | null; tracker: IntegrationConfig | null }>): SagaIterator {
  const { calendar, tracker } = action.payload;
  try {
    const saved: IntegrationSettings = yield call(saveIntegrations, {
      external_calendar_config_json: calendar,
      external_tracker_config_json: tracker,
    });
    yield put(profileActions.integrationSaved(saved));
    yield call(toastSuccess, 'Integration saved.');
    // Tracked time shows once the user has a tracker (has_tracker): publish the fresher user.
    const user: UserDetails = yield call(fetchMe);
    yield put(sessionActions.userReloaded(user));
    if (tracker && tracker.provider !== 'builtin') {
      // Copy the last week now (the background job refreshes it later); the live event
      // time_entries_synced then refreshes today's tracked time.
      const today = new Date();
      const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
      yield call(syncTrackedExternally, { from_date: isoDate(weekAgo), to_date: isoDate(today), notify_user: true });
    }
  } catch (error) {
    yield put(profileActions.integrationSaveFailed());
    yield call(toastFailure, error, 'The integration could not be saved');
  }
}
