import type { Teammate } from '../../api/types';
import { formatDuration } from '../../shared/time';
import { STATUS_LABELS } from './ordering';

type Seen = Pick<Teammate, 'status' | 'presence' | 'presence_since' | 'is_self'>;

/**
 * What teammates read of a member (docs/presence.md): 'Working' only while a tab or device is
 * active; 'Working · idle 12m' after the workspace's idle time; 'Last seen 35m ago' once they went
 * quiet. Out of the office, for members never seen or hidden (invisible), and for your own row
 * (you are here, reading it), the status alone.
 */
export function presenceLabel(teammate: Seen, now: Date): string {
  const status = STATUS_LABELS[teammate.status];
  const since = teammate.presence_since;
  if (quiet(teammate) === null || !since) return status;
  const quietFor = formatDuration((now.getTime() - Date.parse(since)) / 1000);
  return quiet(teammate) === 'idle' ? `${status} · idle ${quietFor}` : `Last seen ${quietFor} ago`;
}

/** 'idle' or 'away' for a teammate in the office who is not there; else null. */
export function quiet(teammate: Seen): 'idle' | 'away' | null {
  if (teammate.is_self || teammate.status === 'out_of_office') return null;
  return teammate.presence === 'idle' || teammate.presence === 'away' ? teammate.presence : null;
}
