import { put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { LiveEventOf } from './events';
import type { RootState } from '../store';
import { listsActions } from '../../features/lists/slice';
import { personalActions } from '../../features/personal/slice';
import { tasksActions } from '../../features/tasks/slice';
import { projectsActions } from '../../features/projects/slice';

/** The live events of spec 02 §4: projects, lists, sections and personal flags. */
export type ProjectEvent = LiveEventOf<
  | 'add_user_to_project'
  | 'update_user_project_role'
  | 'remove_user_from_project'
  | 'add_user_to_tasklist'
  | 'remove_user_from_tasklist'
  | 'new_task'
  | 'task_updated'
  | 'task_deleted'
  | 'new_join_task_to_user'
  | 'added_task_to_workday'
  | 'removed_task_from_workday'
  | 'removed_project_from_workday'
  | 'sections_changed'
  | 'new_activity'
  | 'new_activity_read_log'
  | 'new_activity_read_log_mark_all'
>;

/** At most this many loaded task cards are reloaded for one read event (a project's mark-all). */
const MAX_CARD_RELOADS = 50;

/**
 * Turns one project event into the refresh it needs, and nothing more: the open overview,
 * the open list, the side menu, the personal page and its badges.
 */
export function* handleProjectEvent(event: ProjectEvent): SagaIterator {
  const state: RootState = yield select((s: RootState) => s);
  const me = state.auth.user?.id;
  const overviewId = state.projects.overview.projectId;
  const openList = state.lists.list;
  const openListProject = openList?.parent_project ?? null;
  const projectOpen = (id: number) => id === overviewId || id === openListProject;

  switch (event.event) {
    case 'sections_changed': {
      const { meta } = event;
      const byOther = meta.actor_id === null || meta.actor_id !== me;
      if (meta.task_list_id === state.lists.listId && byOther) {
        yield put(listsActions.listRefreshRequested({ listId: meta.task_list_id, parts: ['sections'] }));
      }
      break;
    }
    case 'add_user_to_project':
    case 'update_user_project_role': {
      const { meta } = event;
      const aboutMe = meta.user_id === me;
      const byOther = meta.actor_id !== me;
      if (aboutMe) yield put(projectsActions.sidebarRefreshRequested());
      if (meta.project_id === overviewId && (byOther || aboutMe)) {
        yield put(
          projectsActions.overviewRefreshRequested({
            projectId: meta.project_id,
            parts: aboutMe ? ['project', 'members', 'lists'] : ['members'],
          }),
        );
      }
      if (openList && meta.project_id === openListProject && byOther) {
        yield put(listsActions.listRefreshRequested({ listId: openList.id, parts: aboutMe ? ['list', 'members'] : ['members'] }));
      }
      break;
    }
    case 'remove_user_from_project': {
      const { meta } = event;
      const byOther = meta.actor_id !== me;
      if (meta.user_id === me) {
        yield put(projectsActions.sidebarRefreshRequested());
        yield put(projectsActions.countsRefreshRequested());
        if (byOther && projectOpen(meta.project_id)) yield put(projectsActions.membershipRemovedElsewhere(meta.project_id));
      } else if (byOther) {
        if (meta.project_id === overviewId) {
          yield put(projectsActions.overviewRefreshRequested({ projectId: meta.project_id, parts: ['members', 'lists'] }));
        }
        if (openList && meta.project_id === openListProject) {
          yield put(listsActions.listRefreshRequested({ listId: openList.id, parts: ['members'] }));
        }
      }
      break;
    }
    case 'add_user_to_tasklist':
    case 'remove_user_from_tasklist': {
      const { meta } = event;
      if (meta.user_id === me) yield put(projectsActions.sidebarRefreshRequested());
      if (meta.project_id === overviewId) {
        yield put(projectsActions.overviewRefreshRequested({ projectId: meta.project_id, parts: ['lists'] }));
      }
      if (openList && meta.task_list_id === openList.id) {
        yield put(listsActions.listRefreshRequested({ listId: openList.id, parts: ['members'] }));
      }
      break;
    }
    case 'new_task': {
      const { meta } = event;
      if (meta.actor_id !== me && openList && meta.task_list_id === openList.id && meta.section_id !== null) {
        yield put(listsActions.sectionTasksRequested({ sectionId: meta.section_id, page: 1 }));
      }
      if (meta.project_id === overviewId) {
        yield put(projectsActions.overviewRefreshRequested({ projectId: meta.project_id, parts: ['lists'] }));
      }
      break;
    }
    case 'task_updated': {
      // Another member's change: fetch the task again wherever it shows; one's own is applied already.
      const { meta } = event;
      if (meta.actor_id === me) break;
      const taskId = Number(event.resource_id);
      const listOpen = openList !== null && openList !== undefined && meta.task_list_id === openList.id;
      const onPersonalPage = state.personal.groups.some((group) => group.taskIds.includes(taskId));
      if (taskId in state.tasks.entities || listOpen) yield put(tasksActions.taskRefreshRequested(taskId));
      if (listOpen) yield put(listsActions.listRefreshRequested({ listId: meta.task_list_id, parts: ['sections'] }));
      if (state.personal.page && (onPersonalPage || state.personal.filter.owners.length + state.personal.filter.members.length > 0)) {
        yield put(personalActions.pageRefreshRequested());
      }
      yield put(projectsActions.countsRefreshRequested());
      break;
    }
    case 'task_deleted': {
      if (event.meta.actor_id !== me) yield put(tasksActions.taskDeleted(Number(event.resource_id)));
      break;
    }
    case 'new_join_task_to_user': {
      const { task_id, today_yn, starred_yn, next_shift_yn } = event.meta;
      yield put(tasksActions.taskFlagsChangedElsewhere({ taskId: task_id, flags: { today_yn, starred_yn, next_shift_yn } }));
      yield put(projectsActions.countsRefreshRequested());
      if (state.personal.page) yield put(personalActions.pageRefreshRequested());
      break;
    }
    case 'added_task_to_workday':
    case 'removed_task_from_workday':
    case 'removed_project_from_workday':
      yield put(projectsActions.countsRefreshRequested());
      if (state.personal.page === 'today') yield put(personalActions.pageRefreshRequested());
      break;
    // Activity counts on task cards, the Task Lists table and the personal pages follow live.
    case 'new_activity':
    case 'new_activity_read_log':
    case 'new_activity_read_log_mark_all': {
      const taskIds = event.event === 'new_activity' ? [event.meta.task_id] : event.meta.task_ids;
      const loaded = taskIds.filter((id) => state.tasks.entities[id] !== undefined).slice(0, MAX_CARD_RELOADS);
      for (const id of loaded) yield put(tasksActions.taskRequested(id));
      if (overviewId !== null) yield put(projectsActions.overviewRefreshRequested({ projectId: overviewId, parts: ['lists'] }));
      if (state.personal.page) yield put(personalActions.pageRefreshRequested());
      break;
    }
  }
}
