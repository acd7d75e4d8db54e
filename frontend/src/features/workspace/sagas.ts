import { takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { lazyWorkers } from '../../shared/lazyWorkers';

// The watchers start with the store (the sign-in page carries this file: it stays tiny); the
// workers load with the first workspace action (shared/lazyWorkers.ts). Reads keep the latest.
const lazy = lazyWorkers(() => import('./workers'));
const READS = ['workspace/membersRequested', 'workspace/peopleRequested', 'workspace/accountOpened'];

export function* workspaceSaga(): SagaIterator {
  yield takeLatest('workspace/membersRequested', lazy('loadMembers'));
  yield takeLatest(['workspace/peopleRequested', 'workspace/membersChanged'], lazy('loadPeople'));
  yield takeLatest('workspace/accountOpened', lazy('loadAccount'));
  yield takeEvery((action: Action) => action.type.startsWith('workspace/') && !READS.includes(action.type), lazy('route'));
}
