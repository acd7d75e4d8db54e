import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserDetails } from '../../api/types';
import { readStoredSession } from '../../api/storage';

export type SessionState = 'signedOut' | 'loading' | 'ready' | 'failed';

export interface AuthState {
  token: string | null;
  email: string | null;
  user: UserDetails | null;
  session: SessionState;
  signIn: { submitting: boolean; error: string | null };
}

export interface Credentials {
  email: string;
  password: string;
}

export function initialAuthState(): AuthState {
  const { token, email } = readStoredSession();
  return {
    token,
    email,
    user: null,
    session: token ? 'loading' : 'signedOut',
    signIn: { submitting: false, error: null },
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signInSubmitted(state, _action: PayloadAction<Credentials>) {
      state.signIn = { submitting: true, error: null };
    },
    signInSucceeded(state, action: PayloadAction<{ token: string; email: string }>) {
      state.token = action.payload.token;
      state.email = action.payload.email;
      state.session = 'loading';
    },
    signInFailed(state, action: PayloadAction<string>) {
      state.signIn = { submitting: false, error: action.payload };
    },
    sessionLoadRequested(state) {
      state.session = 'loading';
    },
    sessionStarted(state, action: PayloadAction<UserDetails>) {
      state.user = action.payload;
      state.session = 'ready';
      state.signIn = { submitting: false, error: null };
    },
    sessionLoadFailed(state) {
      state.session = 'failed';
      state.signIn.submitting = false;
    },
    userReloadRequested() {},
    userReloaded(state, action: PayloadAction<UserDetails>) {
      state.user = action.payload;
    },
    signOutRequested(_state, _action: PayloadAction<{ allDevices: boolean }>) {},
    /** The session ended: by the user, by a 401, or in another tab. Every slice resets. */
    signedOut(): AuthState {
      return { token: null, email: null, user: null, session: 'signedOut', signIn: { submitting: false, error: null } };
    },
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;
