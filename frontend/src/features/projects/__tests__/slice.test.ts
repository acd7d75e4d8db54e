import { describe, expect, it } from 'vitest';
import type { Project, ProjectMembership, TaskList } from '../../../api/types';
import { projectsActions, projectsReducer } from '../slice';

const project = (id: number, title: string, archived_yn = false) => ({ id, title, archived_yn }) as Project;
const list = (id: number, title: string, parent_project = 1) =>
  ({ id, title, parent_project, archived_yn: false, removed_yn: false, show_list_in_sidebar_yn: true }) as TaskList;

describe('projects slice (normalized)', () => {
  it('keeps the side menu projects by id, sorted by title, without archived ones', () => {
    let state = projectsReducer(undefined, projectsActions.sidebarLoaded({
      projects: [project(1, 'zeta'), project(2, 'Alpha'), project(3, 'old', true)],
      lists: [list(10, 'b'), list(11, 'A')],
    }));
    expect(state.projects.ids).toEqual([2, 1]);
    expect(state.sidebarLists.ids).toEqual([11, 10]);

    state = projectsReducer(state, projectsActions.projectSaved(project(4, 'beta')));
    expect(state.projects.ids).toEqual([2, 4, 1]);
    state = projectsReducer(state, projectsActions.projectSaved(project(1, 'zeta', true)));
    expect(state.projects.ids).toEqual([2, 4]);
    state = projectsReducer(state, projectsActions.projectDeleted(4));
    expect(state.projects.ids).toEqual([2]);
  });

  it("updates the open project's lists and members in place", () => {
    let state = projectsReducer(undefined, projectsActions.overviewOpened(1));
    state = projectsReducer(state, projectsActions.overviewListsLoaded({ projectId: 1, lists: [list(10, 'b'), list(11, 'a')], listMemberships: [] }));
    state = projectsReducer(state, projectsActions.overviewMembersLoaded({ projectId: 1, memberships: [{ id: 5, project: 1 } as ProjectMembership] }));
    state = projectsReducer(state, projectsActions.taskListSaved(list(10, 'renamed')));
    state = projectsReducer(state, projectsActions.taskListSaved(list(12, 'new')));
    state = projectsReducer(state, projectsActions.listSidebarToggled({ list: list(11, 'a'), show: false }));
    expect(state.overview.lists.ids).toEqual([10, 11, 12]);
    expect(state.overview.lists.entities[10]?.title).toBe('renamed');
    expect(state.overview.lists.entities[11]?.show_list_in_sidebar_yn).toBe(false);
    expect(state.overview.memberships.ids).toEqual([5]);

    // Another project's answer arriving late changes nothing.
    state = projectsReducer(state, projectsActions.overviewMembersLoaded({ projectId: 2, memberships: [] }));
    expect(state.overview.memberships.ids).toEqual([5]);
  });
});
