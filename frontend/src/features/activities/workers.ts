import { call, delay, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  confirmActivity,
  createActivity,
  deleteActivity,
  fetchTaskActivities,
  fetchTaskUnreadActivities,
  fetchUnreadCount,
  fetchUnreadTree,
  markActivitiesRead,
  submitActivity,
  updateActivity,
} from '../../api/activities';
import type { ActivitiesMarked, Activity, MarkReadRequest, UnreadTree } from '../../api/types';
import type { RootState } from '../../app/store';
import { toApiFailure } from '../../api/client';
import { handleApiError } from '../../shared/errors/handleApiError';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { activitiesActions, type ActivityDraft } from './slice';
import type { activityLiveActions } from './actions';
import { allOfProject, allOfTasks, applyRead, countsOfItems, emptiedNodes, type NodeKey, type ReadApplied, type ReadCounts } from './tree';

/** Spec 02 §2: removing an activity is animated, 150 ms per step. */
export const REMOVE_STEP_MS = 150;

export function* loadUnreadTree(): SagaIterator {
  try {
    const tree: UnreadTree = yield call(fetchUnreadTree);
    yield put(activitiesActions.unreadTreeLoaded(tree));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'Populate unread projects error');
    yield put(activitiesActions.unreadTreeFailed(failure.message));
  }
}

export function* loadUnreadCount(): SagaIterator {
  try {
    const count: number = yield call(fetchUnreadCount);
    yield put(activitiesActions.unreadCountLoaded(count));
  } catch (error) {
    yield call(handleApiError, error, 'GET unread activities count error');
  }
}

export function* loadTaskUnread(action: PayloadAction<number>): SagaIterator {
  try {
    const activities: Activity[] = yield call(fetchTaskUnreadActivities, action.payload);
    yield put(activitiesActions.taskUnreadLoaded({ taskId: action.payload, activities }));
  } catch (error) {
    yield put(activitiesActions.taskUnreadFailed(action.payload));
    yield call(handleApiError, error, 'Populate unread activites error');
  }
}

/** Fade the read activities, then each emptied task, section, list and project, then drop them. */
export function* applyReadAnimated(read: ReadApplied): SagaIterator {
  const state: RootState = yield select((s: RootState) => s);
  const { tree, readIds } = state.activities.unread;
  const known = new Set(readIds);
  const fresh = read.items.filter((item) => !known.has(item.activity));
  const counts: ReadCounts = {
    ...countsOfItems(fresh),
    ...(read.wholeTasks ? allOfTasks(tree, read.wholeTasks) : {}),
    ...(read.wholeProject ? allOfProject(tree, read.wholeProject) : {}),
  };
  const shown = fresh.filter((item) => state.activities.activities.entities[item.activity]);
  if (shown.length > 0) {
    yield put(activitiesActions.removingStarted(shown.map((item): NodeKey => `a:${item.activity}`)));
    yield delay(REMOVE_STEP_MS);
  }
  if (state.activities.unread.loaded) {
    for (const key of emptiedNodes(tree, counts)) {
      yield put(activitiesActions.removingStarted([key]));
      yield delay(REMOVE_STEP_MS);
    }
  }
  const now: RootState['activities']['unread'] = yield select((s: RootState) => s.activities.unread);
  yield put(activitiesActions.readApplied(applyRead(now, read)));
}

function describe(body: MarkReadRequest): string {
  if (body.activityId) return 'Marked as read.';
  return body.taskId ? 'Task marked as read.' : 'Project marked as read.';
}

export function* markRead(action: PayloadAction<MarkReadRequest>): SagaIterator {
  const body = action.payload;
  try {
    const answer: ActivitiesMarked = yield call(markActivitiesRead, body);
    yield call(toastSuccess, describe(body));
    yield call(applyReadAnimated, {
      items: answer.items,
      wholeTasks: body.taskId ? [body.taskId] : undefined,
      wholeProject: body.projectId ?? null,
      unreadCount: answer.unread_count,
    });
  } catch (error) {
    yield call(toastFailure, error, 'Mark unread activities error');
  }
}

export function* loadTab(action: PayloadAction<number>): SagaIterator {
  try {
    const activities: Activity[] = yield call(fetchTaskActivities, action.payload);
    yield put(activitiesActions.tabLoaded({ taskId: action.payload, activities }));
  } catch (error) {
    const failure = yield call(handleApiError, error, 'Populate activities error');
    yield put(activitiesActions.tabFailed(failure.message));
  }
}

export function* save(action: PayloadAction<ActivityDraft>): SagaIterator {
  const { taskId, id, sections, submit } = action.payload;
  try {
    let activity: Activity;
    if (id === null) {
      activity = yield call(createActivity, { task: taskId, text_json: sections, submitted_yn: submit });
    } else {
      activity = yield call(updateActivity, id, sections);
      if (submit && activity.state === 'draft') activity = yield call(submitActivity, id);
    }
    yield put(activitiesActions.saveSucceeded(activity));
    yield call(toastSuccess, submit ? 'Activity submitted.' : id === null ? 'Draft saved.' : 'Activity saved.');
  } catch (error) {
    yield put(activitiesActions.saveFailed(toApiFailure(error).message || 'The activity was not saved.'));
    yield call(toastFailure, error, 'Save activity error');
  }
}

function* act(call_: (id: number) => Promise<Activity>, done: string, title: string, action: PayloadAction<number>): SagaIterator {
  try {
    const activity: Activity = yield call(call_, action.payload);
    yield put(activitiesActions.actionSucceeded(activity));
    yield call(toastSuccess, done);
  } catch (error) {
    yield put(activitiesActions.actionFailed(action.payload));
    yield call(toastFailure, error, title);
  }
}

export function* remove(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(deleteActivity, action.payload);
    yield put(activitiesActions.deleted(action.payload));
    yield call(toastSuccess, 'Activity deleted.');
  } catch (error) {
    yield put(activitiesActions.actionFailed(action.payload));
    yield call(toastFailure, error, 'Delete activity error');
  }
}

/** new_activity: reload the Unread tree (if shown), the badge, and the open task's tab. */
export function* reloadOnLiveActivity(action: ReturnType<typeof activityLiveActions.liveActivityReceived>): SagaIterator {
  const state: RootState = yield select((s: RootState) => s);
  if (state.activities.tab.taskId === action.payload.taskId) yield call(loadTab, activitiesActions.tabRequested(action.payload.taskId));
  if (state.auth.user?.id === action.payload.authorId) return;
  if (state.activities.unread.loaded) {
    yield call(loadUnreadTree);
    const loaded = state.activities.unread.tasksLoaded;
    if (loaded.includes(action.payload.taskId)) yield call(loadTaskUnread, activitiesActions.taskUnreadRequested(action.payload.taskId));
  } else {
    yield call(loadUnreadCount);
  }
}

/** A read on another device (or our own, echoed): the same removal, without a call. */
export function* applyLiveRead(action: ReturnType<typeof activityLiveActions.liveReadReceived>): SagaIterator {
  const { activity_ids, task_ids, project_id, task_id } = action.payload;
  const state: RootState = yield select((s: RootState) => s);
  const entities = state.activities.activities.entities;
  const single = activity_ids.length === 1 && task_ids.length === 1;
  const items = activity_ids
    .map((id) => ({ activity: id, task: entities[id]?.task ?? (single ? task_ids[0] : -1) }))
    .filter((item) => item.task !== -1);
  yield call(applyReadAnimated, {
    items,
    wholeTasks: task_id !== null ? [task_id] : project_id === null && !single ? task_ids : undefined,
    wholeProject: project_id,
  });
  yield call(loadUnreadCount);
}

export function* submit(action: PayloadAction<number>): SagaIterator {
  yield call(act, submitActivity, 'Activity submitted.', 'Submit activity error', action);
}

export function* confirm(action: PayloadAction<number>): SagaIterator {
  yield call(act, confirmActivity, 'Activity confirmed.', 'Confirm activity error', action);
}
