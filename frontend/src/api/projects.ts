// Endpoint functions of the projects area (spec 02 §7, docs/api.md "Projects"). Like every module
// in src/api/: one exported async function per call, typed with the generated schema types.
import { api } from './client';
import type {
  Project,
  ProjectColor,
  ProjectCreateRequest,
  ProjectMembership,
  ProjectMembershipRequest,
  ProjectTasks,
  ProjectUpdateRequest,
  Section,
  SectionCreateRequest,
  SectionMergeRequest,
  SectionMoveRequest,
  SectionMoveToListRequest,
  SectionRemoveRequest,
  SectionRenameRequest,
  SectionTaskCount,
  Task,
  TaskCounts,
  TaskCreateRequest,
  TaskList,
  TaskListCreateRequest,
  TaskListMembership,
  TaskListMembershipCreateRequest,
  TaskListMembershipsRequest,
  TaskListMembershipUpdateRequest,
  TaskListUpdateRequest,
  TaskPage,
  TaskUpdateRequest,
  UserTask,
  UserTaskRequest,
  WorkspaceUser,
} from './types';

export type PersonalPageName = 'today' | 'next_workday' | 'starred';
export type TaskFlag = 'today_yn' | 'starred_yn' | 'next_shift_yn';

// Projects and their members.

export async function fetchProjectColors(): Promise<ProjectColor[]> {
  return (await api.get<ProjectColor[]>('/api/media/color/')).data;
}

export async function fetchProjects(params: { archived_yn?: boolean } = {}): Promise<Project[]> {
  return (await api.get<Project[]>('/api/projects/project/', { params })).data;
}

export async function fetchProject(id: number): Promise<Project> {
  return (await api.get<Project>(`/api/projects/project/${id}/`)).data;
}

export async function createProject(body: ProjectCreateRequest): Promise<Project> {
  return (await api.post<Project>('/api/projects/project/', body)).data;
}

export async function updateProject(id: number, body: ProjectUpdateRequest): Promise<Project> {
  return (await api.patch<Project>(`/api/projects/project/${id}/`, body)).data;
}

export async function deleteProject(id: number): Promise<void> {
  await api.delete(`/api/projects/project/${id}/`);
}

export async function fetchProjectMemberships(projectId: number): Promise<ProjectMembership[]> {
  return (await api.get<ProjectMembership[]>(`/api/projects/project/${projectId}/memberships/`)).data;
}

export async function addProjectMember(body: ProjectMembershipRequest): Promise<ProjectMembership> {
  return (await api.post<ProjectMembership>('/api/projects/project_memberships/', body)).data;
}

export async function updateProjectMember(id: number, body: ProjectMembershipRequest): Promise<ProjectMembership> {
  return (await api.put<ProjectMembership>(`/api/projects/project_memberships/${id}/`, body)).data;
}

export async function removeProjectMember(id: number): Promise<void> {
  await api.delete(`/api/projects/project_memberships/${id}/`);
}

export async function fetchWorkspaceUsers(search = ''): Promise<WorkspaceUser[]> {
  return (await api.get<WorkspaceUser[]>('/api/projects/workspace_users/', { params: search ? { search } : {} })).data;
}

// Task lists and their members.

export async function fetchTaskLists(params: { parent_project?: number; archived_yn?: boolean } = {}): Promise<TaskList[]> {
  return (await api.get<TaskList[]>('/api/projects/task_lists/', { params })).data;
}

export async function fetchTaskList(id: number): Promise<TaskList> {
  return (await api.get<TaskList>(`/api/projects/task_list/${id}/`)).data;
}

export async function createTaskList(projectId: number, title: string): Promise<TaskList> {
  const body: TaskListCreateRequest = {
    title,
    parent_project: projectId,
    parent_type_enum: 'project',
    parent_user: null,
    archived_yn: false,
    removed_yn: false,
  };
  return (await api.post<TaskList>('/api/projects/task_list/', body)).data;
}

/** PUT takes the whole list as the spec sends it; only the title and archived_yn change. */
export async function updateTaskList(list: TaskList, change: { title?: string; archived_yn?: boolean }): Promise<TaskList> {
  const body: TaskListUpdateRequest = { ...list, ...change };
  return (await api.put<TaskList>(`/api/projects/task_list/${list.id}/`, body)).data;
}

export async function fetchTaskListMemberships(taskListIds: number[]): Promise<TaskListMembership[]> {
  const body: TaskListMembershipsRequest = { task_list_ids: taskListIds };
  return (await api.post<TaskListMembership[]>('/api/projects/task_list/memberships/', body)).data;
}

export async function addTaskListMember(taskListId: number, userId: number): Promise<TaskListMembership> {
  const body: TaskListMembershipCreateRequest = {
    task_list: taskListId,
    user: userId,
    access_type_enum: 'member',
    show_list_in_sidebar_yn: true,
  };
  return (await api.post<TaskListMembership>('/api/projects/task_list_memberships/', body)).data;
}

export async function setListInSidebar(membershipId: number, show: boolean): Promise<TaskListMembership> {
  const body: TaskListMembershipUpdateRequest = { show_list_in_sidebar_yn: show };
  return (await api.patch<TaskListMembership>(`/api/projects/task_list_memberships/${membershipId}/`, body)).data;
}

export async function removeTaskListMember(membershipId: number): Promise<void> {
  await api.delete(`/api/projects/task_list_memberships/${membershipId}/`);
}

// Sections.

export async function fetchSections(taskListId: number): Promise<Section[]> {
  return (await api.get<Section[]>('/api/projects/section/', { params: { task_list: taskListId } })).data;
}

export async function fetchSection(id: number): Promise<Section> {
  return (await api.get<Section>(`/api/projects/section/${id}/`)).data;
}

export async function createSection(taskListId: number, title: string): Promise<Section> {
  const body: SectionCreateRequest = { task_list: taskListId, title };
  return (await api.post<Section>('/api/projects/section/', body)).data;
}

export async function renameSection(id: number, title: string): Promise<Section> {
  const body: SectionRenameRequest = { title };
  return (await api.patch<Section>(`/api/projects/section/${id}/`, body)).data;
}

export async function moveSection(body: SectionMoveRequest): Promise<Section[]> {
  return (await api.post<Section[]>('/api/projects/section/move/', body)).data;
}

export async function removeSection(id: number, confirmed: boolean): Promise<Section> {
  const body: SectionRemoveRequest = { archive_tasks_confirmed: confirmed };
  return (await api.post<Section>(`/api/projects/section/${id}/remove/`, body)).data;
}

export async function restoreSection(id: number): Promise<Section> {
  return (await api.post<Section>(`/api/projects/section/${id}/restore/`)).data;
}

export async function deleteSection(id: number): Promise<void> {
  await api.delete(`/api/projects/section/${id}/`);
}

export async function archiveSectionTasks(id: number): Promise<SectionTaskCount> {
  return (await api.post<SectionTaskCount>(`/api/projects/section/${id}/archive_tasks/`)).data;
}

export async function unarchiveSectionTasks(id: number): Promise<SectionTaskCount> {
  return (await api.post<SectionTaskCount>(`/api/projects/section/${id}/unarchive_tasks/`)).data;
}

export async function mergeSection(id: number, intoSection: number): Promise<Section> {
  const body: SectionMergeRequest = { into_section: intoSection };
  return (await api.post<Section>(`/api/projects/section/${id}/merge/`, body)).data;
}

export async function moveSectionToList(id: number, taskListId: number): Promise<Section> {
  const body: SectionMoveToListRequest = { task_list: taskListId };
  return (await api.post<Section>(`/api/projects/section/${id}/move_to_list/`, body)).data;
}

export async function fetchSectionTasks(id: number, page: number, archived: boolean): Promise<TaskPage> {
  const params = { page, ...(archived ? { archived_yn: true } : {}) };
  return (await api.get<TaskPage>(`/api/projects/section/${id}/tasks/`, { params })).data;
}

// Tasks and the user's flags.

export async function fetchTask(id: number): Promise<Task> {
  return (await api.get<Task>(`/api/projects/task/${id}/`)).data;
}

export async function createTask(fields: Pick<TaskCreateRequest, 'section' | 'title'>): Promise<Task> {
  const body: TaskCreateRequest = { description: '', priority: 0, ...fields };
  return (await api.post<Task>('/api/projects/task/', body)).data;
}

/** A PATCH of the fields that changed; owner_user and members are for the task owner or a project owner. */
export async function updateTask(id: number, body: TaskUpdateRequest): Promise<Task> {
  return (await api.patch<Task>(`/api/projects/task/${id}/`, body)).data;
}

/** Deletes the task for everybody (task owner or project owner): 204. */
export async function deleteTask(id: number): Promise<void> {
  await api.delete(`/api/projects/task/${id}/`);
}

export async function archiveTask(id: number): Promise<Task> {
  return (await api.post<Task>(`/api/projects/task/${id}/archive/`)).data;
}

export async function unarchiveTask(id: number): Promise<Task> {
  return (await api.post<Task>(`/api/projects/task/${id}/unarchive/`)).data;
}

export async function setTaskFlag(taskId: number, flag: TaskFlag, value: boolean): Promise<UserTask> {
  const body: UserTaskRequest = { task: taskId, [flag]: value };
  return (await api.post<UserTask>('/api/projects/user_task/', body)).data;
}

export async function fetchTaskCounts(): Promise<TaskCounts> {
  return (await api.get<TaskCounts>('/api/projects/tasks/groups/counts/')).data;
}

export async function fetchPersonalPage(
  page: PersonalPageName,
  filter: { owners: number[]; members: number[] },
): Promise<ProjectTasks[]> {
  const params = {
    ...(filter.owners.length ? { owner_user: filter.owners.join(',') } : {}),
    ...(filter.members.length ? { member_user: filter.members.join(',') } : {}),
  };
  return (await api.get<ProjectTasks[]>(`/api/projects/tasks/${page}/`, { params })).data;
}
