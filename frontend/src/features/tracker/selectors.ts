import type { RootState } from '../../app/store';
import { taskTimeKey, taskTimesAdapter } from './slice';
import { runningExtra } from './timeBars';

const timeSelectors = taskTimesAdapter.getSelectors((state: RootState) => state.tracker.times);

export const selectTracker = (state: RootState) => state.tracker;
export const selectTrackerState = (state: RootState) => state.tracker.state;
export const selectBreakPrompt = (state: RootState) => state.tracker.breakPrompt;
export const selectTaskTimes = timeSelectors.selectAll;

/** The task's time that day as last read (the server counts a running interval up to the read). */
export function selectTaskSeconds(state: RootState, workDay: number, task: number): number {
  return state.tracker.times.entities[taskTimeKey(workDay, task)]?.seconds_worked ?? 0;
}

export const selectAllocated = (state: RootState) => state.tracker.allocated;

/** Today's 'Tasks time': allocated time, the running interval counted on live. Null until read. */
export function selectTasksSeconds(state: RootState, now: number): number | null {
  const allocated = state.tracker.allocated;
  if (!allocated) return null;
  return allocated.total_seconds + runningExtra(state.tracker, now);
}

/** A task's time today from the same source; `fallback` (the task's own seconds_worked) until it is read. */
export function selectTaskTodaySeconds(state: RootState, task: number, now: number, fallback: number): number {
  const allocated = state.tracker.allocated;
  if (!allocated) return fallback;
  let seconds = 0;
  for (const project of allocated.allocated_time) {
    const row = project.tasks.find((t) => t.task.id === task);
    if (row) seconds = row.total_seconds;
  }
  return state.tracker.state?.task === task ? seconds + runningExtra(state.tracker, now) : seconds;
}
