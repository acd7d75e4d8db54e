import type { RootState } from '../../app/store';
import { notificationsAdapter } from './slice';

const adapterSelectors = notificationsAdapter.getSelectors((state: RootState) => state.notifications.items);

export const selectNotifications = adapterSelectors.selectAll;
export const selectNotificationsState = (state: RootState) => state.notifications;
export const selectNotificationsUnread = (state: RootState) => state.notifications.unreadCount;
