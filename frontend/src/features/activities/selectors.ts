import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { activitiesAdapter } from './slice';
import { taskPlaces } from './tree';

const adapterSelectors = activitiesAdapter.getSelectors((state: RootState) => state.activities.activities);

export const selectUnread = (state: RootState) => state.activities.unread;
export const selectUnreadTree = (state: RootState) => state.activities.unread.tree;
export const selectUnreadCount = (state: RootState) => state.activities.unread.count;
export const selectActivityTab = (state: RootState) => state.activities.tab;
export const selectAllActivities = adapterSelectors.selectAll;

/** The activity tab of a task: submitted ones and my drafts, newest first. */
export const selectTaskActivities = createSelector(
  [selectAllActivities, (_state: RootState, taskId: number) => taskId],
  (rows, taskId) => rows.filter((row) => row.task === taskId && !row.deleted_yn),
);

/** A task's unread activities as loaded for the Unread page (newest first). */
export const selectTaskUnread = createSelector(
  [selectAllActivities, (_state: RootState, taskId: number) => taskId],
  (rows, taskId) => rows.filter((row) => row.task === taskId && row.unread),
);

export const selectTaskPlaces = createSelector([selectUnreadTree], taskPlaces);
