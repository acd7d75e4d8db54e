import { createAction } from '@reduxjs/toolkit';
import type { NewTaskTimeMeta } from '../../api/events.gen';

// The actions the always-loaded code dispatches (the live-event dispatcher): created here, not from
// the slice, so the entry does not carry the slice (shared/lazyReducers.ts). Same types as the slice's.
export const trackerLiveActions = {
  /** new_task_time: the closed time of a task changed on some device. */
  taskTimeChangedElsewhere: createAction<NewTaskTimeMeta>('tracker/taskTimeChangedElsewhere'),
  /** tracker_state: read the server's tracker again. */
  stateRequested: createAction('tracker/stateRequested'),
};
