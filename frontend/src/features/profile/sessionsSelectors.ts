import type { RootState } from '../../app/store';
import { initialSessionsState } from './sessionsSlice';

// Read before the lazily registered slice has run (shared/lazyReducers.ts): its initial state.
export const selectSessions = (state: RootState) => state.sessions ?? initialSessionsState;
