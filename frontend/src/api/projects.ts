// Endpoint functions of the projects area (spec 02 §7, docs/api.md "Projects").
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
  SectionMoveRequest,
  Task,
  TaskCounts,
  TaskCreateRequest,
  TaskList,
  TaskListMembership,
  TaskPage,
  UserTask,
  WorkspaceUser,
} from './types';

export type PersonalPageName = 'today' | 'next_workday' | 'starred';
export type TaskFlag = 'today_yn' | 'starred_yn' | 'next_shift_yn';

const data = <T>(promise: Promise<{ data: T }>) => promise.then((answer) => answer.data);

export const projectsApi = {
  colors: () => data(api.get<ProjectColor[]>('/api/media/color/')),
  projects: (params: { archived_yn?: boolean } = {}) => data(api.get<Project[]>('/api/projects/project/', { params })),
  project: (id: number) => data(api.get<Project>(`/api/projects/project/${id}/`)),
  createProject: (body: ProjectCreateRequest) => data(api.post<Project>('/api/projects/project/', body)),
  updateProject: (id: number, body: ProjectUpdateRequest) => data(api.patch<Project>(`/api/projects/project/${id}/`, body)),
  deleteProject: (id: number) => api.delete(`/api/projects/project/${id}/`).then(() => undefined),
  projectMemberships: (id: number) => data(api.get<ProjectMembership[]>(`/api/projects/project/${id}/memberships/`)),
  addProjectMember: (body: ProjectMembershipRequest) =>
    data(api.post<ProjectMembership>('/api/projects/project_memberships/', body)),
  updateProjectMember: (id: number, body: ProjectMembershipRequest) =>
    data(api.put<ProjectMembership>(`/api/projects/project_memberships/${id}/`, body)),
  removeProjectMember: (id: number) => api.delete(`/api/projects/project_memberships/${id}/`).then(() => undefined),
  workspaceUsers: (search = '') =>
    data(api.get<WorkspaceUser[]>('/api/projects/workspace_users/', { params: search ? { search } : {} })),

  taskLists: (params: { parent_project?: number; archived_yn?: boolean } = {}) =>
    data(api.get<TaskList[]>('/api/projects/task_lists/', { params })),
  taskList: (id: number) => data(api.get<TaskList>(`/api/projects/task_list/${id}/`)),
  createTaskList: (projectId: number, title: string) =>
    data(
      api.post<TaskList>('/api/projects/task_list/', {
        title,
        parent_project: projectId,
        parent_type_enum: 'project',
        parent_user: null,
        archived_yn: false,
        removed_yn: false,
      }),
    ),
  updateTaskList: (list: TaskList, change: { title?: string; archived_yn?: boolean }) =>
    data(api.put<TaskList>(`/api/projects/task_list/${list.id}/`, { ...list, ...change })),
  taskListMemberships: (taskListIds: number[]) =>
    data(api.post<TaskListMembership[]>('/api/projects/task_list/memberships/', { task_list_ids: taskListIds })),
  addTaskListMember: (taskListId: number, userId: number) =>
    data(
      api.post<TaskListMembership>('/api/projects/task_list_memberships/', {
        task_list: taskListId,
        user: userId,
        access_type_enum: 'member',
        show_list_in_sidebar_yn: true,
      }),
    ),
  setListInSidebar: (membershipId: number, show: boolean) =>
    data(
      api.patch<TaskListMembership>(`/api/projects/task_list_memberships/${membershipId}/`, {
        show_list_in_sidebar_yn: show,
      }),
    ),
  removeTaskListMember: (membershipId: number) =>
    api.delete(`/api/projects/task_list_memberships/${membershipId}/`).then(() => undefined),

  sections: (taskListId: number) => data(api.get<Section[]>('/api/projects/section/', { params: { task_list: taskListId } })),
  section: (id: number) => data(api.get<Section>(`/api/projects/section/${id}/`)),
  createSection: (taskListId: number, title: string) =>
    data(api.post<Section>('/api/projects/section/', { task_list: taskListId, title })),
  moveSection: (body: SectionMoveRequest) => data(api.post<Section[]>('/api/projects/section/move/', body)),
  removeSection: (id: number, confirmed: boolean) =>
    data(api.post<Section>(`/api/projects/section/${id}/remove/`, { archive_tasks_confirmed: confirmed })),
  restoreSection: (id: number) => data(api.post<Section>(`/api/projects/section/${id}/restore/`)),
  deleteSection: (id: number) => api.delete(`/api/projects/section/${id}/`).then(() => undefined),
  archiveSectionTasks: (id: number) => data(api.post(`/api/projects/section/${id}/archive_tasks/`)),
  unarchiveSectionTasks: (id: number) => data(api.post(`/api/projects/section/${id}/unarchive_tasks/`)),
  mergeSection: (id: number, intoSection: number) =>
    data(api.post<Section>(`/api/projects/section/${id}/merge/`, { into_section: intoSection })),
  moveSectionToList: (id: number, taskListId: number) =>
    data(api.post<Section>(`/api/projects/section/${id}/move_to_list/`, { task_list: taskListId })),
  sectionTasks: (id: number, page: number, archived: boolean) =>
    data(
      api.get<TaskPage>(`/api/projects/section/${id}/tasks/`, {
        params: { page, ...(archived ? { archived_yn: true } : {}) },
      }),
    ),

  task: (id: number) => data(api.get<Task>(`/api/projects/task/${id}/`)),
  createTask: (body: Pick<TaskCreateRequest, 'section' | 'title'>) =>
    data(api.post<Task>('/api/projects/task/', { description: '', priority: 0, ...body })),
  updateTask: (id: number, body: { description?: string; title?: string }) =>
    data(api.patch<Task>(`/api/projects/task/${id}/`, body)),
  archiveTask: (id: number) => data(api.post<Task>(`/api/projects/task/${id}/archive/`)),
  unarchiveTask: (id: number) => data(api.post<Task>(`/api/projects/task/${id}/unarchive/`)),
  setTaskFlag: (taskId: number, flag: TaskFlag, value: boolean) =>
    data(api.post<UserTask>('/api/projects/user_task/', { task: taskId, [flag]: value })),
  counts: () => data(api.get<TaskCounts>('/api/projects/tasks/groups/counts/')),
  personalPage: (page: PersonalPageName, filter: { owners: number[]; members: number[] }) =>
    data(
      api.get<ProjectTasks[]>(`/api/projects/tasks/${page}/`, {
        params: {
          ...(filter.owners.length ? { owner_user: filter.owners.join(',') } : {}),
          ...(filter.members.length ? { member_user: filter.members.join(',') } : {}),
        },
      }),
    ),
};
