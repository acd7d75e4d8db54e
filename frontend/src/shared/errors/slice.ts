import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface RecordedError {
  title: string;
  message: string;
}

export interface ErrorsState {
  current: RecordedError | null;
}

const initialState: ErrorsState = { current: null };

const errorsSlice = createSlice({
  name: 'errors',
  initialState,
  reducers: {
    errorRecorded(state, action: PayloadAction<RecordedError>) {
      state.current = action.payload;
    },
    errorDismissed(state) {
      state.current = null;
    },
  },
});

export const errorsActions = errorsSlice.actions;
export const errorsReducer = errorsSlice.reducer;
export const selectCurrentError = (state: { errors: ErrorsState }) => state.errors.current;
