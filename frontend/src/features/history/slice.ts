import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChangeLogEntry, ClosedSpan, CorrectionCreate, GridTask, ShiftModificationRequest, StatusHistoryEntry, WeekGrid, WorktimeTable } from '../../api/types';

/** A member the history panel can show. */
export interface HistoryMember {
  id: number;
  display_name: string;
}
import { registerLazyReducer } from '../../shared/lazyReducers';
import type { DateRange, Preset } from './range';

export type GroupBy = 'date' | 'member';

/** A refused edit, shown in its dialog with the server's text (spec 01 §8). */
export interface ShiftError {
  title: 'Add manual shift error' | 'Delete shift error';
  text: string;
}

export interface HistoryState {
  range: DateRange | null;
  preset: Preset | null;
  /** Whose days: empty means the viewer. */
  userIds: number[];
  groupBy: GroupBy;
  detailed: boolean;
  table: { data: WorktimeTable | null; loading: boolean; error: string | null };
  log: { entries: ChangeLogEntry[]; count: number; page: number; loading: boolean; error: string | null };
  /** A save or delete in flight; `done` counts finished ones (a modal closes on a change). */
  editor: { busy: boolean; done: number; error: ShiftError | null };
  segments: { shiftId: number | null; items: StatusHistoryEntry[]; loading: boolean };
  downloading: boolean;
  /** Whom the viewer may pick: an admin or team-page owner the workspace's members, anyone else
   *  themself and the members they observe (empty when that is only themself). */
  members: HistoryMember[];
  /** The week grid (issue 31): the week shown (its first day), the read, the tasks copied from
   *  the week before (rows with no time yet), and the cell being saved (`task:date`). */
  grid: { weekStart: string | null; data: WeekGrid | null; loading: boolean; error: string | null; copied: GridTask[]; saving: string | null };
  /** The viewer's closed days in the range (docs/closing.md): edits there are shown locked. */
  closed: ClosedSpan[];
}

/** A cell's time to set: `seconds` is the time the task is to have that day. */
export interface GridCellChange {
  task: GridTask;
  date: string;
  seconds: number;
}

export const cellKey = (task: number, date: string) => `${task}:${date}`;

const initialState: HistoryState = {
  range: null,
  preset: null,
  userIds: [],
  groupBy: 'date',
  detailed: false,
  table: { data: null, loading: false, error: null },
  log: { entries: [], count: 0, page: 0, loading: false, error: null },
  editor: { busy: false, done: 0, error: null },
  segments: { shiftId: null, items: [], loading: false },
  downloading: false,
  members: [],
  grid: { weekStart: null, data: null, loading: false, error: null, copied: [], saving: null },
  closed: [],
};

export interface ShiftSaveRequest {
  body: ShiftModificationRequest;
  /** What the toast says once saved. */
  success: string;
}

const historySlice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    pageOpened(state, action: PayloadAction<{ range: DateRange; preset: Preset | null }>) {
      if (state.range === null) {
        state.range = action.payload.range;
        state.preset = action.payload.preset;
      }
      state.table.loading = true;
      state.table.error = null;
    },
    rangeChanged(state, action: PayloadAction<{ range: DateRange; preset: Preset | null }>) {
      state.range = action.payload.range;
      state.preset = action.payload.preset;
      state.table.loading = true;
      state.table.error = null;
    },
    usersChanged(state, action: PayloadAction<number[]>) {
      state.userIds = action.payload;
      state.table.loading = true;
      state.table.error = null;
    },
    groupByChanged(state, action: PayloadAction<GroupBy>) {
      state.groupBy = action.payload;
      state.table.loading = true;
    },
    detailedChanged(state, action: PayloadAction<boolean>) {
      state.detailed = action.payload;
    },
    tableRequested(state) {
      state.table.loading = true;
      state.table.error = null;
    },
    closedLoaded(state, action: PayloadAction<ClosedSpan[]>) {
      state.closed = action.payload;
    },
    /** Ask for a correction of a closed day (sent to the approvers, docs/closing.md). */
    correctionRequested(state, _action: PayloadAction<CorrectionCreate>) {
      state.editor.busy = true;
    },
    tableLoaded(state, action: PayloadAction<WorktimeTable>) {
      state.table = { data: action.payload, loading: false, error: null };
    },
    tableFailed(state, action: PayloadAction<string>) {
      state.table.loading = false;
      state.table.error = action.payload;
    },
    logRequested(state, action: PayloadAction<{ page: number }>) {
      state.log.loading = true;
      state.log.error = null;
      if (action.payload.page === 1) state.log.page = 0;
    },
    logLoaded(state, action: PayloadAction<{ page: number; entries: ChangeLogEntry[]; count: number }>) {
      const { page, entries, count } = action.payload;
      state.log.entries = page === 1 ? entries : [...state.log.entries, ...entries.filter((e) => !state.log.entries.some((o) => o.id === e.id))];
      state.log.count = count;
      state.log.page = page;
      state.log.loading = false;
    },
    logFailed(state, action: PayloadAction<string>) {
      state.log.loading = false;
      state.log.error = action.payload;
    },
    shiftSaveRequested(state, _action: PayloadAction<ShiftSaveRequest>) {
      state.editor.busy = true;
      state.editor.error = null;
    },
    notesSaveRequested(state, _action: PayloadAction<{ id: number; notes: string }>) {
      state.editor.busy = true;
    },
    shiftDeleteRequested(state, _action: PayloadAction<{ id: number }>) {
      state.editor.busy = true;
      state.editor.error = null;
    },
    editSucceeded(state) {
      state.editor.busy = false;
      state.editor.done += 1;
    },
    editFailed(state, action: PayloadAction<ShiftError | null>) {
      state.editor.busy = false;
      state.editor.error = action.payload;
    },
    errorDismissed(state) {
      state.editor.error = null;
    },
    segmentsRequested(state, action: PayloadAction<{ shiftId: number; user: number; date: string }>) {
      state.segments = { shiftId: action.payload.shiftId, items: [], loading: true };
    },
    segmentsLoaded(state, action: PayloadAction<{ shiftId: number; items: StatusHistoryEntry[] }>) {
      if (state.segments.shiftId === action.payload.shiftId) {
        state.segments = { shiftId: action.payload.shiftId, items: action.payload.items, loading: false };
      }
    },
    segmentsFailed(state) {
      state.segments.loading = false;
    },
    csvRequested(state) {
      state.downloading = true;
    },
    csvFinished(state) {
      state.downloading = false;
    },
    gridWeekChosen(state, action: PayloadAction<string>) {
      if (state.grid.weekStart !== action.payload) state.grid.copied = [];
      state.grid.weekStart = action.payload;
      state.grid.loading = true;
      state.grid.error = null;
    },
    gridLoaded(state, action: PayloadAction<WeekGrid>) {
      state.grid.data = action.payload;
      state.grid.loading = false;
      const shown = new Set(action.payload.rows.map((row) => row.task.id));
      state.grid.copied = state.grid.copied.filter((task) => !shown.has(task.id));
    },
    gridFailed(state, action: PayloadAction<string>) {
      state.grid.loading = false;
      state.grid.error = action.payload;
    },
    gridCellSaveRequested(state, action: PayloadAction<GridCellChange>) {
      state.grid.saving = cellKey(action.payload.task.id, action.payload.date);
    },
    gridCellSettled(state) {
      state.grid.saving = null;
    },
    gridCopyRequested() {},
    gridCopied(state, action: PayloadAction<GridTask[]>) {
      const shown = new Set([...(state.grid.data?.rows ?? []).map((row) => row.task.id), ...state.grid.copied.map((task) => task.id)]);
      state.grid.copied.push(...action.payload.filter((task) => !shown.has(task.id)));
    },
    membersRequested() {},
    membersLoaded(state, action: PayloadAction<HistoryMember[]>) {
      state.members = action.payload;
    },
  },
});

export const historyActions = historySlice.actions;
export const historyReducer = historySlice.reducer;

// This slice loads with the history page's chunk (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('history', historyReducer);
