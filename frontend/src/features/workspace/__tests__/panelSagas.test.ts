import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '@reduxjs/toolkit';
import * as api from '../../../api/workspace';
import * as projectsApi from '../../../api/workspaceProjects';
import type { InvitationInfo, Member, MemberPage, Project, ProjectPage, TeamPageEntry, TeamPageRow, Teammate } from '../../../api/types';
import { errorsActions } from '../../../shared/errors/slice';
import { feedback } from '../../../shared/feedback';
import { requestsActions } from '../../../shared/requests/slice';
import { runSagaOn, withSlice } from '../../../test/sagas';
import { workspaceLiveActions } from '../actions';
import { workspaceActions, workspaceReducer, type WorkspaceState } from '../slice';
import {
  acceptInvitationWorker,
  archiveProject,
  loadCounts,
  loadProjects,
  loadTeamPage,
  NO_ANSWER,
  openInvitation,
  removeProject,
  saveTeamPage,
  teamPageNews,
} from '../workers';

vi.mock('../../../api/workspace');
vi.mock('../../../api/workspaceProjects');
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

/** The fake store of these workers: the workspace slice, kept by its reducer. */
const onWorkspace = (workspace?: WorkspaceState) => withSlice('workspace', workspaceReducer, workspace);

const banner = (dispatched: Action[]) => dispatched.filter((a) => a.type === errorsActions.errorRecorded.type);
const apollo = { id: 7, title: 'Apollo', archived_yn: false } as Project;
const ben = { id: 2, display_name: 'Ben', email: 'ben@example.com', team_pages: [] as TeamPageEntry[] } as Member;

beforeEach(() => vi.resetAllMocks());

describe('the Projects panel', () => {
  const query = { filter: 'Archived' as const, search: 'apo', page: 2 };

  it('loads the page the panel asks for', async () => {
    vi.mocked(api.fetchWorkspaceProjects).mockResolvedValue({ results: [apollo], count: 11 } as ProjectPage);
    const { state } = await runSagaOn(onWorkspace(), loadProjects, workspaceActions.projectsRequested(query));
    expect(api.fetchWorkspaceProjects).toHaveBeenCalledWith({ archived_yn: true, search: 'apo', page: 2, page_size: 10 });
    expect(state.workspace.projects).toEqual({ key: 'Archived|apo|2', rows: [apollo], count: 11, emptyPage: false, problem: null });
  });

  it('a refusal (4xx) keeps the server words on the panel, which stops loading; no toast, no banner', async () => {
    vi.mocked(api.fetchWorkspaceProjects).mockRejectedValue(httpError(403, { detail: 'Only admins.' }));
    const { dispatched, state } = await runSagaOn(onWorkspace(), loadProjects, workspaceActions.projectsRequested(query));
    expect(state.workspace.projects).toMatchObject({ key: 'Archived|apo|2', problem: 'Only admins.' });
    expect(feedback.failure).not.toHaveBeenCalled();
    expect(banner(dispatched)).toEqual([]);
  });

  it('a server failure (5xx) goes to the global banner; the panel says it could not load', async () => {
    vi.mocked(api.fetchWorkspaceProjects).mockRejectedValue(httpError(502, { detail: 'Bad gateway' }));
    const { dispatched, state } = await runSagaOn(onWorkspace(), loadProjects, workspaceActions.projectsRequested(query));
    expect(banner(dispatched)).toEqual([errorsActions.errorRecorded({ title: 'The projects could not be loaded', message: 'Bad gateway' })]);
    expect(state.workspace.projects.problem).toBe('The projects could not be loaded.');
    expect(feedback.failure).not.toHaveBeenCalled();
  });

  it('the next page that loads clears the words', async () => {
    vi.mocked(api.fetchWorkspaceProjects).mockRejectedValueOnce(httpError(403, { detail: 'Only admins.' })).mockResolvedValue({ results: [apollo], count: 1 } as ProjectPage);
    const failed = await runSagaOn(onWorkspace(), loadProjects, workspaceActions.projectsRequested(query));
    const { state } = await runSagaOn(onWorkspace(failed.state.workspace), loadProjects, workspaceActions.projectsRequested(query));
    expect(state.workspace.projects.problem).toBeNull();
  });

  it('archiving says so, tells the dialog, and has the page reloaded', async () => {
    vi.mocked(projectsApi.updateProject).mockResolvedValue({} as never);
    const { dispatched } = await runSagaOn(onWorkspace(), archiveProject, workspaceActions.projectArchiveRequested({ requestId: 'a1', project: apollo, archived: true }));
    expect(projectsApi.updateProject).toHaveBeenCalledWith(7, { archived_yn: true });
    expect(feedback.success).toHaveBeenCalledWith('Apollo archived.');
    expect(dispatched).toEqual([
      requestsActions.requestStarted('a1'),
      requestsActions.requestSucceeded({ requestId: 'a1', resultId: 7 }),
      workspaceActions.projectsChanged(),
    ]);
  });

  it('a refused archive keeps the dialog open (the request failed) with the reason in a toast', async () => {
    vi.mocked(projectsApi.updateProject).mockRejectedValue(httpError(409, { detail: 'The project changed meanwhile.' }));
    const { dispatched } = await runSagaOn(onWorkspace(), archiveProject, workspaceActions.projectArchiveRequested({ requestId: 'a2', project: apollo, archived: true }));
    expect(dispatched).toContainEqual(requestsActions.requestFailed({ requestId: 'a2', fieldErrors: {}, message: 'The project changed meanwhile.' }));
    expect(dispatched).not.toContainEqual(workspaceActions.projectsChanged());
    expect(feedback.failure).toHaveBeenCalledWith('The project changed meanwhile.');
    expect(banner(dispatched)).toEqual([]);
  });

  it('a delete that fails on the server (5xx) goes to the banner and reloads nothing', async () => {
    vi.mocked(projectsApi.deleteProject).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    const { dispatched } = await runSagaOn(onWorkspace(), removeProject, workspaceActions.projectDeleteRequested({ requestId: 'd1', project: apollo }));
    expect(banner(dispatched)).toEqual([errorsActions.errorRecorded({ title: 'The project could not be deleted', message: 'Server error' })]);
    expect(dispatched).not.toContainEqual(workspaceActions.projectsChanged());
  });

  it('a delete says so and has the page reloaded', async () => {
    vi.mocked(projectsApi.deleteProject).mockResolvedValue(undefined as never);
    const { dispatched } = await runSagaOn(onWorkspace(), removeProject, workspaceActions.projectDeleteRequested({ requestId: 'd2', project: apollo }));
    expect(feedback.success).toHaveBeenCalledWith('Apollo deleted.');
    expect(dispatched).toContainEqual(workspaceActions.projectsChanged());
  });
});

describe('the Workspace view', () => {
  it('counts members and projects', async () => {
    vi.mocked(api.fetchMembers).mockImplementation(async (q) => ({ results: [], count: q.status === 'active' ? 12 : 3 }) as unknown as MemberPage);
    vi.mocked(api.fetchWorkspaceProjects).mockImplementation(async (q) => ({ results: [], count: q.archived_yn ? 1 : 4 }) as unknown as ProjectPage);
    const { state } = await runSagaOn(onWorkspace(), loadCounts, workspaceActions.countsRequested());
    expect(state.workspace.counts).toEqual({ active: 12, inactive: 3, projects: 4, archived: 1 });
  });

  it('a refusal keeps the server words in the figures\' place, a server failure goes to the banner; the figures stay unknown', async () => {
    vi.mocked(api.fetchWorkspaceProjects).mockResolvedValue({ results: [], count: 0 } as unknown as ProjectPage);
    vi.mocked(api.fetchMembers).mockRejectedValue(httpError(403, { detail: 'Only admins.' }));
    let result = await runSagaOn(onWorkspace(), loadCounts, workspaceActions.countsRequested());
    expect(result.state.workspace.countsProblem).toBe('Only admins.');
    expect(feedback.failure).not.toHaveBeenCalled();
    expect(banner(result.dispatched)).toEqual([]);
    vi.mocked(api.fetchMembers).mockRejectedValue(httpError(503, { detail: 'Unavailable' }));
    result = await runSagaOn(onWorkspace(), loadCounts, workspaceActions.countsRequested());
    expect(banner(result.dispatched)).toEqual([errorsActions.errorRecorded({ title: 'The workspace could not be loaded', message: 'Unavailable' })]);
    expect(result.state.workspace.countsProblem).toBe('The figures could not be loaded.');
    expect(result.state.workspace.counts).toBeNull();
  });
});

describe('the Team Page view', () => {
  const entries = [{ id: 1, observed_user: { id: 3 } }] as unknown as TeamPageEntry[];
  const withBen = workspaceReducer(undefined, workspaceActions.peopleLoaded([ben]));

  it('saves whom a member observes and patches their row', async () => {
    vi.mocked(api.setMemberTeamPage).mockResolvedValue(entries);
    const { state } = await runSagaOn(onWorkspace(withBen), saveTeamPage, workspaceActions.teamPageSaveRequested({ member: ben, ids: [3] }));
    expect(api.setMemberTeamPage).toHaveBeenCalledWith(2, [3]);
    expect(state.workspace.people[0].team_pages).toEqual(entries);
    expect(state.workspace.teamPageSaving).toBeNull();
    expect(feedback.success).toHaveBeenCalledWith("Ben's team page saved.");
  });

  it('a refusal keeps the row as it was, in a toast; a server failure goes to the banner', async () => {
    vi.mocked(api.setMemberTeamPage).mockRejectedValue(httpError(400, { observed_user_ids: ['Unknown member.'] }));
    let result = await runSagaOn(onWorkspace(withBen), saveTeamPage, workspaceActions.teamPageSaveRequested({ member: ben, ids: [99] }));
    expect(result.state.workspace.people[0].team_pages).toEqual([]);
    expect(feedback.failure).toHaveBeenCalledWith('Unknown member.');
    expect(banner(result.dispatched)).toEqual([]);
    vi.mocked(api.setMemberTeamPage).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    result = await runSagaOn(onWorkspace(withBen), saveTeamPage, workspaceActions.teamPageSaveRequested({ member: ben, ids: [3] }));
    expect(banner(result.dispatched)).toEqual([errorsActions.errorRecorded({ title: 'The team page could not be saved', message: 'Server error' })]);
  });
});

describe('the team page', () => {
  const row = (id: number, status: TeamPageRow['status'] = 'working') =>
    ({ observed_user: { id, display_name: `M${id}`, full_name: `Member ${id}`, avatar: null }, status, work_time: 60 }) as unknown as TeamPageRow;
  const teammate = (user: number, status: Teammate['status'], display_name = `M${user}`) =>
    ({ user, status, display_name, full_name: `Member ${user}`, avatar: null }) as unknown as Teammate;
  const shown = () => {
    let state = workspaceReducer(undefined, workspaceActions.teamPageShown());
    state = workspaceReducer(state, workspaceActions.teamPageLoaded([row(3), row(4)]));
    return state;
  };

  it('loads the observed members', async () => {
    vi.mocked(api.fetchTeamPage).mockResolvedValue([row(3)]);
    const { state } = await runSagaOn(onWorkspace(), loadTeamPage, workspaceActions.teamPageRequested());
    expect(state.workspace.teamPage.rows).toEqual([row(3)]);
    expect(state.workspace.teamPage.problem).toBeNull();
  });

  it('a refusal (4xx) keeps the server words on the page, no banner; a 5xx goes to the banner', async () => {
    vi.mocked(api.fetchTeamPage).mockRejectedValue(httpError(403, { detail: 'You do not have access to the team page.' }));
    let result = await runSagaOn(onWorkspace(), loadTeamPage, workspaceActions.teamPageRequested());
    expect(result.state.workspace.teamPage.problem).toBe('You do not have access to the team page.');
    expect(feedback.failure).not.toHaveBeenCalled();
    expect(banner(result.dispatched)).toEqual([]);
    vi.mocked(api.fetchTeamPage).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    result = await runSagaOn(onWorkspace(), loadTeamPage, workspaceActions.teamPageRequested());
    expect(banner(result.dispatched)).toEqual([errorsActions.errorRecorded({ title: 'The team page could not be loaded', message: 'Server error' })]);
    expect(result.state.workspace.teamPage.problem).toBe('The team page could not be loaded.');
  });

  it("a profile change of an observed member patches the card and reads nothing", async () => {
    const news = workspaceLiveActions.teammateChanged({ userId: 3, teammate: teammate(3, 'working', 'Ada L.'), presence: false });
    const before = workspaceReducer(shown(), news);
    expect(before.teamPage.rows?.[0].observed_user.display_name).toBe('Ada L.');
    const { dispatched } = await runSagaOn(onWorkspace(before), teamPageNews, news);
    expect(dispatched).toEqual([]);
  });

  it("an observed member's status patches the card at once and reads the times again", async () => {
    const news = workspaceLiveActions.teammateChanged({ userId: 4, teammate: teammate(4, 'taking_break'), presence: true });
    const patched = workspaceReducer(shown(), news);
    expect(patched.teamPage.rows?.[1].status).toBe('taking_break');
    const { dispatched } = await runSagaOn(onWorkspace(patched), teamPageNews, news);
    expect(dispatched).toEqual([workspaceActions.teamPageRequested()]);
  });

  it('news of a member the page does not show changes nothing and reads nothing', async () => {
    const news = workspaceLiveActions.teammateChanged({ userId: 9, teammate: teammate(9, 'taking_break'), presence: true });
    const state = shown();
    expect(workspaceReducer(state, news)).toEqual(state);
    const { dispatched } = await runSagaOn(onWorkspace(state), teamPageNews, news);
    expect(dispatched).toEqual([]);
  });

  it("an observed member's checks read the page again; a hidden page reads nothing", async () => {
    const checks = workspaceLiveActions.checkoutChanged({ userId: 3 });
    expect((await runSagaOn(onWorkspace(shown()), teamPageNews, checks)).dispatched).toEqual([workspaceActions.teamPageRequested()]);
    const hidden = workspaceReducer(shown(), workspaceActions.teamPageHidden());
    expect((await runSagaOn(onWorkspace(hidden), teamPageNews, checks)).dispatched).toEqual([]);
    expect((await runSagaOn(onWorkspace(hidden), teamPageNews, workspaceLiveActions.resyncRequested())).dispatched).toEqual([]);
  });

  it('after a reconnect or a gap a shown page reads again (the resync rule)', async () => {
    const { dispatched } = await runSagaOn(onWorkspace(shown()), teamPageNews, workspaceLiveActions.resyncRequested());
    expect(dispatched).toEqual([workspaceActions.teamPageRequested()]);
  });
});

describe('the invitation link', () => {
  const info = { email: 'dee@example.com', display_name: 'Dee', workspace_name: 'Acme Remote' } as InvitationInfo;
  const opened = workspaceReducer(undefined, workspaceActions.invitationOpened('abc'));

  it('a working link shows whom it invites', async () => {
    vi.mocked(api.checkInvitation).mockResolvedValue(info);
    const { state } = await runSagaOn(onWorkspace(opened), openInvitation, workspaceActions.invitationOpened('abc'));
    expect(state.workspace.invitation).toMatchObject({ token: 'abc', info, linkProblem: null });
  });

  it('a refused link (4xx) keeps the server words on the page, no banner', async () => {
    vi.mocked(api.checkInvitation).mockRejectedValue(httpError(400, { token: ['This invitation link has expired.'] }));
    const { dispatched, state } = await runSagaOn(onWorkspace(opened), openInvitation, workspaceActions.invitationOpened('abc'));
    expect(state.workspace.invitation.linkProblem).toBe('This invitation link has expired.');
    expect(banner(dispatched)).toEqual([]);
  });

  it('a server failure (5xx) says so on the page and in the banner', async () => {
    vi.mocked(api.checkInvitation).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    const { dispatched, state } = await runSagaOn(onWorkspace(opened), openInvitation, workspaceActions.invitationOpened('abc'));
    expect(state.workspace.invitation.linkProblem).toBe(NO_ANSWER);
    expect(banner(dispatched)).toEqual([errorsActions.errorRecorded({ title: 'Invitation link error', message: 'Server error' })]);
  });

  it('sets the password', async () => {
    vi.mocked(api.acceptInvitation).mockResolvedValue(info);
    const { state } = await runSagaOn(onWorkspace(opened), acceptInvitationWorker, workspaceActions.invitationAcceptRequested({ token: 'abc', password: 'long-enough-1' }));
    expect(api.acceptInvitation).toHaveBeenCalledWith('abc', 'long-enough-1');
    expect(state.workspace.invitation).toMatchObject({ done: true, saving: false, problem: null });
  });

  it('a refused password (4xx) keeps the server words under the form; a used link replaces the form', async () => {
    vi.mocked(api.acceptInvitation).mockRejectedValue(httpError(400, { password: ['This password is too common.'] }));
    let result = await runSagaOn(onWorkspace(opened), acceptInvitationWorker, workspaceActions.invitationAcceptRequested({ token: 'abc', password: 'password1' }));
    expect(result.state.workspace.invitation).toMatchObject({ problem: 'This password is too common.', saving: false, done: false, linkProblem: null });
    expect(banner(result.dispatched)).toEqual([]);
    vi.mocked(api.acceptInvitation).mockRejectedValue(httpError(400, { token: ['This invitation link was already used.'] }));
    result = await runSagaOn(onWorkspace(opened), acceptInvitationWorker, workspaceActions.invitationAcceptRequested({ token: 'abc', password: 'long-enough-1' }));
    expect(result.state.workspace.invitation.linkProblem).toBe('This invitation link was already used.');
  });

  it('a server failure (5xx) on the password says so under the form and in the banner', async () => {
    vi.mocked(api.acceptInvitation).mockRejectedValue(httpError(503, { detail: 'Unavailable' }));
    const { dispatched, state } = await runSagaOn(onWorkspace(opened), acceptInvitationWorker, workspaceActions.invitationAcceptRequested({ token: 'abc', password: 'long-enough-1' }));
    expect(state.workspace.invitation.problem).toBe(NO_ANSWER);
    expect(banner(dispatched)).toEqual([errorsActions.errorRecorded({ title: 'Set password error', message: 'Unavailable' })]);
  });
});
