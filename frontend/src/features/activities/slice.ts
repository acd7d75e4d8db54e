import { registerLazyReducer } from '../../shared/lazyReducers';
import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Activity, ActivitySection, MarkReadRequest, UnreadProject } from '../../api/types';
import type { NodeKey, UnreadAfterRead } from './tree';

/** Newest first (spec 02 §2: the activity tab), then by id. */
const newestFirst = (a: Activity, b: Activity) =>
  b.created_datetime.localeCompare(a.created_datetime) || b.id - a.id;

export const activitiesAdapter = createEntityAdapter<Activity>({ sortComparer: newestFirst });

export interface ActivityDraft {
  taskId: number;
  /** An activity being edited, or null for a new one. */
  id: number | null;
  sections: ActivitySection[];
  submit: boolean;
}

export interface ActivitiesState {
  activities: EntityState<Activity, number>;
  unread: {
    tree: UnreadProject[];
    loading: boolean;
    loaded: boolean;
    error: string | null;
    /** The Unread badge of the side menu; null until loaded. */
    count: number | null;
    /** Nodes fading out (150 ms per step). */
    removing: NodeKey[];
    /** Activity ids already read here: a live event repeating our own read changes nothing. */
    readIds: number[];
    /** Tasks whose unread activities are loaded or loading. */
    tasksLoaded: number[];
    tasksLoading: number[];
  };
  tab: { taskId: number | null; loading: boolean; loaded: boolean; error: string | null };
  /** An editor's save in flight, by activity id ('new' for a new one). */
  saving: string | null;
  saveError: string | null;
  /** Activity ids with a submit, confirm or delete in flight. */
  busy: number[];
}

const initialState: ActivitiesState = {
  activities: activitiesAdapter.getInitialState(),
  unread: {
    tree: [],
    loading: false,
    loaded: false,
    error: null,
    count: null,
    removing: [],
    readIds: [],
    tasksLoaded: [],
    tasksLoading: [],
  },
  tab: { taskId: null, loading: false, loaded: false, error: null },
  saving: null,
  saveError: null,
  busy: [],
};

const without = <T>(list: T[], value: T) => list.filter((item) => item !== value);

const activitiesSlice = createSlice({
  name: 'activities',
  initialState,
  reducers: {
    /** The Unread page opened: a fresh tree, and each task's activities loaded again when shown. */
    unreadPageOpened(state) {
      state.unread.loading = true;
      state.unread.error = null;
      state.unread.tasksLoaded = [];
    },
    unreadTreeRequested(state) {
      state.unread.loading = true;
      state.unread.error = null;
    },
    unreadTreeLoaded(state, action: PayloadAction<{ projects: UnreadProject[]; unread_count: number }>) {
      state.unread.tree = action.payload.projects;
      state.unread.count = action.payload.unread_count;
      state.unread.loading = false;
      state.unread.loaded = true;
      state.unread.removing = [];
    },
    unreadTreeFailed(state, action: PayloadAction<string>) {
      state.unread.loading = false;
      state.unread.error = action.payload;
    },
    unreadCountRequested() {},
    unreadCountLoaded(state, action: PayloadAction<number>) {
      state.unread.count = action.payload;
    },
    taskUnreadRequested(state, action: PayloadAction<number>) {
      if (!state.unread.tasksLoading.includes(action.payload)) state.unread.tasksLoading.push(action.payload);
    },
    taskUnreadLoaded(state, action: PayloadAction<{ taskId: number; activities: Activity[] }>) {
      const { taskId, activities } = action.payload;
      activitiesAdapter.upsertMany(state.activities, activities);
      state.unread.tasksLoading = without(state.unread.tasksLoading, taskId);
      if (!state.unread.tasksLoaded.includes(taskId)) state.unread.tasksLoaded.push(taskId);
    },
    taskUnreadFailed(state, action: PayloadAction<number>) {
      state.unread.tasksLoading = without(state.unread.tasksLoading, action.payload);
    },
    markReadRequested(_state, _action: PayloadAction<MarkReadRequest>) {},
    removingStarted(state, action: PayloadAction<NodeKey[]>) {
      for (const key of action.payload) if (!state.unread.removing.includes(key)) state.unread.removing.push(key);
    },
    /** A read worked out by `tree.applyRead` (in the saga, so the tree code stays in a lazy chunk). */
    readApplied(state, action: PayloadAction<UnreadAfterRead>) {
      const { tree, count, readIds, activityIds } = action.payload;
      state.unread.tree = tree;
      state.unread.count = count;
      state.unread.readIds = readIds;
      const shown = activityIds.filter((id) => state.activities.entities[id]);
      activitiesAdapter.updateMany(state.activities, shown.map((id) => ({ id, changes: { unread: false } })));
      // The faded tasks, sections, lists and projects are gone now; so are the read activities.
      const gone = new Set<string>(activityIds.map((id) => `a:${id}`));
      state.unread.removing = state.unread.removing.filter((key) => key.startsWith('a:') && !gone.has(key));
    },
    tabRequested(state, action: PayloadAction<number>) {
      state.tab = { taskId: action.payload, loading: true, loaded: state.tab.taskId === action.payload && state.tab.loaded, error: null };
    },
    tabLoaded(state, action: PayloadAction<{ taskId: number; activities: Activity[] }>) {
      const { taskId, activities } = action.payload;
      // Whatever of this task the server no longer shows (deleted, another's draft) goes.
      const keep = new Set(activities.map((row) => row.id));
      const stale = Object.values(state.activities.entities).filter((row) => row && row.task === taskId && !keep.has(row.id));
      activitiesAdapter.removeMany(state.activities, stale.map((row) => row!.id));
      activitiesAdapter.upsertMany(state.activities, activities);
      if (state.tab.taskId === taskId) state.tab = { taskId, loading: false, loaded: true, error: null };
    },
    tabFailed(state, action: PayloadAction<string>) {
      state.tab.loading = false;
      state.tab.error = action.payload;
    },
    saveRequested(state, action: PayloadAction<ActivityDraft>) {
      state.saving = action.payload.id === null ? 'new' : String(action.payload.id);
      state.saveError = null;
    },
    saveSucceeded(state, action: PayloadAction<Activity>) {
      activitiesAdapter.upsertOne(state.activities, action.payload);
      state.saving = null;
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.saving = null;
      state.saveError = action.payload;
    },
    submitRequested(state, action: PayloadAction<number>) {
      state.busy.push(action.payload);
    },
    confirmRequested(state, action: PayloadAction<number>) {
      state.busy.push(action.payload);
    },
    deleteRequested(state, action: PayloadAction<number>) {
      state.busy.push(action.payload);
    },
    actionSucceeded(state, action: PayloadAction<Activity>) {
      activitiesAdapter.upsertOne(state.activities, action.payload);
      state.busy = without(state.busy, action.payload.id);
    },
    deleted(state, action: PayloadAction<number>) {
      activitiesAdapter.removeOne(state.activities, action.payload);
      state.busy = without(state.busy, action.payload);
    },
    actionFailed(state, action: PayloadAction<number>) {
      state.busy = without(state.busy, action.payload);
    },
  },
});

export const activitiesActions = activitiesSlice.actions;
export const activitiesReducer = activitiesSlice.reducer;

// This slice loads with the feature's first chunk (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('activities', activitiesReducer);
