import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { testIntegration } from '../../api/integrations';
import type { Detail, Member, MemberCreated, MemberCreateRequest, MemberDetail, MemberPage, TestConnectionResult, UserDetails, WeekStart } from '../../api/types';
import {
  createMember,
  deactivateMember,
  fetchMember,
  fetchMembers,
  inviteMember,
  reactivateMember,
  setMemberTeamPage,
  updateMember,
  updateWorkspaceSettings,
} from '../../api/workspace';
import { fetchMe } from '../../api/accounts';
import { sessionActions } from '../../shared/session';
import { requestsActions } from '../../shared/requests/slice';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { membersKey, workspaceActions, type AccountSave, type MembersQuery } from './slice';

export const PAGE_SIZE = 50;
const nameOf = (member: { display_name: string; email: string }) => member.display_name || member.email;

/**
 * A refused form (400 with field messages): the messages go back to the form through the request,
 * and every failure says so as the workspace area does: a refusal (4xx) in a toast with the
 * server's words, a 401 ends the session, a server failure (5xx) goes to the global banner.
 */
function* formFailed(requestId: string, error: unknown, title: string): SagaIterator {
  const failure = toApiFailure(error);
  const fieldErrors = { ...failure.fieldErrors };
  delete fieldErrors.detail;
  yield put(requestsActions.requestFailed({ requestId, fieldErrors, message: failure.message }));
  yield call(toastFailure, error, title);
}

export function* loadMembers(action: PayloadAction<MembersQuery>): SagaIterator {
  const query = action.payload;
  const key = membersKey(query);
  try {
    const answer: MemberPage = yield call(fetchMembers, {
      status: query.filter === 'Active' ? 'active' : 'inactive',
      search: query.search,
      page: query.page,
      page_size: PAGE_SIZE,
    });
    // A page emptied by a deactivation: the panel shows the one before.
    yield put(workspaceActions.membersLoaded({ key, rows: answer.results, count: answer.count, emptyPage: answer.results.length === 0 && query.page > 1 }));
  } catch (error) {
    yield put(workspaceActions.membersFailed(key));
    yield call(toastFailure, error, 'The members could not be loaded');
  }
}

export function* loadPeople(): SagaIterator {
  try {
    const answer: MemberPage = yield call(fetchMembers, { status: 'active', page_size: 100 });
    yield put(workspaceActions.peopleLoaded(answer.results));
  } catch {
    // The choices stay as they were; the panels' own rows say more.
    yield put(workspaceActions.peopleLoaded([]));
  }
}

export function* loadAccount(action: PayloadAction<number>): SagaIterator {
  try {
    const member: MemberDetail = yield call(fetchMember, action.payload);
    yield put(workspaceActions.accountLoaded(member));
  } catch (error) {
    yield put(workspaceActions.accountFailed(action.payload));
    yield call(toastFailure, error, 'The member could not be loaded');
  }
}

export function* saveAccount(action: PayloadAction<AccountSave>): SagaIterator {
  const { requestId, id, body, teamPages, name } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    yield call(updateMember, id, body);
    if (teamPages !== null) yield call(setMemberTeamPage, id, teamPages);
    yield call(toastSuccess, `${name} saved.`);
    yield put(requestsActions.requestSucceeded({ requestId, resultId: id }));
    yield put(workspaceActions.membersChanged());
  } catch (error) {
    yield call(formFailed, requestId, error, 'The member could not be saved');
  }
}

export function* addMember(action: PayloadAction<{ requestId: string; body: MemberCreateRequest }>): SagaIterator {
  const { requestId, body } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    const created: MemberCreated = yield call(createMember, body);
    yield call(toastSuccess, body.send_invitation ? `Invitation sent to ${created.member.email}.` : `${created.member.display_name} added without an invitation.`);
    yield put(workspaceActions.memberCreated(created));
    yield put(requestsActions.requestSucceeded({ requestId, resultId: created.member.id }));
    yield put(workspaceActions.membersChanged());
  } catch (error) {
    yield call(formFailed, requestId, error, 'The member could not be added');
  }
}

export function* invite(action: PayloadAction<Member>): SagaIterator {
  try {
    const answer: Detail = yield call(inviteMember, action.payload.id);
    yield call(toastSuccess, answer.detail);
  } catch (error) {
    yield call(toastFailure, error, 'The invitation could not be sent');
  }
}

export function* deactivate(action: PayloadAction<Member>): SagaIterator {
  try {
    yield call(deactivateMember, action.payload.id);
    yield call(toastSuccess, `${nameOf(action.payload)} deactivated.`);
    yield put(workspaceActions.membersChanged());
  } catch (error) {
    yield call(toastFailure, error, 'The member could not be deactivated');
  }
}

export function* reactivate(action: PayloadAction<Member>): SagaIterator {
  try {
    yield call(reactivateMember, action.payload.id);
    yield call(toastSuccess, `${nameOf(action.payload)} reactivated.`);
    yield put(workspaceActions.membersChanged());
  } catch (error) {
    yield call(toastFailure, error, 'The member could not be reactivated');
  }
}

/** Test connection from a member's account: the provider's answer as a toast. */
export function* testConnection(action: PayloadAction<{ kind: 'calendar' | 'tracker'; config: Record<string, unknown> }>): SagaIterator {
  try {
    const result: TestConnectionResult = yield call(testIntegration, action.payload);
    yield call(toastSuccess, result.message);
  } catch (error) {
    yield call(toastFailure, error, 'The test failed');
  }
}

/** The workspace's first day of the week; the admin's own profile is read again, so every week on
 *  their screens (and the select) follows at once; members read it with their next profile load. */
export function* saveWeekStart(action: PayloadAction<WeekStart>): SagaIterator {
  try {
    yield call(updateWorkspaceSettings, { first_day_of_week: action.payload });
    const user: UserDetails = yield call(fetchMe);
    yield put(sessionActions.userReloaded(user));
    yield call(toastSuccess, 'Workspace settings saved.');
  } catch (error) {
    yield call(toastFailure, error, 'The workspace settings could not be saved');
  }
  yield put(workspaceActions.weekStartSettled());
}

const ONE: Record<string, (action: PayloadAction<never>) => SagaIterator> = {
  accountSaveRequested: saveAccount,
  memberCreateRequested: addMember,
  inviteRequested: invite,
  deactivateRequested: deactivate,
  reactivateRequested: reactivate,
  integrationTestRequested: testConnection,
  weekStartSaveRequested: saveWeekStart,
};

/** The workspace's writes come here (sagas.ts) and go to their worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  const worker = ONE[action.type.slice('workspace/'.length)];
  if (worker) yield call(worker, action);
}
