import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TwoFactorDisableRequest, TwoFactorSetup, TwoFactorState } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

/** The member's two-factor sign-in, in Edit Profile (issue 30, docs/security.md). */
export interface TwoFactorSectionState {
  state: TwoFactorState | null;
  loading: boolean;
  loadError: string | null;
  /** A call in flight (start, confirm, turn off). */
  busy: boolean;
  /** The last refused call's message, shown at its field. */
  error: string | null;
  /** Started: the new authenticator's key and QR code, until a code confirms it. */
  setup: TwoFactorSetup | null;
  /** Just turned on: the recovery codes, shown once. */
  recoveryCodes: string[] | null;
  /** 'New recovery codes': the ones just made (the old ones stopped working), shown once in its dialog. */
  newRecoveryCodes: string[] | null;
}

export const initialTwoFactorState: TwoFactorSectionState = {
  state: null,
  loading: false,
  loadError: null,
  busy: false,
  error: null,
  setup: null,
  recoveryCodes: null,
  newRecoveryCodes: null,
};

const twoFactorSlice = createSlice({
  name: 'twoFactor',
  initialState: initialTwoFactorState,
  reducers: {
    loadRequested(state) {
      state.loading = true;
      state.loadError = null;
    },
    loaded(state, action: PayloadAction<TwoFactorState>) {
      state.state = action.payload;
      state.loading = false;
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadError = action.payload;
    },
    setupRequested(state, _action: PayloadAction<string>) {
      state.busy = true;
      state.error = null;
    },
    setupStarted(state, action: PayloadAction<TwoFactorSetup>) {
      state.busy = false;
      state.setup = action.payload;
    },
    confirmRequested(state, _action: PayloadAction<string>) {
      state.busy = true;
      state.error = null;
    },
    turnedOn(state, action: PayloadAction<{ recoveryCodes: string[]; state: TwoFactorState }>) {
      state.busy = false;
      state.setup = null;
      state.recoveryCodes = action.payload.recoveryCodes;
      state.state = action.payload.state;
    },
    disableRequested(state, _action: PayloadAction<TwoFactorDisableRequest>) {
      state.busy = true;
      state.error = null;
    },
    turnedOff(state, action: PayloadAction<TwoFactorState>) {
      state.busy = false;
      state.state = action.payload;
    },
    /** New recovery codes, with a code from the authenticator app. */
    recoveryCodesRequested(state, _action: PayloadAction<string>) {
      state.busy = true;
      state.error = null;
    },
    recoveryCodesReplaced(state, action: PayloadAction<{ recoveryCodes: string[]; state: TwoFactorState }>) {
      state.busy = false;
      state.newRecoveryCodes = action.payload.recoveryCodes;
      state.state = action.payload.state;
    },
    failed(state, action: PayloadAction<string>) {
      state.busy = false;
      state.error = action.payload;
    },
    /** Cancel a set-up or the new codes' dialog, or done with the recovery codes. */
    dismissed(state) {
      state.setup = null;
      state.recoveryCodes = null;
      state.newRecoveryCodes = null;
      state.error = null;
    },
  },
});

export const twoFactorActions = twoFactorSlice.actions;
export const twoFactorReducer = twoFactorSlice.reducer;

registerLazyReducer('twoFactor', twoFactorReducer);
