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

/**
 * The user's display preferences as one key (docs/calendar.md, "Preferences"): the shells remount
 * their page when it changes, so every time, duration and week on screen follows a changed profile.
 */
export const selectPreferencesKey = (state: RootState): string => {
  const user = state.auth.user;
  return user
    ? [user.clock_format, user.duration_format, user.first_day_of_week || user.workspace_first_day_of_week].join('|')
    : '';
};
