import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

/** The member's signed-in devices, in Edit Profile (issue 30, docs/security.md). */
export interface SessionsState {
  items: Session[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
  /** The sessions being signed out. */
  busy: string[];
  othersBusy: boolean;
}

export const initialSessionsState: SessionsState = {
  items: [],
  loading: false,
  loaded: false,
  error: null,
  busy: [],
  othersBusy: false,
};

const sessionsSlice = createSlice({
  name: 'sessions',
  initialState: initialSessionsState,
  reducers: {
    listRequested(state) {
      state.loading = true;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<Session[]>) {
      state.items = action.payload;
      state.loading = false;
      state.loaded = true;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    signOutRequested(state, action: PayloadAction<string>) {
      if (!state.busy.includes(action.payload)) state.busy.push(action.payload);
    },
    /** Signed out (or found gone): the row leaves the list. */
    sessionGone(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
      state.busy = state.busy.filter((id) => id !== action.payload);
    },
    signOutFailed(state, action: PayloadAction<string>) {
      state.busy = state.busy.filter((id) => id !== action.payload);
    },
    othersRequested(state) {
      state.othersBusy = true;
    },
    othersSignedOut(state) {
      state.items = state.items.filter((item) => item.current);
      state.othersBusy = false;
    },
    othersFailed(state) {
      state.othersBusy = false;
    },
  },
});

export const sessionsActions = sessionsSlice.actions;
export const sessionsReducer = sessionsSlice.reducer;

registerLazyReducer('sessions', sessionsReducer);
