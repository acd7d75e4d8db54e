import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClosingSettings } from '../../api/closing';
import type { Correction, Period } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';
import type { PickableMember } from '../../shared/members';

// Closing the week (issue 28, docs/closing.md): the viewer's period, the approvers' list, the
// corrections, and the admins' lock and reopen.

export interface ClosingState {
  /** The viewer's period holding `date` (History's 'My week is complete'). */
  mine: { date: string | null; period: Period | null; loading: boolean };
  /** Periods of the members the viewer answers for (submitted: waiting; approved: reopenable). */
  approvals: { state: 'submitted' | 'approved'; items: Period[]; loading: boolean; error: string | null };
  corrections: { items: Correction[]; loading: boolean };
  /** The workspace's period and its rules (admins); null until read. */
  setting: ClosingSettings | null;
  /** Whom the bulk lock can be narrowed to (admins: the workspace's members); null until read. */
  members: PickableMember[] | null;
  /** A write in flight; `done` counts the ones that went through (dialogs close on a change). */
  busy: boolean;
  done: number;
}

const initialState: ClosingState = {
  mine: { date: null, period: null, loading: false },
  approvals: { state: 'submitted', items: [], loading: false, error: null },
  corrections: { items: [], loading: false },
  setting: null,
  members: null,
  busy: false,
  done: 0,
};

const closingSlice = createSlice({
  name: 'closing',
  initialState,
  reducers: {
    periodRequested(state, action: PayloadAction<{ date: string }>) {
      state.mine.date = action.payload.date;
      state.mine.loading = true;
    },
    periodLoaded(state, action: PayloadAction<Period>) {
      state.mine.period = action.payload;
      state.mine.loading = false;
    },
    periodFailed(state) {
      state.mine.loading = false;
    },
    submitRequested(state, _action: PayloadAction<{ date: string }>) {
      state.busy = true;
    },
    approvalsRequested(state, action: PayloadAction<{ state: 'submitted' | 'approved' } | undefined>) {
      state.approvals.state = action.payload?.state ?? state.approvals.state;
      state.approvals.loading = true;
    },
    approvalsLoaded(state, action: PayloadAction<Period[]>) {
      state.approvals = { ...state.approvals, items: action.payload, loading: false, error: null };
    },
    approvalsFailed(state, action: PayloadAction<string>) {
      state.approvals.loading = false;
      state.approvals.error = action.payload;
    },
    decideRequested(state, _action: PayloadAction<{ periodIds: number[]; approve: boolean; reason: string }>) {
      state.busy = true;
    },
    reopenRequested(state, _action: PayloadAction<{ id: number; reason: string }>) {
      state.busy = true;
    },
    lockRequested(state, _action: PayloadAction<{ through: string; userIds: number[] | null; reason: string }>) {
      state.busy = true;
    },
    correctionsRequested(state) {
      state.corrections.loading = true;
    },
    correctionsLoaded(state, action: PayloadAction<Correction[]>) {
      state.corrections = { items: action.payload, loading: false };
    },
    correctionDecideRequested(state, _action: PayloadAction<{ id: number; accept: boolean; reason: string }>) {
      state.busy = true;
    },
    settingRequested() {},
    membersRequested() {},
    membersLoaded(state, action: PayloadAction<PickableMember[]>) {
      state.members = action.payload;
    },
    payrollRequested(_state, _action: PayloadAction<{ month: string; file: 'csv' | 'xlsx' }>) {},
    settingLoaded(state, action: PayloadAction<ClosingSettings>) {
      state.setting = action.payload;
    },
    /** Shown at once; the server's answer (or, on a failure, a fresh read) settles it. */
    settingSaveRequested(state, action: PayloadAction<Partial<ClosingSettings>>) {
      if (state.setting) state.setting = { ...state.setting, ...action.payload };
      state.busy = true;
    },
    writeSucceeded(state) {
      state.busy = false;
      state.done += 1;
    },
    writeFailed(state) {
      state.busy = false;
    },
    /** A live event named a period, a lock or a correction: read what is shown again. */
    changedElsewhere() {},
  },
});

export const closingActions = closingSlice.actions;
export const closingReducer = closingSlice.reducer;

// This slice loads with the closing pieces' chunks (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('closing', closingReducer);
