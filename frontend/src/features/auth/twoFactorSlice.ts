import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TwoFactorSetup } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';
import { authActions } from './slice';

/** The password was right and two-factor sign-in is on (`code`), or the workspace requires it and
 * the member sets it up now (`setup`): no token until this step is done. A lazy slice: it loads
 * with the first two-factor sign-in (sagas.ts), not with the sign-in page. */
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

export interface SignInTwoFactorState {
  pending: TwoFactorSignIn | null;
}

const slice = createSlice({
  name: 'signInTwoFactor',
  initialState: { pending: null } as SignInTwoFactorState,
  reducers: {
    asked(state, action: PayloadAction<{ step: 'code' | 'setup'; ticket: string; email: string }>) {
      state.pending = {
        ...action.payload,
        submitting: action.payload.step === 'setup',
        error: null,
        setup: null,
        recoveryCodes: null,
        pendingToken: null,
      };
    },
    codeSubmitted(state, _action: PayloadAction<string>) {
      if (state.pending) Object.assign(state.pending, { submitting: true, error: null });
    },
    setupLoaded(state, action: PayloadAction<TwoFactorSetup>) {
      if (state.pending) Object.assign(state.pending, { submitting: false, setup: action.payload });
    },
    enrolled(state, action: PayloadAction<{ token: string; recoveryCodes: string[] }>) {
      if (state.pending) {
        Object.assign(state.pending, { submitting: false, recoveryCodes: action.payload.recoveryCodes, pendingToken: action.payload.token });
      }
    },
    continued() {},
    failed(state, action: PayloadAction<string>) {
      if (state.pending) Object.assign(state.pending, { submitting: false, error: action.payload });
    },
    /** Back to the password (by the member, or the ticket expired: the sign-in form says why). */
    cancelled(state) {
      state.pending = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.signInSucceeded, (state) => {
      state.pending = null;
    });
    builder.addCase(authActions.signedOut, (state) => {
      state.pending = null;
    });
  },
});

export const signInTwoFactorActions = slice.actions;
export const signInTwoFactorReducer = slice.reducer;

registerLazyReducer('signInTwoFactor', signInTwoFactorReducer);
