import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Teammate } from '../../api/types';

export interface TeammatesState {
  list: Teammate[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
}

const initialState: TeammatesState = { list: [], loading: false, loaded: false, error: null };

function setPinned(state: TeammatesState, user: number, pinned: boolean) {
  const teammate = state.list.find((row) => row.user === user);
  if (teammate) teammate.pinned_yn = pinned;
}

const teammatesSlice = createSlice({
  name: 'teammates',
  initialState,
  reducers: {
    listRequested(state) {
      state.loading = true;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<Teammate[]>) {
      state.list = action.payload;
      state.loading = false;
      state.loaded = true;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** A teammate's status or profile changed (live event): the strip reloads. */
    liveChangeReceived() {},
    /** Pin or unpin, shown at once and rolled back if the server refuses. */
    pinToggled(state, action: PayloadAction<{ user: number; pinned: boolean }>) {
      setPinned(state, action.payload.user, action.payload.pinned);
    },
    pinFailed(state, action: PayloadAction<{ user: number; pinned: boolean }>) {
      setPinned(state, action.payload.user, !action.payload.pinned);
    },
  },
});

export const teammatesActions = teammatesSlice.actions;
export const teammatesReducer = teammatesSlice.reducer;
