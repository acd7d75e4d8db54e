import { describe, expect, it } from 'vitest';
import type { TaskList, UserDetails } from '../../../api/types';
import { listsActions } from '../../../features/lists/slice';
import { personalActions } from '../../../features/personal/slice';
import { projectsActions } from '../../../features/projects/slice';
import { tasksActions } from '../../../features/tasks/slice';
import { rootReducer, type RootState } from '../../store';
import { handleProjectEvent, type ProjectEvent } from '../projectEvents';
import { dispatchedBy } from '../../../test/sagas';

const ME = 3;

function stateWith(open: { overviewId?: number; list?: { id: number; project: number }; personal?: 'today' | 'starred' }): RootState {
  const base = rootReducer(undefined, { type: '@@init' });
  return {
    ...base,
    auth: { ...base.auth, user: { id: ME, email: 'cy@example.com' } as UserDetails },
    projects: { ...base.projects, overview: { ...base.projects.overview, projectId: open.overviewId ?? null } },
    lists: open.list
      ? { ...base.lists, listId: open.list.id, list: { id: open.list.id, parent_project: open.list.project } as TaskList }
      : base.lists,
    personal: { ...base.personal, page: open.personal ?? null },
  };
}

const handle = (event: ProjectEvent, state: RootState) => dispatchedBy(handleProjectEvent, event, state);

const base = { action: 'create', table_name: '', resource_id: 1, email: 'ada@example.com', status: '' };

describe('project live events (spec 02 §4)', () => {
  it("reloads the open list's sections when another member changed them, not after one's own change", async () => {
    const event = (actor_id: number | null): ProjectEvent => ({
      ...base,
      event: 'sections_changed',
      meta: { project_id: 5, task_list_id: 8, actor_id },
    });
    const open = stateWith({ list: { id: 8, project: 5 } });
    const refresh = listsActions.listRefreshRequested({ listId: 8, parts: ['sections'] });
    expect(await handle(event(7), open)).toEqual([refresh]);
    expect(await handle(event(null), open)).toEqual([refresh]);
    expect(await handle(event(ME), open)).toEqual([]);
    expect(await handle(event(7), stateWith({ list: { id: 9, project: 5 } }))).toEqual([]);
  });

  it('loads the first page of the section a teammate added a task to', async () => {
    const event: ProjectEvent = { ...base, event: 'new_task', meta: { project_id: 5, task_list_id: 8, section_id: 13, actor_id: 7 } };
    expect(await handle(event, stateWith({ list: { id: 8, project: 5 }, overviewId: 5 }))).toEqual([
      listsActions.sectionTasksRequested({ sectionId: 13, page: 1 }),
      projectsActions.overviewRefreshRequested({ projectId: 5, parts: ['lists'] }),
    ]);
  });

  it("applies the user's own flags from another device and refreshes the counts and the personal page", async () => {
    const event: ProjectEvent = {
      ...base,
      event: 'new_join_task_to_user',
      meta: { task_id: 21, today_yn: true, starred_yn: false, next_shift_yn: false },
    };
    expect(await handle(event, stateWith({ personal: 'starred' }))).toEqual([
      tasksActions.taskFlagsChangedElsewhere({ taskId: 21, flags: { today_yn: true, starred_yn: false, next_shift_yn: false } }),
      projectsActions.countsRefreshRequested(),
      personalActions.pageRefreshRequested(),
    ]);
  });

  it('closes an open project the user was removed from by someone else', async () => {
    const event: ProjectEvent = {
      ...base,
      event: 'remove_user_from_project',
      meta: { project_id: 5, user_id: ME, actor_id: 7, access_type_enum: 'member', project_role: '' },
    };
    expect(await handle(event, stateWith({ overviewId: 5 }))).toEqual([
      projectsActions.sidebarRefreshRequested(),
      projectsActions.countsRefreshRequested(),
      projectsActions.membershipRemovedElsewhere(5),
    ]);
  });

  it("refreshes only the members table of an open project when a teammate's role changed", async () => {
    const event: ProjectEvent = {
      ...base,
      event: 'update_user_project_role',
      meta: { project_id: 5, user_id: 9, actor_id: 7, access_type_enum: 'owner', project_role: 'Lead' },
    };
    expect(await handle(event, stateWith({ overviewId: 5 }))).toEqual([
      projectsActions.overviewRefreshRequested({ projectId: 5, parts: ['members'] }),
    ]);
    expect(await handle(event, stateWith({ overviewId: 6 }))).toEqual([]);
  });

  it("fetches a task another member changed on the open list, and drops one they deleted", async () => {
    const meta = { project_id: 5, task_list_id: 8, section_id: 13, actor_id: 7 };
    const updated: ProjectEvent = { ...base, action: 'update', resource_id: 21, event: 'task_updated', meta };
    expect(await handle(updated, stateWith({ list: { id: 8, project: 5 } }))).toEqual([
      tasksActions.taskRefreshRequested(21),
      listsActions.listRefreshRequested({ listId: 8, parts: ['sections'] }),
      projectsActions.countsRefreshRequested(),
    ]);
    // One's own change is applied already; another list's task not shown here is not fetched.
    expect(await handle({ ...updated, meta: { ...meta, actor_id: ME } }, stateWith({ list: { id: 8, project: 5 } }))).toEqual([]);
    expect(await handle(updated, stateWith({ list: { id: 9, project: 5 } }))).toEqual([projectsActions.countsRefreshRequested()]);

    const deleted: ProjectEvent = { ...base, action: 'delete', resource_id: 21, event: 'task_deleted', meta };
    expect(await handle(deleted, stateWith({}))).toEqual([tasksActions.taskDeleted(21)]);
    expect(await handle({ ...deleted, meta: { ...meta, actor_id: ME } }, stateWith({}))).toEqual([]);
  });
});
