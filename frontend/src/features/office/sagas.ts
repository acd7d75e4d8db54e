import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { fetchNextCalendarSchedule, syncCalendarSchedule } from '../../api/work';
import type { NextCalendarSchedule } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { officeActions } from './slice';
import { sessionActions } from '../../shared/session';

export function* loadSchedule(): SagaIterator {
  try {
    const schedule: NextCalendarSchedule = yield call(fetchNextCalendarSchedule);
    yield put(officeActions.scheduleLoaded({ schedule, fetchedAt: new Date().toISOString() }));
  } catch (error) {
    yield put(officeActions.scheduleFailed());
    yield call(handleApiError, error, 'Get next calendar schedule error');
  }
}

/** Days a Reload imports: today and the next 13 (the calendar calls' YYYYMMDD). */
export const IMPORT_DAYS = 14;

export function calendarDate(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}${pad(day.getMonth() + 1)}${pad(day.getDate())}`;
}

export function* importCalendar(): SagaIterator {
  const today = new Date();
  const last = new Date(today.getFullYear(), today.getMonth(), today.getDate() + IMPORT_DAYS - 1);
  try {
    yield call(syncCalendarSchedule, { start_date: calendarDate(today), end_date: calendarDate(last) });
  } catch (error) {
    yield call(handleApiError, error, 'Synchronize calendar entries error');
  }
  yield put(officeActions.calendarImportFinished());
  // The tooltip reads the import's state (success or failure) from the schedule.
  yield call(loadSchedule);
}

export function* officeSaga(): SagaIterator {
  yield takeLatest(officeActions.scheduleRequested.type, loadSchedule);
  yield takeLatest(officeActions.calendarImportRequested.type, importCalendar);
  // A changed user may have a calendar feed now (Edit Profile's Integration): the tooltip follows.
  yield takeLatest(sessionActions.userReloaded.type, loadSchedule);
}
