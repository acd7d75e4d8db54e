import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '@reduxjs/toolkit';
import * as api from '../../../api/checkout';
import * as projectsApi from '../../../api/projects';
import type { Project, Section, TaskList } from '../../../api/types';
import { errorsActions } from '../../../shared/errors/slice';
import { feedback } from '../../../shared/feedback';
import { runSagaOn, withSlice } from '../../../test/sagas';
import { checkoutActions, checkoutReducer, type CheckoutState } from '../slice';
import { createTask, loadTaskLists, loadTaskProjects, loadTaskSections } from '../workers';

vi.mock('../../../api/checkout');
vi.mock('../../../api/projects');
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: { success: vi.fn(), failure: vi.fn(), confirm: vi.fn(), info: vi.fn(), message: { open: vi.fn(), destroy: vi.fn() } },
}));

function httpError(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(String(status)), { isAxiosError: true, response: { status, data } });
}

/** The fake store of these workers: the checkout slice (the form open unless given), kept by its reducer. */
const onForm = (checkout?: CheckoutState) =>
  withSlice('checkout', checkoutReducer, checkout ?? checkoutReducer(undefined, checkoutActions.taskFormOpened()), { auth: { user: { id: 1 } } });

const banner = (dispatched: Action[]) => dispatched.filter((a) => a.type === errorsActions.errorRecorded.type);
const body = { project: 1, task_list: 2, section: 3, position: 2, title: 'Ship it' };
const create = checkoutActions.taskCreateRequested({ body, sectionTitle: 'Doing' });

beforeEach(() => vi.resetAllMocks());

describe('the create-task choices', () => {
  it('offers the active projects, then the lists of the chosen one, then its sections', async () => {
    vi.mocked(projectsApi.fetchProjects).mockResolvedValue([{ id: 1, archived_yn: false }, { id: 5, archived_yn: true }] as Project[]);
    let result = await runSagaOn(onForm(), loadTaskProjects, checkoutActions.taskFormOpened());
    expect(result.state.checkout.taskForm.projects).toEqual({ key: null, rows: [{ id: 1, archived_yn: false }], loading: false });

    vi.mocked(projectsApi.fetchTaskLists).mockResolvedValue([{ id: 2, archived_yn: false }, { id: 6, archived_yn: true }] as TaskList[]);
    const listsAsked = checkoutActions.taskListsRequested(1);
    result = await runSagaOn(onForm(checkoutReducer(undefined, listsAsked)), loadTaskLists, listsAsked);
    expect(projectsApi.fetchTaskLists).toHaveBeenCalledWith({ parent_project: 1 });
    expect(result.state.checkout.taskForm.lists).toEqual({ key: 1, rows: [{ id: 2, archived_yn: false }], loading: false });

    vi.mocked(projectsApi.fetchSections).mockResolvedValue([{ id: 3, removed_yn: false }, { id: 7, removed_yn: true }] as Section[]);
    const sectionsAsked = checkoutActions.taskSectionsRequested(2);
    result = await runSagaOn(onForm(checkoutReducer(undefined, sectionsAsked)), loadTaskSections, sectionsAsked);
    expect(result.state.checkout.taskForm.sections).toEqual({ key: 2, rows: [{ id: 3, removed_yn: false }], loading: false });
  });

  it('an answer for an earlier choice is dropped', () => {
    let state = checkoutReducer(undefined, checkoutActions.taskListsRequested(1));
    state = checkoutReducer(state, checkoutActions.taskListsRequested(4));
    state = checkoutReducer(state, checkoutActions.taskListsLoaded({ key: 1, rows: [{ id: 2 } as TaskList] }));
    expect(state.taskForm.lists).toEqual({ key: 4, rows: [], loading: true });
  });

  it('a refused read (4xx) is a toast and the choice stops loading; a 5xx goes to the banner', async () => {
    vi.mocked(projectsApi.fetchProjects).mockRejectedValue(httpError(403, { detail: 'Not allowed.' }));
    let result = await runSagaOn(onForm(), loadTaskProjects, checkoutActions.taskFormOpened());
    expect(result.state.checkout.taskForm.projects.loading).toBe(false);
    expect(feedback.failure).toHaveBeenCalledWith('Not allowed.');
    expect(banner(result.dispatched)).toEqual([]);
    vi.mocked(projectsApi.fetchSections).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    result = await runSagaOn(onForm(), loadTaskSections, checkoutActions.taskSectionsRequested(2));
    expect(banner(result.dispatched)).toEqual([errorsActions.errorRecorded({ title: 'The sections could not be loaded', message: 'Server error' })]);
  });
});

describe('creating the task', () => {
  it('creates it, says where, and reloads the section (n grew)', async () => {
    vi.mocked(api.createCheckoutTask).mockResolvedValue({ id: 9, title: 'Ship it' } as api.CreatedTask);
    const { dispatched, state } = await runSagaOn(onForm(), createTask, create);
    expect(api.createCheckoutTask).toHaveBeenCalledWith(body);
    expect(feedback.success).toHaveBeenCalledWith("Task 'Ship it' created in Doing at position 2.");
    expect(state.checkout.taskForm).toMatchObject({ saving: false, problem: null, created: { id: 9 } });
    expect(dispatched).toContainEqual(checkoutActions.taskSectionsRequested(2));
  });

  it('a refusal (400) keeps the server words on the form, no toast, no banner', async () => {
    vi.mocked(api.createCheckoutTask).mockRejectedValue(httpError(400, { title: ['This name already exists for the specified project'] }));
    const { dispatched, state } = await runSagaOn(onForm(), createTask, create);
    expect(state.checkout.taskForm).toMatchObject({ saving: false, problem: 'This name already exists for the specified project', created: null });
    expect(feedback.failure).not.toHaveBeenCalled();
    expect(banner(dispatched)).toEqual([]);
  });

  it('a server failure (5xx) goes to the global banner; the form keeps what was typed', async () => {
    vi.mocked(api.createCheckoutTask).mockRejectedValue(httpError(500, { detail: 'Server error' }));
    const { dispatched, state } = await runSagaOn(onForm(), createTask, create);
    expect(banner(dispatched)).toEqual([errorsActions.errorRecorded({ title: 'Add task record error', message: 'Server error' })]);
    expect(state.checkout.taskForm).toMatchObject({ saving: false, problem: null, created: null });
  });
});
