import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReminderLinkAnswer, ReminderSettings, ReminderSettingsUpdate } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

/**
 * Reminders (issue 32, docs/reminders.md): the member's switches in Edit Profile > Preferences >
 * Reminders, each saved when flipped, and the public page of a reminder email's switch-off link.
 */
export interface RemindersState {
  settings: ReminderSettings | null;
  loading: boolean;
  error: string | null;
  /** The switches being saved. */
  saving: string[];
  link: {
    status: 'idle' | 'checking' | 'valid' | 'invalid' | 'done';
    answer: ReminderLinkAnswer | null;
    problem: string | null;
    done: string | null;
    submitting: boolean;
  };
}

export const initialRemindersState: RemindersState = {
  settings: null,
  loading: false,
  error: null,
  saving: [],
  link: { status: 'idle', answer: null, problem: null, done: null, submitting: false },
};

const remindersSlice = createSlice({
  name: 'reminders',
  initialState: initialRemindersState,
  reducers: {
    loadRequested(state) {
      state.loading = true;
      state.error = null;
    },
    loaded(state, action: PayloadAction<ReminderSettings>) {
      state.settings = action.payload;
      state.loading = false;
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** Shown at once; the server's answer confirms it, a refusal reads the switches again. */
    changeRequested(state, action: PayloadAction<ReminderSettingsUpdate>) {
      if (state.settings) Object.assign(state.settings, action.payload);
      for (const key of Object.keys(action.payload)) if (!state.saving.includes(key)) state.saving.push(key);
    },
    changed(state, action: PayloadAction<{ settings: ReminderSettings; keys: string[] }>) {
      state.settings = action.payload.settings;
      state.saving = state.saving.filter((key) => !action.payload.keys.includes(key));
    },
    changeFailed(state, action: PayloadAction<string[]>) {
      state.saving = state.saving.filter((key) => !action.payload.includes(key));
    },
    linkOpened(state, _action: PayloadAction<string>) {
      state.link = { ...initialRemindersState.link, status: 'checking' };
    },
    linkValid(state, action: PayloadAction<ReminderLinkAnswer>) {
      state.link = { ...state.link, status: 'valid', answer: action.payload };
    },
    linkInvalid(state, action: PayloadAction<string>) {
      state.link = { ...state.link, status: 'invalid', problem: action.payload, submitting: false };
    },
    offRequested(state, _action: PayloadAction<string>) {
      state.link.submitting = true;
    },
    offDone(state, action: PayloadAction<string>) {
      state.link = { ...state.link, status: 'done', done: action.payload, submitting: false };
    },
  },
});

export const remindersActions = remindersSlice.actions;
export const remindersReducer = remindersSlice.reducer;

registerLazyReducer('reminders', remindersReducer);
