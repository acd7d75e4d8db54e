import { call, fork, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { fetchCalendar, fetchCalendarFeed, revokeCalendarFeed, rotateCalendarFeed } from '../../api/calendar';
import { toApiFailure } from '../../api/client';
import { modifyShift } from '../../api/shifts';
import type { CalendarFeed, CalendarRead, ShiftModificationRequest } from '../../api/types';
import { syncCalendarSchedule } from '../../api/work';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { failureText } from '../../shared/feedback';
import { pickableMembers, seesWorkspace, type PickableMember } from '../../shared/members';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { calendarActions } from './slice';
import { firstDayOf, viewRange } from './weeks';

// Reads keep only the latest answer: each run takes a number, and an answer that comes back after
// a newer request started is dropped.
let runs = 0;

export function* load(): SagaIterator {
  const state: RootState = yield select();
  const { anchor, view, userId } = state.calendar;
  const viewer = state.auth.user;
  if (!anchor || !viewer) return;
  const range = viewRange(view, anchor, firstDayOf(viewer));
  const run = ++runs;
  try {
    const data: CalendarRead = yield call(fetchCalendar, {
      from_date: range.from,
      to_date: range.to,
      ...(userId !== null && userId !== viewer.id ? { user: userId } : {}),
    });
    if (run !== runs) return;
    yield put(calendarActions.loaded(data));
  } catch (error) {
    if (run !== runs) return;
    const failure = yield call(handleApiError, error, 'Get calendar error');
    yield put(calendarActions.failed(failureText(error, failure.message || 'The calendar could not be loaded.')));
  }
}

export function* loadMembers(): SagaIterator {
  const viewer = (yield select((state: RootState) => state.auth.user)) as RootState['auth']['user'];
  if (!viewer) return;
  try {
    const members: PickableMember[] = yield call(pickableMembers, viewer);
    yield put(calendarActions.membersLoaded(members));
  } catch (error) {
    yield call(handleApiError, error, seesWorkspace(viewer) ? 'Get workspace users error' : 'Get observable users error');
  }
}

/** The same call, rules and messages as History's Add Manual Shift (spec 01 §5, §8). */
export function* addShift(action: PayloadAction<{ body: ShiftModificationRequest; success: string }>): SagaIterator {
  try {
    yield call(modifyShift, action.payload.body);
    yield put(calendarActions.shiftAdded());
    yield call(toastSuccess, action.payload.success);
    yield put(calendarActions.reloadRequested());
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status !== null && failure.status >= 400 && failure.status < 500 && failure.status !== 401) {
      yield put(calendarActions.shiftFailed({ title: 'Add manual shift error', text: failureText(error, 'Add manual shift error.') }));
    } else {
      yield call(handleApiError, error, 'Add manual shift error');
      yield put(calendarActions.shiftFailed(null));
    }
  }
}

function* feed(action: PayloadAction<unknown>): SagaIterator {
  try {
    if (calendarActions.feedRevokeRequested.match(action)) {
      yield call(revokeCalendarFeed);
      yield put(calendarActions.feedLoaded(null));
      yield call(toastSuccess, 'The calendar address no longer works.');
      return;
    }
    const rotate = calendarActions.feedRotateRequested.match(action);
    const answer: CalendarFeed = yield call(rotate ? rotateCalendarFeed : fetchCalendarFeed);
    yield put(calendarActions.feedLoaded(answer.url));
  } catch (error) {
    yield put(calendarActions.feedFailed());
    yield call(toastFailure, error, 'Calendar subscription error');
  }
}

const yyyymmdd = (date: string) => date.replaceAll('-', '');

/** 'Click to Reload': import the shown days from the member's calendar feed, then read again. */
export function* importCalendar(): SagaIterator {
  const state: RootState = yield select();
  const { anchor, view } = state.calendar;
  if (anchor && state.auth.user) {
    const range = viewRange(view, anchor, firstDayOf(state.auth.user));
    try {
      yield call(syncCalendarSchedule, { start_date: yyyymmdd(range.from), end_date: yyyymmdd(range.to) });
    } catch (error) {
      yield call(handleApiError, error, 'Synchronize calendar entries error');
    }
  }
  yield put(calendarActions.importFinished());
  yield put(calendarActions.reloadRequested());
}

function* liveChange(): SagaIterator {
  const open: boolean = yield select((state: RootState) => state.calendar?.open ?? false);
  if (open) yield put(calendarActions.reloadRequested());
}

const READS = ['pageOpened', 'viewChanged', 'anchorChanged', 'userChanged', 'reloadRequested'];

/** Every calendar action comes here (sagas.ts) and goes to its worker. */
export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('calendar/'.length);
  if (READS.includes(name)) yield fork(load);
  const one: Record<string, (action: PayloadAction<never>) => SagaIterator> = {
    membersRequested: loadMembers,
    shiftAddRequested: addShift,
    feedRequested: feed,
    feedRotateRequested: feed,
    feedRevokeRequested: feed,
    importRequested: importCalendar,
    changedElsewhere: liveChange,
  };
  if (one[name]) yield call(one[name], action);
}
