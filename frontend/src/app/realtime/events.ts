import { createAction } from '@reduxjs/toolkit';

/** The names of the live events this SPA reacts to (spec 01 §4, docs/api.md). */
export type LiveEventName =
  | 'new_status'
  | 'user_left_office'
  | 'user_updated'
  | 'user_login'
  | 'user_logout'
  | 'teammate_updated'
  | 'calendar_entries_synced';

/** One websocket message: `{event, meta, action, table_name, resource_id, email, status}`. */
export interface LiveEvent {
  event: string;
  meta: unknown;
  action: string | null;
  table_name: string | null;
  resource_id: number | string | null;
  email: string | null;
  status: string | null;
}

const optionalString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Parses a raw message; anything that is not a JSON object with an event name is ignored (null). */
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
  if (typeof record.event !== 'string') return null;
  const resource = record.resource_id;
  return {
    event: record.event,
    meta: record.meta ?? null,
    action: optionalString(record.action),
    table_name: optionalString(record.table_name),
    resource_id: typeof resource === 'number' || typeof resource === 'string' ? resource : null,
    email: optionalString(record.email),
    status: optionalString(record.status),
  };
}

export const realtimeActions = {
  connected: createAction('realtime/connected'),
  disconnected: createAction<{ code: number }>('realtime/disconnected'),
  eventReceived: createAction<LiveEvent>('realtime/eventReceived'),
};

/** Exponential backoff for reconnecting: 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
}
