import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TwoFactorSetup, UserDetails } from '../../api/types';
import { readStoredSession } from '../../api/storage';
import { sessionActions } from '../../shared/session';

export type SessionState = 'signedOut' | 'loading' | 'ready' | 'failed';

export interface AuthState {
  token: string | null;
  email: string | null;
  user: UserDetails | null;
  session: SessionState;
  signIn: { submitting: boolean; error: string | null };
  /** The password was right and two-factor sign-in is on (`code`), or the workspace requires it
   * and the member sets it up now (`setup`): no token until this step is done. */
  twoFactor: TwoFactorSignIn | null;
}

export interface TwoFactorSignIn {
  step: 'code' | 'setup';
  ticket: string;
  email: string;
  submitting: boolean;
  error: string | null;
  /** `setup`: the new authenticator's key and QR code, then the recovery codes shown once. */
  setup: TwoFactorSetup | null;
  recoveryCodes: string[] | null;
  /** `setup`: the token, kept until the member has seen the recovery codes. */
  pendingToken: string | null;
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
    twoFactor: null,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signInSubmitted(state, _action: PayloadAction<Credentials>) {
      state.signIn = { submitting: true, error: null };
    },
    twoFactorAsked(state, action: PayloadAction<{ step: 'code' | 'setup'; ticket: string; email: string }>) {
      state.signIn = { submitting: false, error: null };
      state.twoFactor = {
        ...action.payload,
        submitting: action.payload.step === 'setup',
        error: null,
        setup: null,
        recoveryCodes: null,
        pendingToken: null,
      };
    },
    twoFactorCodeSubmitted(state, _action: PayloadAction<string>) {
      if (state.twoFactor) Object.assign(state.twoFactor, { submitting: true, error: null });
    },
    twoFactorSetupLoaded(state, action: PayloadAction<TwoFactorSetup>) {
      if (state.twoFactor) Object.assign(state.twoFactor, { submitting: false, setup: action.payload });
    },
    twoFactorEnrolled(state, action: PayloadAction<{ token: string; recoveryCodes: string[] }>) {
      if (state.twoFactor) {
        Object.assign(state.twoFactor, {
          submitting: false,
          recoveryCodes: action.payload.recoveryCodes,
          pendingToken: action.payload.token,
        });
      }
    },
    twoFactorContinued() {},
    twoFactorFailed(state, action: PayloadAction<string>) {
      if (state.twoFactor) Object.assign(state.twoFactor, { submitting: false, error: action.payload });
    },
    /** Back to the password (by the member, or the ticket expired: `error` says so). */
    twoFactorCancelled(state, action: PayloadAction<string | null>) {
      state.twoFactor = null;
      state.signIn = { submitting: false, error: action.payload };
    },
    signInSucceeded(state, action: PayloadAction<{ token: string; email: string }>) {
      state.twoFactor = null;
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
    sessionLoadFailed(state) {
      state.session = 'failed';
      state.signIn.submitting = false;
    },
    userReloadRequested() {},
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionActions.sessionStarted, (state, action) => {
        state.user = action.payload;
        state.session = 'ready';
        state.signIn = { submitting: false, error: null };
      })
      .addCase(sessionActions.userReloaded, (state, action) => {
        state.user = action.payload;
      })
      // The root reducer has already reset every slice; the stored session may still be read
      // by `initialAuthState`, so the signed-out state is spelled out here.
      .addCase(sessionActions.signedOut, () => ({
        token: null,
        email: null,
        user: null,
        session: 'signedOut' as const,
        signIn: { submitting: false, error: null },
        twoFactor: null,
      }));
  },
});

/** The auth feature's own actions plus the shared session events, under one name for its callers. */
export const authActions = { ...authSlice.actions, ...sessionActions };
export const authReducer = authSlice.reducer;
