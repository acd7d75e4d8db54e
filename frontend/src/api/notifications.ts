// Notifications (spec 01 §7): the four calls, on the caller's own notifications.
import { api } from './client';
import type { NotificationList, NotificationsMarked } from './types';

export async function fetchNotifications(): Promise<NotificationList> {
  return (await api.get<NotificationList>('/api/notifications/')).data;
}

export async function markNotificationRead(id: number): Promise<NotificationsMarked> {
  return (await api.patch<NotificationsMarked>(`/api/notifications/mark_as_read/${id}`)).data;
}

export async function markNotificationsRead(ids: number[]): Promise<NotificationsMarked> {
  return (await api.patch<NotificationsMarked>('/api/notifications/mark_as_read/', { ids })).data;
}

export async function markAllNotificationsRead(): Promise<NotificationsMarked> {
  return (await api.put<NotificationsMarked>('/api/notifications/mark_all_as_read/')).data;
}
