import { all, call, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  createCheckoutTask,
  createWorkDay,
  dismissAllCheckMessages,
  dismissCheckMessage,
  fetchDateStatuses,
  fetchDaySummary,
  fetchDayTasks,
  fetchNextWorkday,
  fetchNotesDraft,
  fetchObservableUsers,
  fetchObservers,
  fetchOpenCheckMessages,
  fetchShifts,
  fetchUserDetails,
  fetchWorkDay,
  leaveThroughCheckout,
  markCheckoutsRead,
  checkoutNotesWrite,
  runCheckoutChecks,
  updateObservableUser,
  type CheckoutCheckId,
  type CheckoutCheckStatus,
  type CreatedTask,
  type DateStatus,
  type LeaveResult,
  type NextCalendarSchedule,
  type NotesDraft,
  type ObservableUser,
  type Observer,
  type UserDetails,
  type WorkDay,
  type WorkDayTaskTime,
  type WorkShift,
  type WorktimeSummary,
} from '../../api/checkout';
import { toApiFailure } from '../../api/client';
import { fetchProjects, fetchSections, fetchTaskLists } from '../../api/projects';
import type { Project, Section, TaskList } from '../../api/types';
import type { RootState } from '../../app/store';
import { readFailed } from '../../shared/errors/readFailed';
import { failureText } from '../../shared/feedback';
import { toastFailure, toastInfo, toastSuccess } from '../../shared/toast';
import { outboxWrite, replaceWaiting, sendOrQueue, type Sent } from '../../shared/outbox/sagas';
import { outboxActions, type OutboxAnswer } from '../../shared/outbox/slice';
import { draftNotes } from './noteDraft';
import { checkoutLiveActions } from './actions';
import { messageWindow } from './messages';
import { selectCheckoutState } from './selectors';
import { checkoutActions, dayKey, EMPTY_DAY, type DayData, type DayRef, type NotesState, type TaskCreate } from './slice';
import { todayIso } from './dates';

const selectCheckout = selectCheckoutState;
const selectMe = (state: RootState) => state.auth.user?.id ?? null;

/** The note save's retries: 2 s, 5 s, 15 s, then every 30 s (docs/checkout.md). */
export const NOTES_RETRY_MS = [2000, 5000, 15000, 30000];

// Reads keep only the latest answer per key: each run takes a number, and an answer that comes back
// after a newer request for the same key started is dropped.
const runs = new Map<string, number>();
const nextRun = (key: string) => {
  const run = (runs.get(key) ?? 0) + 1;
  runs.set(key, run);
  return run;
};
const isLatest = (key: string, run: number) => runs.get(key) === run;

function* fetchDay(userId: number, date: string): SagaIterator<DayData> {
  const [workDay, summary]: [WorkDay | null, WorktimeSummary] = yield all([call(fetchWorkDay, userId, date), call(fetchDaySummary, userId, date)]);
  if (!workDay) return { ...EMPTY_DAY, summary };
  const [shifts, tasks, checks]: [WorkShift[], WorkDayTaskTime[], CheckoutCheckStatus[]] = yield all([
    call(fetchShifts, workDay.id),
    call(fetchDayTasks, workDay.id),
    call(runCheckoutChecks, userId, date),
  ]);
  return { workDay, summary, shifts, tasks, checks };
}

export function* loadDay(action: PayloadAction<DayRef>): SagaIterator {
  const { userId, date } = action.payload;
  const key = dayKey(userId, date);
  const run = nextRun(`day:${key}`);
  try {
    const data: DayData = yield call(fetchDay, userId, date);
    if (!isLatest(`day:${key}`, run)) return;
    yield put(checkoutActions.dayLoaded({ key, data }));
    const me: number | null = yield select(selectMe);
    // A reader opening someone's written checkout marks it read (the author sees who read it).
    if (me !== userId && data.workDay?.checkout_notes) yield fork(markRead, data.workDay.id);
  } catch (error) {
    if (!isLatest(`day:${key}`, run)) return;
    const text: string = yield call(readFailed, error, 'GET checkout error', 'The checkout could not be loaded.');
    yield put(checkoutActions.dayFailed({ key, error: text }));
  }
}

function* markRead(workDayId: number): SagaIterator {
  try {
    yield call(markCheckoutsRead, [workDayId]);
  } catch {
    // Not being marked read changes nothing on this screen; the next open tries again.
  }
}

export function* loadDateStatuses(action: PayloadAction<{ userId: number; from: string; to: string }>): SagaIterator {
  const { userId, from, to } = action.payload;
  const key = `${userId}|${from}|${to}`;
  const run = nextRun(`statuses:${key}`);
  try {
    const rows: DateStatus[] = yield call(fetchDateStatuses, userId, from, to);
    if (isLatest(`statuses:${key}`, run)) yield put(checkoutActions.dateStatusesLoaded({ key, rows }));
  } catch {
    // What showed stays (the icon keeps its last state); the day itself says more.
    const shown: DateStatus[] | undefined = yield select((state: RootState) => selectCheckout(state).dateStatuses[key]);
    if (isLatest(`statuses:${key}`, run) && !shown) yield put(checkoutActions.dateStatusesLoaded({ key, rows: [] }));
  }
}

export function* loadPerson(action: PayloadAction<number>): SagaIterator {
  try {
    const person: UserDetails = yield call(fetchUserDetails, action.payload);
    yield put(checkoutActions.personLoaded(person));
  } catch {
    // The header shows '…' until it is known; the day below says whether it can be read.
  }
}

export function* loadObservers(): SagaIterator {
  try {
    const rows: Observer[] = yield call(fetchObservers);
    yield put(checkoutActions.observersLoaded(rows));
  } catch {
    yield put(checkoutActions.observersLoaded([]));
  }
}

export function* loadNext(): SagaIterator {
  try {
    const next: NextCalendarSchedule = yield call(fetchNextWorkday);
    yield put(checkoutActions.nextLoaded(next));
  } catch {
    yield put(checkoutActions.nextLoaded(null));
  }
}

export function* loadMessages(): SagaIterator {
  const zone: string | undefined = yield select((state: RootState) => state.auth.user?.timezone);
  const { from, to } = messageWindow(todayIso(zone));
  try {
    const rows: CheckoutCheckStatus[] = yield call(fetchOpenCheckMessages, from, to);
    yield put(checkoutActions.messagesLoaded(rows));
  } catch {
    yield put(checkoutActions.messagesLoaded([]));
  }
}

/** Dismiss one day's group of messages (or one message): each of its ids. */
export function* dismiss(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(dismissCheckMessage, action.payload);
    yield put(checkoutActions.dismissed(action.payload));
  } catch (error) {
    yield call(toastFailure, error, 'The message could not be dismissed');
  }
}

export function* dismissAll(action: PayloadAction<CheckoutCheckId | null>): SagaIterator {
  try {
    yield call(dismissAllCheckMessages, action.payload);
    yield put(checkoutActions.allDismissed(action.payload));
  } catch (error) {
    yield put(checkoutActions.dismissAllFailed());
    yield call(toastFailure, error, 'The messages could not be dismissed');
  }
}

export function* createDay(action: PayloadAction<DayRef>): SagaIterator {
  try {
    yield call(createWorkDay, action.payload.date);
    yield call(loadDay, checkoutActions.dayRequested(action.payload));
  } catch (error) {
    yield call(toastFailure, error, 'The checkout could not be created');
  } finally {
    yield put(checkoutActions.createFinished());
  }
}

// --- create task (spec 01 §2, §5) -------------------------------------------------------------------

/** The active projects the form offers. A failed read: a toast for a refusal, the banner for a 5xx. */
export function* loadTaskProjects(): SagaIterator {
  try {
    const rows: Project[] = yield call(fetchProjects);
    yield put(checkoutActions.taskProjectsLoaded(rows.filter((row) => !row.archived_yn)));
  } catch (error) {
    yield put(checkoutActions.taskChoicesFailed('projects'));
    yield call(toastFailure, error, 'The projects could not be loaded');
  }
}

export function* loadTaskLists(action: PayloadAction<number>): SagaIterator {
  const run = nextRun('taskLists');
  try {
    const rows: TaskList[] = yield call(fetchTaskLists, { parent_project: action.payload });
    if (isLatest('taskLists', run)) yield put(checkoutActions.taskListsLoaded({ key: action.payload, rows: rows.filter((row) => !row.archived_yn) }));
  } catch (error) {
    if (!isLatest('taskLists', run)) return;
    yield put(checkoutActions.taskChoicesFailed('lists'));
    yield call(toastFailure, error, 'The lists could not be loaded');
  }
}

export function* loadTaskSections(action: PayloadAction<number>): SagaIterator {
  const run = nextRun('taskSections');
  try {
    const rows: Section[] = yield call(fetchSections, action.payload);
    if (isLatest('taskSections', run)) yield put(checkoutActions.taskSectionsLoaded({ key: action.payload, rows: rows.filter((row) => !row.removed_yn) }));
  } catch (error) {
    if (!isLatest('taskSections', run)) return;
    yield put(checkoutActions.taskChoicesFailed('sections'));
    yield call(toastFailure, error, 'The sections could not be loaded');
  }
}

/**
 * Create the task: a refusal (400, 404: a duplicate name, a section gone) keeps the server's words
 * on the form, with everything typed; any other failure is a toast (4xx) or the global banner
 * (5xx). After a create the section's counts load again: the positions offered follow.
 */
export function* createTask(action: PayloadAction<TaskCreate>): SagaIterator {
  const { body, sectionTitle } = action.payload;
  try {
    const task: CreatedTask = yield call(createCheckoutTask, body);
    yield call(toastSuccess, `Task '${task.title}' created in ${sectionTitle} at position ${body.position}.`);
    yield put(checkoutActions.taskCreated(task));
    yield put(checkoutActions.taskSectionsRequested(body.task_list));
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 400 || failure.status === 404) {
      yield put(checkoutActions.taskCreateFailed(failureText(error, 'The task could not be created.')));
    } else {
      yield put(checkoutActions.taskCreateFailed(null));
      yield call(toastFailure, error, 'Add task record error');
    }
  }
}

/**
 * Saving the note (spec 01 §4): the newest text waiting is sent, one call at a time; a failure keeps
 * the text, says so once, and retries with a growing delay until it is saved, a newer text arrives
 * (sent at once) or the panel closes. While the server cannot be reached the text goes to the
 * outbox instead (docs/offline.md), replacing an older text of the same day still waiting there,
 * and is sent when the connection returns.
 */
export function* saveNotes(): SagaIterator {
  let attempt = 0;
  while (true) {
    const notes: NotesState = yield select((state: RootState) => selectCheckout(state).notes);
    if (!notes.hasPending || notes.workDayId === null) return;
    const { workDayId, pending: text } = notes;
    yield put(checkoutActions.notesSaving());
    try {
      yield call(replaceWaiting, 'note', workDayId);
      const write = outboxWrite({ kind: 'note', ...checkoutNotesWrite(workDayId, text), label: 'Checkout note', subject: workDayId });
      const result: Sent<WorkDay> = yield call(sendOrQueue<WorkDay>, write);
      if (!result.sent) {
        yield put(checkoutActions.notesQueued());
        return;
      }
      const saved = result.data;
      yield put(checkoutActions.notesSaved({ text, workDay: saved }));
      attempt = 0;
      // The note's check follows the note (and readers hear checkout_status_updated).
      yield fork(rerunChecks, saved);
    } catch (error) {
      yield put(checkoutActions.notesSaveFailed());
      if (attempt === 0) {
        yield call(toastFailure, error, 'Your checkout note is not saved yet; it is kept here and saved again shortly');
      }
      const wait = NOTES_RETRY_MS[Math.min(attempt, NOTES_RETRY_MS.length - 1)];
      attempt += 1;
      const woke: { blurred?: unknown; stopped?: unknown } = yield race({
        retry: delay(wait),
        blurred: take(checkoutActions.notesBlurred.type),
        stopped: take(checkoutActions.notesStopped.type),
      });
      if (woke.stopped) return;
      if (woke.blurred) attempt = 0;
    }
  }
}

/** A kept note was sent: the server's day replaces ours; refused (a closed day), the day is read again. */
export function* noteAnswered(action: OutboxAnswer): SagaIterator {
  const { write } = action.payload;
  if (outboxActions.delivered.match(action)) {
    const saved = action.payload.data as WorkDay;
    yield put(checkoutActions.notesSaved({ text: saved.checkout_notes ?? null, workDay: saved }));
    yield fork(rerunChecks, saved);
    return;
  }
  yield put(checkoutActions.notesSaveFailed());
  yield call(notesChangedElsewhere, checkoutLiveActions.notesChangedElsewhere({ workDayId: write.subject ?? 0 }));
}

export const DRAFT_NOT_EMPTY = 'Your note is not empty: nothing was replaced.';
export const DRAFT_NOTHING = 'Nothing to start from yet: no time on tasks, meetings or open tasks on this day.';

/**
 * 'Start from my day': the day's tasks, meetings and what is still open, written into an empty note
 * and saved as the member's edit (docs/checkout.md). A note that got text meanwhile is kept.
 */
export function* applyDraft(action: PayloadAction<{ workDayId: number }>): SagaIterator {
  const { workDayId } = action.payload;
  try {
    const draft: NotesDraft = yield call(fetchNotesDraft, workDayId);
    const notes: NotesState = yield select((state: RootState) => selectCheckout(state).notes);
    if (notes.workDayId !== workDayId) return;
    const timeZone: string = yield select((state: RootState) => state.auth.user?.timezone || 'UTC');
    const text = draftNotes(draft, timeZone);
    if (notes.hasPending ? notes.pending : notes.saved) {
      yield put(checkoutActions.draftEnded());
      yield call(toastInfo, DRAFT_NOT_EMPTY);
    } else if (text === null) {
      yield put(checkoutActions.draftEnded());
      yield call(toastInfo, DRAFT_NOTHING);
    } else {
      yield put(checkoutActions.draftApplied({ workDayId, text }));
      yield put(checkoutActions.notesBlurred({ workDayId, text }));
    }
  } catch (error) {
    yield put(checkoutActions.draftEnded());
    yield call(toastFailure, error, 'Your day could not be read for the note');
  }
}

function* rerunChecks(workDay: WorkDay): SagaIterator {
  try {
    const checks: CheckoutCheckStatus[] = yield call(runCheckoutChecks, workDay.user, workDay.work_date);
    yield put(checkoutActions.checksLoaded({ workDayId: workDay.id, checks }));
  } catch {
    // The checks show their last state; the next load runs them again.
  }
}

/** Leave through the checkout: the first click runs the checks, the second (after a 409) leaves anyway. */
export function* leave(): SagaIterator {
  const before: RootState['checkout'] = yield select(selectCheckout);
  const anyway = before.leave.step === 'leaving_anyway';
  // The note typed just before counts: wait for a save in flight.
  if (before.notes.inFlight) yield take([checkoutActions.notesSaved.type, checkoutActions.notesSaveFailed.type]);
  try {
    const result: LeaveResult = yield call(leaveThroughCheckout, anyway);
    yield put(checkoutActions.leaveSucceeded({ checks: result.checks }));
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 409) {
      yield put(checkoutActions.leaveChecksFailed());
      const me: number | null = yield select(selectMe);
      const zone: string | undefined = yield select((state: RootState) => state.auth.user?.timezone);
      if (me !== null) yield call(loadDay, checkoutActions.dayRequested({ userId: me, date: todayIso(zone) }));
    } else {
      yield put(checkoutActions.leaveFailed());
      yield call(toastFailure, error, 'Leave office error');
    }
  }
}

export function* loadObservable(): SagaIterator {
  const run = nextRun('observable');
  try {
    const rows: ObservableUser[] = yield call(fetchObservableUsers);
    if (isLatest('observable', run)) yield put(checkoutActions.observableLoaded(rows));
  } catch {
    if (isLatest('observable', run)) yield put(checkoutActions.observableLoaded([]));
  }
}

export function* toggleStar(action: PayloadAction<ObservableUser>): SagaIterator {
  const row = action.payload;
  try {
    yield call(updateObservableUser, row.id, { starred_yn: !row.starred_yn });
  } catch (error) {
    yield put(checkoutActions.starFailed(row));
    yield call(toastFailure, error, 'The star could not be saved');
  }
}

// --- live events ------------------------------------------------------------------------------

/** The open days a live event is about, except those the owner is writing in (their editor is newer). */
function* openDays(match: (key: string, state: RootState['checkout']) => boolean): SagaIterator<DayRef[]> {
  const state: RootState['checkout'] | undefined = yield select(selectCheckout);
  if (!state) return [];
  return Object.entries(state.open)
    .filter(([key, open]) => !open.editing && match(key, state))
    .map(([key]) => {
      const [userId, date] = key.split('|');
      return { userId: Number(userId), date };
    });
}

export function* notesChangedElsewhere(action: PayloadAction<{ workDayId: number }>): SagaIterator {
  const days: DayRef[] = yield call(openDays, (key, state) => state.days[key]?.data.workDay?.id === action.payload.workDayId);
  for (const day of days) yield fork(loadDay, checkoutActions.dayRequested(day));
}

export function* statusChangedElsewhere(action: PayloadAction<{ userId: number }>): SagaIterator {
  const { userId } = action.payload;
  const days: DayRef[] = yield call(openDays, (key) => key.startsWith(`${userId}|`));
  for (const day of days) yield fork(loadDay, checkoutActions.dayRequested(day));
  const state: RootState['checkout'] | undefined = yield select(selectCheckout);
  for (const key of Object.keys(state?.dateStatuses ?? {})) {
    const [user, from, to] = key.split('|');
    if (Number(user) === userId) yield fork(loadDateStatuses, checkoutActions.dateStatusesRequested({ userId, from, to }));
  }
}

export function* observableChanged(): SagaIterator {
  const state: RootState['checkout'] | undefined = yield select(selectCheckout);
  if (state?.observable) yield call(loadObservable);
}

const ONE: Record<string, (action: PayloadAction<never>) => SagaIterator> = {
  dayRequested: loadDay,
  dateStatusesRequested: loadDateStatuses,
  personRequested: loadPerson,
  observersRequested: loadObservers,
  nextRequested: loadNext,
  messagesRequested: loadMessages,
  dismissRequested: dismiss,
  dismissAllRequested: dismissAll,
  createRequested: createDay,
  leaveClicked: leave,
  observableRequested: loadObservable,
  starToggled: toggleStar,
  taskFormOpened: loadTaskProjects,
  taskListsRequested: loadTaskLists,
  taskSectionsRequested: loadTaskSections,
  taskCreateRequested: createTask,
  draftRequested: applyDraft,
  [checkoutLiveActions.notesChangedElsewhere.type.slice('checkout/'.length)]: notesChangedElsewhere,
  [checkoutLiveActions.statusChangedElsewhere.type.slice('checkout/'.length)]: statusChangedElsewhere,
  [checkoutLiveActions.observablesChanged.type.slice('checkout/'.length)]: observableChanged,
  [checkoutLiveActions.presenceChanged.type.slice('checkout/'.length)]: observableChanged,
};

/** Every checkout action comes here (sagas.ts) and goes to its worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('checkout/'.length);
  const worker = ONE[name];
  if (worker) yield call(worker, action);
}
