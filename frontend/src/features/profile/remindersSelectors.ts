import type { RootState } from '../../app/store';
import { initialRemindersState } from './remindersSlice';

// Read before the lazily registered slice has run (shared/lazyReducers.ts): its initial state.
export const selectReminders = (state: RootState) => state.reminders ?? initialRemindersState;
