import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Project, ProjectMembership, Section, SectionTable, Task, TaskList, TaskListMembership } from '../../api/types';

export const SECTION_PAGE_SIZE = 10;

export interface SectionTasks {
  ids: number[];
  /** Pages loaded so far (10 tasks each, spec 02 §9). */
  page: number;
  count: number;
  loading: boolean;
}

export interface SectionMove {
  sectionId: number;
  sourceTable: SectionTable;
  sourceIndex: number;
  destinationTable: SectionTable;
  destinationIndex: number;
}

/** Active sections first, then removed ones, each table by index (spec 02 §4). */
export const sectionsAdapter = createEntityAdapter<Section>({
  sortComparer: (a, b) => Number(a.removed_yn) - Number(b.removed_yn) || a.index - b.index,
});
export const listMembershipsAdapter = createEntityAdapter<TaskListMembership>();
export const projectMembershipsAdapter = createEntityAdapter<ProjectMembership>();
export const siblingListsAdapter = createEntityAdapter<TaskList>();

export interface ListPageState {
  listId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'notFound';
  archiveView: boolean;
  /** 'New task in this list' (the N shortcut) asked this many times: the first section's input opens. */
  newTaskCount: number;
  list: TaskList | null;
  project: Project | null;
  sections: EntityState<Section, number>;
  sectionTasks: Record<number, SectionTasks>;
  members: EntityState<TaskListMembership, number>;
  projectMembers: EntityState<ProjectMembership, number>;
  /** Other active lists of the project: targets of "move section to list". */
  siblingLists: EntityState<TaskList, number>;
  /** /s/{sectionId}: where that section's list page is (null while looking, 'unauthorized' if unknown). */
  sectionLink: { sectionId: number; listId: number | null; listTitle: string; unknown: boolean } | null;
}

const initialState: ListPageState = {
  listId: null,
  status: 'idle',
  archiveView: false,
  newTaskCount: 0,
  list: null,
  project: null,
  sections: sectionsAdapter.getInitialState(),
  sectionTasks: {},
  members: listMembershipsAdapter.getInitialState(),
  projectMembers: projectMembershipsAdapter.getInitialState(),
  siblingLists: siblingListsAdapter.getInitialState(),
  sectionLink: null,
};

export const sectionTable = (section: Section): SectionTable => (section.removed_yn ? 'removed' : 'active');

/** The optimistic result of a drag: the same order the server will write (spec 02 §4). */
export function applySectionMove(sections: Section[], move: SectionMove): Section[] {
  const table = (name: SectionTable) => sections.filter((s) => sectionTable(s) === name).sort((a, b) => a.index - b.index);
  const tables: Record<SectionTable, Section[]> = { active: table('active'), removed: table('removed') };
  const [moving] = tables[move.sourceTable].splice(move.sourceIndex, 1);
  if (!moving || moving.id !== move.sectionId) return sections;
  const destination = tables[move.destinationTable];
  const at = Math.min(Math.max(0, move.destinationIndex), destination.length);
  destination.splice(at, 0, { ...moving, removed_yn: move.destinationTable === 'removed' });
  const renumber = (rows: Section[]) => rows.map((s, index) => ({ ...s, index }));
  return [...renumber(tables.active), ...renumber(tables.removed)];
}

const listsSlice = createSlice({
  name: 'lists',
  initialState,
  reducers: {
    newTaskRequested(state) {
      state.newTaskCount += 1;
    },
    listOpened(state, action: PayloadAction<{ listId: number; archiveView: boolean }>) {
      const { listId, archiveView } = action.payload;
      if (state.listId !== listId || state.archiveView !== archiveView) {
        const keep = state.listId === listId ? { list: state.list, project: state.project, members: state.members, projectMembers: state.projectMembers } : {};
        Object.assign(state, initialState, keep, { listId, archiveView, status: state.listId === listId && state.list ? 'ready' : 'loading' });
      }
    },
    listClosed(state) {
      return { ...initialState, sectionLink: state.sectionLink };
    },
    sectionLinkOpened(state, action: PayloadAction<number>) {
      state.sectionLink = { sectionId: action.payload, listId: null, listTitle: '', unknown: false };
    },
    sectionLinkResolved(state, action: PayloadAction<{ sectionId: number; listId: number | null; listTitle: string }>) {
      if (state.sectionLink?.sectionId !== action.payload.sectionId) return;
      state.sectionLink = { ...action.payload, unknown: action.payload.listId === null };
    },
    listLoaded(state, action: PayloadAction<{ list: TaskList; project: Project; siblingLists: TaskList[] }>) {
      if (state.listId !== action.payload.list.id) return;
      state.list = action.payload.list;
      state.project = action.payload.project;
      const siblings = action.payload.siblingLists.filter((l) => l.id !== action.payload.list.id && !l.archived_yn);
      siblingListsAdapter.setAll(state.siblingLists, siblings);
      state.status = 'ready';
    },
    listNotFound(state, action: PayloadAction<number>) {
      if (state.listId === action.payload) state.status = 'notFound';
    },
    listRefreshRequested(_state, _action: PayloadAction<{ listId: number; parts: ('list' | 'sections' | 'members')[] }>) {},
    sectionsLoaded(state, action: PayloadAction<{ listId: number; sections: Section[] }>) {
      if (state.listId !== action.payload.listId) return;
      sectionsAdapter.setAll(state.sections, action.payload.sections);
    },
    membersLoaded(state, action: PayloadAction<{ listId: number; members: TaskListMembership[]; projectMembers: ProjectMembership[] }>) {
      if (state.listId !== action.payload.listId) return;
      listMembershipsAdapter.setAll(state.members, action.payload.members);
      projectMembershipsAdapter.setAll(state.projectMembers, action.payload.projectMembers);
    },
    sectionTasksRequested(state, action: PayloadAction<{ sectionId: number; page: number }>) {
      const { sectionId } = action.payload;
      const current = state.sectionTasks[sectionId];
      state.sectionTasks[sectionId] = { ids: current?.ids ?? [], page: current?.page ?? 0, count: current?.count ?? 0, loading: true };
    },
    sectionTasksLoaded(state, action: PayloadAction<{ sectionId: number; page: number; ids: number[]; count: number }>) {
      const { sectionId, page, ids, count } = action.payload;
      const before = page === 1 ? [] : (state.sectionTasks[sectionId]?.ids ?? []);
      state.sectionTasks[sectionId] = { ids: [...before, ...ids.filter((id) => !before.includes(id))], page, count, loading: false };
    },
    sectionTasksFailed(state, action: PayloadAction<number>) {
      const current = state.sectionTasks[action.payload];
      if (current) current.loading = false;
    },
    sectionMoveRequested(state, action: PayloadAction<SectionMove>) {
      const sections = sectionsAdapter.getSelectors().selectAll(state.sections);
      sectionsAdapter.setAll(state.sections, applySectionMove(sections, action.payload));
    },
    sectionsCreateRequested(_state, _action: PayloadAction<{ listId: number; titles: string[]; requestId: string }>) {},
    sectionRenameRequested(_state, _action: PayloadAction<{ sectionId: number; title: string; requestId: string }>) {},
    /** The server's row after a write on one section (its counts included). */
    sectionSaved(state, action: PayloadAction<Section>) {
      if (action.payload.task_list !== state.listId) return;
      sectionsAdapter.upsertOne(state.sections, action.payload);
    },
    sectionRemoveRequested(_state, _action: PayloadAction<{ sectionId: number; confirmed: boolean }>) {},
    sectionRestoreRequested(_state, _action: PayloadAction<number>) {},
    sectionDeleteRequested(_state, _action: PayloadAction<number>) {},
    sectionTasksArchiveRequested(_state, _action: PayloadAction<{ sectionId: number; archived: boolean }>) {},
    sectionMergeRequested(_state, _action: PayloadAction<{ sectionId: number; intoSectionId: number }>) {},
    sectionMoveToListRequested(_state, _action: PayloadAction<{ sectionId: number; listId: number }>) {},
    listMemberAddRequested(_state, _action: PayloadAction<{ listId: number; userId: number }>) {},
    listMemberRemoveRequested(_state, _action: PayloadAction<{ listId: number; membershipId: number }>) {},
    /** Tasks fetched for a section page; the app hands them to the task entities. */
    tasksFetched(_state, _action: PayloadAction<Task[]>) {},
    /** A task was created here (app layer: from `tasks/taskCreated`); it goes at the end of its section. */
    taskCreated(state, action: PayloadAction<Task>) {
      const task = action.payload;
      const rows = state.sectionTasks[task.section];
      if (state.archiveView || task.task_list !== state.listId || !rows || rows.ids.includes(task.id)) return;
      rows.ids.push(task.id);
      rows.count += 1;
      const section = state.sections.entities[task.section];
      if (section) section.task_count += 1;
    },
    /** A section's tasks were archived or unarchived (the app layer refreshes the side menu's counts). */
    tasksArchiveChanged() {},
    /** A task was archived or unarchived here (app layer: from `tasks/taskArchiveChanged`). */
    taskArchiveChanged(state, action: PayloadAction<Task>) {
      const task = action.payload;
      const rows = state.sectionTasks[task.section];
      if (rows && rows.ids.includes(task.id) && task.archived_yn !== state.archiveView) {
        rows.ids = rows.ids.filter((id) => id !== task.id);
        rows.count = Math.max(0, rows.count - 1);
      }
      const section = state.sections.entities[task.section];
      if (section) {
        section.task_count += task.archived_yn ? -1 : 1;
        section.archived_count += task.archived_yn ? 1 : -1;
      }
    },
    /** A task was deleted (app layer: from `tasks/taskDeleted`): out of its section. */
    taskRemoved(state, action: PayloadAction<number>) {
      for (const [sectionId, rows] of Object.entries(state.sectionTasks)) {
        if (!rows.ids.includes(action.payload)) continue;
        rows.ids = rows.ids.filter((id) => id !== action.payload);
        rows.count = Math.max(0, rows.count - 1);
        const section = state.sections.entities[Number(sectionId)];
        if (section) {
          if (state.archiveView) section.archived_count = Math.max(0, section.archived_count - 1);
          else section.task_count = Math.max(0, section.task_count - 1);
        }
      }
    },
    /**
     * Another member changed a task (app layer: a live `task_updated`, the task fetched again):
     * it leaves the rows it no longer belongs to and joins its section's loaded rows.
     */
    taskChangedElsewhere(state, action: PayloadAction<Task>) {
      const task = action.payload;
      const belongs = task.task_list === state.listId && task.archived_yn === state.archiveView;
      for (const [sectionId, rows] of Object.entries(state.sectionTasks)) {
        if (rows.ids.includes(task.id) && (!belongs || Number(sectionId) !== task.section)) {
          rows.ids = rows.ids.filter((id) => id !== task.id);
          rows.count = Math.max(0, rows.count - 1);
        }
      }
      const rows = state.sectionTasks[task.section];
      if (belongs && rows && !rows.ids.includes(task.id) && rows.ids.length >= rows.count) {
        rows.ids.push(task.id);
        rows.count += 1;
      }
    },
  },
});

export const listsActions = listsSlice.actions;
export const listsReducer = listsSlice.reducer;
