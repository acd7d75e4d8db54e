import { createAction } from '@reduxjs/toolkit';

// The live events the checkout reacts to, as the always-loaded dispatcher (app/realtime) puts them:
// created here, not from the slice, so the entry does not carry the slice (shared/lazyReducers.ts).
export const checkoutLiveActions = {
  /** checkout_updated: a day's note changed (the owner on another device, or the observed member). */
  notesChangedElsewhere: createAction<{ workDayId: number }>('checkout/notesChangedElsewhere'),
  /** checkout_status_updated: a user's checks ran or a message was dismissed. */
  statusChangedElsewhere: createAction<{ userId: number }>('checkout/statusChangedElsewhere'),
  /** created_or_updated_observable_user: who shares their checkout with the viewer changed. */
  observablesChanged: createAction('checkout/observablesChanged'),
  /** new_status / user_left_office: a teammate's presence ('Shared with you' shows it). */
  presenceChanged: createAction('checkout/presenceChanged'),
};
