import { describe, expect, it, vi } from 'vitest';
import type { Section, Task } from '../../api/types';
import * as endpoints from '../../api/projects';
import { listsActions, listsReducer } from '../../features/lists/slice';
import { personalActions } from '../../features/personal/slice';
import { tasksActions } from '../../features/tasks/slice';
import { setupStore } from '../store';

vi.mock('../../api/projects');

const section = { id: 7, title: 'Doing', index: 0, removed_yn: false, task_count: 1, archived_count: 0, task_list: 5 } as Section;
const task = (id: number, fields: Partial<Task> = {}) =>
  ({ id, title: `Task ${id}`, section: 7, task_list: 5, archived_yn: false, ...fields }) as Task;

function openListStore() {
  let lists = listsReducer(undefined, { type: '@@init' });
  lists = { ...lists, listId: 5, status: 'ready' };
  lists = listsReducer(lists, listsActions.sectionsLoaded({ listId: 5, sections: [section] }));
  lists = listsReducer(lists, listsActions.sectionTasksLoaded({ sectionId: 7, page: 1, ids: [1], count: 1 }));
  return setupStore({ lists });
}

describe('feature links (app layer)', () => {
  it('hands tasks fetched by the list and personal pages to the task entities', () => {
    const store = openListStore();
    store.dispatch(listsActions.tasksFetched([task(1)]));
    store.dispatch(personalActions.tasksFetched([task(2)]));
    expect(store.getState().tasks.ids).toEqual([1, 2]);
  });

  it('puts a task created here at the end of its section, and takes an archived one out', () => {
    const store = openListStore();
    store.dispatch(tasksActions.taskCreated(task(3)));
    expect(store.getState().lists.sectionTasks[7]).toMatchObject({ ids: [1, 3], count: 2 });
    expect(store.getState().lists.sections.entities[7]?.task_count).toBe(2);

    store.dispatch(tasksActions.taskArchiveChanged(task(1, { archived_yn: true })));
    expect(store.getState().lists.sectionTasks[7]).toMatchObject({ ids: [3], count: 1 });
    expect(store.getState().lists.sections.entities[7]).toMatchObject({ task_count: 1, archived_count: 1 });
  });

  it('refreshes the side menu counts after a flag is saved', async () => {
    vi.mocked(endpoints.fetchTaskCounts).mockResolvedValue({ today_count: 1, next_workday_count: 0, starred_count: 2 });
    const store = openListStore();
    store.dispatch(tasksActions.taskFlagSaved({ taskId: 1, flag: 'starred_yn', value: true, joinId: 4 }));
    await vi.waitFor(() => expect(store.getState().projects.counts).toEqual({ today_count: 1, next_workday_count: 0, starred_count: 2 }));
  });
});
