import { registerLazyReducer } from '../../shared/lazyReducers';
import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Notification } from '../../api/types';

const newestFirst = (a: Notification, b: Notification) => b.datetime.localeCompare(a.datetime) || b.id - a.id;

export const notificationsAdapter = createEntityAdapter<Notification>({ sortComparer: newestFirst });

export interface NotificationsState {
  items: EntityState<Notification, number>;
  unreadCount: number;
  loading: boolean;
  loaded: boolean;
  error: string | null;
  open: boolean;
  /** Unread items scrolled into view while the popover is open: sent in one call when it closes. */
  seen: number[];
}

const initialState: NotificationsState = {
  items: notificationsAdapter.getInitialState(),
  unreadCount: 0,
  loading: false,
  loaded: false,
  error: null,
  open: false,
  seen: [],
};

function markRead(state: NotificationsState, ids: number[]) {
  const read = ids.filter((id) => state.items.entities[id]?.unread);
  notificationsAdapter.updateMany(state.items, read.map((id) => ({ id, changes: { unread: false } })));
}

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    listRequested(state) {
      state.loading = true;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<{ results: Notification[]; unread_count: number }>) {
      notificationsAdapter.setAll(state.items, action.payload.results);
      state.unreadCount = action.payload.unread_count;
      state.loading = false;
      state.loaded = true;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    popoverOpened(state) {
      state.open = true;
      state.seen = [];
    },
    /** An unread item came into view: remembered, sent when the popover closes. */
    itemSeen(state, action: PayloadAction<number>) {
      const item = state.items.entities[action.payload];
      if (state.open && item?.unread && !state.seen.includes(action.payload)) state.seen.push(action.payload);
    },
    popoverClosed(state) {
      state.open = false;
    },
    /** The ids the closing popover sends (the saga reads them, then clears). */
    seenSent(state) {
      state.seen = [];
    },
    markOneRequested(_state, _action: PayloadAction<number>) {},
    markAllRequested() {},
    /** Marked read here or on another device (notifications_read), with the server's count. */
    markedRead(state, action: PayloadAction<{ ids: number[]; all: boolean; unreadCount: number }>) {
      const { ids, all, unreadCount } = action.payload;
      markRead(state, all ? (state.items.ids as number[]) : ids);
      state.unreadCount = unreadCount;
      state.seen = state.seen.filter((id) => !ids.includes(id));
    },
    /** new_notification: the badge follows at once; the saga reloads the list. */
    liveNotificationReceived(state, action: PayloadAction<{ unreadCount: number }>) {
      state.unreadCount = action.payload.unreadCount;
    },
  },
});

export const notificationsActions = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;

// This slice loads with the feature's first chunk (shared/lazyReducers.ts), not with the entry.
registerLazyReducer('notifications', notificationsReducer);
