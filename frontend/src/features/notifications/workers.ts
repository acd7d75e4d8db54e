import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsRead,
} from '../../api/notifications';
import type { NotificationList, NotificationsMarked } from '../../api/types';
import type { RootState } from '../../app/store';
import { handleApiError } from '../../shared/errors/handleApiError';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { notificationsActions } from './slice';

export function* loadNotifications(): SagaIterator {
  try {
    const list: NotificationList = yield call(fetchNotifications);
    yield put(notificationsActions.listLoaded(list));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'Populate notifications error');
    yield put(notificationsActions.listFailed(failure.message));
  }
}

/** The popover closed: the items seen while it was open are marked read in one call. */
export function* sendSeen(): SagaIterator {
  const seen: number[] = yield select((state: RootState) => state.notifications.seen);
  if (seen.length === 0) return;
  yield put(notificationsActions.seenSent());
  try {
    const answer: NotificationsMarked = yield call(markNotificationsRead, seen);
    yield put(notificationsActions.markedRead({ ids: seen, all: false, unreadCount: answer.unread_count }));
  } catch (error) {
    yield call(handleApiError, error, 'Mark notifications error');
  }
}

export function* markOne(action: PayloadAction<number>): SagaIterator {
  try {
    const answer: NotificationsMarked = yield call(markNotificationRead, action.payload);
    yield put(notificationsActions.markedRead({ ids: [action.payload], all: false, unreadCount: answer.unread_count }));
  } catch (error) {
    yield call(toastFailure, error, 'Mark notifications error');
  }
}

export function* markAll(): SagaIterator {
  try {
    const answer: NotificationsMarked = yield call(markAllNotificationsRead);
    yield put(notificationsActions.markedRead({ ids: answer.marked_ids, all: true, unreadCount: answer.unread_count }));
    yield call(toastSuccess, 'All notifications marked as read.');
  } catch (error) {
    yield call(toastFailure, error, 'Mark notifications error');
  }
}
