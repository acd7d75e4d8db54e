import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShiftPrompt, ShiftPromptAnswer } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

export type Answer = ShiftPromptAnswer['answer'];

export interface GuardianState {
  /** The member's pending 'Still working?' (asked, proposed, or an automatic end to keep or undo). */
  prompt: ShiftPrompt | null;
  /** The answer on its way to the server, if any. */
  answering: Answer | null;
}

const initialState: GuardianState = { prompt: null, answering: null };

const guardianSlice = createSlice({
  name: 'guardian',
  initialState,
  reducers: {
    promptLoaded(state, action: PayloadAction<ShiftPrompt | null>) {
      state.prompt = action.payload;
    },
    answerRequested(state, action: PayloadAction<{ answer: Answer; reason?: string }>) {
      if (state.prompt && state.answering === null) state.answering = action.payload.answer;
    },
    /** The server's answer: the pending prompt after it (null: nothing left to ask). */
    answerSucceeded(state, action: PayloadAction<ShiftPrompt | null>) {
      state.prompt = action.payload;
      state.answering = null;
    },
    answerFailed(state) {
      state.answering = null;
    },
  },
});

export const guardianActions = guardianSlice.actions;
export const guardianReducer = guardianSlice.reducer;
registerLazyReducer('guardian', guardianReducer);
