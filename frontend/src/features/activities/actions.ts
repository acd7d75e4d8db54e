import { createAction } from '@reduxjs/toolkit';
import type { NewActivityReadLogMeta } from '../../api/events.gen';

// The actions the always-loaded code dispatches (the live-event dispatcher): created here, not from
// the slice, so the entry does not carry the slice (shared/lazyReducers.ts).
export const activityLiveActions = {
  /** A live new_activity: the saga reloads what shows it. */
  liveActivityReceived: createAction<{ taskId: number; authorId: number; action: string }>('activities/liveActivityReceived'),
  /** A live read log (one activity, or all of a task or project), from any of my devices. */
  liveReadReceived: createAction<NewActivityReadLogMeta>('activities/liveReadReceived'),
};
