import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { registerLazyReducer } from '../../shared/lazyReducers';

/** 'Forgot password?' (issue 30, docs/security.md): asking for the link, then the link's page. */
export interface PasswordResetState {
  request: { submitting: boolean; sent: string | null; error: string | null };
  link: { status: 'idle' | 'checking' | 'valid' | 'invalid'; email: string | null; problem: string | null };
  confirm: { submitting: boolean; done: string | null; error: string | null };
}

export interface ResetLink {
  uid: string;
  token: string;
}

export const initialPasswordResetState: PasswordResetState = {
  request: { submitting: false, sent: null, error: null },
  link: { status: 'idle', email: null, problem: null },
  confirm: { submitting: false, done: null, error: null },
};

const passwordResetSlice = createSlice({
  name: 'passwordReset',
  initialState: initialPasswordResetState,
  reducers: {
    requestSubmitted(state, _action: PayloadAction<{ email: string }>) {
      state.request = { submitting: true, sent: null, error: null };
    },
    requestSent(state, action: PayloadAction<string>) {
      state.request = { submitting: false, sent: action.payload, error: null };
    },
    requestFailed(state, action: PayloadAction<string>) {
      state.request = { submitting: false, sent: null, error: action.payload };
    },
    requestCleared(state) {
      state.request = initialPasswordResetState.request;
    },
    linkOpened(state, _action: PayloadAction<ResetLink>) {
      state.link = { status: 'checking', email: null, problem: null };
      state.confirm = initialPasswordResetState.confirm;
    },
    linkValid(state, action: PayloadAction<string>) {
      state.link = { status: 'valid', email: action.payload, problem: null };
    },
    linkInvalid(state, action: PayloadAction<string>) {
      state.link = { status: 'invalid', email: state.link.email, problem: action.payload };
      state.confirm.submitting = false;
    },
    confirmSubmitted(state, _action: PayloadAction<ResetLink & { newPassword: string }>) {
      state.confirm = { submitting: true, done: null, error: null };
    },
    confirmSucceeded(state, action: PayloadAction<string>) {
      state.confirm = { submitting: false, done: action.payload, error: null };
    },
    confirmFailed(state, action: PayloadAction<string>) {
      state.confirm = { submitting: false, done: null, error: action.payload };
    },
  },
});

export const passwordResetActions = passwordResetSlice.actions;
export const passwordResetReducer = passwordResetSlice.reducer;

registerLazyReducer('passwordReset', passwordResetReducer);
