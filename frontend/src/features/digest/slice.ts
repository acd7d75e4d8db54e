import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Digest } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

/** The morning digest page (issue 32, docs/reminders.md): one day's digest at a time. */
export interface DigestState {
  digest: Digest | null;
  /** The day asked for; null: the server's default (the viewer's yesterday). */
  date: string | null;
  loading: boolean;
  error: string | null;
  /** The viewer reads no digest (not an observer, team-page owner or admin). */
  notFound: boolean;
}

export const initialDigestState: DigestState = { digest: null, date: null, loading: false, error: null, notFound: false };

const digestSlice = createSlice({
  name: 'digest',
  initialState: initialDigestState,
  reducers: {
    loadRequested(state, action: PayloadAction<string | null>) {
      state.date = action.payload;
      state.loading = true;
      state.error = null;
    },
    loaded(state, action: PayloadAction<Digest>) {
      state.digest = action.payload;
      state.loading = false;
      state.notFound = false;
    },
    loadFailed(state, action: PayloadAction<{ message: string; notFound: boolean }>) {
      state.loading = false;
      state.error = action.payload.message;
      state.notFound = action.payload.notFound;
      if (action.payload.notFound) state.digest = null;
    },
  },
});

export const digestActions = digestSlice.actions;
export const digestReducer = digestSlice.reducer;

registerLazyReducer('digest', digestReducer);
