import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NextCalendarSchedule } from '../../api/types';

/** The office page's calendar summary: today's sessions and the next workday. */
export interface OfficeState {
  schedule: NextCalendarSchedule | null;
  loading: boolean;
  /** When this browser last got an answer (shown when the server has no last_updated). */
  fetchedAt: string | null;
  /** A calendar import (Reload) in flight. */
  importing: boolean;
}

const initialState: OfficeState = { schedule: null, loading: false, fetchedAt: null, importing: false };

const officeSlice = createSlice({
  name: 'office',
  initialState,
  reducers: {
    scheduleRequested(state) {
      state.loading = true;
    },
    scheduleLoaded(state, action: PayloadAction<{ schedule: NextCalendarSchedule; fetchedAt: string }>) {
      state.schedule = action.payload.schedule;
      state.fetchedAt = action.payload.fetchedAt;
      state.loading = false;
    },
    scheduleFailed(state) {
      state.loading = false;
    },
    /** Reload: import the calendar feed now, then read the schedule again (success or not). */
    calendarImportRequested(state) {
      state.importing = true;
    },
    calendarImportFinished(state) {
      state.importing = false;
    },
  },
});

export const officeActions = officeSlice.actions;
export const officeReducer = officeSlice.reducer;
