import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Teammate } from '../../api/types';
import { compareTeammates } from './ordering';

/** A live event's teammate row (`meta` of new_status, user_left_office, teammate_updated): the
 * row as the strip shows it to this recipient, or null when the member left the strip. */
export interface TeammateRowChange {
  user: number;
  teammate: Teammate | null;
}

/** Keyed by member, kept in the strip's order (you, pinned, then others; by status, then name):
 * a patch re-sorts that one row. */
export const teammatesAdapter = createEntityAdapter<Teammate, number>({
  selectId: (teammate) => teammate.user,
  sortComparer: compareTeammates,
});

export interface TeammatesState extends EntityState<Teammate, number> {
  loading: boolean;
  loaded: boolean;
  error: string | null;
  /** Rows received while the strip is being (re)loaded: the answer may predate them, so they are
   * applied again on top of it, in the order they came. */
  pending: TeammateRowChange[];
}

const initialState: TeammatesState = teammatesAdapter.getInitialState({ loading: false, loaded: false, error: null, pending: [] });

function setPinned(state: TeammatesState, user: number, pinned: boolean) {
  if (state.entities[user]) teammatesAdapter.updateOne(state, { id: user, changes: { pinned_yn: pinned } });
}

/** The viewer's own flags (their pins, which row is theirs) are not in an event: keep ours. */
function applyRow(state: TeammatesState, change: TeammateRowChange) {
  const known = state.entities[change.user];
  if (!known) return;
  if (change.teammate === null) {
    teammatesAdapter.removeOne(state, change.user);
    return;
  }
  teammatesAdapter.setOne(state, { ...change.teammate, user: change.user, pinned_yn: known.pinned_yn, is_self: known.is_self });
}

const teammatesSlice = createSlice({
  name: 'teammates',
  initialState,
  reducers: {
    listRequested(state) {
      state.loading = true;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<Teammate[]>) {
      teammatesAdapter.setAll(state, action.payload);
      for (const change of state.pending) applyRow(state, change);
      state.pending = [];
      state.loading = false;
      state.loaded = true;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.pending = [];
      state.error = action.payload;
    },
    /** A live event's row (app/realtime/dispatch.ts); the saga first makes sure the member is known. */
    liveRowReceived(_state, _action: PayloadAction<TeammateRowChange>) {},
    /** Update that one row (and its place in the order); a row of nobody shown is ignored. */
    rowPatched(state, action: PayloadAction<TeammateRowChange>) {
      if (state.loading) state.pending.push(action.payload);
      applyRow(state, action.payload);
    },
    /** Pin or unpin, shown at once and rolled back if the server refuses. */
    pinToggled(state, action: PayloadAction<{ user: number; pinned: boolean }>) {
      setPinned(state, action.payload.user, action.payload.pinned);
    },
    pinFailed(state, action: PayloadAction<{ user: number; pinned: boolean }>) {
      setPinned(state, action.payload.user, !action.payload.pinned);
    },
  },
});

export const teammatesActions = teammatesSlice.actions;
export const teammatesReducer = teammatesSlice.reducer;
