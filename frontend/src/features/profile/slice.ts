import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProfileChanges } from '../../api/accounts';
import type { PasswordChangeRequest } from '../../api/types';
import type { IntegrationSettings } from '../../api/types';

export type IntegrationKind = 'calendar' | 'tracker';
export type IntegrationConfig = Record<string, string>;

/** Edit Profile's Integration section (docs/integrations.md). */
export interface IntegrationState {
  settings: IntegrationSettings | null;
  loadError: string | null;
  testing: IntegrationKind | null;
  /** The last Test connection's answer per kind, shown under its button. */
  outcome: Partial<Record<IntegrationKind, { ok: boolean; text: string }>>;
  saving: boolean;
}

export interface ProfileState {
  editorOpen: boolean;
  saving: boolean;
  /** The server's reason for refusing the last save, shown under 'Save Profile failed'. */
  saveError: string | null;
  invisibleSwitching: boolean;
  integration: IntegrationState;
}

const noIntegration: IntegrationState = { settings: null, loadError: null, testing: null, outcome: {}, saving: false };

const initialState: ProfileState = { editorOpen: false, saving: false, saveError: null, invisibleSwitching: false, integration: noIntegration };

const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    editorOpened(state) {
      state.editorOpen = true;
      state.saveError = null;
    },
    editorClosed(state) {
      state.editorOpen = false;
      state.saveError = null;
    },
    /** Carries a File for a new photo: the store's serializable check skips `payload.avatar`. */
    saveRequested(state, _action: PayloadAction<ProfileChanges>) {
      state.saving = true;
      state.saveError = null;
    },
    saved(state) {
      state.saving = false;
      state.editorOpen = false;
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.saveError = action.payload;
    },
    /** Change password (a form request: shared/requests; sagas.ts changePasswordWorker). */
    passwordChangeRequested(_state, _action: PayloadAction<{ requestId: string; body: PasswordChangeRequest }>) {},
    invisibleModeToggled(state, _action: PayloadAction<boolean>) {
      state.invisibleSwitching = true;
    },
    invisibleModeSettled(state) {
      state.invisibleSwitching = false;
    },
    integrationRequested(state) {
      state.integration = noIntegration;
    },
    integrationLoaded(state, action: PayloadAction<IntegrationSettings>) {
      state.integration.settings = action.payload;
    },
    integrationLoadFailed(state, action: PayloadAction<string>) {
      state.integration.loadError = action.payload;
    },
    integrationTestRequested(state, action: PayloadAction<{ kind: IntegrationKind; config: IntegrationConfig }>) {
      state.integration.testing = action.payload.kind;
    },
    /** Test connection without anything to test: the reason, where the answer would be. */
    integrationTestRefused(state, action: PayloadAction<{ kind: IntegrationKind; text: string }>) {
      state.integration.outcome[action.payload.kind] = { ok: false, text: action.payload.text };
    },
    integrationTested(state, action: PayloadAction<{ kind: IntegrationKind; ok: boolean; text: string }>) {
      const { kind, ok, text } = action.payload;
      state.integration.testing = null;
      state.integration.outcome[kind] = { ok, text };
    },
    integrationSaveRequested(state, _action: PayloadAction<{ calendar: IntegrationConfig | null; tracker: IntegrationConfig | null }>) {
      state.integration.saving = true;
    },
    integrationSaved(state, action: PayloadAction<IntegrationSettings>) {
      state.integration.saving = false;
      state.integration.settings = action.payload;
    },
    integrationSaveFailed(state) {
      state.integration.saving = false;
    },
  },
});

export const profileActions = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
