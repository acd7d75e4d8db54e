import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { TaskList } from '../../api/types';
import {
  projectMembershipsAdapter,
  sidebarListsAdapter,
  sidebarProjectsAdapter,
  taskListMembershipsAdapter,
  taskListsAdapter,
} from './slice';

export const selectCounts = (state: RootState) => state.projects.counts;
export const selectColors = (state: RootState) => state.projects.colors;
export const selectWorkspaceUsers = (state: RootState) => state.projects.workspaceUsers;
export const selectOverview = (state: RootState) => state.projects.overview;

const overviewLists = taskListsAdapter.getSelectors((state: RootState) => state.projects.overview.lists);
const overviewMemberships = projectMembershipsAdapter.getSelectors((state: RootState) => state.projects.overview.memberships);
const overviewListMemberships = taskListMembershipsAdapter.getSelectors(
  (state: RootState) => state.projects.overview.listMemberships,
);
/** The open project's lists, members and list members, in the server's order. */
export const selectOverviewLists = overviewLists.selectAll;
export const selectOverviewMemberships = overviewMemberships.selectAll;
export const selectOverviewListMemberships = overviewListMemberships.selectAll;

const sidebarProjects = sidebarProjectsAdapter.getSelectors((state: RootState) => state.projects.projects);
const sidebarLists = sidebarListsAdapter.getSelectors((state: RootState) => state.projects.sidebarLists);
export const selectMembershipRemovedProjectId = (state: RootState) => state.projects.membershipRemovedProjectId;

/** The side menu tree: each project with its lists that the caller shows in the sidebar. */
export const selectProjectTree = createSelector(
  [sidebarProjects.selectAll, sidebarLists.selectAll],
  (projects, lists) => {
    const byProject = new Map<number, TaskList[]>();
    for (const list of lists) {
      if (!list.show_list_in_sidebar_yn || list.archived_yn) continue;
      byProject.set(list.parent_project, [...(byProject.get(list.parent_project) ?? []), list]);
    }
    return projects.map((project) => ({ project, lists: byProject.get(project.id) ?? [] }));
  },
);

export const selectIsOverviewOwner = (state: RootState) => state.projects.overview.project?.access_type_enum === 'owner';
