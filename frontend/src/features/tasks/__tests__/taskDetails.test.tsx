import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectMembership, Task, UserDetails } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render';
import { sessionActions } from '../../../shared/session';
import { tasksActions, tasksReducer } from '../slice';

const api = vi.hoisted(() => ({
  fetchTask: vi.fn(),
  fetchProjectMemberships: vi.fn(),
  updateTask: vi.fn(),
  deleteTask: vi.fn(),
}));
vi.mock('../../../api/projects', async (original) => ({ ...(await original<object>()), ...api }));
const toasts = vi.hoisted(() => ({ open: vi.fn(), confirm: vi.fn() }));
vi.mock('../../../shared/feedback', async (original) => ({
  ...(await original<object>()),
  feedback: {
    message: { open: toasts.open, destroy: vi.fn() },
    confirm: toasts.confirm,
    info: vi.fn(),
    // The toast helper, seen through the one message call it makes.
    success: (content: string) => toasts.open({ type: 'success', content }),
    failure: (content: string) => toasts.open({ type: 'error', content }),
  },
}));

import { TaskDetailsPane } from '../components/TaskDetailsPane';

// The saga round trips take a while on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

// antd's Select measures its tags (maxTagCount="responsive"); jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const person = (id: number, display_name: string) => ({ id, display_name, full_name: display_name, avatar: null });
const TASK = {
  id: 7,
  title: 'Draw the home page',
  description: '',
  url: null,
  project: 4,
  task_list: 5,
  task_list_title: 'Website',
  section: 6,
  section_title: 'Design',
  owner_user: 1,
  priority: 0,
  archived_yn: false,
  today_yn: false,
  starred_yn: false,
  next_shift_yn: false,
  members: [{ ...person(1, 'Ada'), role_enum: 'owner' }],
} as unknown as Task;
const membership = (id: number, name: string, access: 'owner' | 'member') =>
  ({ id: 100 + id, project: 4, user: { ...person(id, name), current_status: { status_enum_identifier: 'working' } }, access_type_enum: access }) as unknown as ProjectMembership;
const MEMBERS = [membership(1, 'Ada', 'owner'), membership(2, 'Ben', 'member')];

function renderAs(userId: number) {
  const store = setupStore();
  store.dispatch(sessionActions.sessionStarted({ id: userId, email: 'x@example.com', features: {} } as unknown as UserDetails));
  store.dispatch(tasksActions.taskReceived(TASK));
  renderWithStore(<TaskDetailsPane taskId={7} tab="details" onTab={() => {}} onClose={() => {}} />, { store });
  return store;
}

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchTask.mockResolvedValue(TASK);
  api.fetchProjectMemberships.mockResolvedValue(MEMBERS);
});

describe('task details: rename inline', () => {
  it('shows the title once; Enter saves the new name and a toast says so', async () => {
    api.updateTask.mockResolvedValue({ ...TASK, title: 'Draw the landing page' });
    const store = renderAs(2);
    expect(screen.getAllByText('Draw the home page')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Draw the home page' }));
    const input = screen.getByLabelText('Task name');
    fireEvent.change(input, { target: { value: '  Draw the landing page ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // The saga's workers load lazily (shared/lazyWorkers.ts): the call follows a tick later.
    await waitFor(() => expect(api.updateTask).toHaveBeenCalledWith(7, { title: 'Draw the landing page' }));
    await waitFor(() => expect(store.getState().tasks.saving).toEqual([]));
    expect(await screen.findByRole('heading', { name: 'Draw the landing page' })).toBeInTheDocument();
    await waitFor(() => expect(toasts.open).toHaveBeenCalledWith({ type: 'success', content: 'Task renamed.' }));
    expect(store.getState().tasks.saving).toEqual([]);
  });

  it('Escape cancels without a call', () => {
    renderAs(2);
    fireEvent.click(screen.getByRole('button', { name: 'Draw the home page' }));
    const input = screen.getByLabelText('Task name');
    fireEvent.change(input, { target: { value: 'Something else' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByLabelText('Task name')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Draw the home page' })).toBeInTheDocument();
    expect(api.updateTask).not.toHaveBeenCalled();
  });

  it('a blank name is refused on the spot and Enter sends nothing', () => {
    renderAs(2);
    fireEvent.click(screen.getByRole('button', { name: 'Draw the home page' }));
    const input = screen.getByLabelText('Task name');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the task name.');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(api.updateTask).not.toHaveBeenCalled();
  });

  it('a refused rename goes back to the old title and shows the server message', async () => {
    api.updateTask.mockRejectedValue({ isAxiosError: true, message: 'Request failed', response: { status: 400, data: { title: ['Ensure this field has no more than 255 characters.'] } } });
    const store = renderAs(2);
    fireEvent.click(screen.getByRole('button', { name: 'Draw the home page' }));
    const input = screen.getByLabelText('Task name');
    fireEvent.change(input, { target: { value: 'Too long, says the server' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(toasts.open).toHaveBeenCalledWith({ type: 'error', content: 'Ensure this field has no more than 255 characters.' }),
    );
    expect(store.getState().tasks.entities[7]!.title).toBe('Draw the home page');
    expect(screen.getByRole('heading', { name: 'Draw the home page' })).toBeInTheDocument();
  });
});

describe('task details: who sees what', () => {
  it('a member who is not an owner cannot change owner or members and sees no Delete', async () => {
    renderAs(2);
    await waitFor(() => expect(api.fetchProjectMemberships).toHaveBeenCalledWith(4));
    await screen.findByText(/The task owner and project owners change the owner/);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Archive/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Task owner').closest('.ant-select')).toHaveClass('ant-select-disabled');
  });

  it('the task owner deletes after a confirmation', async () => {
    api.deleteTask.mockResolvedValue(undefined);
    const store = renderAs(1);
    await waitFor(() => expect(api.fetchProjectMemberships).toHaveBeenCalled());
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(api.deleteTask).not.toHaveBeenCalled();
    const [[dialog]] = toasts.confirm.mock.calls as [[{ title: string; onOk: () => void }]];
    expect(dialog.title).toBe('Delete this task?');
    act(() => dialog.onOk());
    await waitFor(() => expect(store.getState().tasks.entities[7]).toBeUndefined());
    expect(api.deleteTask).toHaveBeenCalledWith(7);
    expect(toasts.open).toHaveBeenCalledWith({ type: 'success', content: 'Task deleted.' });
  });

  it('shows the list and section and the priority levels', () => {
    renderAs(2);
    const pane = screen.getByRole('complementary', { name: 'Task details' });
    expect(within(pane).getByText(/Website · Design/)).toBeInTheDocument();
    expect(within(pane).getByLabelText('Priority')).toBeInTheDocument();
  });
});

describe('task details: the description', () => {
  const openEditor = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add a description' }));
    const text = screen.getByLabelText('Task description');
    fireEvent.change(text, { target: { value: 'Hero image and headline' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  };

  it('Confirm saves it, closes the editor and a toast says so', async () => {
    api.updateTask.mockResolvedValue({ ...TASK, description: 'Hero image and headline' });
    renderAs(2);
    openEditor();
    await waitFor(() => expect(api.updateTask).toHaveBeenCalledWith(7, { description: 'Hero image and headline' }));
    await waitFor(() => expect(toasts.open).toHaveBeenCalledWith({ type: 'success', content: 'Description saved.' }));
    expect(screen.queryByLabelText('Task description')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit the task description' })).toHaveTextContent('Hero image and headline');
  });

  it("a refused text keeps the editor open with the server's message under it", async () => {
    api.updateTask.mockRejectedValue({ isAxiosError: true, message: 'Request failed', response: { status: 400, data: { description: ['Ensure this field has no more than 20000 characters.'] } } });
    renderAs(2);
    openEditor();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ensure this field has no more than 20000 characters.');
    expect(screen.getByLabelText('Task description')).toHaveValue('Hero image and headline');
    expect(toasts.open).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });

  it('any other refusal is an error toast, and the text stays', async () => {
    api.updateTask.mockRejectedValue({ isAxiosError: true, message: 'Request failed', response: { status: 403, data: { detail: 'You do not have permission to perform this action.' } } });
    renderAs(2);
    openEditor();
    await waitFor(() => expect(toasts.open).toHaveBeenCalledWith({ type: 'error', content: 'You do not have permission to perform this action.' }));
    expect(screen.getByLabelText('Task description')).toHaveValue('Hero image and headline');
  });
});

describe('tasks slice: a failed change puts the task back', () => {
  it('applies title, url and priority at once and restores them on failure', () => {
    let state = tasksReducer(undefined, tasksActions.taskReceived(TASK));
    state = tasksReducer(state, tasksActions.taskUpdateRequested({ taskId: 7, changes: { title: 'New', priority: 3 } }));
    state = tasksReducer(state, tasksActions.taskUpdateRequested({ taskId: 7, changes: { url: 'https://a.org' } }));
    expect(state.entities[7]).toMatchObject({ title: 'New', priority: 3, url: 'https://a.org' });
    expect(state.saving).toEqual([7, 7]);
    state = tasksReducer(state, tasksActions.taskUpdateFailed(7));
    expect(state.entities[7]).toMatchObject({ title: 'Draw the home page', priority: 0, url: null });
    expect(state.previous).toEqual({});
  });
  it('does not apply owner or members before the answer, and a live refresh waits for a pending save', () => {
    let state = tasksReducer(undefined, tasksActions.taskReceived(TASK));
    state = tasksReducer(state, tasksActions.taskUpdateRequested({ taskId: 7, changes: { owner_user: 2 } }));
    expect(state.entities[7]!.owner_user).toBe(1);
    state = tasksReducer(state, tasksActions.taskRefreshed({ ...TASK, title: 'Elsewhere' }));
    expect(state.entities[7]!.title).toBe('Draw the home page');
    state = tasksReducer(state, tasksActions.taskUpdateSaved({ ...TASK, owner_user: 2 }));
    expect(state.entities[7]!.owner_user).toBe(2);
    state = tasksReducer(state, tasksActions.taskRefreshed({ ...TASK, owner_user: 2, title: 'Elsewhere' }));
    expect(state.entities[7]!.title).toBe('Elsewhere');
  });
});
