import { api } from './client';
import type { ReminderLinkAnswer, ReminderSettings, ReminderSettingsUpdate, ReminderSwitchedOff } from './types';

// Reminders (issue 32, docs/reminders.md): the member's switches and the emailed switch-off link.

export async function fetchReminderSettings(): Promise<ReminderSettings> {
  return (await api.get<ReminderSettings>('/api/accounts/me/reminders/')).data;
}

/** Only the fields sent change. */
export async function updateReminderSettings(body: ReminderSettingsUpdate): Promise<ReminderSettings> {
  return (await api.patch<ReminderSettings>('/api/accounts/me/reminders/', body)).data;
}

/** Whether a reminder email's switch-off link still works, whose reminder and which one (public). */
export async function checkReminderLink(token: string): Promise<ReminderLinkAnswer> {
  return (await api.post<ReminderLinkAnswer>('/api/accounts/reminders/off/check/', { token })).data;
}

/** Switches the link's reminder off, once (public). */
export async function switchReminderOff(token: string): Promise<ReminderSwitchedOff> {
  return (await api.post<ReminderSwitchedOff>('/api/accounts/reminders/off/', { token })).data;
}
