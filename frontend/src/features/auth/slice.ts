import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SsoProvider, UserDetails } from '../../api/types';
import { readStoredSession } from '../../api/storage';
import { sessionActions } from '../../shared/session';

export type SessionState = 'signedOut' | 'loading' | 'ready' | 'failed';

export interface AuthState {
  token: string | null;
  email: string | null;
  user: UserDetails | null;
  session: SessionState;
  signIn: { submitting: boolean; error: string | null };
  /** Single sign-on (docs/security.md): the sign-in link's provider ('missing': no such link)
   *  and the callback's exchange of its one-time code. */
  sso: { provider: SsoProvider | 'missing' | null; exchanging: boolean; error: string | null };
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
    sso: { provider: null, exchanging: false, error: null },
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
    sessionLoadFailed(state) {
      state.session = 'failed';
      state.signIn.submitting = false;
    },
    userReloadRequested() {},
    ssoProviderRequested(state, _action: PayloadAction<string>) {
      state.sso.provider = null;
    },
    ssoProviderLoaded(state, action: PayloadAction<SsoProvider | 'missing'>) {
      state.sso.provider = action.payload;
    },
    ssoCodeSubmitted(state, _action: PayloadAction<string>) {
      state.sso.exchanging = true;
      state.sso.error = null;
    },
    ssoFailed(state, action: PayloadAction<string>) {
      state.sso.exchanging = false;
      state.sso.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionActions.sessionStarted, (state, action) => {
        state.user = action.payload;
        state.session = 'ready';
        state.signIn = { submitting: false, error: null };
        state.sso.exchanging = false;
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
        sso: { provider: null, exchanging: false, error: null },
      }));
  },
});

/** The auth feature's own actions plus the shared session events, under one name for its callers. */
export const authActions = { ...authSlice.actions, ...sessionActions };
export const authReducer = authSlice.reducer;
