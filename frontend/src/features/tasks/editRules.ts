import type { ProjectMembership, Task, TaskUpdateRequest } from '../../api/types';

/** Spec 02 §3: priority levels 0-3. */
export const PRIORITY_LABELS = ['None', 'Low', 'Medium', 'High'] as const;
export type PriorityLevel = 0 | 1 | 2 | 3;
// Text colours with at least 4.5:1 on white (WCAG AA; the end-to-end axe check holds it).
export const PRIORITY_COLORS: Record<PriorityLevel, string> = { 0: 'rgba(0,0,0,0.6)', 1: '#1668dc', 2: '#874d00', 3: '#cf1322' };

export const TITLE_MAX = 255;
export const URL_MAX = 500;
export const TITLE_REQUIRED = 'Enter the task name.';
export const TITLE_TOO_LONG = `Keep the task name under ${TITLE_MAX + 1} characters.`;
export const URL_INVALID = 'Enter a valid URL (https://...).';

export const priorityLabel = (level: number): string => PRIORITY_LABELS[level] ?? PRIORITY_LABELS[0];

/** The message for a task name, or null when it can be saved. */
export function titleError(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return TITLE_REQUIRED;
  if (trimmed.length > TITLE_MAX) return TITLE_TOO_LONG;
  return null;
}

/** An empty link clears it; anything else must be an http(s) URL. */
export function urlError(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  if (trimmed.length > URL_MAX) return URL_INVALID;
  try {
    const parsed = new URL(trimmed);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.includes('.') ? null : URL_INVALID;
  } catch {
    return URL_INVALID;
  }
}

/**
 * The task owner and the project's owners change the owner and the members and delete the task;
 * every project member edits the rest (the server checks the same: 403 otherwise).
 */
export function canManageTask(task: Pick<Task, 'owner_user'>, userId: number | undefined, projectMembers: ProjectMembership[]): boolean {
  if (userId === undefined) return false;
  if (task.owner_user === userId) return true;
  return projectMembers.some((m) => m.user.id === userId && m.access_type_enum === 'owner');
}

export interface PersonOption {
  value: number;
  label: string;
}

/** Owner candidates: the project's members only. */
export function ownerOptions(projectMembers: ProjectMembership[]): PersonOption[] {
  return projectMembers.map((m) => ({ value: m.user.id, label: m.user.display_name }));
}

/** Member candidates: the owner candidates (project members) besides the task's owner. */
export function memberOptions(candidates: PersonOption[], ownerId: number | null | undefined): PersonOption[] {
  return candidates.filter((o) => o.value !== ownerId);
}

/** The task's members besides its owner, as the PATCH's `members` takes them. */
export function memberIds(task: Pick<Task, 'members' | 'owner_user'>): number[] {
  return task.members.filter((m) => m.id !== task.owner_user).map((m) => m.id);
}

export type TaskDraft = Partial<{
  title: string;
  url: string;
  priority: number;
  owner_user: number | null;
  members: number[];
}>;

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * The PATCH body for a draft: only the fields that changed (trimmed title, "" for no link becomes
 * null), or null when nothing changed or a field is invalid.
 */
export function taskChanges(task: Task, draft: TaskDraft): TaskUpdateRequest | null {
  const body: TaskUpdateRequest = {};
  if (draft.title !== undefined) {
    if (titleError(draft.title)) return null;
    if (draft.title.trim() !== task.title) body.title = draft.title.trim();
  }
  if (draft.url !== undefined) {
    if (urlError(draft.url)) return null;
    const url = draft.url.trim() || null;
    if (url !== (task.url || null)) body.url = url;
  }
  if (draft.priority !== undefined && draft.priority !== task.priority) {
    if (![0, 1, 2, 3].includes(draft.priority)) return null;
    body.priority = draft.priority as PriorityLevel;
  }
  if (draft.owner_user !== undefined && draft.owner_user !== task.owner_user) body.owner_user = draft.owner_user;
  if (draft.members !== undefined && !sameSet(draft.members, memberIds(task))) body.members = [...draft.members];
  return Object.keys(body).length ? body : null;
}

/** The toast after a saved change. */
export function savedMessage(body: TaskUpdateRequest): string {
  const fields = Object.keys(body);
  if (fields.length !== 1) return 'Task saved.';
  switch (fields[0]) {
    case 'title':
      return 'Task renamed.';
    case 'priority':
      return `Priority set to ${priorityLabel(body.priority ?? 0)}.`;
    case 'owner_user':
      return 'Task owner changed.';
    case 'members':
      return 'Task members updated.';
    case 'url':
      return body.url ? 'Link saved.' : 'Link removed.';
    default:
      return 'Task saved.';
  }
}
