import { createAction } from '@reduxjs/toolkit';
import { LIVE_EVENT_NAMES, type LiveEvent, type LiveEventName, type LiveStream } from '../../api/events.gen';

export type { LiveEvent, LiveEventName, LiveEventOf, LiveStream } from '../../api/events.gen';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(LIVE_EVENT_NAMES);
const isLiveEventName = (name: unknown): name is LiveEventName => typeof name === 'string' && KNOWN_EVENTS.has(name);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Parses one websocket message `{event, meta, action, table_name, resource_id, email, status}`.
 * Anything that is not a JSON object naming an event of `LIVE_EVENT_NAMES` is ignored (null);
 * the meta of a known event has the shape the backend declares for it (`api/events.gen.ts`).
 */
export function parseLiveEvent(raw: unknown): LiveEvent | null {
  if (typeof raw !== 'string') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (!isLiveEventName(record.event)) return null;
  const meta = record.meta && typeof record.meta === 'object' && !Array.isArray(record.meta) ? record.meta : {};
  const resource = record.resource_id;
  const numbered = (record.stream === 'user' || record.stream === 'workspace') && Number.isSafeInteger(record.seq);
  // The wire contract: the event name selects the meta's declared shape.
  return {
    event: record.event,
    meta,
    action: text(record.action),
    table_name: text(record.table_name),
    resource_id: typeof resource === 'number' || typeof resource === 'string' ? resource : null,
    email: text(record.email),
    status: text(record.status),
    ...(numbered ? { stream: record.stream as LiveStream, seq: record.seq as number } : {}),
  } as LiveEvent;
}

/** The last number seen on each of the socket's streams (since it opened). */
export type StreamMarks = Partial<Record<LiveStream, number>>;

/**
 * Whether an event follows the last one of its stream: `apply` (the next number, the first since
 * the socket opened, or an event without a number), `stale` (a number already seen: drop it) or
 * `gap` (events were missed: what the screen shows must be read again). Marks the stream.
 */
export function sequenceVerdict(marks: StreamMarks, event: Pick<LiveEvent, 'stream' | 'seq'>): 'apply' | 'stale' | 'gap' {
  if (event.stream === undefined || event.seq === undefined) return 'apply';
  const last = marks[event.stream];
  if (last !== undefined && event.seq <= last) return 'stale';
  marks[event.stream] = event.seq;
  return last === undefined || event.seq === last + 1 ? 'apply' : 'gap';
}

export const realtimeActions = {
  connected: createAction('realtime/connected'),
  disconnected: createAction<{ code: number }>('realtime/disconnected'),
  eventReceived: createAction<LiveEvent>('realtime/eventReceived'),
  /** The one resync rule: after a reconnect or a missed event, the screen reads again what it
   * shows (app/realtime/dispatch.ts `resyncScreen`). */
  resyncRequired: createAction<{ reason: 'reconnect' | 'gap' }>('realtime/resyncRequired'),
};

/** Exponential backoff for reconnecting: 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
}
