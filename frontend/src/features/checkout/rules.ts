
/** Where the checkout is shown (spec 01 §2): the page, the leave flow, or another user's / an earlier day. */
export type CheckoutMode = 'page' | 'leave_the_office' | 'history';

export const LEAVE_FAILED_MESSAGE = 'Activity Details for some tasks are missing.';
export const NOTES_READ_ONLY = 'Notes cannot be edited for previous checkouts';
export const OBSERVERS_TOOLTIP = 'Your Checkout is shared with the following users.';
export const MAX_OBSERVER_AVATARS = 5;
/** The next-day 'Hours' warning: scheduled hours above tracked work time by this much or more. */
export const HOURS_WARNING_SECONDS = 1800;

/**
 * Spec 01 §9: the 'Hours' note when today's scheduled hours exceed the tracked work time by
 * HOURS_WARNING_SECONDS or more; the shortfall in seconds, or null when there is no warning.
 * Tracked work time is the tracker's for users with one (spec 01 §6), else the work time.
 */
export function hoursShortfall(scheduledSeconds: number, trackedSeconds: number): number | null {
  const short = scheduledSeconds - trackedSeconds;
  return short >= HOURS_WARNING_SECONDS ? short : null;
}

export interface EditContext {
  mode: CheckoutMode;
  /** The checkout is the signed-in user's own. */
  isOwn: boolean;
  /** The day is the user's current work day (today in their timezone). */
  isCurrentDay: boolean;
  /** The Modify / Done toggle is on Modify (editing). */
  modifyOn: boolean;
}

/** Spec 01 §4: editing only on the user's own current work day, not in history, with Modify on. */
export function canEditCheckout({ mode, isOwn, isCurrentDay, modifyOn }: EditContext): boolean {
  return mode !== 'history' && isOwn && isCurrentDay && modifyOn;
}

/** Whether the Modify / Done toggle is offered at all (it is pointless where editing never applies). */
export function showsModifyToggle({ mode, isOwn, isCurrentDay }: Omit<EditContext, 'modifyOn'>): boolean {
  return mode !== 'history' && isOwn && isCurrentDay;
}

/** The mode a checkout opens in: someone else's is always history. */
export function modeFor(requested: CheckoutMode, isOwn: boolean): CheckoutMode {
  return isOwn ? requested : 'history';
}

// --- leaving the office through the checkout ----------------------------------------------------

export type LeaveState =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'failed'; message: string }
  | { step: 'leaving_anyway' }
  | { step: 'left' };

export type LeaveEvent =
  | { type: 'clicked' }
  | { type: 'checks_failed' }
  | { type: 'left' }
  | { type: 'error' };

/** The leave button: the first click runs the checks; once they failed it leaves anyway. */
export function leaveReducer(state: LeaveState, event: LeaveEvent): LeaveState {
  switch (event.type) {
    case 'clicked':
      if (state.step === 'idle') return { step: 'checking' };
      if (state.step === 'failed') return { step: 'leaving_anyway' };
      return state;
    case 'checks_failed':
      return { step: 'failed', message: LEAVE_FAILED_MESSAGE };
    case 'left':
      return { step: 'left' };
    case 'error':
      // The call failed (network, server): back to where the user was, nothing changed.
      return state.step === 'leaving_anyway' ? { step: 'failed', message: LEAVE_FAILED_MESSAGE } : { step: 'idle' };
  }
}

export const leaveButtonLabel = (state: LeaveState): string =>
  state.step === 'failed' || state.step === 'leaving_anyway' ? 'Leave anyway' : 'Leave the office';

/** Whether the next leave call asks to leave regardless of the checks. */
export const leavesAnyway = (state: LeaveState): boolean => state.step === 'leaving_anyway';

// --- day statuses ---------------------------------------------------------------------------------

// The day statuses' words and colours are shared (the work-time table shows them too).
export { DAY_STATUS_COLOR, DAY_STATUS_TEXT } from '../../shared/dayStatus';

export const CHECK_TITLES: Record<string, string> = {
  activity_details: 'Activity details',
  unallocated_time: 'Unallocated time',
  checkout_note: 'Checkout note',
  next_workday_plan: 'Next workday plan',
};

// --- create a task from the checkout (spec 01 §5) --------------------------------------------------
export const ALL_FIELDS_NEEDED = 'All fields needs to be populated';
export const TASK_NAME_REQUIRED = 'You must specify the task name in order to create the task';

export interface CreateTaskInput {
  project: number | null;
  taskList: number | null;
  section: number | null;
  position: number | null;
  title: string;
}

/** The first problem the form can tell before asking the server (which checks again, and the name). */
export function createTaskProblem({ project, taskList, section, position, title }: CreateTaskInput): string | null {
  if (project === null || taskList === null || section === null || position === null) return ALL_FIELDS_NEEDED;
  if (!title.trim()) return TASK_NAME_REQUIRED;
  return null;
}

/** A section with n open tasks offers the places 1..n+1 (n+1: last). */
export function positionOptions(openTasks: number): number[] {
  return Array.from({ length: Math.max(0, openTasks) + 1 }, (_, index) => index + 1);
}

/** The tracking tag tells the user's own tracker now: only on their own current day, not in history. */
export function showsTrackingTag({ mode, isOwn, isCurrentDay }: Omit<EditContext, 'modifyOn'>): boolean {
  return mode !== 'history' && isOwn && isCurrentDay;
}

/** An observed user's presence in 'Shared with you' (spec 01 §9 colours: work green, break blue, out grey). */
export const OBSERVED_STATUS = {
  working: { text: 'Working', color: '#52c41a' },
  taking_break: { text: 'On a break', color: '#1677ff' },
  out_of_office: { text: 'Out of Office', color: '#bfbfbf' },
} as const;
