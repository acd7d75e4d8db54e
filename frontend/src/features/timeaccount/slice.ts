import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  TimeAccountAdjustment,
  TimeAccountAdjustmentWrite,
  TimeAccountHolidays,
  TimeAccountHolidayWrite,
  TimeAccountPattern,
  TimeAccountRegion,
  TimeOffTypeWrite,
  TimeOffTypeUpdate,
  TimeAccountRules,
  TimeAccountRulesWrite,
  TimeAccountPatterns,
  TimeAccountPatternWrite,
  TimeAccountSummary,
  TimeOffAllowance,
  TimeOffCreate,
  TimeOffDecision,
  TimeOffRequest,
  TimeOffType,
} from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

/** The working-time account (docs/timeaccount.md): the viewer's line and an admin's member panel. */
export interface TimeAccountState {
  summary: TimeAccountSummary | null;
  loading: boolean;
  failed: boolean;
  /** The member account panel's schedule and adjustments (admins), for one member at a time. */
  panel: {
    userId: number | null;
    patterns: TimeAccountPatterns | null;
    adjustments: TimeAccountAdjustment[];
    summary: TimeAccountSummary | null;
    /** The workspace's holiday region and the member's own override (null: follows the workspace). */
    region: { workspace: TimeAccountRegion; member: TimeAccountRegion | null } | null;
    loading: boolean;
    saving: boolean;
  };
  /** Time off (the drawer the line opens): the viewer's requests, types, allowances, and the
   * pending requests they decide (admins, team-page owners). */
  /** The workspace's settings (admins, the Workspace panel): region, holidays, default schedule, time-off types. */
  workspace: {
    holidays: TimeAccountHolidays | null;
    defaults: TimeAccountPattern[];
    types: TimeOffType[];
    /** The balance's rules: the year end and the flag of work on a holiday. */
    rules: TimeAccountRules | null;
    saving: boolean;
  };
  timeOff: {
    mine: TimeOffRequest[] | null;
    toDecide: TimeOffRequest[];
    types: TimeOffType[];
    allowance: TimeOffAllowance[];
    saving: boolean;
  };
}

export const initialTimeAccountState: TimeAccountState = {
  summary: null,
  loading: false,
  failed: false,
  panel: { userId: null, patterns: null, adjustments: [], summary: null, region: null, loading: false, saving: false },
  timeOff: { mine: null, toDecide: [], types: [], allowance: [], saving: false },
  workspace: { holidays: null, defaults: [], types: [], rules: null, saving: false },
};

const slice = createSlice({
  name: 'timeAccount',
  initialState: initialTimeAccountState,
  reducers: {
    summaryRequested(state) {
      state.loading = true;
    },
    summaryLoaded(state, action: PayloadAction<TimeAccountSummary>) {
      state.summary = action.payload;
      state.loading = false;
      state.failed = false;
    },
    summaryFailed(state) {
      state.loading = false;
      state.failed = true;
    },
    panelRequested(state, action: PayloadAction<{ userId: number }>) {
      if (state.panel.userId !== action.payload.userId) {
        state.panel = { ...initialTimeAccountState.panel, userId: action.payload.userId };
      }
      state.panel.loading = true;
    },
    panelLoaded(
      state,
      action: PayloadAction<{
        userId: number;
        patterns: TimeAccountPatterns;
        adjustments: TimeAccountAdjustment[];
        summary: TimeAccountSummary;
        region: { workspace: TimeAccountRegion; member: TimeAccountRegion | null };
      }>,
    ) {
      if (state.panel.userId !== action.payload.userId) return;
      state.panel.patterns = action.payload.patterns;
      state.panel.adjustments = action.payload.adjustments;
      state.panel.summary = action.payload.summary;
      state.panel.region = action.payload.region;
      state.panel.loading = false;
    },
    panelFailed(state) {
      state.panel.loading = false;
    },
    patternSaveRequested(state, _action: PayloadAction<TimeAccountPatternWrite>) {
      state.panel.saving = true;
    },
    patternDeleteRequested(state, _action: PayloadAction<{ id: number }>) {
      state.panel.saving = true;
    },
    adjustmentSaveRequested(state, _action: PayloadAction<TimeAccountAdjustmentWrite>) {
      state.panel.saving = true;
    },
    /** The member's holiday region override (an empty country: follow the workspace again). */
    memberRegionSaveRequested(state, _action: PayloadAction<{ userId: number; region: TimeAccountRegion }>) {
      state.panel.saving = true;
    },
    saveFinished(state) {
      state.panel.saving = false;
    },
    panelClosed(state) {
      state.panel = initialTimeAccountState.panel;
    },
    workspaceSettingsRequested(_state, _action: PayloadAction<{ year: number }>) {},
    workspaceSettingsLoaded(
      state,
      action: PayloadAction<{ holidays: TimeAccountHolidays; defaults: TimeAccountPattern[]; types: TimeOffType[]; rules: TimeAccountRules }>,
    ) {
      state.workspace = { ...action.payload, saving: state.workspace.saving };
    },
    regionSaveRequested(state, _action: PayloadAction<TimeAccountRegion>) {
      state.workspace.saving = true;
    },
    holidaySaveRequested(state, _action: PayloadAction<TimeAccountHolidayWrite>) {
      state.workspace.saving = true;
    },
    holidayDeleteRequested(state, _action: PayloadAction<{ id: number }>) {
      state.workspace.saving = true;
    },
    defaultPatternSaveRequested(state, _action: PayloadAction<TimeAccountPatternWrite>) {
      state.workspace.saving = true;
    },
    typeSaveRequested(state, _action: PayloadAction<TimeOffTypeWrite>) {
      state.workspace.saving = true;
    },
    typeUpdateRequested(state, _action: PayloadAction<{ id: number; changes: TimeOffTypeUpdate }>) {
      state.workspace.saving = true;
    },
    rulesSaveRequested(state, _action: PayloadAction<TimeAccountRulesWrite>) {
      state.workspace.saving = true;
    },
    workspaceSaveFinished(state) {
      state.workspace.saving = false;
    },
    timeOffRequested() {},
    timeOffLoaded(
      state,
      action: PayloadAction<{ mine: TimeOffRequest[]; toDecide: TimeOffRequest[]; types: TimeOffType[]; allowance: TimeOffAllowance[] }>,
    ) {
      state.timeOff = { ...action.payload, saving: state.timeOff.saving };
    },
    timeOffCreateRequested(state, _action: PayloadAction<TimeOffCreate>) {
      state.timeOff.saving = true;
    },
    timeOffDecideRequested(state, _action: PayloadAction<TimeOffDecision>) {
      state.timeOff.saving = true;
    },
    timeOffCancelRequested(state, _action: PayloadAction<{ id: number }>) {
      state.timeOff.saving = true;
    },
    timeOffSaveFinished(state) {
      state.timeOff.saving = false;
    },
  },
});

export const timeAccountActions = slice.actions;
export const timeAccountReducer = slice.reducer;
registerLazyReducer('timeAccount', timeAccountReducer);
