import type { AxiosResponse } from 'axios';
import { readStoredSession } from './storage';

/**
 * A stored session's first reads (who the user is, their current status, and the opened page's own
 * read) start as soon as the entry runs (app/main.tsx), with `fetch`, while axios, the sagas and the
 * page's chunks are still loading. Each answer waits here for
 * the first `api.get` of the same URL, once. Only a 2xx JSON answer for the token still stored is
 * handed over: anything else (an error, a sign-out in between, a network failure) is dropped, and
 * the call goes through axios as any other call does, so failures keep one path.
 */
export const READS = {
  me: '/api/accounts/me/',
  currentStatus: '/api/work/current_user_status/',
  nextCalendarSchedule: '/api/work/next_calendar_schedule/',
} as const;

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
