import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { InOfficeStatus, StatusId } from '../../api/types';

export interface Counters {
  /** Today's work and break time in whole seconds: server truth plus local minute ticks. */
  workSeconds: number;
  breakSeconds: number;
  /** False until the first answer of worktime_summary since entering the office. */
  synced: boolean;
  /**
   * When (ms since epoch) these numbers were true: the sync's time, then one minute later per tick.
   * Readers that need a live figure add the seconds since (useDayTimes); null when unknown.
   */
  asOf: number | null;
  /** Today's tracked time from the user's tracker (worktime_summary's tracked_time), as of the sync. */
  trackedSeconds?: number | null;
}

export interface StatusState {
  /** null until the session has loaded the user's status. */
  current: StatusId | null;
  entering: boolean;
  /** A Working / On a break switch in flight, and the status to restore if it fails. */
  toggle: { inFlight: boolean; previous: InOfficeStatus | null };
  counters: Counters;
}

const emptyCounters: Counters = { workSeconds: 0, breakSeconds: 0, synced: false, asOf: null };

const initialState: StatusState = {
  current: null,
  entering: false,
  toggle: { inFlight: false, previous: null },
  counters: emptyCounters,
};

function outOfOffice(state: StatusState) {
  state.current = 'out_of_office';
  state.toggle = { inFlight: false, previous: null };
  state.counters = emptyCounters;
}

const statusSlice = createSlice({
  name: 'status',
  initialState,
  reducers: {
    loaded(state, action: PayloadAction<StatusId>) {
      if (action.payload === 'out_of_office') outOfOffice(state);
      else state.current = action.payload;
    },
    enterOfficeRequested(state) {
      state.entering = true;
    },
    officeEntered(state) {
      state.current = 'working';
      state.entering = false;
    },
    enterOfficeFailed(state) {
      state.entering = false;
    },
    /** The user flipped Working / On a break: shown at once, rolled back if the server refuses. */
    toggleRequested(state, action: PayloadAction<InOfficeStatus>) {
      if (state.current !== 'working' && state.current !== 'taking_break') return;
      state.toggle = { inFlight: true, previous: state.current };
      state.current = action.payload;
    },
    toggleSucceeded(state) {
      state.toggle = { inFlight: false, previous: null };
    },
    toggleFailed(state) {
      if (state.toggle.previous) state.current = state.toggle.previous;
      state.toggle = { inFlight: false, previous: null };
    },
    officeLeft(state) {
      outOfOffice(state);
    },
    /** Read the status from the server again, then today's numbers (the resync rule). */
    readAgainRequested() {},
    /** Ask the server for today's numbers (status change, window focus, live event). */
    countersSyncRequested() {},
    countersSynced(
      state,
      action: PayloadAction<{ workSeconds: number; breakSeconds: number; at?: number; trackedSeconds?: number }>,
    ) {
      const { workSeconds, breakSeconds, at, trackedSeconds } = action.payload;
      state.counters = { workSeconds, breakSeconds, synced: true, asOf: at ?? null, trackedSeconds: trackedSeconds ?? null };
    },
    /** One more minute in the current status: 60 s on its counter only (spec 01 §4). */
    minuteElapsed(state) {
      if (state.current === 'working') state.counters.workSeconds += 60;
      else if (state.current === 'taking_break') state.counters.breakSeconds += 60;
      if (state.counters.asOf !== null) state.counters.asOf += 60_000;
    },
    /** A live event for the user's own email (another tab or device). */
    changedElsewhere(state, action: PayloadAction<InOfficeStatus>) {
      state.current = action.payload;
    },
    officeLeftElsewhere(state) {
      outOfOffice(state);
    },
  },
});

export const statusActions = statusSlice.actions;
export const statusReducer = statusSlice.reducer;
