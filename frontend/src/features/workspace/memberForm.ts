import { formatClock } from '../../shared/time';

// Words and rules of the member forms (spec 02 §3 New member form, §5 New member rules).
export const MESSAGES = {
  emailRequired: 'Email is required.',
  userTypeRequired: 'User Type is required.',
  teamPageOwnerRequired: 'Team page owner must be selected',
  trackerConfigRequired: "Add the external tracker configuration or turn off 'External Tracker'",
  configNotJson: 'Enter the configuration as a JSON object, e.g. {"title": "Toggl"}.',
} as const;

export const USER_TYPES = [
  { value: 'MEMBER', label: 'Member' },
  { value: 'ADMIN', label: 'Admin' },
  { value: 'OWNER', label: 'Owner' },
] as const;

export const WORKSPACE_ROLES = [
  { value: 'MEMBER', label: 'Member' },
  { value: 'ADMIN', label: 'Admin' },
] as const;

export const WORK_HOURS_SOURCES = [
  { value: 'office_time', label: 'Office time' },
  { value: 'external_tracker', label: 'External tracker' },
] as const;

export const USER_TYPE_LABEL: Record<string, string> = { MEMBER: 'Member', ADMIN: 'Admin', OWNER: 'Owner' };

/** A configuration typed as JSON text: null when empty, an object, or an error message. */
export function parseConfig(text: string | undefined): { value: Record<string, unknown> | null; error?: string } {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { value: null };
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { value: parsed as Record<string, unknown> };
  } catch {
    // falls through to the message
  }
  return { value: null, error: MESSAGES.configNotJson };
}

export function configText(value: unknown): string {
  return value ? JSON.stringify(value, null, 2) : '';
}

/** 'YYYY-MM-DD HH:mm' (or the 12-hour clock) in the browser's zone, "Active now" within two minutes, or "Never". */
export function lastActiveText(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const moment = new Date(iso);
  if (now.getTime() - moment.getTime() < 2 * 60 * 1000) return 'Active now';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())} ${formatClock(moment)}`;
}

export function locationText(member: { city: string; country: string }): string {
  return [member.city, member.country].filter(Boolean).join(', ');
}

/** A configuration field's rule: a JSON object, and for the tracker (when it is on) one at all. */
export function checkConfig(value: string | undefined, required: boolean): Promise<void> {
  const parsed = parseConfig(value);
  if (parsed.error) return Promise.reject(new Error(parsed.error));
  if (required && !parsed.value) return Promise.reject(new Error(MESSAGES.trackerConfigRequired));
  return Promise.resolve();
}
