import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { InOfficeStatus, StatusId } from '../../api/types';
import { authActions } from '../auth/slice';

export interface StatusState {
  /** null until the session has loaded the user's status. */
  current: StatusId | null;
  entering: boolean;
}

const initialState: StatusState = { current: null, entering: false };

const statusSlice = createSlice({
  name: 'status',
  initialState,
  reducers: {
    loaded(state, action: PayloadAction<StatusId>) {
      state.current = action.payload;
    },
    enterOfficeRequested(state) {
      state.entering = true;
    },
    officeEntered(state) {
      state.current = 'working';
      state.entering = false;
    },
    enterOfficeFailed(state) {
      state.entering = false;
    },
    /** A live event for the user's own email (another tab or device). */
    changedElsewhere(state, action: PayloadAction<InOfficeStatus>) {
      state.current = action.payload;
    },
    officeLeftElsewhere(state) {
      state.current = 'out_of_office';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.signedOut, () => initialState);
  },
});

export const statusActions = statusSlice.actions;
export const statusReducer = statusSlice.reducer;
