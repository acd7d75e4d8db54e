import type { RootState } from '../../app/store';
import type { DateStatus } from '../../api/checkout';
import { rangeKey } from './slice';

// The checkout's slice registers with its chunk (shared/lazyReducers.ts); these read it after.
export const selectDay = (state: RootState, key: string) => state.checkout.days[key];
export const selectDateStatuses = (state: RootState, userId: number, from: string, to: string): DateStatus[] | null =>
  state.checkout.dateStatuses[rangeKey(userId, from, to)] ?? null;
export const selectPerson = (state: RootState, userId: number) => state.checkout.people[userId] ?? null;
export const selectObservers = (state: RootState) => state.checkout.observers;
export const selectMessages = (state: RootState) => state.checkout.messages;
export const selectDismissing = (state: RootState) => state.checkout.dismissing;
export const selectNext = (state: RootState) => state.checkout.next;
export const selectNotes = (state: RootState) => state.checkout.notes;
export const selectLeave = (state: RootState) => state.checkout.leave;
export const selectCreating = (state: RootState) => state.checkout.creating;
export const selectObservable = (state: RootState) => state.checkout.observable;
