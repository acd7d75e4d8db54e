import { createAction } from '@reduxjs/toolkit';
import type { TeammateNews } from './slice';

// The live events the workspace area reacts to, as the always-loaded dispatcher (app/realtime) puts
// them: created here, not from the slice, so the entry does not carry the slice (shared/lazyReducers.ts).
export const workspaceLiveActions = {
  /** new_status, user_left_office, teammate_updated: a teammate's strip row (the team page's cards). */
  teammateChanged: createAction<TeammateNews>('workspace/teammateChanged'),
  /** checkout_status_updated: a member's checks ran or a message was dismissed. */
  checkoutChanged: createAction<{ userId: number }>('workspace/checkoutChanged'),
  /** The resync rule (app/realtime/dispatch.ts resyncScreen): a shown team page reads again. */
  resyncRequested: createAction('workspace/resyncRequested'),
};
