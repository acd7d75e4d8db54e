import { createAction } from '@reduxjs/toolkit';

// The live events closing the week reacts to, as the always-loaded dispatcher (app/realtime) puts
// them: created here, not from the slice, so the entry does not carry the slice.
export const closingLiveActions = {
  /** period_changed, days_locked, correction_changed: read the shown period, approvals and corrections again. */
  changedElsewhere: createAction('closing/changedElsewhere'),
};
