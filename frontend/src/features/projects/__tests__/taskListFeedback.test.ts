import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskList } from '../../../api/types';
import { requestsActions } from '../../../shared/requests/slice';
import { errorsActions } from '../../../shared/errors/slice';

const api = vi.hoisted(() => ({
  createTaskList: vi.fn(),
  updateTaskList: vi.fn(),
  fetchTaskLists: vi.fn(),
  fetchProjects: vi.fn(),
}));
vi.mock('../../../api/projects', async (original) => ({ ...(await original<object>()), ...api }));
const toasts = vi.hoisted(() => ({ open: vi.fn() }));
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: {
    message: { open: toasts.open, destroy: vi.fn() },
    confirm: vi.fn(),
    info: vi.fn(),
    success: (content: string) => toasts.open({ type: 'success', content }),
    failure: (content: string) => toasts.open({ type: 'error', content }),
  },
}));

import { submitTaskList } from '../workers';
import { projectsActions } from '../slice';
import { dispatchedBy } from '../../../test/sagas';

const LIST = { id: 9, title: 'Website', parent_project: 4, archived_yn: false } as TaskList;
const state = { projects: { overview: { projectId: 4, lists: { ids: [9], entities: { 9: LIST } } } } };

const submit = (listId: number | null, title: string) =>
  dispatchedBy(submitTaskList, projectsActions.taskListSubmitted({ requestId: 'r1', projectId: 4, listId, title }), state);

const httpError = (status: number, data: unknown) => ({ isAxiosError: true, message: 'Request failed', response: { status, data } });

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchTaskLists.mockResolvedValue([]);
  api.fetchProjects.mockResolvedValue([]);
});

describe("the project table's list writes give feedback", () => {
  it("Create new list: a toast says the list was created", async () => {
    api.createTaskList.mockResolvedValue({ ...LIST, id: 10, title: 'Docs' });
    const dispatched = await submit(null, 'Docs');
    expect(api.createTaskList).toHaveBeenCalledWith(4, 'Docs');
    expect(dispatched).toContainEqual(requestsActions.requestSucceeded({ requestId: 'r1', resultId: 10 }));
    expect(toasts.open).toHaveBeenCalledWith({ type: 'success', content: 'Task list created.' });
  });

  it('Rename: a toast says the list was renamed', async () => {
    api.updateTaskList.mockResolvedValue({ ...LIST, title: 'Site' });
    await submit(9, 'Site');
    expect(api.updateTaskList).toHaveBeenCalledWith(LIST, { title: 'Site' });
    expect(toasts.open).toHaveBeenCalledWith({ type: 'success', content: 'Task list renamed.' });
  });

  it('a duplicate name goes back to the dialog, with no toast', async () => {
    const message = 'A task list with this name already exists. Enter a different name.';
    api.createTaskList.mockRejectedValue(httpError(400, { title: [message] }));
    const dispatched = await submit(null, 'Website');
    expect(dispatched).toContainEqual(requestsActions.requestFailed({ requestId: 'r1', fieldErrors: { title: [message] }, message: `title: ${message}` }));
    expect(toasts.open).not.toHaveBeenCalled();
  });

  it("a refusal without a field message is an error toast with the server's words", async () => {
    api.updateTaskList.mockRejectedValue(httpError(403, { detail: 'Only the project owner can do this.' }));
    const dispatched = await submit(9, 'Site');
    expect(toasts.open).toHaveBeenCalledWith({ type: 'error', content: 'Only the project owner can do this.' });
    expect(dispatched.some((action) => action.type === requestsActions.requestFailed.type)).toBe(true);
    expect(dispatched.some((action) => action.type === errorsActions.errorRecorded.type)).toBe(false);
  });

  it('a server failure goes to the global error banner', async () => {
    api.createTaskList.mockRejectedValue(httpError(500, '<html>'));
    const dispatched = await submit(null, 'Docs');
    expect(dispatched).toContainEqual(errorsActions.errorRecorded({ title: 'Save task list error', message: '<html>' }));
    expect(toasts.open).not.toHaveBeenCalled();
  });
});
