import type { AxiosResponse } from 'axios';
import { readStoredSession } from './storage';

/**
 * A stored session's first reads (who the user is, their current status, and on /office every read
 * the office's first screen makes) start as soon as the entry runs (app/main.tsx), with `fetch`,
 * while axios, the sagas and the page's chunks are still loading. Each answer waits here for
 * the first `api.get` of the same URL and query, once. Only a 2xx JSON answer for the token still
 * stored is handed over: anything else (an error, a sign-out in between, a network failure) is
 * dropped, and the call goes through axios as any other call does, so failures keep one path.
 * A URL here is the call's URL with its query as axios sends it (`earlyReadKey`).
 */
export const READS = {
  me: '/api/accounts/me/',
  currentStatus: '/api/work/current_user_status/',
  nextCalendarSchedule: '/api/work/next_calendar_schedule/',
  teammates: '/api/accounts/teammates/',
  worktimeSummary: '/api/work/worktime_summary/',
  projects: '/api/projects/project/?archived_yn=false',
  taskLists: '/api/projects/task_lists/?archived_yn=false',
  taskCounts: '/api/projects/tasks/groups/counts/',
  tracker: '/api/work/task_tracker/',
  allocatedTime: '/api/work/allocated_time/',
  unreadCount: '/api/activities/unread_count/',
  notifications: '/api/notifications/',
} as const;

/**
 * What opening /office reads before its first full screen: the session, the header (status, tracker
 * and its allocated time, the bell, the unread count), the side menu (projects, lists, counts) and
 * the page (teammates strip, today's hours, next workday). Without these here, nine of the twelve
 * waited for the shell's and the workers' lazy chunks (bench/README.md, "first load").
 */
export const OFFICE_READS: readonly string[] = Object.values(READS);

/** The session's own reads, on any other page. */
export const SESSION_READS: readonly string[] = [READS.me, READS.currentStatus];

/** `url` with `params` as axios sends them (undefined left out), for matching an early read. */
export function earlyReadKey(url: string, params?: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** An answer older than this is not handed over: a later call asks the server again. */
export const EARLY_READ_TTL_MS = 10_000;

interface EarlyRead {
  token: string;
  startedAt: number;
  answer: Promise<{ data: unknown; status: number } | null>;
}

const pending = new Map<string, EarlyRead>();

/** Starts the reads of `urls` for the stored session (none without one). */
export function startEarlyReads(urls: readonly string[]): void {
  const { token } = readStoredSession();
  if (!token || typeof fetch !== 'function') return;
  const startedAt = Date.now();
  for (const url of urls) {
    const answer = fetch(url, { headers: { Authorization: `Token ${token}`, Accept: 'application/json' } })
      .then(async (response) => (response.ok ? { data: (await response.json()) as unknown, status: response.status } : null))
      .catch(() => null);
    pending.set(url, { token, startedAt, answer });
  }
}

/**
 * The early answer for `url` as axios would give it, or null when there is none to use. Taken once:
 * a later call of the same URL asks the server again.
 */
export async function takeEarlyRead<T>(url: string): Promise<AxiosResponse<T> | null> {
  const read = pending.get(url);
  if (!read) return null;
  pending.delete(url);
  const answer = await read.answer;
  if (!answer || readStoredSession().token !== read.token || Date.now() - read.startedAt > EARLY_READ_TTL_MS) return null;
  // Callers read `data` (and at most `status`); the rest of the shape is axios' own for a 2xx.
  return { data: answer.data as T, status: answer.status, statusText: 'OK', headers: {}, config: {} } as AxiosResponse<T>;
}
