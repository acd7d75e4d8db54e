import type { RootState } from '../../app/store';
import { initialPasswordResetState } from './slice';

// Read before the lazily registered slice has run (shared/lazyReducers.ts): its initial state.
export const selectPasswordReset = (state: RootState) => state.passwordReset ?? initialPasswordResetState;
