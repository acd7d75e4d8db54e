import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AccessType,
  Project,
  ProjectColor,
  ProjectCreateRequest,
  ProjectMembership,
  TaskCounts,
  TaskList,
  TaskListMembership,
  WorkspaceUser,
} from '../../api/types';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'notFound';

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' });

/** Projects and lists of the side menu, by id and sorted by title. */
export const sidebarProjectsAdapter = createEntityAdapter<Project>({ sortComparer: byTitle });
export const sidebarListsAdapter = createEntityAdapter<TaskList>({ sortComparer: byTitle });
/** The overview's lists and memberships, by id, in the server's order. */
export const taskListsAdapter = createEntityAdapter<TaskList>();
export const projectMembershipsAdapter = createEntityAdapter<ProjectMembership>();
export const taskListMembershipsAdapter = createEntityAdapter<TaskListMembership>();

export interface OverviewState {
  projectId: number | null;
  status: LoadStatus;
  project: Project | null;
  /** Active and archived lists of the project. */
  lists: EntityState<TaskList, number>;
  memberships: EntityState<ProjectMembership, number>;
  listMemberships: EntityState<TaskListMembership, number>;
}

export interface ProjectsState {
  /** The caller's non-archived projects, for the side menu tree. */
  projects: EntityState<Project, number>;
  /** Non-archived lists of those projects, with the caller's sidebar setting. */
  sidebarLists: EntityState<TaskList, number>;
  sidebarLoaded: boolean;
  counts: TaskCounts | null;
  colors: ProjectColor[];
  workspaceUsers: WorkspaceUser[];
  overview: OverviewState;
  /** Set when a live event says the caller was removed from the project they look at. */
  membershipRemovedProjectId: number | null;
}

const emptyOverview: OverviewState = {
  projectId: null,
  status: 'idle',
  project: null,
  lists: taskListsAdapter.getInitialState(),
  memberships: projectMembershipsAdapter.getInitialState(),
  listMemberships: taskListMembershipsAdapter.getInitialState(),
};

const initialState: ProjectsState = {
  projects: sidebarProjectsAdapter.getInitialState(),
  sidebarLists: sidebarListsAdapter.getInitialState(),
  sidebarLoaded: false,
  counts: null,
  colors: [],
  workspaceUsers: [],
  overview: emptyOverview,
  membershipRemovedProjectId: null,
};

export type ProjectFormValues = Pick<ProjectCreateRequest, 'title' | 'color' | 'description' | 'task_list_title' | 'auto_activity'>;

const projectsSlice = createSlice({
  name: 'projects',
  initialState,
  reducers: {
    sidebarRefreshRequested() {},
    sidebarLoaded(state, action: PayloadAction<{ projects: Project[]; lists: TaskList[] }>) {
      sidebarProjectsAdapter.setAll(state.projects, action.payload.projects.filter((p) => !p.archived_yn));
      sidebarListsAdapter.setAll(state.sidebarLists, action.payload.lists.filter((l) => !l.archived_yn && !l.removed_yn));
      state.sidebarLoaded = true;
    },
    countsRefreshRequested() {},
    countsLoaded(state, action: PayloadAction<TaskCounts>) {
      state.counts = action.payload;
    },
    colorsRequested() {},
    colorsLoaded(state, action: PayloadAction<ProjectColor[]>) {
      state.colors = action.payload;
    },
    workspaceUsersRequested() {},
    /** The member search typed `term`: the server looks beyond the first page of people. */
    workspaceUsersSearched(_state, _action: PayloadAction<string>) {},
    workspaceUsersFound(state, action: PayloadAction<WorkspaceUser[]>) {
      const known = new Set(state.workspaceUsers.map((user) => user.id));
      state.workspaceUsers.push(...action.payload.filter((user) => !known.has(user.id)));
    },
    workspaceUsersLoaded(state, action: PayloadAction<WorkspaceUser[]>) {
      state.workspaceUsers = action.payload;
    },

    projectSubmitted(_state, _action: PayloadAction<{ requestId: string; projectId: number | null; values: ProjectFormValues }>) {},
    projectSaved(state, action: PayloadAction<Project>) {
      const project = action.payload;
      if (project.archived_yn) sidebarProjectsAdapter.removeOne(state.projects, project.id);
      else sidebarProjectsAdapter.setOne(state.projects, project);
      if (state.overview.projectId === project.id) state.overview.project = project;
    },
    projectArchiveRequested(_state, _action: PayloadAction<{ projectId: number; archived: boolean }>) {},
    projectDeleteRequested(_state, _action: PayloadAction<{ projectId: number; requestId: string }>) {},
    projectDeleted(state, action: PayloadAction<number>) {
      sidebarProjectsAdapter.removeOne(state.projects, action.payload);
      if (state.overview.projectId === action.payload) state.overview = { ...emptyOverview, status: 'notFound' };
    },

    overviewOpened(state, action: PayloadAction<number>) {
      if (state.overview.projectId !== action.payload) state.overview = { ...emptyOverview, projectId: action.payload };
      state.overview.status = state.overview.project ? 'ready' : 'loading';
    },
    overviewRefreshRequested(_state, _action: PayloadAction<{ projectId: number; parts: ('project' | 'lists' | 'members')[] }>) {},
    overviewProjectLoaded(state, action: PayloadAction<Project>) {
      if (state.overview.projectId !== action.payload.id) return;
      state.overview.project = action.payload;
      state.overview.status = 'ready';
    },
    overviewNotFound(state, action: PayloadAction<number>) {
      if (state.overview.projectId === action.payload) state.overview = { ...emptyOverview, projectId: action.payload, status: 'notFound' };
    },
    overviewListsLoaded(state, action: PayloadAction<{ projectId: number; lists: TaskList[]; listMemberships: TaskListMembership[] }>) {
      if (state.overview.projectId !== action.payload.projectId) return;
      taskListsAdapter.setAll(state.overview.lists, action.payload.lists);
      taskListMembershipsAdapter.setAll(state.overview.listMemberships, action.payload.listMemberships);
    },
    overviewMembersLoaded(state, action: PayloadAction<{ projectId: number; memberships: ProjectMembership[] }>) {
      if (state.overview.projectId !== action.payload.projectId) return;
      projectMembershipsAdapter.setAll(state.overview.memberships, action.payload.memberships);
    },
    overviewClosed(state) {
      state.overview = emptyOverview;
    },

    descriptionEdited(state, action: PayloadAction<{ projectId: number; description: string }>) {
      const project = state.overview.project;
      if (project && project.id === action.payload.projectId) project.description = action.payload.description;
    },
    getStartedDismissed(state, action: PayloadAction<number>) {
      const project = state.overview.project;
      if (project && project.id === action.payload) project.show_get_started_message_yn = false;
    },

    taskListSubmitted(_state, _action: PayloadAction<{ requestId: string; projectId: number; listId: number | null; title: string }>) {},
    taskListArchiveToggled(_state, _action: PayloadAction<{ list: TaskList; archived: boolean }>) {},
    taskListSaved(state, action: PayloadAction<TaskList>) {
      const list = action.payload;
      if (state.overview.projectId === list.parent_project) taskListsAdapter.setOne(state.overview.lists, list);
    },
    listSidebarToggled(state, action: PayloadAction<{ list: TaskList; show: boolean }>) {
      const { list, show } = action.payload;
      taskListsAdapter.updateOne(state.overview.lists, { id: list.id, changes: { show_list_in_sidebar_yn: show } });
    },

    memberAddRequested(_state, _action: PayloadAction<{ projectId: number; userId: number }>) {},
    memberUpdateRequested(
      _state,
      _action: PayloadAction<{ membership: ProjectMembership; accessType: AccessType; projectRole: string }>,
    ) {},
    memberRemoveRequested(_state, _action: PayloadAction<ProjectMembership>) {},
    listMemberAddRequested(_state, _action: PayloadAction<{ projectId: number; listId: number; userId: number }>) {},
    listMemberRemoveRequested(_state, _action: PayloadAction<{ projectId: number; membership: TaskListMembership }>) {},

    membershipRemovedElsewhere(state, action: PayloadAction<number>) {
      state.membershipRemovedProjectId = action.payload;
    },
    membershipRemovedAcknowledged(state) {
      state.membershipRemovedProjectId = null;
      state.overview = emptyOverview;
    },
  },
});

export const projectsActions = projectsSlice.actions;
export const projectsReducer = projectsSlice.reducer;
