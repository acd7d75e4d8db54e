import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { createLogUserStatus } from '../../api/work';
import { handleApiError } from '../errors/handleApiError';
import { statusActions } from './slice';

export function* enterOffice(): SagaIterator {
  try {
    yield call(createLogUserStatus, 'working');
    yield put(statusActions.officeEntered());
  } catch (error) {
    yield put(statusActions.enterOfficeFailed());
    yield call(handleApiError, error, 'Enter the office error');
  }
}

export function* statusSaga(): SagaIterator {
  yield takeLatest(statusActions.enterOfficeRequested.type, enterOffice);
}
