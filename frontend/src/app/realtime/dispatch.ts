import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { clearStoredSession, readStoredSession } from '../../api/storage';
import { authActions } from '../../features/auth/slice';
import { selectEmail, selectToken } from '../../features/auth/selectors';
import { statusActions } from '../../features/status/slice';
import { teammatesActions } from '../../features/teammates/slice';
import { officeActions } from '../../features/office/slice';
import { activityLiveActions } from '../../features/activities/actions';
import { notificationLiveActions } from '../../features/notifications/actions';
import { trackerLiveActions } from '../../features/tracker/actions';
import { calendarLiveActions } from '../../features/calendar/actions';
import type { ProjectEvent } from './projectEvents';
import type { LiveEvent } from './events';

/** Maps each live event to the state change or refresh it needs (one dispatcher). */
// The project events' handler (spec 02 §4) is only needed once the office is open: a lazy chunk,
// not the sign-in page's load (bench/bundle/budget.json).
type ProjectEvents = typeof import('./projectEvents');
let projectEvents: Promise<ProjectEvents> | null = null;
const loadProjectEvents = () => (projectEvents ??= import('./projectEvents'));

function* handleProjectEvent(event: ProjectEvent): SagaIterator {
  const module: ProjectEvents = yield call(loadProjectEvents);
  yield call(module.handleProjectEvent, event);
}

export function* dispatchLiveEvent(action: PayloadAction<LiveEvent>): SagaIterator {
  const event = action.payload;
  const ownEmail: string | null = yield select(selectEmail);
  const own = event.email !== '' && ownEmail !== null && event.email.toLowerCase() === ownEmail.toLowerCase();
  switch (event.event) {
    case 'new_status':
      if (own && (event.status === 'working' || event.status === 'taking_break')) {
        yield put(statusActions.changedElsewhere(event.status));
      }
      if (own) yield put(calendarLiveActions.changedElsewhere());
      yield put(teammatesActions.liveChangeReceived());
      break;
    case 'user_left_office':
      if (own) yield put(statusActions.officeLeftElsewhere());
      if (own) yield put(calendarLiveActions.changedElsewhere());
      yield put(teammatesActions.liveChangeReceived());
      break;
    case 'teammate_updated':
      yield put(teammatesActions.liveChangeReceived());
      break;
    case 'calendar_entries_synced':
      yield put(officeActions.scheduleRequested());
      yield put(calendarLiveActions.changedElsewhere());
      break;
    case 'time_entries_synced':
      yield put(statusActions.countersSyncRequested());
      break;
    case 'user_updated':
      yield put(authActions.userReloadRequested());
      break;
    case 'user_logout':
      if (own || event.email === '') {
        yield call(clearStoredSession);
        yield put(authActions.signedOut());
      }
      break;
    case 'user_login': {
      // Another tab may have signed in with a new token: adopt what storage holds.
      const stored = readStoredSession();
      const current: string | null = yield select(selectToken);
      if (stored.token && stored.email && stored.token !== current) {
        yield put(authActions.signInSucceeded({ token: stored.token, email: stored.email }));
        yield put(authActions.sessionLoadRequested());
      }
      break;
    }
    // Projects, lists, sections and personal flags (spec 02 §4).
    case 'add_user_to_project':
    case 'update_user_project_role':
    case 'remove_user_from_project':
    case 'add_user_to_tasklist':
    case 'remove_user_from_tasklist':
    case 'new_task':
    case 'task_updated':
    case 'task_deleted':
    case 'new_join_task_to_user':
    case 'added_task_to_workday':
    case 'removed_task_from_workday':
    case 'removed_project_from_workday':
    case 'sections_changed':
      yield call(handleProjectEvent, event);
      break;
    // Activities and unread (spec 02 §4): the task's counts follow through the project events' refresh.
    case 'new_activity':
      yield put(
        activityLiveActions.liveActivityReceived({ taskId: event.meta.task_id, authorId: event.meta.author_id, action: event.action }),
      );
      yield call(handleProjectEvent, event);
      break;
    case 'new_activity_read_log':
    case 'new_activity_read_log_mark_all':
      yield put(activityLiveActions.liveReadReceived(event.meta));
      yield call(handleProjectEvent, event);
      break;
    // Notifications (spec 01 §2): the badge and the list, on every device of the user.
    case 'new_notification':
      yield put(notificationLiveActions.liveNotificationReceived({ unreadCount: event.meta.unread_count }));
      break;
    case 'notifications_read':
      yield put(
        notificationLiveActions.markedRead({ ids: event.meta.notification_ids, all: event.meta.all, unreadCount: event.meta.unread_count }),
      );
      break;
    // Time on tasks: the user's own sockets only (the tracker state is the server's, shared by devices).
    case 'new_task_time':
      yield put(trackerLiveActions.taskTimeChangedElsewhere(event.meta));
      yield put(calendarLiveActions.changedElsewhere());
      break;
    case 'tracker_state':
      yield put(trackerLiveActions.stateRequested());
      break;
    // The checkout (issue 12): its lazily registered slice counts these from eventReceived and the
    // open checkout reloads what they are about; nothing to do here.
    case 'checkout_updated':
    case 'checkout_status_updated':
    case 'created_or_updated_observable_user':
    case 'update_checkout_read_logs_read_log_mark_all':
      break;
    default: {
      // Every declared event is handled above: a new one fails the type check here.
      const unhandled: never = event;
      return unhandled;
    }
  }
}

