import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CalendarRead, ShiftModificationRequest } from '../../api/types';
import { registerLazyReducer } from '../../shared/lazyReducers';
import type { PickableMember } from '../../shared/members';
import type { CalendarView } from './weeks';

/** A refused manual shift, shown in its dialog with the server's text (spec 01 §8, as History). */
export interface ShiftError {
  title: 'Add manual shift error';
  text: string;
}

export interface CalendarState {
  view: CalendarView;
  /** A date in the shown week or month ('YYYY-MM-DD', the member's zone); null until opened. */
  anchor: string | null;
  /** Whose calendar: null is the viewer. */
  userId: number | null;
  data: CalendarRead | null;
  loading: boolean;
  error: string | null;
  members: PickableMember[];
  /** A manual shift in flight; `done` counts the ones saved (the dialog closes on a change). */
  editor: { busy: boolean; done: number; error: ShiftError | null };
  feed: { url: string | null; loaded: boolean; busy: boolean };
  importing: boolean;
  /** The page is on screen: live changes reload it. */
  open: boolean;
}

const initialState: CalendarState = {
  view: 'week',
  anchor: null,
  userId: null,
  data: null,
  loading: false,
  error: null,
  members: [],
  editor: { busy: false, done: 0, error: null },
  feed: { url: null, loaded: false, busy: false },
  importing: false,
  open: false,
};

function reading(state: CalendarState) {
  state.loading = true;
  state.error = null;
}

const calendarSlice = createSlice({
  name: 'calendar',
  initialState,
  reducers: {
    pageOpened(state, action: PayloadAction<{ today: string }>) {
      state.anchor ??= action.payload.today;
      state.open = true;
      reading(state);
    },
    pageClosed(state) {
      state.open = false;
    },
    viewChanged(state, action: PayloadAction<CalendarView>) {
      state.view = action.payload;
      reading(state);
    },
    /** Today, previous / next, the date picker, a day of the month view. */
    anchorChanged(state, action: PayloadAction<{ anchor: string; view?: CalendarView }>) {
      state.anchor = action.payload.anchor;
      if (action.payload.view) state.view = action.payload.view;
      reading(state);
    },
    userChanged(state, action: PayloadAction<number | null>) {
      state.userId = action.payload;
      state.data = null;
      reading(state);
    },
    /** Read the shown range again (after a change here or elsewhere). */
    reloadRequested(state) {
      reading(state);
    },
    loaded(state, action: PayloadAction<CalendarRead>) {
      state.data = action.payload;
      state.loading = false;
    },
    failed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    membersRequested() {},
    membersLoaded(state, action: PayloadAction<PickableMember[]>) {
      state.members = action.payload;
    },
    shiftAddRequested(state, _action: PayloadAction<{ body: ShiftModificationRequest; success: string }>) {
      state.editor.busy = true;
      state.editor.error = null;
    },
    shiftAdded(state) {
      state.editor.busy = false;
      state.editor.done += 1;
    },
    shiftFailed(state, action: PayloadAction<ShiftError | null>) {
      state.editor.busy = false;
      state.editor.error = action.payload;
    },
    errorDismissed(state) {
      state.editor.error = null;
    },
    feedRequested(state) {
      state.feed.busy = true;
    },
    feedRotateRequested(state) {
      state.feed.busy = true;
    },
    feedRevokeRequested(state) {
      state.feed.busy = true;
    },
    feedLoaded(state, action: PayloadAction<string | null>) {
      state.feed = { url: action.payload, loaded: true, busy: false };
    },
    feedFailed(state) {
      state.feed.busy = false;
    },
    importRequested(state) {
      state.importing = true;
    },
    importFinished(state) {
      state.importing = false;
    },
  },
});

export const calendarActions = calendarSlice.actions;
export const calendarReducer = calendarSlice.reducer;

// This slice loads with the calendar page's chunk (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('calendar', calendarReducer);
