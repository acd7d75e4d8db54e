import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/workspace';
import type { Member, MemberCreated, MemberDetail, MemberPage } from '../../../api/types';
import { errorsActions } from '../../../shared/errors/slice';
import { feedback } from '../../../shared/feedback';
import { requestsActions } from '../../../shared/requests/slice';
import { workspaceActions, workspaceReducer } from '../slice';
import { addMember, deactivate, loadAccount, loadMembers, loadPeople, saveAccount, saveWeekStart } from '../workers';
import * as accounts from '../../../api/accounts';
import { sessionActions } from '../../../shared/session';
import type { UserDetails } from '../../../api/types';
import { dispatchedBy } from '../../../test/sagas';

vi.mock('../../../api/workspace');
vi.mock('../../../api/accounts');
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

const ben = { id: 2, display_name: 'Ben', email: 'ben@example.com' } as Member;
const save = workspaceActions.accountSaveRequested({ requestId: 'r1', id: 2, body: { city: 'Montreal' }, teamPages: null, name: 'Ben' });

beforeEach(() => vi.resetAllMocks());

describe('the member account', () => {
  it('saves, says so, and has the rows reloaded', async () => {
    vi.mocked(api.updateMember).mockResolvedValue({ id: 2 } as MemberDetail);
    const dispatched = await dispatchedBy(saveAccount, save);
    expect(dispatched).toEqual([requestsActions.requestStarted('r1'), requestsActions.requestSucceeded({ requestId: 'r1', resultId: 2 }), workspaceActions.membersChanged()]);
    expect(feedback.success).toHaveBeenCalledWith('Ben saved.');
    expect(api.setMemberTeamPage).not.toHaveBeenCalled();
  });

  it('a refusal (4xx) keeps the field messages on the form and the reason in a toast, no banner', async () => {
    vi.mocked(api.updateMember).mockRejectedValue(httpError(400, { email: ['A member with this email already exists.'] }));
    const dispatched = await dispatchedBy(saveAccount, save);
    const failed = dispatched.find((a) => a.type === requestsActions.requestFailed.type) as ReturnType<typeof requestsActions.requestFailed>;
    expect(failed.payload).toMatchObject({ requestId: 'r1', fieldErrors: { email: ['A member with this email already exists.'] } });
    expect(feedback.failure).toHaveBeenCalledWith('A member with this email already exists.');
    expect(dispatched.some((a) => a.type === errorsActions.errorRecorded.type)).toBe(false);
  });

  it('a server failure (5xx) goes to the global banner', async () => {
    vi.mocked(api.updateMember).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    const dispatched = await dispatchedBy(saveAccount, save);
    expect(dispatched).toContainEqual(errorsActions.errorRecorded({ title: 'The member could not be saved', message: 'Server error' }));
    expect(feedback.failure).not.toHaveBeenCalled();
  });

  it('a member that cannot be loaded closes the panel', async () => {
    vi.mocked(api.fetchMember).mockRejectedValue(httpError(404, { detail: 'Not found.' }));
    const dispatched = await dispatchedBy(loadAccount, workspaceActions.accountOpened(9));
    expect(dispatched).toEqual([workspaceActions.accountFailed(9)]);
    const state = [workspaceActions.accountOpened(9), ...dispatched].reduce(workspaceReducer, undefined);
    expect(state?.account).toEqual({ id: 9, member: null, failed: true });
  });
});

describe('the members', () => {
  it('a page emptied by a deactivation is flagged so the panel shows the one before', async () => {
    vi.mocked(api.fetchMembers).mockResolvedValue({ results: [], count: 50 } as unknown as MemberPage);
    const dispatched = await dispatchedBy(loadMembers, workspaceActions.membersRequested({ filter: 'Active', search: undefined, page: 2 }));
    expect(dispatched).toEqual([workspaceActions.membersLoaded({ key: 'Active||2', rows: [], count: 50, emptyPage: true })]);
    expect(api.fetchMembers).toHaveBeenCalledWith({ status: 'active', search: undefined, page: 2, page_size: 50 });
  });

  it('a refused read (4xx) keeps the server words on the panel; a 5xx goes to the banner as well', async () => {
    const asked = workspaceActions.membersRequested({ filter: 'Active', search: undefined, page: 1 });
    vi.mocked(api.fetchMembers).mockRejectedValue(httpError(403, { detail: 'Only admins.' }));
    expect(await dispatchedBy(loadMembers, asked)).toEqual([workspaceActions.membersFailed({ key: 'Active||1', problem: 'Only admins.' })]);
    expect(feedback.failure).not.toHaveBeenCalled();
    vi.mocked(api.fetchMembers).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    expect(await dispatchedBy(loadMembers, asked)).toEqual([
      errorsActions.errorRecorded({ title: 'The members could not be loaded', message: 'Server error' }),
      workspaceActions.membersFailed({ key: 'Active||1', problem: 'The members could not be loaded.' }),
    ]);
  });

  it('everyone active (the Team Page view): a refusal is kept on the view, with no choices', async () => {
    vi.mocked(api.fetchMembers).mockResolvedValue({ results: [ben], count: 1 } as unknown as MemberPage);
    expect(await dispatchedBy(loadPeople)).toEqual([workspaceActions.peopleLoaded([ben])]);
    vi.mocked(api.fetchMembers).mockRejectedValue(httpError(403, { detail: 'Only admins.' }));
    const failed = workspaceReducer(undefined, workspaceActions.peopleFailed('Only admins.'));
    expect(await dispatchedBy(loadPeople)).toEqual([workspaceActions.peopleFailed('Only admins.')]);
    expect(failed).toMatchObject({ people: [], peopleReady: true, peopleProblem: 'Only admins.' });
  });

  it('deactivating says so and reloads the rows', async () => {
    vi.mocked(api.deactivateMember).mockResolvedValue({ id: 2 } as MemberDetail);
    expect(await dispatchedBy(deactivate, workspaceActions.deactivateRequested(ben))).toEqual([workspaceActions.membersChanged()]);
    expect(feedback.success).toHaveBeenCalledWith('Ben deactivated.');
  });

  it('a member added without an invitation leaves the set-password link to show once', async () => {
    const created = { member: { id: 5, email: 'dee@example.com', display_name: 'Dee' }, set_password_link: 'http://x/accept-invitation/t' } as MemberCreated;
    vi.mocked(api.createMember).mockResolvedValue(created);
    const action = workspaceActions.memberCreateRequested({ requestId: 'r2', body: { email: 'dee@example.com', send_invitation: false } as never });
    const dispatched = await dispatchedBy(addMember, action);
    const state = dispatched.reduce(workspaceReducer, undefined);
    expect(state?.link).toEqual(created);
    expect(feedback.success).toHaveBeenCalledWith('Dee added without an invitation.');
    expect(dispatched).toContainEqual(requestsActions.requestSucceeded({ requestId: 'r2', resultId: 5 }));
  });
});

describe("the workspace's first day of the week", () => {
  it('saves it, reads the profile again so every week follows, and says so', async () => {
    const me = { id: 1, workspace_first_day_of_week: 'sunday' } as UserDetails;
    vi.mocked(api.updateWorkspaceSettings).mockResolvedValue({ name: 'Acme', first_day_of_week: 'sunday' });
    vi.mocked(accounts.fetchMe).mockResolvedValue(me);
    const dispatched = await dispatchedBy(saveWeekStart, workspaceActions.weekStartSaveRequested('sunday'));
    expect(api.updateWorkspaceSettings).toHaveBeenCalledWith({ first_day_of_week: 'sunday' });
    expect(dispatched).toEqual([sessionActions.userReloaded(me), workspaceActions.weekStartSettled()]);
    expect(feedback.success).toHaveBeenCalledWith('Workspace settings saved.');
  });

  it('a refusal is a toast and changes nothing on screen', async () => {
    vi.mocked(api.updateWorkspaceSettings).mockRejectedValue(httpError(403, { detail: 'You do not have permission to perform this action.' }));
    const dispatched = await dispatchedBy(saveWeekStart, workspaceActions.weekStartSaveRequested('saturday'));
    expect(accounts.fetchMe).not.toHaveBeenCalled();
    expect(dispatched).toEqual([workspaceActions.weekStartSettled()]);
    expect(feedback.failure).toHaveBeenCalled();
  });
});
