import { put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { LiveEvent } from './events';
import type { RootState } from '../store';
import { listsActions } from '../../features/lists/slice';
import { personalActions } from '../../features/personal/slice';
import { tasksActions } from '../../features/tasks/slice';
import { projectsActions } from '../../features/projects/slice';

/** The live events of spec 02 §4 that this feature refreshes on. */
export const PROJECT_EVENTS = new Set([
  'add_user_to_project',
  'update_user_project_role',
  'remove_user_from_project',
  'add_user_to_tasklist',
  'remove_user_from_tasklist',
  'new_task',
  'new_join_task_to_user',
  'added_task_to_workday',
  'removed_task_from_workday',
  'removed_project_from_workday',
]);

/** Section changes are published with table_name "section" (drag and drop, add, remove ...). */
export const isSectionEvent = (event: LiveEvent) => event.table_name === 'section' || event.event.startsWith('section');

type Meta = Partial<{
  project_id: number;
  task_list_id: number;
  section_id: number;
  user_id: number;
  actor_id: number;
  task_id: number;
  today_yn: boolean;
  starred_yn: boolean;
  next_shift_yn: boolean;
}>;

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

function readMeta(event: LiveEvent): Meta {
  const raw = (event.meta && typeof event.meta === 'object' ? event.meta : {}) as Record<string, unknown>;
  const flag = (name: string) => (typeof raw[name] === 'boolean' ? (raw[name] as boolean) : undefined);
  return {
    project_id: num(raw.project_id),
    task_list_id: num(raw.task_list_id) ?? num(raw.task_list),
    section_id: num(raw.section_id),
    user_id: num(raw.user_id),
    actor_id: num(raw.actor_id),
    task_id: num(raw.task_id),
    today_yn: flag('today_yn'),
    starred_yn: flag('starred_yn'),
    next_shift_yn: flag('next_shift_yn'),
  };
}

/**
 * Turns one project event into the refresh it needs, and nothing more: the open overview,
 * the open list, the side menu, the personal page and its badges.
 */
export function* handleProjectEvent(event: LiveEvent): SagaIterator {
  const meta = readMeta(event);
  const state: RootState = yield select((s: RootState) => s);
  const me = state.auth.user?.id;
  const aboutMe = meta.user_id !== undefined && meta.user_id === me;
  const byOther = meta.actor_id === undefined || meta.actor_id !== me;
  const overviewId = state.projects.overview.projectId;
  const openList = state.lists.list;
  const openListProject = openList?.parent_project ?? null;
  const projectOpen = (id: number | undefined) => id !== undefined && (id === overviewId || id === openListProject);

  if (isSectionEvent(event)) {
    const listId = meta.task_list_id;
    if (listId !== undefined && listId === state.lists.listId && byOther) {
      yield put(listsActions.listRefreshRequested({ listId, parts: ['sections'] }));
    }
    return;
  }

  switch (event.event) {
    case 'add_user_to_project':
    case 'update_user_project_role':
      if (aboutMe) yield put(projectsActions.sidebarRefreshRequested());
      if (meta.project_id !== undefined && meta.project_id === overviewId && (byOther || aboutMe)) {
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
    case 'remove_user_from_project':
      if (aboutMe) {
        yield put(projectsActions.sidebarRefreshRequested());
        yield put(projectsActions.countsRefreshRequested());
        if (byOther && projectOpen(meta.project_id)) yield put(projectsActions.membershipRemovedElsewhere(meta.project_id!));
      } else if (byOther) {
        if (meta.project_id !== undefined && meta.project_id === overviewId) {
          yield put(projectsActions.overviewRefreshRequested({ projectId: meta.project_id, parts: ['members', 'lists'] }));
        }
        if (openList && meta.project_id === openListProject) {
          yield put(listsActions.listRefreshRequested({ listId: openList.id, parts: ['members'] }));
        }
      }
      break;
    case 'add_user_to_tasklist':
    case 'remove_user_from_tasklist':
      if (aboutMe) yield put(projectsActions.sidebarRefreshRequested());
      if (meta.project_id !== undefined && meta.project_id === overviewId) {
        yield put(projectsActions.overviewRefreshRequested({ projectId: meta.project_id, parts: ['lists'] }));
      }
      if (openList && meta.task_list_id === openList.id) {
        yield put(listsActions.listRefreshRequested({ listId: openList.id, parts: ['members'] }));
      }
      break;
    case 'new_task':
      if (byOther && openList && meta.task_list_id === openList.id && meta.section_id !== undefined) {
        yield put(listsActions.sectionTasksRequested({ sectionId: meta.section_id, page: 1 }));
      }
      if (meta.project_id !== undefined && meta.project_id === overviewId) {
        yield put(projectsActions.overviewRefreshRequested({ projectId: meta.project_id, parts: ['lists'] }));
      }
      break;
    case 'new_join_task_to_user':
      if (meta.task_id !== undefined) {
        const flags = { today_yn: meta.today_yn, starred_yn: meta.starred_yn, next_shift_yn: meta.next_shift_yn };
        yield put(tasksActions.taskFlagsChangedElsewhere({ taskId: meta.task_id, flags }));
      }
      yield put(projectsActions.countsRefreshRequested());
      if (state.personal.page) yield put(personalActions.pageRefreshRequested());
      break;
    case 'added_task_to_workday':
    case 'removed_task_from_workday':
    case 'removed_project_from_workday':
      yield put(projectsActions.countsRefreshRequested());
      if (state.personal.page === 'today') yield put(personalActions.pageRefreshRequested());
      break;
    default:
      break;
  }
}
