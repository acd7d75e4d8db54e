import type { RootState } from '../../app/store';
import type { DateStatus } from '../../api/checkout';
import { checkoutReducer, rangeKey, type CheckoutState } from './slice';

// The checkout's slice registers with its chunk (shared/lazyReducers.ts); until the store has run it
// once, these read its initial state.
const initial: CheckoutState = checkoutReducer(undefined, { type: '@@checkout/init' });
const checkout = (state: RootState): CheckoutState => state.checkout ?? initial;

export const selectDay = (state: RootState, key: string) => checkout(state).days[key];
export const selectDateStatuses = (state: RootState, userId: number, from: string, to: string): DateStatus[] | null =>
  checkout(state).dateStatuses[rangeKey(userId, from, to)] ?? null;
export const selectPerson = (state: RootState, userId: number) => checkout(state).people[userId] ?? null;
export const selectObservers = (state: RootState) => checkout(state).observers;
export const selectMessages = (state: RootState) => checkout(state).messages;
export const selectDismissing = (state: RootState) => checkout(state).dismissing;
export const selectNext = (state: RootState) => checkout(state).next;
export const selectNotes = (state: RootState) => checkout(state).notes;
export const selectLeave = (state: RootState) => checkout(state).leave;
export const selectCreating = (state: RootState) => checkout(state).creating;
export const selectObservable = (state: RootState) => checkout(state).observable;
export const selectCheckoutState = checkout;
export const selectTaskForm = (state: RootState) => checkout(state).taskForm;
