import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../../features/auth/slice';

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
  extraReducers: (builder) => {
    builder.addCase(authActions.signedOut, () => initialState);
  },
});

export const errorsActions = errorsSlice.actions;
export const errorsReducer = errorsSlice.reducer;
export const selectCurrentError = (state: { errors: ErrorsState }) => state.errors.current;
