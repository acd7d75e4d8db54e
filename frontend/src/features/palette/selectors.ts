import type { RootState } from '../../app/store';
import { initialPaletteState } from './slice';

// Read before the lazily registered slice has run (shared/lazyReducers.ts): its initial state.
export const selectPalette = (state: RootState) => state.palette ?? initialPaletteState;
