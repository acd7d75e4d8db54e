/** The manage-task-time popover's buttons (spec 01 §5): each enabled only when the server would agree. */
export const TEN_MINUTES = 600;
export const ONE_HOUR = 3600;

export interface TimeAdjustments {
  add10m: boolean;
  add1h: boolean;
  remove10m: boolean;
  remove1h: boolean;
  addAllUnallocated: boolean;
}

/** `unallocated`: the day's work time minus its task time; `onTask`: the task's time that day (seconds). */
export function timeAdjustments({ unallocated, onTask }: { unallocated: number; onTask: number }): TimeAdjustments {
  return {
    add10m: unallocated >= TEN_MINUTES,
    add1h: unallocated >= ONE_HOUR,
    remove10m: onTask >= TEN_MINUTES,
    remove1h: onTask >= ONE_HOUR,
    addAllUnallocated: unallocated > 0,
  };
}

/** Unallocated time = work time - allocated time (spec 01 §9), never shown below 0. */
export function unallocatedSeconds(workTime: number, allocated: number): number {
  return Math.max(0, workTime - allocated);
}

/**
 * The change a typed duration asks for on a task's time today (issue 31, docs/keyboard.md): a plain
 * amount sets the time to it, a signed one ('+15m', '-10m') adds or removes it.
 */
export function typedTimeChange(parsed: { seconds: number; relative: boolean }, onTask: number): number {
  return parsed.relative ? parsed.seconds : parsed.seconds - Math.floor(onTask);
}

export const NOT_ENOUGH_ON_TASK = 'The task does not have that much time.';
export const OVER_WORK_TIME = 'Tasks total hours can not be more than Office Work hours.';
export const BREAK_WILL_END = 'If you continue, your break will end.';
export const RESUME_OR_STOP = 'Do you want to resume working or stop tracking time?';
export const TASK_REMOVED = 'Task will be removed and hours will be added to unallocated.';
