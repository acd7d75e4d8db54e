import { api, toApiFailure } from './client';

/**
 * The outbox (docs/offline.md): the writes a member can make while the server cannot be reached
 * (status changes, time on tasks, tracker commands, the checkout note) are kept here, in
 * localStorage, in the order they were made, until the server has answered them. Each carries the
 * `Idempotency-Key` it was first sent with, so sending it again never counts twice. The sagas'
 * side (queueing, sending in order, the pending list) is `shared/outbox`.
 */

export type OutboxKind = 'status' | 'task_time' | 'tracker' | 'note';

export interface OutboxWrite {
  /** The Idempotency-Key: made once, kept for every attempt. */
  key: string;
  kind: OutboxKind;
  method: 'post' | 'patch';
  url: string;
  body: Record<string, unknown> | null;
  /** What the pending list says: 'On a break', '+10m on Write the spec', 'Checkout note'. */
  label: string;
  /** The item it changes (a task, a work day), for the mark on that item. */
  subject: number | null;
  /** When the member made it (ms). */
  madeAt: number;
}

/** A kept write; `refusal` when the server refused it on replay (kept to be shown until dismissed). */
export interface OutboxEntry extends OutboxWrite {
  refusal: { status: number; message: string } | null;
}

export const OUTBOX_KEY = 'outbox';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random key (UUID v4 form). `crypto.randomUUID` needs a secure context; this does not. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry | null;
  return typeof entry === 'object' && entry !== null && typeof entry.key === 'string' && typeof entry.url === 'string';
}

export function readOutbox(): OutboxEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return []; // unreadable (edited by hand): nothing to send
  }
}

/** Stores the whole list (it is small: a few writes made while offline). */
export function writeOutbox(entries: OutboxEntry[]): void {
  if (entries.length === 0) localStorage.removeItem(OUTBOX_KEY);
  else localStorage.setItem(OUTBOX_KEY, JSON.stringify(entries));
}

/** What a write sends: the endpoint modules build it (`statusChangeWrite`, `taskTimeChangeWrite`...). */
export type WriteRequest = Pick<OutboxWrite, 'method' | 'url' | 'body'>;

/** Sends a write with its key; the server's answer (data), or the call's error. */
export async function sendWrite<T>(write: OutboxWrite): Promise<T> {
  const config = { headers: { [IDEMPOTENCY_HEADER]: write.key } };
  const answer = write.method === 'patch' ? await api.patch<T>(write.url, write.body, config) : await api.post<T>(write.url, write.body, config);
  return answer.data;
}

/** The wait a refusing server asked for (`Retry-After` in seconds on a 503), in ms; null without one. */
export function retryAfterMs(error: unknown): number | null {
  const headers = (error as { response?: { headers?: Record<string, unknown> } } | null)?.response?.headers;
  const seconds = Number(headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/**
 * The server could not be reached: no answer at all (offline, connection refused, the page's code
 * could not load), or a proxy / server saying it is unavailable (502, 503, 504). Such a write is
 * kept and sent again; any other answer is the server's verdict.
 */
export function isUnreachable(error: unknown): boolean {
  const { status } = toApiFailure(error);
  return status === null || status === 502 || status === 503 || status === 504;
}
