import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProjectMembership, Task, TaskUpdateRequest } from '../../api/types';
import type { TaskFlag } from '../../api/projects';

/** Every task the SPA has seen (list pages, personal pages, details pane), by id. */
export const tasksAdapter = createEntityAdapter<Task>();

export interface FlagChange {
  taskId: number;
  flag: TaskFlag;
  value: boolean;
}

export interface TaskUpdate {
  taskId: number;
  changes: TaskUpdateRequest;
}

export interface TasksState extends ReturnType<typeof tasksAdapter.getInitialState> {
  /** Flags sent to the server and not answered yet: `${taskId}:${flag}`. */
  flagsInFlight: string[];
  /** One entry per PATCH or DELETE on the way, by task id (the details pane shows it). */
  saving: number[];
  /** Each saving task as it was before its first pending PATCH: put back when one fails. */
  previous: Record<number, Task>;
  /** The members of the projects whose tasks the details pane edits: owner and member pickers. */
  projectMembers: Record<number, ProjectMembership[]>;
}

const initialState: TasksState = { ...tasksAdapter.getInitialState(), flagsInFlight: [], saving: [], previous: {}, projectMembers: {} };

const settle = (state: TasksState, taskId: number) => {
  const index = state.saving.indexOf(taskId);
  if (index >= 0) state.saving.splice(index, 1);
  if (!state.saving.includes(taskId)) delete state.previous[taskId];
};

/** The fields a PATCH may apply before the answer (owner and members wait for the server). */
const OPTIMISTIC = ['title', 'url', 'priority'] as const;

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
    /** Applied at once for title, url and priority; the saga saves it and puts the old task back on failure. */
    taskUpdateRequested(state, action: PayloadAction<TaskUpdate>) {
      const { taskId, changes } = action.payload;
      const task = state.entities[taskId];
      if (task && !state.saving.includes(taskId)) state.previous[taskId] = { ...task };
      state.saving.push(taskId);
      if (!task) return;
      for (const field of OPTIMISTIC) {
        const value = changes[field];
        if (value !== undefined) Object.assign(task, { [field]: value });
      }
    },
    /** The server's answer to a PATCH. */
    taskUpdateSaved(state, action: PayloadAction<Task>) {
      settle(state, action.payload.id);
      tasksAdapter.upsertOne(state, action.payload);
    },
    /** A PATCH failed: the task goes back to what it was before the pending changes. */
    taskUpdateFailed(state, action: PayloadAction<number>) {
      const previous = state.previous[action.payload];
      if (previous) tasksAdapter.upsertOne(state, previous);
      delete state.previous[action.payload];
      settle(state, action.payload);
    },
    taskDeleteRequested(state, action: PayloadAction<number>) {
      state.saving.push(action.payload);
    },
    taskDeleteFailed(state, action: PayloadAction<number>) {
      settle(state, action.payload);
    },
    /** Deleted here or elsewhere (live event): gone from every view. */
    taskDeleted(state, action: PayloadAction<number>) {
      state.saving = state.saving.filter((id) => id !== action.payload);
      delete state.previous[action.payload];
      tasksAdapter.removeOne(state, action.payload);
    },
    /** A live event: another member changed the task; fetch it again. */
    taskRefreshRequested(_state, _action: PayloadAction<number>) {},
    /** The task as another member left it (the answer to `taskRefreshRequested`). */
    taskRefreshed(state, action: PayloadAction<Task>) {
      if (!state.saving.includes(action.payload.id)) tasksAdapter.upsertOne(state, action.payload);
    },
    projectMembersRequested(_state, _action: PayloadAction<number>) {},
    projectMembersLoaded(state, action: PayloadAction<{ projectId: number; members: ProjectMembership[] }>) {
      state.projectMembers[action.payload.projectId] = action.payload.members;
    },
    taskDescriptionSubmitted(_state, _action: PayloadAction<{ taskId: number; description: string; requestId: string }>) {},
    taskCreateRequested(_state, _action: PayloadAction<{ sectionId: number; title: string; requestId: string }>) {},
    taskArchiveRequested(_state, _action: PayloadAction<{ taskId: number; archived: boolean }>) {},
    taskRequested(_state, _action: PayloadAction<number>) {},
  },
});

export const tasksActions = tasksSlice.actions;
export const tasksReducer = tasksSlice.reducer;
