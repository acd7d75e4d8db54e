import { call, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { lazyWorkers } from '../../shared/lazyWorkers';

// The watchers start with the store (the sign-in page carries this file: it stays tiny); the
// workers load with the first workspace action (shared/lazyWorkers.ts). Reads keep the latest.
const lazy = lazyWorkers(() => import('./workers'));
const READS: Record<string, keyof typeof import('./workers') & string> = {
  'workspace/membersRequested': 'loadMembers',
  'workspace/accountOpened': 'loadAccount',
  'workspace/projectsRequested': 'loadProjects',
  'workspace/countsRequested': 'loadCounts',
  'workspace/teamPageRequested': 'loadTeamPage',
  'workspace/invitationOpened': 'openInvitation',
  'workspace/ssoRequested': 'loadSso',
  'workspace/idleMinutesRequested': 'loadSettings',
};
// The live events (actions.ts) reach the workers only while the team page is shown: the office
// does not load the workspace area's chunk for them.
const LIVE = ['workspace/teammateChanged', 'workspace/checkoutChanged', 'workspace/resyncRequested'];
const PEOPLE = ['workspace/peopleRequested', 'workspace/membersChanged'];

function* onLive(action: Action): SagaIterator {
  const shown: boolean = yield select((state: RootState) => state.workspace?.teamPage.shown ?? false);
  if (shown) yield call(lazy('route'), action);
}

export function* workspaceSaga(): SagaIterator {
  for (const [type, worker] of Object.entries(READS)) yield takeLatest(type, lazy(worker));
  yield takeLatest(PEOPLE, lazy('loadPeople'));
  yield takeEvery(LIVE, onLive);
  yield takeEvery(
    (action: Action) => action.type.startsWith('workspace/') && !(action.type in READS) && !PEOPLE.includes(action.type) && !LIVE.includes(action.type),
    lazy('route'),
  );
}
