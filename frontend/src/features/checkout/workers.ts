import { all, call, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  createWorkDay,
  dismissAllCheckMessages,
  dismissCheckMessage,
  fetchDateStatuses,
  fetchDaySummary,
  fetchDayTasks,
  fetchNextWorkday,
  fetchObservableUsers,
  fetchObservers,
  fetchOpenCheckMessages,
  fetchShifts,
  fetchUserDetails,
  fetchWorkDay,
  leaveThroughCheckout,
  markCheckoutsRead,
  runCheckoutChecks,
  saveCheckoutNotes,
  updateObservableUser,
  type CheckoutCheckId,
  type CheckoutCheckStatus,
  type DateStatus,
  type LeaveResult,
  type NextCalendarSchedule,
  type ObservableUser,
  type Observer,
  type UserDetails,
  type WorkDay,
  type WorkDayTaskTime,
  type WorkShift,
  type WorktimeSummary,
} from '../../api/checkout';
import { toApiFailure } from '../../api/client';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { failureText } from '../../shared/feedback';
import { toastFailure } from '../../shared/toast';
import { checkoutLiveActions } from './actions';
import { messageWindow } from './messages';
import { selectCheckoutState } from './selectors';
import { checkoutActions, dayKey, EMPTY_DAY, type DayData, type DayRef, type NotesState } from './slice';
import { todayIso } from './dates';

const selectCheckout = selectCheckoutState;
const selectMe = (state: RootState) => state.auth.user?.id ?? null;

/** The note save's retries: 2 s, 5 s, 15 s, then every 30 s (docs/checkout.md). */
export const NOTES_RETRY_MS = [2000, 5000, 15000, 30000];

const isRefusal = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 401;

/**
 * A failed read: a refusal (4xx) keeps the server's words on the screen that asked; a 401 ends the
 * session and anything else (5xx, no answer) goes to the global banner as well. Returns the words.
 */
function* readFailed(error: unknown, title: string, fallback: string): SagaIterator<string> {
  const failure = toApiFailure(error);
  if (!isRefusal(failure.status)) yield call(handleApiError, error, title);
  return failureText(error, fallback);
}

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
  const { from, to } = messageWindow(todayIso());
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

/**
 * Saving the note (spec 01 §4): the newest text waiting is sent, one call at a time; a failure keeps
 * the text, says so once, and retries with a growing delay until it is saved, a newer text arrives
 * (sent at once) or the panel closes.
 */
export function* saveNotes(): SagaIterator {
  let attempt = 0;
  while (true) {
    const notes: NotesState = yield select((state: RootState) => selectCheckout(state).notes);
    if (!notes.hasPending || notes.workDayId === null) return;
    const { workDayId, pending: text } = notes;
    yield put(checkoutActions.notesSaving());
    try {
      const saved: WorkDay = yield call(saveCheckoutNotes, workDayId, text);
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
      if (me !== null) yield call(loadDay, checkoutActions.dayRequested({ userId: me, date: todayIso() }));
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
