import { createAction } from '@reduxjs/toolkit';

// What the always-loaded parts send the shift guardian (docs/guardian.md), created here so that the
// entry does not carry the slice (shared/lazyReducers.ts).
export const guardianLiveActions = {
  /**
   * Read the pending 'Still working?' again: the page opened (the session started), the socket
   * reconnected (the resync rule, app/realtime/dispatch.ts) or shift_prompt_changed arrived.
   */
  promptRequested: createAction('guardian/promptRequested'),
};
