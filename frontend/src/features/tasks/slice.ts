import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Task } from '../../api/types';
import type { TaskFlag } from '../../api/projects';

/** Every task the SPA has seen (list pages, personal pages, details pane), by id. */
export const tasksAdapter = createEntityAdapter<Task>();

export interface FlagChange {
  taskId: number;
  flag: TaskFlag;
  value: boolean;
}

export interface TasksState extends ReturnType<typeof tasksAdapter.getInitialState> {
  /** Flags sent to the server and not answered yet: `${taskId}:${flag}`. */
  flagsInFlight: string[];
}

const initialState: TasksState = { ...tasksAdapter.getInitialState(), flagsInFlight: [] };

export const flagKey = (taskId: number, flag: TaskFlag) => `${taskId}:${flag}`;

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {
    tasksReceived(state, action: PayloadAction<Task[]>) {
      tasksAdapter.upsertMany(state, action.payload);
    },
    taskReceived(state, action: PayloadAction<Task>) {
      tasksAdapter.upsertOne(state, action.payload);
    },
    /** Created here; the list page puts it at the end of its section. */
    taskCreated(state, action: PayloadAction<Task>) {
      tasksAdapter.upsertOne(state, action.payload);
    },
    /** Archived or unarchived here; the list page hides it from the current view. */
    taskArchiveChanged(state, action: PayloadAction<Task>) {
      tasksAdapter.upsertOne(state, action.payload);
    },
    /** Applied at once (optimistic); the saga saves it and rolls it back on failure. */
    taskFlagToggled(state, action: PayloadAction<FlagChange>) {
      const { taskId, flag, value } = action.payload;
      const task = state.entities[taskId];
      if (task) task[flag] = value;
      const key = flagKey(taskId, flag);
      if (!state.flagsInFlight.includes(key)) state.flagsInFlight.push(key);
    },
    taskFlagSaved(state, action: PayloadAction<FlagChange & { joinId: number }>) {
      const { taskId, flag, value, joinId } = action.payload;
      const task = state.entities[taskId];
      if (task) {
        task[flag] = value;
        task.join_task_to_user_id = joinId;
      }
      state.flagsInFlight = state.flagsInFlight.filter((key) => key !== flagKey(taskId, flag));
    },
    taskFlagRolledBack(state, action: PayloadAction<FlagChange>) {
      const { taskId, flag, value } = action.payload;
      const task = state.entities[taskId];
      if (task) task[flag] = !value;
      state.flagsInFlight = state.flagsInFlight.filter((key) => key !== flagKey(taskId, flag));
    },
    /** A live event told this user's flags of a task. */
    taskFlagsChangedElsewhere(
      state,
      action: PayloadAction<{ taskId: number; flags: Partial<Record<TaskFlag, boolean>> }>,
    ) {
      const task = state.entities[action.payload.taskId];
      if (!task) return;
      for (const [flag, value] of Object.entries(action.payload.flags) as [TaskFlag, boolean][]) {
        if (!state.flagsInFlight.includes(flagKey(task.id, flag)) && typeof value === 'boolean') task[flag] = value;
      }
    },
    taskDescriptionSubmitted(_state, _action: PayloadAction<{ taskId: number; description: string; requestId: string }>) {},
    taskCreateRequested(_state, _action: PayloadAction<{ sectionId: number; title: string; requestId: string }>) {},
    taskArchiveRequested(_state, _action: PayloadAction<{ taskId: number; archived: boolean }>) {},
    taskRequested(_state, _action: PayloadAction<number>) {},
  },
});

export const tasksActions = tasksSlice.actions;
export const tasksReducer = tasksSlice.reducer;
