import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The state of one form submission (a dialog's Create / Done), keyed by an id the form chose.
 * The saga that makes the call reports back here, so the dialog can close or show the
 * server's field messages while the form values stay in the component.
 */
export interface RequestState {
  status: 'pending' | 'succeeded' | 'failed';
  fieldErrors: Record<string, string[]>;
  message: string;
  /** The id of what was created, for dialogs that navigate to it. */
  resultId: number | null;
}

export type RequestsState = Record<string, RequestState>;

const requestsSlice = createSlice({
  name: 'requests',
  initialState: {} as RequestsState,
  reducers: {
    requestStarted(state, action: PayloadAction<string>) {
      state[action.payload] = { status: 'pending', fieldErrors: {}, message: '', resultId: null };
    },
    requestSucceeded(state, action: PayloadAction<{ requestId: string; resultId?: number }>) {
      state[action.payload.requestId] = {
        status: 'succeeded',
        fieldErrors: {},
        message: '',
        resultId: action.payload.resultId ?? null,
      };
    },
    requestFailed(
      state,
      action: PayloadAction<{ requestId: string; fieldErrors: Record<string, string[]>; message: string }>,
    ) {
      const { requestId, fieldErrors, message } = action.payload;
      state[requestId] = { status: 'failed', fieldErrors, message, resultId: null };
    },
    requestForgotten(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
  },
});

export const requestsActions = requestsSlice.actions;
export const requestsReducer = requestsSlice.reducer;
export const selectRequest = (state: { requests: RequestsState }, requestId: string | null) =>
  requestId ? (state.requests[requestId] ?? null) : null;
