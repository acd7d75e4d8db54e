import { takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';

// The working-time account's watchers (the entry carries this file: it stays tiny). The office
// line's workers and the member panel's load apart, each with its first action.
const line = lazyWorkers(() => import('./workers'));
const panel = lazyWorkers(() => import('./panelWorkers'));
const timeOff = lazyWorkers(() => import('./timeOffWorkers'));
const forLine = (a: Action) => /^timeAccount\/(summaryRequested|changed|ownStatusChanged)$/.test(a.type);
const forPanel = (a: Action) => /^timeAccount\/(panel|pattern\w+|adjustment\w+)Requested$/.test(a.type);

const forTimeOff = (a: Action) => /^timeAccount\/timeOff\w*Requested$/.test(a.type) || a.type === 'timeAccount/timeOffChanged';

export function* timeAccountSaga(): SagaIterator {
  yield takeEvery(forLine, line('route'));
  yield takeEvery(forPanel, panel('route'));
  yield takeEvery(forTimeOff, timeOff('route'));
}
