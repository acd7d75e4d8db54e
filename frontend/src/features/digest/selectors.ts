import type { RootState } from '../../app/store';
import { initialDigestState } from './slice';

// Read before the lazily registered slice has run (shared/lazyReducers.ts): its initial state.
export const selectDigest = (state: RootState) => state.digest ?? initialDigestState;
