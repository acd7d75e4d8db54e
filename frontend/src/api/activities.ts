// Activities and unread tracking (spec 02 §7, docs/api.md "Activities and notifications").
import { api } from './client';
import type { ActivitiesMarked, Activity, ActivitySection, MarkReadRequest, UnreadTree } from './types';

export async function fetchUnreadTree(): Promise<UnreadTree> {
  return (await api.get<UnreadTree>('/api/activities/get_unread_activities_in_projects/')).data;
}

export async function fetchUnreadCount(): Promise<number> {
  return (await api.get<{ unread_count: number }>('/api/activities/unread_count/')).data.unread_count;
}

export async function fetchTaskActivities(taskId: number): Promise<Activity[]> {
  return (await api.get<Activity[]>(`/api/activities/task/${taskId}/`)).data;
}

export async function fetchTaskUnreadActivities(taskId: number): Promise<Activity[]> {
  return (await api.get<Activity[]>(`/api/activities/task/${taskId}/unread/`)).data;
}

/** Exactly one key: an activity, a task or a project. */
export async function markActivitiesRead(body: MarkReadRequest): Promise<ActivitiesMarked> {
  return (await api.post<ActivitiesMarked>('/api/activities/mark_as_read/', body)).data;
}

export async function createActivity(body: { task: number; text_json: ActivitySection[]; submitted_yn: boolean }): Promise<Activity> {
  return (await api.post<Activity>('/api/activities/activity/', body)).data;
}

export async function updateActivity(id: number, text_json: ActivitySection[]): Promise<Activity> {
  return (await api.patch<Activity>(`/api/activities/activity/${id}/`, { text_json })).data;
}

export async function submitActivity(id: number): Promise<Activity> {
  return (await api.post<Activity>(`/api/activities/activity/${id}/submit/`)).data;
}

export async function confirmActivity(id: number): Promise<Activity> {
  return (await api.post<Activity>(`/api/activities/activity/${id}/confirm/`)).data;
}

export async function deleteActivity(id: number): Promise<void> {
  await api.delete(`/api/activities/activity/${id}/`);
}
