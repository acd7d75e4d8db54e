import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as checkoutApi from '../../../api/checkout';
import * as projectsApi from '../../../api/projects';
import type { Project, Section, TaskList } from '../../../api/types';
import { setupStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render';
import { CreateTaskForm } from '../components/CreateTaskForm';
import { ALL_FIELDS_NEEDED, TASK_NAME_REQUIRED, createTaskProblem, positionOptions } from '../rules';

vi.mock('../../../api/checkout');
vi.mock('../../../api/projects');

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);

const project = { id: 1, title: 'Apollo', archived_yn: false } as Project;
const list = { id: 2, title: 'Backlog', archived_yn: false } as TaskList;
const section = { id: 3, title: 'Doing', removed_yn: false, task_count: 2 } as Section;

function choose(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(select);
  const listbox = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const match = Array.from(listbox)
    .flatMap((node) => Array.from(node.querySelectorAll<HTMLElement>('.ant-select-item-option')))
    .find((node) => node.textContent === option);
  if (!match) throw new Error(`no option ${option} in ${label}`);
  fireEvent.click(match);
}

async function openOptions(label: string): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull());
  const dropdowns = Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  const last = dropdowns[dropdowns.length - 1] as HTMLElement;
  return Array.from(last.querySelectorAll('.ant-select-item-option')).map((node) => node.textContent ?? '')
    .concat(last.querySelector('.ant-select-item-empty, .ant-empty-description')?.textContent ?? []);
}

// Unmount and let React's scheduled work finish before jsdom goes away.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

beforeEach(() => {
  vi.mocked(projectsApi.fetchProjects).mockResolvedValue([project]);
  vi.mocked(projectsApi.fetchTaskLists).mockResolvedValue([list]);
  vi.mocked(projectsApi.fetchSections).mockResolvedValue([section]);
});

describe('create-task rules', () => {
  it('asks for every field before the name', () => {
    expect(createTaskProblem({ project: 1, taskList: 2, section: null, position: 1, title: 'x' })).toBe(ALL_FIELDS_NEEDED);
    expect(createTaskProblem({ project: 1, taskList: 2, section: 3, position: null, title: '' })).toBe(ALL_FIELDS_NEEDED);
    expect(createTaskProblem({ project: 1, taskList: 2, section: 3, position: 1, title: '   ' })).toBe(TASK_NAME_REQUIRED);
    expect(createTaskProblem({ project: 1, taskList: 2, section: 3, position: 1, title: 'Ship' })).toBeNull();
  });

  it('offers the places 1..n+1', () => {
    expect(positionOptions(0)).toEqual([1]);
    expect(positionOptions(2)).toEqual([1, 2, 3]);
  });
});

describe('CreateTaskForm', () => {
  it('says what is missing and sends nothing', async () => {
    renderWithStore(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CreateTaskForm />
      </ConfigProvider>,
      { store: setupStore() },
    );
    fireEvent.click(screen.getByRole('button', { name: /Create task$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALL_FIELDS_NEEDED);
    expect(checkoutApi.createCheckoutTask).not.toHaveBeenCalled();
  });

  it('shows the empty texts of the list and section before a choice', async () => {
    renderWithStore(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CreateTaskForm />
      </ConfigProvider>,
      { store: setupStore() },
    );
    expect(await openOptions('List')).toContain('No projected selected');
    expect(await openOptions('Section')).toContain('No list selected');
  });

  it('creates the task at the chosen position and shows the server text on a duplicate', async () => {
    vi.mocked(checkoutApi.createCheckoutTask)
      .mockRejectedValueOnce(
        Object.assign(new Error('400'), {
          isAxiosError: true,
          response: { status: 400, data: { title: ['This name already exists for the specified project'] } },
        }),
      )
      .mockResolvedValueOnce({ id: 9, title: 'Ship it' } as checkoutApi.CreatedTask);
    renderWithStore(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CreateTaskForm />
      </ConfigProvider>,
      { store: setupStore() },
    );
    await waitFor(() => expect(projectsApi.fetchProjects).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Project' })).toBeEnabled());
    await openOptions('Project');
    choose('Project', 'Apollo');
    await waitFor(() => expect(projectsApi.fetchTaskLists).toHaveBeenCalledWith({ parent_project: 1 }));
    await openOptions('List');
    choose('List', 'Backlog');
    await waitFor(() => expect(projectsApi.fetchSections).toHaveBeenCalledWith(2));
    await openOptions('Section');
    choose('Section', 'Doing');
    const places = await openOptions('Position');
    expect(places.slice(0, 3)).toEqual(['1', '2', '3']);
    choose('Position', '2');
    fireEvent.change(screen.getByRole('textbox', { name: 'Task name' }), { target: { value: 'Ship it' } });
    fireEvent.click(screen.getByRole('button', { name: /Create task$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This name already exists for the specified project');
    expect(screen.getByRole('textbox', { name: 'Task name' })).toHaveValue('Ship it');

    fireEvent.click(screen.getByRole('button', { name: /Create task$/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Task name' })).toHaveValue(''));
    expect(checkoutApi.createCheckoutTask).toHaveBeenLastCalledWith({ project: 1, task_list: 2, section: 3, position: 2, title: 'Ship it' });
    expect(within(screen.getByTestId('checkout-create-task')).queryByRole('alert')).toBeNull();
    // The section's counts reload (n grew): the positions offered follow.
    await waitFor(() => expect(projectsApi.fetchSections).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Section' })).toBeEnabled());
  });
});
