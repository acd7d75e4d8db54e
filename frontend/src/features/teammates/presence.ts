import type { Teammate } from '../../api/types';
import { formatDuration, formatRelative } from '../../shared/time';
import { STATUS_LABELS } from './ordering';

type Seen = Pick<Teammate, 'status' | 'presence' | 'presence_since' | 'is_self'>;

/**
 * What teammates read of a member (docs/presence.md): 'Working' only while a tab or device is
 * active; 'Working · idle 12m' after the workspace's idle time; 'Last seen 25m ago' once they went
 * quiet. Out of the office, for members never seen or hidden (invisible), and for your own row
 * (you are here, reading it), the status alone.
 */
export function presenceLabel(teammate: Seen, now: Date): string {
  const status = STATUS_LABELS[teammate.status];
  const since = teammate.presence_since;
  if (quiet(teammate) === null || !since) return status;
  if (quiet(teammate) === 'idle') return `${status} · idle ${formatDuration((now.getTime() - Date.parse(since)) / 1000)}`;
  return lastSeen(since, now);
}

/** 'Last seen 25m ago' of a member who went quiet or left, else null (never for yourself). */
export function lastSeenLabel(teammate: Seen, now: Date): string | null {
  return !teammate.is_self && teammate.presence && teammate.presence !== 'active' && teammate.presence_since
    ? lastSeen(teammate.presence_since, now)
    : null;
}

/** 'idle' or 'away' for a teammate in the office who is not there; else null. */
export function quiet(teammate: Seen): 'idle' | 'away' | null {
  if (teammate.is_self || teammate.status === 'out_of_office') return null;
  return teammate.presence === 'idle' || teammate.presence === 'away' ? teammate.presence : null;
}

const lastSeen = (since: string, now: Date) => `Last seen ${formatRelative(since, now)}`;
