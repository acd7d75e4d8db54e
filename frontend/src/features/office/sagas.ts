import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { fetchNextCalendarSchedule } from '../../api/work';
import type { NextCalendarSchedule } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { officeActions } from './slice';

export function* loadSchedule(): SagaIterator {
  try {
    const schedule: NextCalendarSchedule = yield call(fetchNextCalendarSchedule);
    yield put(officeActions.scheduleLoaded({ schedule, fetchedAt: new Date().toISOString() }));
  } catch (error) {
    yield put(officeActions.scheduleFailed());
    yield call(handleApiError, error, 'Get next calendar schedule error');
  }
}

export function* officeSaga(): SagaIterator {
  yield takeLatest(officeActions.scheduleRequested.type, loadSchedule);
}
