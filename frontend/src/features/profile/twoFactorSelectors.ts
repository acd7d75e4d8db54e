import type { RootState } from '../../app/store';
import { initialTwoFactorState } from './twoFactorSlice';

// Read before the lazily registered slice has run (shared/lazyReducers.ts): its initial state.
export const selectTwoFactor = (state: RootState) => state.twoFactor ?? initialTwoFactorState;
