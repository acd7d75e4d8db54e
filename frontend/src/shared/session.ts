import { createAction } from '@reduxjs/toolkit';
import type { UserDetails } from '../api/types';
import type { RootState } from '../app/store';

/**
 * The session events every layer may react to or raise. The auth feature owns the session's
 * state; these live here so that no feature has to import auth to sign out, to learn that the
 * session started or to publish a changed user.
 */
export const sessionActions = {
  /** The session ended: by the user, by a 401, or in another tab. The root reducer resets every slice. */
  signedOut: createAction('auth/signedOut'),
  /** The user and their status are loaded; the office may open. */
  sessionStarted: createAction<UserDetails>('auth/sessionStarted'),
  signOutRequested: createAction<{ allDevices: boolean }>('auth/signOutRequested'),
  /** A fresher copy of the signed-in user (profile saved, `user_updated` event). */
  userReloaded: createAction<UserDetails>('auth/userReloaded'),
};

export const selectCurrentUser = (state: RootState) => state.auth.user;

/** The deployment's under_development flag (spec 01 §1): unfinished pages and `beta=on` follow it. */
export const selectUnderDevelopment = (state: RootState) => state.auth.user?.features.under_development ?? false;
