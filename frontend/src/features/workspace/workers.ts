import { all, call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import { testIntegration } from '../../api/integrations';
import type {
  Detail,
  InvitationInfo,
  Member,
  MemberCreated,
  MemberCreateRequest,
  MemberDetail,
  MemberPage,
  ProjectPage,
  TeamPageEntry,
  TeamPageRow,
  SsoSettings,
  SsoSettingsRequest,
  SsoTestResult,
  TestConnectionResult,
  UserDetails,
  WeekStart,
  WorkspaceSettings,
} from '../../api/types';
import {
  acceptInvitation,
  checkInvitation,
  createMember,
  deactivateMember,
  fetchMember,
  fetchMembers,
  fetchTeamPage,
  fetchWorkspaceProjects,
  fetchWorkspaceSettings,
  inviteMember,
  reactivateMember,
  setMemberTeamPage,
  updateMember,
  updateWorkspaceSettings,
  resetMemberTwoFactor,
} from '../../api/workspace';
import { fetchMe } from '../../api/accounts';
import { fetchSsoSettings, removeSsoSettings, saveSsoSettings, testSsoIssuer } from '../../api/sso';
import { sessionActions } from '../../shared/session';
import { deleteProject, updateProject } from '../../api/workspaceProjects';
import { handleApiError } from '../../shared/errors/handleApiError';
import { readFailed } from '../../shared/errors/readFailed';
import { requestsActions } from '../../shared/requests/slice';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { workspaceLiveActions } from './actions';
import { PROJECTS_PAGE_SIZE } from './constants';
import { selectTeamPage } from './selectors';
import {
  membersKey,
  projectsKey,
  workspaceActions,
  type AccountSave,
  type GuardianSettings,
  type MembersQuery,
  type ProjectsQuery,
  type ProjectWrite,
  type TeammateNews,
  type TeamPageState,
} from './slice';

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
    const problem: string = yield call(readFailed, error, 'The members could not be loaded', 'The members could not be loaded.');
    yield put(workspaceActions.membersFailed({ key, problem }));
  }
}

export function* loadPeople(): SagaIterator {
  try {
    const answer: MemberPage = yield call(fetchMembers, { status: 'active', page_size: 100 });
    yield put(workspaceActions.peopleLoaded(answer.results));
  } catch (error) {
    // No choices; the Team Page view says why.
    const problem: string = yield call(readFailed, error, 'The members could not be loaded', 'The members could not be loaded.');
    yield put(workspaceActions.peopleFailed(problem));
  }
}

/** The Team Page view: whom a member observes, saved at once. */
export function* saveTeamPage(action: PayloadAction<{ member: Member; ids: number[] }>): SagaIterator {
  const { member, ids } = action.payload;
  try {
    const entries: TeamPageEntry[] = yield call(setMemberTeamPage, member.id, ids);
    yield put(workspaceActions.teamPageSaved({ id: member.id, entries }));
    yield call(toastSuccess, `${nameOf(member)}'s team page saved.`);
  } catch (error) {
    yield put(workspaceActions.teamPageSaveFailed());
    yield call(toastFailure, error, 'The team page could not be saved');
  }
}

// --- the Projects panel ---------------------------------------------------------------------------

export function* loadProjects(action: PayloadAction<ProjectsQuery>): SagaIterator {
  const query = action.payload;
  const key = projectsKey(query);
  try {
    const answer: ProjectPage = yield call(fetchWorkspaceProjects, {
      archived_yn: query.filter === 'Archived',
      search: query.search,
      page: query.page,
      page_size: PROJECTS_PAGE_SIZE,
    });
    // A page emptied by an archive or a delete: the panel shows the one before.
    yield put(workspaceActions.projectsLoaded({ key, rows: answer.results, count: answer.count, emptyPage: answer.results.length === 0 && query.page > 1 }));
  } catch (error) {
    const problem: string = yield call(readFailed, error, 'The projects could not be loaded', 'The projects could not be loaded.');
    yield put(workspaceActions.projectsFailed({ key, problem }));
  }
}

export function* archiveProject(action: PayloadAction<ProjectWrite & { archived: boolean }>): SagaIterator {
  const { requestId, project, archived } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    yield call(updateProject, project.id, { archived_yn: archived });
    yield call(toastSuccess, archived ? `${project.title} archived.` : `${project.title} unarchived.`);
    yield put(requestsActions.requestSucceeded({ requestId, resultId: project.id }));
    yield put(workspaceActions.projectsChanged());
  } catch (error) {
    yield call(formFailed, requestId, error, archived ? 'The project could not be archived' : 'The project could not be unarchived');
  }
}

export function* removeProject(action: PayloadAction<ProjectWrite>): SagaIterator {
  const { requestId, project } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    yield call(deleteProject, project.id);
    yield call(toastSuccess, `${project.title} deleted.`);
    yield put(requestsActions.requestSucceeded({ requestId, resultId: project.id }));
    yield put(workspaceActions.projectsChanged());
  } catch (error) {
    yield call(formFailed, requestId, error, 'The project could not be deleted');
  }
}

// --- the Workspace view -----------------------------------------------------------------------------

export function* loadCounts(): SagaIterator {
  try {
    const [active, inactive, projects, archived]: [MemberPage, MemberPage, ProjectPage, ProjectPage] = yield all([
      call(fetchMembers, { status: 'active', page_size: 1 }),
      call(fetchMembers, { status: 'inactive', page_size: 1 }),
      call(fetchWorkspaceProjects, { archived_yn: false, page_size: 1 }),
      call(fetchWorkspaceProjects, { archived_yn: true, page_size: 1 }),
    ]);
    yield put(workspaceActions.countsLoaded({ active: active.count, inactive: inactive.count, projects: projects.count, archived: archived.count }));
  } catch (error) {
    const problem: string = yield call(readFailed, error, 'The workspace could not be loaded', 'The figures could not be loaded.');
    yield put(workspaceActions.countsFailed(problem));
  }
}

// --- the team page ------------------------------------------------------------------------------------

export function* loadTeamPage(): SagaIterator {
  try {
    const rows: TeamPageRow[] = yield call(fetchTeamPage);
    yield put(workspaceActions.teamPageLoaded(rows));
  } catch (error) {
    const problem: string = yield call(readFailed, error, 'The team page could not be loaded', 'The team page could not be loaded.');
    yield put(workspaceActions.teamPageFailed(problem));
  }
}

/**
 * A live event on a shown team page (the slice has patched the card's status and profile already).
 * The page reads again only when what it shows moved on the server with it, for a member it shows:
 * a presence change (today's times, the checkout status), a member leaving the strip, a checkout's
 * checks; a profile change needs no read. After a reconnect or a gap it reads again (resync rule).
 */
export function* teamPageNews(action: PayloadAction<TeammateNews | { userId: number } | undefined>): SagaIterator {
  const page: TeamPageState = yield select(selectTeamPage);
  if (!page.shown) return;
  if (workspaceLiveActions.resyncRequested.match(action) || page.rows === null) {
    yield put(workspaceActions.teamPageRequested());
    return;
  }
  const news = action.payload as TeammateNews | { userId: number };
  if (!page.rows.some((row) => row.observed_user.id === news.userId)) return;
  if (workspaceLiveActions.teammateChanged.match(action) && !action.payload.presence && action.payload.teammate !== null) return;
  yield put(workspaceActions.teamPageRequested());
}

// --- the invitation link's page -----------------------------------------------------------------------

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a minute and try again.';
export const NO_ANSWER = 'The server did not answer. Try again in a moment.';

/**
 * Why an invitation call failed, in words for the page: a refusal (4xx) keeps the server's words on
 * the page; a server failure (5xx, no answer) says so there and goes to the global banner as well.
 */
function* invitationProblem(error: unknown, title: string): SagaIterator<string> {
  const failure = toApiFailure(error);
  if (failure.status === 429) return TOO_MANY_ATTEMPTS;
  if (failure.status === null || failure.status >= 500) {
    yield call(handleApiError, error, title);
    return NO_ANSWER;
  }
  const messages = Object.values(failure.fieldErrors).flat();
  return messages.length ? messages.join(' ') : failure.message || NO_ANSWER;
}

export function* openInvitation(action: PayloadAction<string>): SagaIterator {
  try {
    const info: InvitationInfo = yield call(checkInvitation, action.payload);
    yield put(workspaceActions.invitationChecked(info));
  } catch (error) {
    const problem: string = yield call(invitationProblem, error, 'Invitation link error');
    yield put(workspaceActions.invitationLinkFailed(problem));
  }
}

export function* acceptInvitationWorker(action: PayloadAction<{ token: string; password: string }>): SagaIterator {
  const { token, password } = action.payload;
  try {
    yield call(acceptInvitation, token, password);
    yield put(workspaceActions.invitationAccepted());
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.fieldErrors.token) {
      yield put(workspaceActions.invitationLinkFailed(failure.fieldErrors.token.join(' ')));
      return;
    }
    const problem: string = yield call(invitationProblem, error, 'Set password error');
    yield put(workspaceActions.invitationAcceptFailed(problem));
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

// --- single sign-on (docs/security.md "Single sign-on") ------------------------------------------

export function* loadSso(): SagaIterator {
  try {
    const settings: SsoSettings = yield call(fetchSsoSettings);
    yield put(workspaceActions.ssoLoaded(settings));
  } catch (error) {
    yield put(workspaceActions.ssoLoadFailed());
    yield call(toastFailure, error, 'The single sign-on settings could not be loaded');
  }
}

/** Saves the provider; a 400 puts the server's words under their fields. */
export function* saveSso(action: PayloadAction<SsoSettingsRequest>): SagaIterator {
  try {
    const settings: SsoSettings = yield call(saveSsoSettings, action.payload);
    yield put(workspaceActions.ssoLoaded(settings));
    yield call(toastSuccess, 'Single sign-on saved.');
  } catch (error) {
    const failure = toApiFailure(error);
    yield put(workspaceActions.ssoSaveFailed(failure.fieldErrors));
    if (failure.status !== 400) yield call(toastFailure, error, 'Single sign-on could not be saved');
  }
}

export function* removeSso(): SagaIterator {
  try {
    yield call(removeSsoSettings);
    const settings: SsoSettings = yield call(fetchSsoSettings);
    yield put(workspaceActions.ssoLoaded(settings));
    yield call(toastSuccess, 'Single sign-on removed. Everyone signs in with their password.');
  } catch (error) {
    yield put(workspaceActions.ssoSaveFailed({}));
    yield call(toastFailure, error, 'Single sign-on could not be removed');
  }
}

/** 'Test connection': reads the issuer's discovery document. */
export function* testSso(action: PayloadAction<string>): SagaIterator {
  try {
    const result: SsoTestResult = yield call(testSsoIssuer, action.payload);
    yield put(workspaceActions.ssoTested({ ok: true, message: `${result.detail} Signs in at ${result.authorization_endpoint}` }));
  } catch (error) {
    const failure = toApiFailure(error);
    yield put(workspaceActions.ssoTested({ ok: false, message: failure.fieldErrors.issuer?.[0] ?? failure.message }));
  }
}

/** The workspace's settings as the area shows them: the two-factor requirement (docs/security.md)
 * and real presence's idle time (docs/presence.md), from one read. */
export function* loadSettings(): SagaIterator {
  try {
    const settings: WorkspaceSettings = yield call(fetchWorkspaceSettings);
    yield put(workspaceActions.requireTwoFactorSettled(settings.require_two_factor ?? false));
    yield put(workspaceActions.idleMinutesLoaded(settings.presence_idle_minutes ?? 10));
    yield put(workspaceActions.guardianLoaded(guardianOf(settings)));
  } catch (error) {
    yield call(toastFailure, error, 'The workspace settings could not be loaded');
  }
}

/** 'Require two-factor sign-in': members without it are signed out and set it up at their next sign-in. */
export function* saveRequireTwoFactor(action: PayloadAction<boolean>): SagaIterator {
  try {
    const settings: WorkspaceSettings = yield call(updateWorkspaceSettings, { require_two_factor: action.payload });
    yield put(workspaceActions.requireTwoFactorSettled(settings.require_two_factor ?? false));
    yield call(toastSuccess, 'Workspace settings saved.');
  } catch (error) {
    yield put(workspaceActions.requireTwoFactorSettled(null));
    yield call(toastFailure, error, 'The workspace settings could not be saved');
  }
}

/** An admin resets a member's two-factor sign-in (a lost phone): logged; the member gets an email. */
export function* resetTwoFactor(action: PayloadAction<Member>): SagaIterator {
  try {
    const member: MemberDetail = yield call(resetMemberTwoFactor, action.payload.id);
    yield put(workspaceActions.twoFactorResetSettled(member));
    yield call(toastSuccess, `Two-factor sign-in reset for ${nameOf(action.payload)}.`);
  } catch (error) {
    yield put(workspaceActions.twoFactorResetSettled(null));
    yield call(toastFailure, error, 'Two-factor sign-in could not be reset');
  }
}

export function* saveIdleMinutes(action: PayloadAction<number>): SagaIterator {
  try {
    const settings: WorkspaceSettings = yield call(updateWorkspaceSettings, { presence_idle_minutes: action.payload });
    yield put(workspaceActions.idleMinutesLoaded(settings.presence_idle_minutes ?? action.payload));
    yield call(toastSuccess, 'Workspace settings saved.');
  } catch (error) {
    yield call(toastFailure, error, 'The workspace settings could not be saved');
    yield put(workspaceActions.idleMinutesRequested());
  }
  yield put(workspaceActions.weekStartSettled());
}

/** The shift guardian's settings as the form edits them (docs/guardian.md). */
export function guardianOf(settings: WorkspaceSettings): GuardianSettings {
  return {
    policy: settings.guardian_policy ?? 'propose',
    overrunMinutes: settings.guardian_overrun_minutes ?? 60,
    quietMinutes: settings.guardian_quiet_minutes ?? 60,
    answerMinutes: settings.guardian_answer_minutes ?? 30,
  };
}

export function* saveGuardian(action: PayloadAction<GuardianSettings>): SagaIterator {
  const { policy, overrunMinutes, quietMinutes, answerMinutes } = action.payload;
  try {
    const settings: WorkspaceSettings = yield call(updateWorkspaceSettings, {
      guardian_policy: policy,
      guardian_overrun_minutes: overrunMinutes,
      guardian_quiet_minutes: quietMinutes,
      guardian_answer_minutes: answerMinutes,
    });
    yield put(workspaceActions.guardianLoaded(guardianOf(settings)));
    yield call(toastSuccess, 'Workspace settings saved.');
  } catch (error) {
    yield call(toastFailure, error, 'The workspace settings could not be saved');
    yield put(workspaceActions.settingsRequested());
  }
  yield put(workspaceActions.weekStartSettled());
}

const ONE: Record<string, (action: PayloadAction<never>) => SagaIterator> = {
  ssoSaveRequested: saveSso,
  ssoRemoveRequested: removeSso,
  ssoTestRequested: testSso,
  settingsRequested: loadSettings,
  requireTwoFactorSaveRequested: saveRequireTwoFactor,
  twoFactorResetRequested: resetTwoFactor,
  accountSaveRequested: saveAccount,
  memberCreateRequested: addMember,
  inviteRequested: invite,
  deactivateRequested: deactivate,
  reactivateRequested: reactivate,
  integrationTestRequested: testConnection,
  weekStartSaveRequested: saveWeekStart,
  idleMinutesSaveRequested: saveIdleMinutes,
  guardianSaveRequested: saveGuardian,
  teamPageSaveRequested: saveTeamPage,
  projectArchiveRequested: archiveProject,
  projectDeleteRequested: removeProject,
  invitationAcceptRequested: acceptInvitationWorker,
  teammateChanged: teamPageNews,
  checkoutChanged: teamPageNews,
  resyncRequested: teamPageNews,
};

/** The workspace's writes come here (sagas.ts) and go to their worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  const worker = ONE[action.type.slice('workspace/'.length)];
  if (worker) yield call(worker, action);
}
