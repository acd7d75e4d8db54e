import type { Teammate } from '../../api/types';
import { formatRelative } from '../../shared/time';

/** 'Last seen 25m ago' of a member who went quiet or left, else null (never for yourself). Only the
 * teammate's card (a lazy chunk) says it: the strip's first paint does not carry it. */
export function lastSeenLabel(teammate: Pick<Teammate, 'is_self' | 'presence' | 'presence_since'>, now: Date): string | null {
  return !teammate.is_self && teammate.presence && teammate.presence !== 'active' && teammate.presence_since
    ? `Last seen ${formatRelative(teammate.presence_since, now)}`
    : null;
}
