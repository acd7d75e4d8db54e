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
 * What opening /office reads before its first full screen, in two waves. First the session and the
 * page (who, the status, today's hours, the next workday, the teammates strip); then, once those
 * have answered, the header's and the side menu's (tracker and its allocated time, the bell, the
 * unread count, projects, lists, counts). All twelve at once made the first wave's answers wait
 * behind the second's on `make run`'s one process, and the first paint with them (bench/README.md,
 * "first load"). Without these here, nine of the twelve waited for the shell's and the workers'
 * lazy chunks.
 */
export const OFFICE_FIRST_READS: readonly string[] = [READS.me, READS.currentStatus, READS.nextCalendarSchedule, READS.worktimeSummary, READS.teammates];
export const OFFICE_LATER_READS: readonly string[] = Object.values(READS).filter((url) => !OFFICE_FIRST_READS.includes(url));
export const OFFICE_READS: readonly string[] = [...OFFICE_FIRST_READS, ...OFFICE_LATER_READS];

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

/**
 * Starts the reads of `urls` for the stored session (none without one), and those of `later` once
 * all of `urls` have answered (or failed). A call of a later URL before then waits for it.
 */
export function startEarlyReads(urls: readonly string[], later: readonly string[] = []): void {
  const { token } = readStoredSession();
  if (!token || typeof fetch !== 'function') return;
  const startedAt = Date.now();
  const read = (url: string) =>
    fetch(url, { headers: { Authorization: `Token ${token}`, Accept: 'application/json' } })
      .then(async (response) => (response.ok ? { data: (await response.json()) as unknown, status: response.status } : null))
      .catch(() => null);
  const first = urls.map((url) => {
    const answer = read(url);
    pending.set(url, { token, startedAt, answer });
    return answer;
  });
  const settled = Promise.all(first);
  for (const url of later) pending.set(url, { token, startedAt, answer: settled.then(() => read(url)) });
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
