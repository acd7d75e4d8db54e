import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import { registerLazyReducer } from '../../shared/lazyReducers';
import type { AllocatedTime, TaskTime, TaskTimeChangeRequest, TrackerState } from '../../api/types';

/** One task's time in one work day, keyed `${work_day}:${task}`. */
export interface TaskTimeEntry {
  key: string;
  task: number;
  work_day: number;
  project: number;
  seconds_worked: number;
  recording_yn: boolean;
}

export const taskTimeKey = (workDay: number, task: number): string => `${workDay}:${task}`;

export const taskTimesAdapter = createEntityAdapter<TaskTimeEntry, string>({ selectId: (entry) => entry.key });

/** The break dialogs: starting on a break ('If you continue, your break will end.') or resuming on one. */
export type BreakPrompt = { kind: 'start'; task: number } | { kind: 'resume'; task: number };
export type BreakDecision = 'ok' | 'cancel' | 'resume' | 'stop';
export type TrackerCommand = 'start' | 'pause' | 'stop';

export interface TrackerSliceState {
  /** The server's tracker state (shared by every device); null until loaded. */
  state: TrackerState | null;
  loading: boolean;
  /** The command in flight, then `settling` for about a second after it succeeded (spec 02 §4). */
  pending: TrackerCommand | null;
  settling: boolean;
  /** The task the command in flight (or settling) is about: its control shows the loading state. */
  pendingTask: number | null;
  /** The tracker control's error state: which task it failed on and the server's words. */
  error: { task: number | null; message: string } | null;
  breakPrompt: BreakPrompt | null;
  times: EntityState<TaskTimeEntry, string>;
  timesLoading: boolean;
  /** Tasks whose time change is in flight, and the last refusal (the popover's text). */
  timeChangesInFlight: number[];
  timeError: { task: number; message: string } | null;
  /**
   * Today's time on tasks by project (GET allocated_time): the one source of 'Tasks time', the bars,
   * the cards' times and Unallocated. `readAt` (ms): when it was read; a running interval counts on from there.
   */
  allocated: AllocatedTime | null;
  allocatedReadAt: number | null;
}

const initialState: TrackerSliceState = {
  state: null,
  loading: false,
  pending: null,
  settling: false,
  pendingTask: null,
  error: null,
  breakPrompt: null,
  times: taskTimesAdapter.getInitialState(),
  timesLoading: false,
  timeChangesInFlight: [],
  timeError: null,
  allocated: null,
  allocatedReadAt: null,
};

function entry(row: TaskTime): TaskTimeEntry {
  return {
    key: taskTimeKey(row.work_day, row.task),
    task: row.task,
    work_day: row.work_day,
    project: row.project,
    seconds_worked: row.seconds_worked,
    recording_yn: row.recording_yn,
  };
}

export type TimeChange = TaskTimeChangeRequest;
/** A time change and the task's title (the pending list names it). */
export interface TimeChangeRequest {
  change: TimeChange;
  title: string;
}

const trackerSlice = createSlice({
  name: 'tracker',
  initialState,
  reducers: {
    stateRequested(state) {
      state.loading = true;
    },
    stateLoaded(state, action: PayloadAction<TrackerState>) {
      state.state = action.payload;
      state.loading = false;
    },
    stateFailed(state) {
      state.loading = false;
    },
    startRequested(state, action: PayloadAction<{ task: number; endBreak?: boolean }>) {
      state.pending = 'start';
      state.pendingTask = action.payload.task;
      state.error = null;
      state.breakPrompt = null;
    },
    pauseRequested(state) {
      state.pending = 'pause';
      state.pendingTask = state.state?.task ?? null;
      state.error = null;
    },
    stopRequested(state) {
      state.pending = 'stop';
      state.pendingTask = state.state?.task ?? state.pendingTask;
      state.error = null;
      state.breakPrompt = null;
    },
    /** Resume restores the last tracked task (asks first when on a break). */
    resumeRequested(state) {
      state.error = null;
    },
    commandSucceeded(state, action: PayloadAction<TrackerState>) {
      state.state = action.payload;
      state.pending = null;
      state.settling = true;
    },
    settled(state) {
      state.settling = false;
      state.pendingTask = null;
    },
    /**
     * The command could not reach the server and waits in the outbox (docs/offline.md): the control
     * shows what it will do; the server's state replaces this when it is sent.
     */
    commandQueued(state, action: PayloadAction<{ command: TrackerCommand; task: number | null; at: string }>) {
      const { command, task, at } = action.payload;
      state.pending = null;
      state.settling = false;
      state.pendingTask = null;
      if (state.state === null) return;
      if (command === 'start' && task !== null) {
        state.state = { ...state.state, status: 'tracking', task, last_task: task, started_at: at };
      } else if (command === 'pause') {
        state.state = { ...state.state, status: 'paused', started_at: null };
      } else if (command === 'stop') {
        state.state = { ...state.state, status: 'stopped', task: null, started_at: null };
      }
    },
    commandFailed(state, action: PayloadAction<{ task: number | null; message: string }>) {
      state.pending = null;
      state.settling = false;
      state.pendingTask = null;
      state.error = action.payload;
    },
    breakPromptShown(state, action: PayloadAction<BreakPrompt>) {
      state.pending = null;
      state.pendingTask = null;
      state.breakPrompt = action.payload;
    },
    breakDecided(state, action: PayloadAction<BreakDecision>) {
      if (action.payload === 'cancel') state.breakPrompt = null;
    },
    breakPromptClosed(state) {
      state.breakPrompt = null;
    },
    timesRequested(state, action: PayloadAction<{ work_day?: number }>) {
      state.timesLoading = true;
      void action;
    },
    timesLoaded(state, action: PayloadAction<TaskTime[]>) {
      taskTimesAdapter.upsertMany(state.times, action.payload.map(entry));
      state.timesLoading = false;
    },
    timesFailed(state) {
      state.timesLoading = false;
    },
    timeChangeRequested(state, action: PayloadAction<TimeChangeRequest>) {
      const { task } = action.payload.change;
      if (!state.timeChangesInFlight.includes(task)) state.timeChangesInFlight.push(task);
      state.timeError = null;
    },
    /** Kept in the outbox until the server can be reached: the card shows it as pending. */
    timeChangeQueued(state, action: PayloadAction<{ task: number }>) {
      state.timeChangesInFlight = state.timeChangesInFlight.filter((task) => task !== action.payload.task);
    },
    timeChanged(state, action: PayloadAction<TaskTime>) {
      taskTimesAdapter.upsertOne(state.times, entry(action.payload));
      state.timeChangesInFlight = state.timeChangesInFlight.filter((task) => task !== action.payload.task);
    },
    timeChangeFailed(state, action: PayloadAction<{ task: number; message: string }>) {
      state.timeChangesInFlight = state.timeChangesInFlight.filter((task) => task !== action.payload.task);
      state.timeError = action.payload;
    },
    allocatedRequested() {},
    allocatedLoaded(state, action: PayloadAction<{ allocated: AllocatedTime; readAt: number }>) {
      state.allocated = action.payload.allocated;
      state.allocatedReadAt = action.payload.readAt;
    },
    /** A task or a project leaves today's work day (remove-from-Today confirmations): its hours go to unallocated. */
    removeFromDayRequested(state, action: PayloadAction<{ project: number; title: string }>) {
      void state;
      void action;
    },
    /** new_task_time: the closed time of a task changed on some device (0: it left the day). */
    taskTimeChangedElsewhere(
      state,
      action: PayloadAction<{ task_id: number; work_day_id: number; project_id: number; seconds_worked: number }>,
    ) {
      const { task_id, work_day_id, project_id, seconds_worked } = action.payload;
      const key = taskTimeKey(work_day_id, task_id);
      if (seconds_worked === 0 && !state.times.entities[key]?.recording_yn) {
        taskTimesAdapter.removeOne(state.times, key);
        return;
      }
      const known = state.times.entities[key];
      taskTimesAdapter.upsertOne(state.times, {
        key,
        task: task_id,
        work_day: work_day_id,
        project: project_id,
        seconds_worked,
        recording_yn: known?.recording_yn ?? false,
      });
    },
  },
});

export const trackerActions = trackerSlice.actions;
export const trackerReducer = trackerSlice.reducer;

// The slice loads with the office's chunks, not with the sign-in page (shared/lazyReducers.ts).
registerLazyReducer('tracker', trackerReducer);
