import type { TrackerSliceState } from './slice';

export interface ProjectSeconds {
  id: number;
  title: string;
  color: string;
  seconds: number;
}

/**
 * Seconds the running interval added since allocated time was read (`now` in ms): 0 unless tracking a
 * task that allocated time lists (the server counted it up to the read), so totals and rows agree.
 */
export function runningExtra(tracker: TrackerSliceState, now: number): number {
  const { allocated, allocatedReadAt, state } = tracker;
  if (!allocated || state?.status !== 'tracking' || allocatedReadAt === null) return 0;
  const listed = allocated.allocated_time.some((project) => project.tasks.some((row) => row.task.id === state.task));
  return listed ? Math.max(0, Math.floor((now - allocatedReadAt) / 1000)) : 0;
}

/** Today's seconds per project from allocated time, the running interval counted on to `now` (ms). */
export function runningProjectSeconds(tracker: TrackerSliceState, now: number): ProjectSeconds[] {
  const { allocated, state } = tracker;
  if (!allocated) return [];
  const extra = runningExtra(tracker, now);
  return allocated.allocated_time.map(({ project, tasks, total_seconds }) => {
    const running = extra > 0 && tasks.some((row) => row.task.id === state?.task);
    return { id: project.id, title: project.title, color: barColor(project.color), seconds: total_seconds + (running ? extra : 0) };
  });
}

/** A project colour as a bar fill: the translucent 'Personal Tasks' colour (#0000007F) stays visible. */
export function barColor(color: string): string {
  return /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(color) ? color : '#1677ff';
}
