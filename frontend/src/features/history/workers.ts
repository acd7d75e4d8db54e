import { all, call, fork, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  deleteShift,
  fetchChangeLog,
  fetchShiftSegments,
  fetchWorktimeCsv,
  fetchWorktimeTable,
  modifyShift,
  saveShiftNotes,
  type WorktimeTableQuery,
} from '../../api/shifts';
import type { ChangeLogPage, GridTask, StatusHistoryEntry, TaskTime, WeekGrid, WorktimeTable } from '../../api/types';
import { fetchWeekGrid, taskTimeChangeWrite } from '../../api/taskTime';
import { outboxWrite, sendOrQueue, type Sent } from '../../shared/outbox/sagas';
import { selectWaitingSecondsOnDay } from '../../shared/outbox/slice';
import { formatSignedDuration } from '../../shared/signedDuration';
import { todayIn } from '../../shared/zoned';
import { formatShortDayDate, formatDuration, guessTimezone, parseLocalDate } from '../../shared/time';
import { pickableMembers, seesWorkspace, type PickableMember } from '../../shared/members';
import type { RootState } from '../../app/store';
import { toApiFailure } from '../../api/client';
import { feedback, failureText } from '../../shared/feedback';
import { handleApiError } from '../../shared/errors/handleApiError';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { historyActions, type GridCellChange, type ShiftError, type ShiftSaveRequest } from './slice';
import { fetchClosedDays, requestCorrection } from '../../api/closing';
import type { ClosedSpan, CorrectionCreate } from '../../api/types';
import { addDays } from '../../shared/dates';
import { saveFile } from '../../shared/saveFile';

function* tableQuery(): SagaIterator<WorktimeTableQuery | null> {
  const state: RootState = yield select();
  const { range, userIds, groupBy } = state.history;
  const me = state.auth.user?.id;
  if (!range || me === undefined) return null;
  return { from_date: range.from, to_date: range.to, user_ids: userIds.length ? userIds : [me], group_by: groupBy };
}

/** Whose change log the panel shows: the one member chosen, else the viewer. */
function* logUser(): SagaIterator<number | null> {
  const state: RootState = yield select();
  return state.history.userIds.length === 1 ? state.history.userIds[0] : (state.auth.user?.id ?? null);
}

// Reads keep only the latest answer (what takeLatest did): each run takes a number, and an
// answer that comes back after a newer request started is dropped.
const runs = { table: 0, log: 0, grid: 0 };

export function* loadTable(): SagaIterator {
  const query: WorktimeTableQuery | null = yield call(tableQuery);
  if (!query) return;
  const run = ++runs.table;
  try {
    const [table, closed]: [WorktimeTable, ClosedSpan[]] = yield all([
      call(fetchWorktimeTable, query),
      call(fetchClosedDays, query.from_date, query.to_date),
    ]);
    if (run !== runs.table) return;
    yield put(historyActions.closedLoaded(closed));
    yield put(historyActions.tableLoaded(table));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'GET user work time table data error');
    yield put(historyActions.tableFailed(failureText(error, failure.message || 'The table could not be loaded.')));
  }
}

export function* loadLog(action: PayloadAction<{ page?: number } | undefined>): SagaIterator {
  const user: number | null = yield call(logUser);
  if (user === null) return;
  const page = action.type === historyActions.logRequested.type ? (action.payload?.page ?? 1) : 1;
  const run = ++runs.log;
  try {
    const answer: ChangeLogPage = yield call(fetchChangeLog, { user, page });
    if (run !== runs.log) return;
    yield put(historyActions.logLoaded({ page, entries: answer.results, count: answer.count }));
  } catch (error) {
    yield call(handleApiError, error, 'Get change log error');
    yield put(historyActions.logFailed(failureText(error, 'The edit history could not be loaded.')));
  }
}

/** After an edit: the table and the first page of the edit history again. */
function* reload(): SagaIterator {
  yield put(historyActions.tableRequested());
  yield put(historyActions.logRequested({ page: 1 }));
}

/** A refusal (4xx) goes to the shift's error dialog with the server's text; anything else to the banner. */
function* refused(error: unknown, title: ShiftError['title']): SagaIterator {
  const failure = toApiFailure(error);
  if (failure.status !== null && failure.status >= 400 && failure.status < 500 && failure.status !== 401) {
    yield put(historyActions.editFailed({ title, text: failureText(error, `${title}.`) }));
  } else {
    yield call(handleApiError, error, title);
    yield put(historyActions.editFailed(null));
  }
}

export function* saveShift(action: PayloadAction<ShiftSaveRequest>): SagaIterator {
  try {
    yield call(modifyShift, action.payload.body);
    yield put(historyActions.editSucceeded());
    yield call(toastSuccess, action.payload.success);
    yield call(reload);
  } catch (error) {
    yield call(refused, error, 'Add manual shift error');
  }
}

export function* saveNotes(action: PayloadAction<{ id: number; notes: string }>): SagaIterator {
  try {
    yield call(saveShiftNotes, action.payload.id, { work_shift_notes: action.payload.notes });
    yield put(historyActions.editSucceeded());
    yield call(toastSuccess, 'Shift note saved.');
    yield call(reload);
  } catch (error) {
    yield put(historyActions.editFailed(null));
    yield call(toastFailure, error, 'Save shift note error');
  }
}

export function* removeShift(action: PayloadAction<{ id: number }>): SagaIterator {
  try {
    yield call(deleteShift, action.payload.id);
    yield put(historyActions.editSucceeded());
    yield call(toastSuccess, 'Shift deleted.');
    yield call(reload);
  } catch (error) {
    yield call(refused, error, 'Delete shift error');
  }
}

export function* askCorrection(action: PayloadAction<CorrectionCreate>): SagaIterator {
  try {
    yield call(requestCorrection, action.payload);
    yield put(historyActions.editSucceeded());
    yield call(toastSuccess, 'Correction requested: an approver will decide.');
    yield call(reload);
  } catch (error) {
    yield put(historyActions.editFailed(null));
    yield call(toastFailure, error, 'Request correction error');
  }
}

export function* loadSegments(action: PayloadAction<{ shiftId: number; user: number; date: string }>): SagaIterator {
  const { shiftId, user, date } = action.payload;
  try {
    // A shift may run past midnight: its date and the next.
    const items: StatusHistoryEntry[] = yield call(fetchShiftSegments, {
      work_shift: shiftId,
      user,
      from_date: date,
      to_date: addDays(date, 1),
    });
    yield put(historyActions.segmentsLoaded({ shiftId, items }));
  } catch (error) {
    yield call(handleApiError, error, 'Get shift segments error');
    yield put(historyActions.segmentsFailed());
  }
}


export function* downloadCsv(): SagaIterator {
  const query: WorktimeTableQuery | null = yield call(tableQuery);
  if (!query) return;
  try {
    const blob: Blob = yield call(fetchWorktimeCsv, query);
    yield call(saveFile, blob, `worktime-${query.from_date}-${query.to_date}.csv`);
  } catch (error) {
    yield call(toastFailure, error, 'Download CSV error');
  } finally {
    yield put(historyActions.csvFinished());
  }
}

/** The member picker's choices (shared/members.ts: the same rule as the Calendar's). */
export function* loadMembers(): SagaIterator {
  const viewer = (yield select((state: RootState) => state.auth.user)) as RootState['auth']['user'];
  if (!viewer) return;
  try {
    const members: PickableMember[] = yield call(pickableMembers, viewer);
    yield put(historyActions.membersLoaded(members));
  } catch (error) {
    yield call(handleApiError, error, seesWorkspace(viewer) ? 'Get workspace users error' : 'Get observable users error');
  }
}

// --- the week grid (issue 31, docs/keyboard.md "Week grid") ------------------------------------

export const NO_WORK_THAT_DAY = 'No work on that day: add a shift in History first.';
export const NOTHING_TO_COPY = 'Last week has no other tasks.';

const weekOf = (start: string) => ({ from_date: start, to_date: addDays(start, 6) });

export function* loadGrid(): SagaIterator {
  const state: RootState = yield select();
  const start = state.history.grid.weekStart;
  if (!start) return;
  const run = ++runs.grid;
  try {
    const grid: WeekGrid = yield call(fetchWeekGrid, weekOf(start));
    if (run !== runs.grid) return;
    yield put(historyActions.gridLoaded(grid));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'GET week grid error');
    yield put(historyActions.gridFailed(failureText(error, failure.message || 'The week grid could not be loaded.')));
  }
}

/** What the pending list says of a typed cell: '+30m on Write the spec'. */
export const cellLabel = (change: number, title: string) => `${formatSignedDuration(change)} on ${title}`;

/**
 * A typed cell: the change from the task's time that day, through the day's task-time call, as an
 * offline-tolerant write (docs/offline.md). The change counts from what the cell shows: the server's
 * time plus the changes of that task and day still waiting, so a second edit while offline adds
 * its own difference behind the first, and the two together reach the typed value.
 */
export function* saveCell(action: PayloadAction<GridCellChange>): SagaIterator {
  const { task, date, seconds } = action.payload;
  const state: RootState = yield select();
  const grid = state.history.grid.data;
  const column = grid?.days.findIndex((day) => day.date === date) ?? -1;
  const day = grid && column >= 0 ? grid.days[column] : null;
  try {
    if (!grid || !day || day.work_day === null) {
      yield call(feedback.failure, NO_WORK_THAT_DAY);
      return;
    }
    const today = date === todayIn(state.auth.user?.timezone || guessTimezone());
    const server = grid.rows.find((row) => row.task.id === task.id)?.seconds[column] ?? 0;
    const current = server + (selectWaitingSecondsOnDay(state, task.id, day.work_day, today) ?? 0);
    const change = seconds - current;
    if (change === 0) return;
    const write = outboxWrite({
      kind: 'task_time',
      ...taskTimeChangeWrite({ task: task.id, work_day: day.work_day, seconds: change }),
      label: cellLabel(change, task.title),
      subject: task.id,
    });
    const result: Sent<TaskTime> = yield call(sendOrQueue<TaskTime>, write);
    // Kept: the cell shows the typed time marked pending and the grid says so (no toast: offline,
    // the toasts' chunk may not load).
    if (!result.sent) return;
    yield call(toastSuccess, `${task.title}: ${formatDuration(seconds)} on ${formatShortDayDate(parseLocalDate(date))}.`);
    // The grid and History's table (its Tasks time) show the change.
    yield fork(loadTable);
    yield call(loadGrid);
  } catch (error) {
    yield call(toastFailure, error, 'Time on tasks');
  } finally {
    yield put(historyActions.gridCellSettled());
  }
}

/**
 * A kept time change (the grid's or a task card's) was sent or refused: the grid and the table read
 * the server's time again (a refusal is toasted and listed by the outbox).
 */
export function* outboxAnswered(): SagaIterator {
  yield fork(loadTable);
  yield call(loadGrid);
}

/** 'Copy last week's tasks': the week before's tasks become rows here (no time is written). */
export function* copyLastWeek(): SagaIterator {
  const state: RootState = yield select();
  const start = state.history.grid.weekStart;
  if (!start) return;
  try {
    const before: WeekGrid = yield call(fetchWeekGrid, weekOf(addDays(start, -7)));
    const shown = new Set([...(state.history.grid.data?.rows ?? []).map((row) => row.task.id), ...state.history.grid.copied.map((task) => task.id)]);
    const tasks: GridTask[] = before.rows.map((row) => row.task).filter((task) => !shown.has(task.id));
    yield put(historyActions.gridCopied(tasks));
    yield call(toastSuccess, tasks.length ? `${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'} copied from last week.` : NOTHING_TO_COPY);
  } catch (error) {
    yield call(toastFailure, error, 'Copy last week');
  }
}

const TABLE = ['pageOpened', 'rangeChanged', 'usersChanged', 'groupByChanged', 'tableRequested'];
const LOG = ['pageOpened', 'usersChanged', 'logRequested'];

/** Every history action comes here (sagas.ts) and goes to its worker(s). */
export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('history/'.length);
  if (TABLE.includes(name)) yield fork(loadTable);
  if (LOG.includes(name)) yield fork(loadLog, action);
  const one: Record<string, (action: PayloadAction<never>) => SagaIterator> = {
    shiftSaveRequested: saveShift,
    notesSaveRequested: saveNotes,
    shiftDeleteRequested: removeShift,
    segmentsRequested: loadSegments,
    correctionRequested: askCorrection,
    csvRequested: downloadCsv,
    membersRequested: loadMembers,
    gridWeekChosen: loadGrid,
    gridCellSaveRequested: saveCell,
    gridCopyRequested: copyLastWeek,
  };
  if (one[name]) yield call(one[name], action);
}
