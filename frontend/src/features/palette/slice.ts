import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SearchHit } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';

/** The command palette's search (issue 31, docs/keyboard.md): what was asked and what the server found. */
export interface PaletteState {
  /** The text as typed. */
  query: string;
  /** The query the hits answer (the last one searched); '' when none. */
  answered: string;
  hits: SearchHit[];
  searching: boolean;
  error: string | null;
}

export const initialPaletteState: PaletteState = { query: '', answered: '', hits: [], searching: false, error: null };

/** The server searches from this many characters on (its own rule: 'Type 2 to 100 characters to search.'). */
export const MIN_SEARCH = 2;
export const MAX_SEARCH = 100;

export const searchable = (query: string): boolean => {
  const text = query.trim();
  return text.length >= MIN_SEARCH && text.length <= MAX_SEARCH;
};

const paletteSlice = createSlice({
  name: 'palette',
  initialState: initialPaletteState,
  reducers: {
    queryChanged(state, action: PayloadAction<string>) {
      state.query = action.payload;
      state.error = null;
      state.searching = searchable(action.payload);
      if (!state.searching) {
        state.hits = [];
        state.answered = '';
      }
    },
    searchSucceeded(state, action: PayloadAction<{ query: string; hits: SearchHit[] }>) {
      if (action.payload.query !== state.query.trim()) return;
      state.hits = action.payload.hits;
      state.answered = action.payload.query;
      state.searching = false;
    },
    searchFailed(state, action: PayloadAction<{ query: string; message: string }>) {
      if (action.payload.query !== state.query.trim()) return;
      state.searching = false;
      state.error = action.payload.message;
    },
    reset() {
      return initialPaletteState;
    },
  },
});

export const paletteActions = paletteSlice.actions;
export const paletteReducer = paletteSlice.reducer;

// This slice loads with the palette's chunk (shared/lazyReducers.ts), on the first Ctrl-K.
registerLazyReducer('palette', paletteReducer);
