import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import { clearStoredSession, readStoredSession } from '../../api/storage';
import { authActions } from '../../features/auth/slice';
import { selectEmail, selectToken } from '../../features/auth/selectors';
import { statusActions } from '../../features/status/slice';
import { teammatesActions } from '../../features/teammates/slice';
import { reloadShownStrip } from '../../features/teammates/sagas';
import { listsActions } from '../../features/lists/slice';
import { personalActions } from '../../features/personal/slice';
import { projectsActions } from '../../features/projects/slice';
import type { RootState } from '../store';
import { officeActions } from '../../features/office/slice';
import { activityLiveActions } from '../../features/activities/actions';
import { notificationLiveActions } from '../../features/notifications/actions';
import { trackerLiveActions } from '../../features/tracker/actions';
import { checkoutLiveActions } from '../../features/checkout/actions';
import { calendarLiveActions } from '../../features/calendar/actions';
import { workspaceLiveActions } from '../../features/workspace/actions';
import { closingLiveActions } from '../../features/closing/actions';
import { timeAccountLiveActions } from '../../features/timeaccount/actions';
import { guardianLiveActions } from '../../features/guardian/actions';
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

/**
 * The resync rule, written once: after a reconnect or a missed event (app/realtime/sagas.ts) the
 * screen reads again everything live events keep fresh, as far as it shows it (each request below
 * reloads only what is loaded or open).
 */
export function* resyncScreen(): SagaIterator {
  const state: RootState = yield select((s: RootState) => s);
  yield call(reloadShownStrip);
  yield put(authActions.userReloadRequested());
  yield put(statusActions.readAgainRequested());
  yield put(officeActions.scheduleRequested());
  yield put(trackerLiveActions.stateRequested());
  yield put(notificationLiveActions.listRequested());
  yield put(guardianLiveActions.promptRequested());
  yield put(projectsActions.sidebarRefreshRequested());
  yield put(projectsActions.countsRefreshRequested());
  const overviewId = state.projects.overview.projectId;
  if (overviewId !== null) yield put(projectsActions.overviewRefreshRequested({ projectId: overviewId, parts: ['project', 'lists', 'members'] }));
  if (state.lists.list) yield put(listsActions.listRefreshRequested({ listId: state.lists.list.id, parts: ['list', 'sections', 'members'] }));
  if (state.personal.page) yield put(personalActions.pageRefreshRequested());
  if (state.workspace?.teamPage.shown) yield put(workspaceLiveActions.resyncRequested());
}

export function* dispatchLiveEvent(action: PayloadAction<LiveEvent>): SagaIterator {
  const event = action.payload;
  const ownEmail: string | null = yield select(selectEmail);
  const own = event.email !== '' && ownEmail !== null && event.email.toLowerCase() === ownEmail.toLowerCase();
  switch (event.event) {
    // Each carries the member's strip row as this socket may see it: the strip patches that row.
    case 'new_status':
      if (own && (event.status === 'working' || event.status === 'taking_break')) {
        yield put(statusActions.changedElsewhere(event.status));
      }
      if (own) yield put(calendarLiveActions.changedElsewhere());
      if (own) yield put(timeAccountLiveActions.ownStatusChanged());
      yield put(teammatesActions.liveRowReceived(event.meta));
      yield put(checkoutLiveActions.presenceChanged());
      yield put(workspaceLiveActions.teammateChanged({ userId: event.meta.user, teammate: event.meta.teammate, presence: true }));
      break;
    case 'user_left_office':
      if (own) yield put(statusActions.officeLeftElsewhere());
      if (own) yield put(calendarLiveActions.changedElsewhere());
      if (own) yield put(timeAccountLiveActions.ownStatusChanged());
      yield put(teammatesActions.liveRowReceived(event.meta));
      yield put(checkoutLiveActions.presenceChanged());
      yield put(workspaceLiveActions.teammateChanged({ userId: event.meta.user, teammate: event.meta.teammate, presence: true }));
      break;
    // Active, idle or away (docs/presence.md): the row patches like a profile change.
    case 'presence_changed':
    case 'teammate_updated':
      yield put(teammatesActions.liveRowReceived(event.meta));
      yield put(workspaceLiveActions.teammateChanged({ userId: event.meta.user, teammate: event.meta.teammate, presence: false }));
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
    // The shift guardian (docs/guardian.md): a question asked, decided or answered on another device.
    case 'shift_prompt_changed':
      yield put(guardianLiveActions.promptRequested());
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
    // The checkout (issue 12): its sagas reload the open days, statuses and lists they are about.
    case 'checkout_updated':
      yield put(checkoutLiveActions.notesChangedElsewhere({ workDayId: event.meta.work_day_id }));
      break;
    case 'checkout_status_updated':
      yield put(checkoutLiveActions.statusChangedElsewhere({ userId: event.meta.user_id }));
      yield put(workspaceLiveActions.checkoutChanged({ userId: event.meta.user_id }));
      break;
    case 'created_or_updated_observable_user':
      yield put(checkoutLiveActions.observablesChanged());
      break;
    // Read logs of checkouts: no open screen shows them (the author's list of readers is not live).
    case 'update_checkout_read_logs_read_log_mark_all':
      break;
    // Closing the week (issue 28): the member's and the approvers' screens read again what they show.
    case 'period_changed':
    case 'days_locked':
    case 'correction_changed':
      yield put(closingLiveActions.changedElsewhere());
      break;
    // The working-time account (issue 27): the line and the member panel read again; the team page too.
    case 'time_off_changed':
      yield put(timeAccountLiveActions.timeOffChanged());
      break;
    case 'time_account_changed': {
      yield put(timeAccountLiveActions.changed({ userIds: event.meta.user_ids }));
      const teamShown: boolean = yield select((s: RootState) => Boolean(s.workspace?.teamPage.shown));
      if (teamShown) yield put(workspaceLiveActions.resyncRequested());
      break;
    }
    default: {
      // Every declared event is handled above: a new one fails the type check here.
      const unhandled: never = event;
      return unhandled;
    }
  }
}

