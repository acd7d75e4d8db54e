import { createAction } from '@reduxjs/toolkit';

// The actions the always-loaded code dispatches (the live-event dispatcher): created here, not from
// the slice, so the entry does not carry the slice (shared/lazyReducers.ts).
export const calendarLiveActions = {
  /** The member's status, shifts, task time or imported sessions changed: an open calendar reloads. */
  changedElsewhere: createAction('calendar/changedElsewhere'),
};
