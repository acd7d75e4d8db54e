import type { RootState } from '../../app/store';

export const selectToken = (state: RootState) => state.auth.token;
export const selectEmail = (state: RootState) => state.auth.email;
export const selectSession = (state: RootState) => state.auth.session;
export const selectSignIn = (state: RootState) => state.auth.signIn;
export const selectSso = (state: RootState) => state.auth.sso;
/** The sign-in's second step (its lazy slice, twoFactorSlice.ts), or null. */
export const selectTwoFactorSignIn = (state: RootState) => state.signInTwoFactor?.pending ?? null;
export const selectHasBetaAccess = (state: RootState) => state.auth.user?.has_beta_version_access_yn ?? false;

/** Tracked time is shown only to users with a tracker configuration (spec 01 §6). */
export const selectHasTracker = (state: RootState) => state.auth.user?.has_tracker ?? false;
