// The lists saga workers: a lazy chunk the watchers (sagas.ts) load with the first action that needs one.
import { all, call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiFailure } from '../../api/client';
// Several sagas share an endpoint's name (moveSection, removeSection ...): keep the module's namespace.
import * as endpoints from '../../api/projects';
import type { Project, ProjectMembership, Section, TaskList, TaskListMembership, TaskPage } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { requestsActions } from '../../shared/requests/slice';
import { formRequestFailed } from '../../shared/requests/sagas';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { listsActions, type SectionMove } from './slice';
import { selectSiblingLists, selectVisibleSections } from './selectors';

const openListId = (state: RootState) => state.lists.listId;

export function* loadSections(listId: number): SagaIterator {
  try {
    const sections: Section[] = yield call(endpoints.fetchSections, listId);
    yield put(listsActions.sectionsLoaded({ listId, sections }));
  } catch (error) {
    yield call(handleApiError, error, 'Get sections error');
  }
}

export function* loadMembers(listId: number): SagaIterator {
  const projectId: number | undefined = yield select((state: RootState) => state.lists.list?.parent_project);
  try {
    const members: TaskListMembership[] = yield call(endpoints.fetchTaskListMemberships, [listId]);
    const projectMembers: ProjectMembership[] = projectId ? yield call(endpoints.fetchProjectMemberships, projectId) : [];
    yield put(listsActions.membersLoaded({ listId, members, projectMembers }));
  } catch {
    // Spec 02 §8: membership helpers return empty on any error.
    yield put(listsActions.membersLoaded({ listId, members: [], projectMembers: [] }));
  }
}

export function* loadSectionTasks(action: PayloadAction<{ sectionId: number; page: number }>): SagaIterator {
  const { sectionId, page } = action.payload;
  const archived: boolean = yield select((state: RootState) => state.lists.archiveView);
  try {
    const answer: TaskPage = yield call(endpoints.fetchSectionTasks, sectionId, page, archived);
    yield put(listsActions.tasksFetched(answer.results));
    yield put(listsActions.sectionTasksLoaded({ sectionId, page, ids: answer.results.map((t) => t.id), count: answer.count }));
  } catch (error) {
    yield put(listsActions.sectionTasksFailed(sectionId));
    yield call(handleApiError, error, 'Get section tasks error');
  }
}

/** First page of every section shown, after the sections are (re)loaded. */
function* loadFirstPages(): SagaIterator {
  const shown: Section[] = yield select(selectVisibleSections);
  for (const section of shown) {
    yield put(listsActions.sectionTasksRequested({ sectionId: section.id, page: 1 }));
  }
}

export function* openList(action: PayloadAction<{ listId: number; archiveView: boolean }>): SagaIterator {
  const { listId } = action.payload;
  try {
    const list: TaskList = yield call(endpoints.fetchTaskList, listId);
    const [project, siblingLists]: [Project, TaskList[]] = yield all([
      call(endpoints.fetchProject, list.parent_project),
      call(endpoints.fetchTaskLists, { parent_project: list.parent_project, archived_yn: false }),
    ]);
    yield put(listsActions.listLoaded({ list, project, siblingLists }));
  } catch (error) {
    // An unknown list or one the caller may not see goes to /unauthorized (spec 02 §2).
    if (toApiFailure(error).status === 404) yield put(listsActions.listNotFound(listId));
    else yield call(handleApiError, error, 'Get task list error');
    return;
  }
  yield all([call(loadSections, listId), call(loadMembers, listId)]);
  yield call(loadFirstPages);
}

export function* refreshList(action: PayloadAction<{ listId: number; parts: ('list' | 'sections' | 'members')[] }>): SagaIterator {
  const { listId, parts } = action.payload;
  const open: number | null = yield select(openListId);
  if (open !== listId) return;
  if (parts.includes('list')) {
    try {
      const list: TaskList = yield call(endpoints.fetchTaskList, listId);
      const project: Project = yield call(endpoints.fetchProject, list.parent_project);
      const siblings: TaskList[] = yield select(selectSiblingLists);
      yield put(listsActions.listLoaded({ list, project, siblingLists: siblings }));
    } catch (error) {
      if (toApiFailure(error).status === 404) yield put(listsActions.listNotFound(listId));
      return;
    }
  }
  if (parts.includes('members')) yield call(loadMembers, listId);
  if (parts.includes('sections')) {
    yield call(loadSections, listId);
    yield call(loadFirstPages);
  }
}

/** The drag was already applied; the server answers the whole order, which then wins. */
export function* moveSection(action: PayloadAction<SectionMove>): SagaIterator {
  const listId: number | null = yield select(openListId);
  if (listId === null) return;
  const move = action.payload;
  try {
    const sections: Section[] = yield call(endpoints.moveSection, {
      task_list: listId,
      section: move.sectionId,
      source_index: move.sourceIndex,
      source_table: move.sourceTable,
      destination_index: move.destinationIndex,
      destination_table: move.destinationTable,
    });
    yield put(listsActions.sectionsLoaded({ listId, sections }));
  } catch (error) {
    yield call(handleApiError, error, 'Move section error');
    yield call(loadSections, listId);
  }
  yield call(loadFirstPages);
}

export function* createSections(action: PayloadAction<{ listId: number; titles: string[]; requestId: string }>): SagaIterator {
  const { listId, titles, requestId } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    for (const title of titles) yield call(endpoints.createSection, listId, title);
    yield put(requestsActions.requestSucceeded({ requestId }));
  } catch (error) {
    yield call(formRequestFailed, requestId, error, 'Create section error');
  }
  yield call(loadSections, listId);
  yield call(loadFirstPages);
}

/** Rename: the dialog shows the server's field messages; the row is the server's answer, other tabs hear `sections_changed`. */
export function* renameSection(action: PayloadAction<{ sectionId: number; title: string; requestId: string }>): SagaIterator {
  const { sectionId, title, requestId } = action.payload;
  yield put(requestsActions.requestStarted(requestId));
  try {
    const section: Section = yield call(endpoints.renameSection, sectionId, title);
    yield put(listsActions.sectionSaved(section));
    yield put(requestsActions.requestSucceeded({ requestId, resultId: section.id }));
    yield call(toastSuccess, 'Section renamed.');
  } catch (error) {
    yield call(formRequestFailed, requestId, error, 'Rename section error');
  }
}

/** A section write: a toast with the outcome, then the sections and their first pages again. */
function* sectionCall(title: string, done: string, fn: () => Promise<unknown>): SagaIterator<boolean> {
  const listId: number | null = yield select(openListId);
  let ok = false;
  try {
    yield call(fn);
    ok = true;
    yield call(toastSuccess, done);
  } catch (error) {
    yield call(toastFailure, error, title);
  }
  if (listId !== null) {
    yield call(loadSections, listId);
    yield call(loadFirstPages);
  }
  return ok;
}

export function* removeSection(action: PayloadAction<{ sectionId: number; confirmed: boolean }>): SagaIterator {
  const removed: boolean = yield call(sectionCall, 'Remove section error', 'Section removed.', () =>
    endpoints.removeSection(action.payload.sectionId, action.payload.confirmed),
  );
  // Removing a section archives its open tasks: the side menu's counts change.
  if (removed && action.payload.confirmed) yield put(listsActions.tasksArchiveChanged());
}
export function* restoreSection(action: PayloadAction<number>): SagaIterator {
  yield call(sectionCall, 'Restore section error', 'Section restored.', () => endpoints.restoreSection(action.payload));
}
export function* deleteSection(action: PayloadAction<number>): SagaIterator {
  yield call(sectionCall, 'Delete section error', 'Section deleted.', () => endpoints.deleteSection(action.payload));
}
export function* archiveSectionTasks(action: PayloadAction<{ sectionId: number; archived: boolean }>): SagaIterator {
  const { sectionId, archived } = action.payload;
  const done: boolean = yield call(
    sectionCall,
    archived ? 'Archive section error' : 'Unarchive section error',
    archived ? 'Tasks archived.' : 'Tasks unarchived.',
    () => (archived ? endpoints.archiveSectionTasks(sectionId) : endpoints.unarchiveSectionTasks(sectionId)),
  );
  if (done) yield put(listsActions.tasksArchiveChanged());
}
export function* mergeSection(action: PayloadAction<{ sectionId: number; intoSectionId: number }>): SagaIterator {
  yield call(sectionCall, 'Merge section error', 'Sections merged.', () =>
    endpoints.mergeSection(action.payload.sectionId, action.payload.intoSectionId),
  );
}
export function* moveSectionToList(action: PayloadAction<{ sectionId: number; listId: number }>): SagaIterator {
  yield call(sectionCall, 'Move section error', 'Section moved.', () =>
    endpoints.moveSectionToList(action.payload.sectionId, action.payload.listId),
  );
}

export function* addListMember(action: PayloadAction<{ listId: number; userId: number }>): SagaIterator {
  try {
    yield call(endpoints.addTaskListMember, action.payload.listId, action.payload.userId);
    yield call(toastSuccess, 'Member added.');
  } catch (error) {
    yield call(toastFailure, error, 'Add task list member error');
  }
  yield call(loadMembers, action.payload.listId);
}

export function* removeListMember(action: PayloadAction<{ listId: number; membershipId: number }>): SagaIterator {
  try {
    yield call(endpoints.removeTaskListMember, action.payload.membershipId);
    yield call(toastSuccess, 'Member removed.');
  } catch (error) {
    yield call(toastFailure, error, 'Remove task list member error');
  }
  yield call(loadMembers, action.payload.listId);
}

export function* resolveSectionLink(action: PayloadAction<number>): SagaIterator {
  const sectionId = action.payload;
  try {
    const section: Section = yield call(endpoints.fetchSection, sectionId);
    const list: TaskList = yield call(endpoints.fetchTaskList, section.task_list);
    yield put(listsActions.sectionLinkResolved({ sectionId, listId: list.id, listTitle: list.title }));
  } catch (error) {
    yield put(listsActions.sectionLinkResolved({ sectionId, listId: null, listTitle: '' }));
    if (toApiFailure(error).status !== 404) yield call(handleApiError, error, 'Get section error');
  }
}
