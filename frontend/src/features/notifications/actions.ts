import { createAction } from '@reduxjs/toolkit';

// The actions the live-event dispatcher sends, with the slice's own types (slice.ts handles them),
// created here so that the entry does not carry the slice (shared/lazyReducers.ts).
export const notificationLiveActions = {
  liveNotificationReceived: createAction<{ unreadCount: number }>('notifications/liveNotificationReceived'),
  /** Read the list and the unread count again (a resync: app/realtime/dispatch.ts). */
  listRequested: createAction('notifications/listRequested'),
  markedRead: createAction<{ ids: number[]; all: boolean; unreadCount: number }>('notifications/markedRead'),
};
