import { createAction } from '@reduxjs/toolkit';

// The live event the working-time account reacts to, as the always-loaded dispatcher (app/realtime)
// puts it: created here, not from the slice, so the entry does not carry the slice.
export const timeAccountLiveActions = {
  /** time_account_changed: a target or balance changed (userIds empty: the whole workspace). */
  changed: createAction<{ userIds: number[] }>('timeAccount/changed'),
  /** new_status / user_left_office of the viewer: today's worked time moved on. */
  ownStatusChanged: createAction('timeAccount/ownStatusChanged'),
  /** time_off_changed: a request of the viewer, or one they decide, was made or decided. */
  timeOffChanged: createAction('timeAccount/timeOffChanged'),
};
