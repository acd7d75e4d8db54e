import { all, call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  addAdjustment,
  createTimeOffType,
  deleteHoliday,
  deletePattern,
  fetchAdjustments,
  fetchMemberHolidays,
  fetchOwnPatterns,
  fetchPatterns,
  fetchRules,
  fetchTimeAccount,
  fetchTimeOffTypes,
  fetchWorkspaceHolidays,
  saveHoliday,
  savePattern,
  saveRegion,
  saveRules,
  updateMember,
  updateTimeOffType,
} from '../../api/timeAccount';
import type {
  TimeAccountHolidays,
  TimeAccountHolidayWrite,
  TimeAccountRegion,
  TimeOffType,
  TimeOffTypeWrite,
  TimeOffTypeUpdate,
  TimeAccountRules,
  TimeAccountRulesWrite,
  TimeAccountAdjustment,
  TimeAccountAdjustmentWrite,
  TimeAccountPatterns,
  TimeAccountPatternWrite,
  TimeAccountSummary,
} from '../../api/types';
import type { RootState } from '../../app/store';
import { toastFailure, toastSuccess } from '../../shared/toast';
import { timeAccountActions } from './slice';

// The member account panel's workers (admins, the workspace area): a lazy chunk of their own.
let runs = 0;

export function* loadPanel(userId: number): SagaIterator {
  const run = ++runs;
  try {
    const [patterns, adjustments, summary, holidays]: [TimeAccountPatterns, TimeAccountAdjustment[], TimeAccountSummary, TimeAccountHolidays] = yield all([
      call(fetchPatterns, userId),
      call(fetchAdjustments, userId),
      call(fetchTimeAccount, userId),
      call(fetchMemberHolidays, userId, new Date().getFullYear()),
    ]);
    const region = { workspace: holidays.region, member: holidays.member_region };
    if (run === runs) yield put(timeAccountActions.panelLoaded({ userId, patterns, adjustments, summary, region }));
  } catch (error) {
    if (run === runs) yield put(timeAccountActions.panelFailed());
    yield call(toastFailure, error, 'Could not load the working-time account');
  }
}

function* panelUser(): SagaIterator<number | null> {
  const state: RootState = yield select();
  return state.timeAccount?.panel.userId ?? null;
}

function* write(effect: () => Promise<unknown>, done: string, failed: string): SagaIterator {
  try {
    yield call(effect);
    yield call(toastSuccess, done);
    const userId: number | null = yield call(panelUser);
    if (userId !== null) yield call(loadPanel, userId);
  } catch (error) {
    yield call(toastFailure, error, failed);
  } finally {
    yield put(timeAccountActions.saveFinished());
  }
}

// The workspace's settings (the Workspace panel): the year shown, read again after each write.
let settingsYear = new Date().getFullYear();

export function* loadSettings(year: number): SagaIterator {
  settingsYear = year;
  try {
    const [holidays, patterns, types, rules]: [TimeAccountHolidays, TimeAccountPatterns, TimeOffType[], TimeAccountRules] = yield all([
      call(fetchWorkspaceHolidays, year),
      call(fetchOwnPatterns),
      call(fetchTimeOffTypes),
      call(fetchRules),
    ]);
    yield put(timeAccountActions.workspaceSettingsLoaded({ holidays, defaults: patterns.default, types, rules }));
  } catch (error) {
    yield call(toastFailure, error, 'Could not load the working-time settings');
  }
}

function* settingsWrite(effect: () => Promise<unknown>, done: string, failed: string): SagaIterator {
  try {
    yield call(effect);
    yield call(toastSuccess, done);
    yield call(loadSettings, settingsYear);
  } catch (error) {
    yield call(toastFailure, error, failed);
  } finally {
    yield put(timeAccountActions.workspaceSaveFinished());
  }
}

export function* route(action: PayloadAction<never>): SagaIterator {
  const name = action.type.slice('timeAccount/'.length);
  const payload = action.payload as unknown;
  switch (name) {
    case 'panelRequested':
      yield call(loadPanel, (payload as { userId: number }).userId);
      break;
    case 'patternSaveRequested':
      yield call(write, () => savePattern(payload as TimeAccountPatternWrite), 'Schedule saved.', 'Could not save the schedule');
      break;
    case 'patternDeleteRequested':
      yield call(write, () => deletePattern((payload as { id: number }).id), 'Schedule removed.', 'Could not remove the schedule');
      break;
    case 'memberRegionSaveRequested': {
      const { userId, region } = payload as { userId: number; region: TimeAccountRegion };
      yield call(write, () => updateMember(userId, { region }), 'Holiday region saved.', 'Could not save the region');
      break;
    }
    case 'adjustmentSaveRequested':
      yield call(write, () => addAdjustment(payload as TimeAccountAdjustmentWrite), 'Adjustment added.', 'Could not add the adjustment');
      break;
    case 'workspaceSettingsRequested':
      yield call(loadSettings, (payload as { year: number }).year);
      break;
    case 'regionSaveRequested':
      yield call(settingsWrite, () => saveRegion(payload as TimeAccountRegion), 'Holiday region saved.', 'Could not save the region');
      break;
    case 'holidaySaveRequested':
      yield call(settingsWrite, () => saveHoliday(payload as TimeAccountHolidayWrite), 'Holidays saved.', 'Could not save the holiday');
      break;
    case 'holidayDeleteRequested':
      yield call(settingsWrite, () => deleteHoliday((payload as { id: number }).id), 'Holiday change undone.', 'Could not undo it');
      break;
    case 'defaultPatternSaveRequested':
      yield call(settingsWrite, () => savePattern(payload as TimeAccountPatternWrite), 'Default schedule saved.', 'Could not save the schedule');
      break;
    case 'typeSaveRequested':
      yield call(settingsWrite, () => createTimeOffType(payload as TimeOffTypeWrite), 'Time-off type added.', 'Could not add the type');
      break;
    case 'typeUpdateRequested': {
      const { id, changes } = payload as { id: number; changes: TimeOffTypeUpdate };
      const done = changes.archived === true ? 'Time-off type archived.' : changes.archived === false ? 'Time-off type restored.' : 'Time-off type saved.';
      yield call(settingsWrite, () => updateTimeOffType(id, changes), done, 'Could not save the type');
      break;
    }
    case 'rulesSaveRequested':
      yield call(settingsWrite, () => saveRules(payload as TimeAccountRulesWrite), 'Balance rules saved.', 'Could not save the rules');
      break;
    default:
      break;
  }
}
