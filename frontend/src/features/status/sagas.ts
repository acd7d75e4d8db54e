import { call, delay, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createLogUserStatus, fetchCurrentUserStatus, fetchWorktimeSummary, statusChangeWrite } from '../../api/work';
import type { InOfficeStatus, StatusRecord, WorktimeSummary } from '../../api/types';
import { handleApiError } from '../../shared/errors/handleApiError';
import { selectCurrentUser, sessionActions } from '../../shared/session';
import { outboxWrite, sendOrQueue, type Sent } from '../../shared/outbox/sagas';
import { outboxActions, outboxAnswerOf, selectWaitingOn, type OutboxAnswer } from '../../shared/outbox/slice';
import type { RootState } from '../../app/store';
import { decideCurrentStatus } from './currentStatus';
import { selectEnteringOffice, selectInOffice, selectStatus, selectToggleInFlight } from './selectors';
import { statusActions } from './slice';

export const MINUTE_MS = 60_000;

export function* enterOffice(): SagaIterator {
  try {
    yield call(createLogUserStatus, 'working');
    yield put(statusActions.officeEntered());
  } catch (error) {
    yield put(statusActions.enterOfficeFailed());
    yield call(handleApiError, error, 'Enter the office error');
  }
}

export const STATUS_LABELS: Record<InOfficeStatus, string> = { taking_break: 'On a break', working: 'Back to work' };

/**
 * The slice already shows the new status; this confirms it or rolls it back. Made while the server
 * cannot be reached, it is kept in the outbox (dated when clicked) and the new status stays shown.
 */
export function* toggleStatus(action: PayloadAction<InOfficeStatus>): SagaIterator {
  // The slice refuses a switch while out of the office; then there is nothing to send.
  const accepted: boolean = yield select(selectToggleInFlight);
  if (!accepted) return;
  const write = outboxWrite({
    kind: 'status',
    ...statusChangeWrite(action.payload, Date.now()),
    label: STATUS_LABELS[action.payload],
    subject: null,
  });
  try {
    const result: Sent<StatusRecord> = yield call(sendOrQueue<StatusRecord>, write);
    yield put(statusActions.toggleSucceeded());
    if (result.sent) yield put(statusActions.countersSyncRequested());
  } catch (error) {
    yield put(statusActions.toggleFailed());
    const title = action.payload === 'taking_break' ? 'Could not start the break' : 'Could not go back to work';
    yield call(handleApiError, error, title);
  }
}

/** Today's work and break time from the server (it counts the open record up to now). */
export function* syncCounters(): SagaIterator {
  const inOffice: boolean = yield select(selectInOffice);
  if (!inOffice) return;
  try {
    const summary: WorktimeSummary = yield call(fetchWorktimeSummary);
    const stillInOffice: boolean = yield select(selectInOffice);
    if (!stillInOffice) return;
    yield put(
      statusActions.countersSynced({
        workSeconds: summary.work_time,
        breakSeconds: summary.break_time,
        at: Date.now(),
        trackedSeconds: summary.tracked_time,
      }),
    );
  } catch (error) {
    // The counters keep their last value; a 401 still ends the session.
    yield call(handleApiError, error, 'GET worktime summary error');
  }
}

/** Restarted on every sync: one tick a minute while in the office. */
export function* tickEveryMinute(): SagaIterator {
  while (true) {
    const inOffice: boolean = yield select(selectInOffice);
    if (!inOffice) return;
    yield delay(MINUTE_MS);
    yield put(statusActions.minuteElapsed());
  }
}

function windowFocusChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const onFocus = () => emit(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') emit(true);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  });
}

/** A tab coming back may have slept through minutes: ask the server again. */
export function* resyncOnFocus(): SagaIterator {
  const channel: EventChannel<true> = yield call(windowFocusChannel);
  try {
    while (true) {
      yield take(channel);
      yield put(statusActions.countersSyncRequested());
    }
  } finally {
    channel.close();
  }
}

/**
 * The server's status read again: after a reconnect or a missed live event (the resync rule,
 * app/realtime/dispatch.ts), and after a kept change was refused. The screen follows it (a tab on
 * /start-work moves to the office the member entered on another device, and back), unless a change
 * of this tab is still on its way: its own answer decides then. The counters are synced either way.
 */
export function* readStatusAgain(): SagaIterator {
  try {
    const askedAt = new Date();
    const record: StatusRecord = yield call(fetchCurrentUserStatus);
    const user: ReturnType<typeof selectCurrentUser> = yield select(selectCurrentUser);
    const shown: ReturnType<typeof selectStatus> = yield select(selectStatus);
    const entering: boolean = yield select(selectEnteringOffice);
    const inFlight: boolean = yield select(selectToggleInFlight);
    const waiting: boolean = yield select((state: RootState) => selectWaitingOn(state, 'status', null));
    const status = decideCurrentStatus(record, user?.timezone ?? '', askedAt).status;
    if (shown !== null && status !== shown && !entering && !inFlight && !waiting) {
      // Each of these syncs the counters itself (statusSaga).
      yield put(status === 'out_of_office' ? statusActions.officeLeftElsewhere() : statusActions.changedElsewhere(status));
      return;
    }
  } catch (error) {
    yield call(handleApiError, error, 'GET current status error');
  }
  yield put(statusActions.countersSyncRequested());
}

/** A kept status change was sent: the server's answer wins; refused, the server's status is read again. */
export function* statusAnswered(action: OutboxAnswer): SagaIterator {
  if (outboxActions.delivered.match(action)) {
    const record = action.payload.data as StatusRecord;
    const status = record.status_enum_identifier;
    if (status === 'working' || status === 'taking_break') yield put(statusActions.changedElsewhere(status));
    yield put(statusActions.countersSyncRequested());
  } else {
    yield call(readStatusAgain);
  }
}

function* requestSync(): SagaIterator {
  yield put(statusActions.countersSyncRequested());
}

export function* statusSaga(): SagaIterator {
  yield takeLatest(statusActions.enterOfficeRequested.type, enterOffice);
  yield takeLeading(statusActions.toggleRequested.type, toggleStatus);
  yield takeEvery(outboxAnswerOf('status'), statusAnswered);
  yield takeLatest(statusActions.countersSyncRequested.type, syncCounters);
  yield takeLatest(statusActions.readAgainRequested.type, readStatusAgain);
  yield takeLatest(
    [statusActions.countersSynced.type, statusActions.officeLeft.type, statusActions.officeLeftElsewhere.type, sessionActions.signedOut.type],
    tickEveryMinute,
  );
  yield takeEvery(
    [sessionActions.sessionStarted.type, statusActions.officeEntered.type, statusActions.changedElsewhere.type],
    requestSync,
  );
  if (typeof window !== 'undefined') yield call(resyncOnFocus);
}
