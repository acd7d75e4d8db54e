// The projects saga workers: a lazy chunk the watchers (sagas.ts) load with the first action that needs one.
import { all, call, delay, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
import * as endpoints from '../../api/projects';
import type {
  Project,
  ProjectColor,
  ProjectMembership,
  TaskCounts,
  TaskList,
  TaskListMembership,
  WorkspaceUser,
} from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { requestsActions } from '../../shared/requests/slice';
import { formRequestFailed } from '../../shared/requests/sagas';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { projectsActions, type ProjectFormValues } from './slice';

export function* loadSidebar(): SagaIterator {
  try {
    const [projects, lists]: [Project[], TaskList[]] = yield all([
      call(endpoints.fetchProjects, { archived_yn: false }),
      call(endpoints.fetchTaskLists, { archived_yn: false }),
    ]);
    yield put(projectsActions.sidebarLoaded({ projects, lists }));
  } catch (error) {
    yield call(handleApiError, error, 'Populate projects error');
  }
}

export function* loadCounts(): SagaIterator {
  try {
    const counts: TaskCounts = yield call(endpoints.fetchTaskCounts);
    yield put(projectsActions.countsLoaded(counts));
  } catch (error) {
    yield call(handleApiError, error, 'Get task counts error');
  }
}

export function* loadColors(): SagaIterator {
  const known: ProjectColor[] = yield select((state: RootState) => state.projects.colors);
  if (known.length) return;
  try {
    const colors: ProjectColor[] = yield call(endpoints.fetchProjectColors);
    yield put(projectsActions.colorsLoaded(colors));
  } catch (error) {
    yield call(handleApiError, error, 'Get project colors error');
  }
}

export const MEMBER_SEARCH_DEBOUNCE_MS = 300;

/** Debounced (takeLatest + delay): people matching the typed term, merged into the known ones. */
export function* searchWorkspaceUsers(action: PayloadAction<string>): SagaIterator {
  const term = action.payload.trim();
  if (!term) return;
  yield delay(MEMBER_SEARCH_DEBOUNCE_MS);
  try {
    const users: WorkspaceUser[] = yield call(endpoints.fetchWorkspaceUsers, term);
    yield put(projectsActions.workspaceUsersFound(users));
  } catch (error) {
    yield call(handleApiError, error, 'Populate users error');
  }
}

export function* loadWorkspaceUsers(): SagaIterator {
  try {
    const users: WorkspaceUser[] = yield call(endpoints.fetchWorkspaceUsers);
    yield put(projectsActions.workspaceUsersLoaded(users));
  } catch (error) {
    // Spec 02 §8: the user list is returned empty.
    yield put(projectsActions.workspaceUsersLoaded([]));
    yield call(handleApiError, error, 'Populate users error');
  }
}

export function* submitProject(
  action: PayloadAction<{ requestId: string; projectId: number | null; values: ProjectFormValues }>,
): SagaIterator {
  const { requestId, projectId, values } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    let project: Project;
    if (projectId === null) {
      project = yield call(endpoints.createProject, values);
      yield call(loadSidebar);
    } else {
      const change = { ...values };
      delete change.task_list_title;
      project = yield call(endpoints.updateProject, projectId, change);
    }
    yield put(projectsActions.projectSaved(project));
    yield put(requestsActions.requestSucceeded({ requestId, resultId: project.id }));
  } catch (error) {
    yield call(formRequestFailed, requestId, error, projectId === null ? 'Create project error' : 'Update project error');
  }
}

export function* archiveProject(action: PayloadAction<{ projectId: number; archived: boolean }>): SagaIterator {
  try {
    const project: Project = yield call(endpoints.updateProject, action.payload.projectId, {
      archived_yn: action.payload.archived,
    });
    yield put(projectsActions.projectSaved(project));
    yield call(toastSuccess, action.payload.archived ? 'Project archived.' : 'Project unarchived.');
    yield call(loadSidebar);
    yield put(projectsActions.countsRefreshRequested());
  } catch (error) {
    yield call(toastFailure, error, 'Archive project error');
  }
}

export function* deleteProject(action: PayloadAction<{ projectId: number; requestId: string }>): SagaIterator {
  const { projectId, requestId } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    yield call(endpoints.deleteProject, projectId);
    yield put(requestsActions.requestSucceeded({ requestId }));
    yield put(projectsActions.projectDeleted(projectId));
  } catch (error) {
    yield call(formRequestFailed, requestId, error, 'Delete project error');
  }
}

function* loadOverviewProject(projectId: number): SagaIterator {
  try {
    const project: Project = yield call(endpoints.fetchProject, projectId);
    yield put(projectsActions.overviewProjectLoaded(project));
  } catch (error) {
    // Unknown project or not a member: the page sends the user to /unauthorized (spec 02 §2).
    if (toApiFailure(error).status === 404) yield put(projectsActions.overviewNotFound(projectId));
    else yield call(handleApiError, error, 'Get project error');
  }
}

export function* loadOverviewLists(projectId: number): SagaIterator {
  try {
    const lists: TaskList[] = yield call(endpoints.fetchTaskLists, { parent_project: projectId });
    const listMemberships: TaskListMembership[] = lists.length
      ? yield call(endpoints.fetchTaskListMemberships, lists.map((list) => list.id))
      : [];
    yield put(projectsActions.overviewListsLoaded({ projectId, lists, listMemberships }));
  } catch (error) {
    yield call(handleApiError, error, 'Get task lists error');
  }
}

export function* loadOverviewMembers(projectId: number): SagaIterator {
  try {
    const memberships: ProjectMembership[] = yield call(endpoints.fetchProjectMemberships, projectId);
    yield put(projectsActions.overviewMembersLoaded({ projectId, memberships }));
  } catch {
    // Spec 02 §8: member list loading returns empty on any error and swallows it.
    yield put(projectsActions.overviewMembersLoaded({ projectId, memberships: [] }));
  }
}

export function* openOverview(action: PayloadAction<number>): SagaIterator {
  const projectId = action.payload;
  yield call(loadOverviewProject, projectId);
  const status: string = yield select((state: RootState) => state.projects.overview.status);
  if (status !== 'ready') return;
  yield all([call(loadOverviewLists, projectId), call(loadOverviewMembers, projectId), call(loadWorkspaceUsers)]);
}

export function* refreshOverview(
  action: PayloadAction<{ projectId: number; parts: ('project' | 'lists' | 'members')[] }>,
): SagaIterator {
  const { projectId, parts } = action.payload;
  const open: number | null = yield select((state: RootState) => state.projects.overview.projectId);
  if (open !== projectId) return;
  if (parts.includes('project')) yield call(loadOverviewProject, projectId);
  if (parts.includes('lists')) yield call(loadOverviewLists, projectId);
  if (parts.includes('members')) yield call(loadOverviewMembers, projectId);
}

/** Auto-save of the description: the last text, one second after typing stops. */
export function* saveDescription(action: PayloadAction<{ projectId: number; description: string }>): SagaIterator {
  yield delay(1000);
  try {
    yield call(endpoints.updateProject, action.payload.projectId, { description: action.payload.description });
  } catch (error) {
    yield call(handleApiError, error, 'Update project description error');
  }
}

export function* dismissGetStarted(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(endpoints.updateProject, action.payload, { show_get_started_message_yn: false });
  } catch (error) {
    yield call(handleApiError, error, 'Dismiss get started message error');
  }
}

export function* submitTaskList(
  action: PayloadAction<{ requestId: string; projectId: number; listId: number | null; title: string }>,
): SagaIterator {
  const { requestId, projectId, listId, title } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    let list: TaskList;
    if (listId === null) {
      list = yield call(endpoints.createTaskList, projectId, title);
    } else {
      const current: TaskList | undefined = yield select((state: RootState) => state.projects.overview.lists.entities[listId]);
      if (!current) return;
      list = yield call(endpoints.updateTaskList, current, { title });
    }
    yield put(projectsActions.taskListSaved(list));
    yield put(requestsActions.requestSucceeded({ requestId, resultId: list.id }));
    yield call(toastSuccess, listId === null ? 'Task list created.' : 'Task list renamed.');
    yield call(loadOverviewLists, projectId);
    yield call(loadSidebar);
  } catch (error) {
    yield call(formRequestFailed, requestId, error, 'Save task list error');
  }
}

export function* toggleListArchive(action: PayloadAction<{ list: TaskList; archived: boolean }>): SagaIterator {
  try {
    const list: TaskList = yield call(endpoints.updateTaskList, action.payload.list, { archived_yn: action.payload.archived });
    yield put(projectsActions.taskListSaved(list));
    yield call(toastSuccess, action.payload.archived ? 'List archived.' : 'List unarchived.');
    yield call(loadSidebar);
    // The side menu's Today / Next Workday / Starred badges count tasks of open lists only.
    yield put(projectsActions.countsRefreshRequested());
  } catch (error) {
    yield call(toastFailure, error, 'Archive task list error');
  }
}

export function* toggleListSidebar(action: PayloadAction<{ list: TaskList; show: boolean }>): SagaIterator {
  const { list, show } = action.payload;
  if (!list.membership_id) return;
  try {
    yield call(endpoints.setListInSidebar, list.membership_id, show);
    yield call(loadSidebar);
  } catch (error) {
    yield put(projectsActions.listSidebarToggled({ list, show: !show }));
    yield call(handleApiError, error, 'Set sidebar visibility error');
  }
}

export function* addMember(action: PayloadAction<{ projectId: number; userId: number }>): SagaIterator {
  const { projectId, userId } = action.payload;
  try {
    yield call(endpoints.addProjectMember, { project: projectId, user: userId, access_type_enum: 'member', project_role: '' });
    yield call(toastSuccess, 'Member added.');
  } catch (error) {
    yield call(toastFailure, error, 'Add project member error');
  }
  yield call(loadOverviewMembers, projectId);
}

export function* updateMember(
  action: PayloadAction<{ membership: ProjectMembership; accessType: 'owner' | 'member'; projectRole: string }>,
): SagaIterator {
  const { membership, accessType, projectRole } = action.payload;
  try {
    yield call(endpoints.updateProjectMember, membership.id, {
      project: membership.project,
      user: membership.user.id,
      access_type_enum: accessType,
      project_role: projectRole,
    });
    yield call(toastSuccess, accessType === membership.access_type_enum ? 'Member role saved.' : 'Role changed.');
  } catch (error) {
    yield call(toastFailure, error, 'Update project member error');
  }
  yield call(loadOverviewMembers, membership.project);
}

export function* removeMember(action: PayloadAction<ProjectMembership>): SagaIterator {
  const membership = action.payload;
  const me: number | undefined = yield select((state: RootState) => state.auth.user?.id);
  try {
    yield call(endpoints.removeProjectMember, membership.id);
  } catch (error) {
    // Refused (the only owner, 400): the server's message, and the page stays as it was.
    yield call(toastFailure, error, 'Remove project member error');
    yield call(loadOverviewMembers, membership.project);
    return;
  }
  yield call(toastSuccess, membership.user.id === me ? 'You left the project.' : 'Member removed.');
  if (membership.user.id === me) {
    yield call(loadSidebar);
    yield put(projectsActions.countsRefreshRequested());
    yield put(projectsActions.overviewNotFound(membership.project));
  } else {
    yield call(loadOverviewMembers, membership.project);
    yield call(loadOverviewLists, membership.project);
  }
}

export function* addListMember(action: PayloadAction<{ projectId: number; listId: number; userId: number }>): SagaIterator {
  try {
    yield call(endpoints.addTaskListMember, action.payload.listId, action.payload.userId);
    yield call(toastSuccess, 'Member added.');
  } catch (error) {
    yield call(toastFailure, error, 'Add task list member error');
  }
  yield call(loadOverviewLists, action.payload.projectId);
}

export function* removeListMember(action: PayloadAction<{ projectId: number; membership: TaskListMembership }>): SagaIterator {
  try {
    yield call(endpoints.removeTaskListMember, action.payload.membership.id);
    yield call(toastSuccess, 'Member removed.');
  } catch (error) {
    yield call(toastFailure, error, 'Remove task list member error');
  }
  yield call(loadOverviewLists, action.payload.projectId);
}
