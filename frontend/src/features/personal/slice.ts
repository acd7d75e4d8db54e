import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PersonalPageName } from '../../api/projects';
import type { ProjectTasks, Task } from '../../api/types';

export interface PersonalFilter {
  owners: number[];
  members: number[];
}

export interface PersonalGroup {
  project: ProjectTasks['project'];
  taskIds: number[];
}

export interface PersonalState {
  page: PersonalPageName | null;
  status: 'idle' | 'loading' | 'ready';
  groups: PersonalGroup[];
  /** Kept across Today, Next Workday and Starred (spec 02 §2). */
  filter: PersonalFilter;
}

const initialState: PersonalState = { page: null, status: 'idle', groups: [], filter: { owners: [], members: [] } };

const personalSlice = createSlice({
  name: 'personal',
  initialState,
  reducers: {
    pageOpened(state, action: PayloadAction<PersonalPageName>) {
      if (state.page !== action.payload) {
        state.page = action.payload;
        state.groups = [];
        state.status = 'loading';
      }
    },
    pageClosed(state) {
      state.page = null;
      state.groups = [];
      state.status = 'idle';
    },
    pageRefreshRequested() {},
    /** The tasks of a page; the app hands them to the task entities. */
    tasksFetched(_state, _action: PayloadAction<Task[]>) {},
    pageLoaded(state, action: PayloadAction<{ page: PersonalPageName; groups: PersonalGroup[] }>) {
      if (state.page !== action.payload.page) return;
      state.groups = action.payload.groups;
      state.status = 'ready';
    },
    filterChanged(state, action: PayloadAction<PersonalFilter>) {
      state.filter = action.payload;
    },
    filterCleared(state) {
      state.filter = { owners: [], members: [] };
    },
  },
});

export const personalActions = personalSlice.actions;
export const personalReducer = personalSlice.reducer;
