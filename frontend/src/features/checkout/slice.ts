import { createSlice, type Action } from '@reduxjs/toolkit';
import { registerLazyReducer } from '../../shared/lazyReducers';

/**
 * The live events the checkout listens to: each bumps a counter of its kind, and the open checkout
 * reloads what the event is about. Registered when the checkout's chunk loads; before that there is
 * no checkout on screen to refresh.
 */
export interface CheckoutLiveState {
  /** work_day_id -> how many checkout_updated events arrived for it. */
  notes: Record<number, number>;
  /** user_id -> checkout_status_updated count. */
  statuses: Record<number, number>;
  observable: number;
  reads: number;
}

const initialState: CheckoutLiveState = { notes: {}, statuses: {}, observable: 0, reads: 0 };

interface LiveEventAction extends Action {
  payload?: { event?: string; meta?: Record<string, unknown> };
}

const LIVE_EVENT = 'realtime/eventReceived';

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(
      (action: Action): action is LiveEventAction => action.type === LIVE_EVENT,
      (state, action) => {
        const event = action.payload?.event;
        const meta = action.payload?.meta ?? {};
        if (event === 'checkout_updated' && typeof meta.work_day_id === 'number') {
          state.notes[meta.work_day_id] = (state.notes[meta.work_day_id] ?? 0) + 1;
        } else if (event === 'checkout_status_updated' && typeof meta.user_id === 'number') {
          state.statuses[meta.user_id] = (state.statuses[meta.user_id] ?? 0) + 1;
        } else if (event === 'created_or_updated_observable_user') {
          state.observable += 1;
        } else if (event === 'update_checkout_read_logs_read_log_mark_all') {
          state.reads += 1;
        }
      },
    );
  },
});

export const checkoutReducer = checkoutSlice.reducer;
registerLazyReducer('checkout', checkoutReducer);
