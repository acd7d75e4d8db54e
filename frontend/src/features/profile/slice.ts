import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProfileChanges } from '../../api/accounts';

export interface ProfileState {
  editorOpen: boolean;
  saving: boolean;
  /** The server's reason for refusing the last save, shown under 'Save Profile failed'. */
  saveError: string | null;
  invisibleSwitching: boolean;
}

const initialState: ProfileState = { editorOpen: false, saving: false, saveError: null, invisibleSwitching: false };

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
    invisibleModeToggled(state, _action: PayloadAction<boolean>) {
      state.invisibleSwitching = true;
    },
    invisibleModeSettled(state) {
      state.invisibleSwitching = false;
    },
  },
});

export const profileActions = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
