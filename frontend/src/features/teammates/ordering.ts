import type { StatusId, Teammate } from '../../api/types';

const STATUS_RANK: Record<StatusId, number> = { working: 0, taking_break: 1, out_of_office: 2 };

type Sortable = Pick<Teammate, 'is_self' | 'pinned_yn' | 'status' | 'display_name'>;

const group = (teammate: Sortable) => (teammate.is_self ? 0 : teammate.pinned_yn ? 1 : 2);

// One collator for every comparison: `localeCompare` with options builds a collator per call, which
// made sorting the 500-member strip (about 4,500 comparisons, again on every patch) the largest part
// of the page's main-thread work (bench/livepatch --browser; bench/README.md).
const names = new Intl.Collator(undefined, { sensitivity: 'base' });

/**
 * The strip's order (spec 02 §2): you first, then pinned teammates, then the others; within each
 * group working, then on a break, then out of the office, then by display name.
 */
export function compareTeammates(a: Sortable, b: Sortable): number {
  return (
    group(a) - group(b) ||
    (STATUS_RANK[a.status] ?? 3) - (STATUS_RANK[b.status] ?? 3) ||
    names.compare(a.display_name, b.display_name)
  );
}

export function orderTeammates<T extends Sortable>(list: readonly T[]): T[] {
  return [...list].sort(compareTeammates);
}

export const STATUS_LABELS: Record<StatusId, string> = {
  working: 'Working',
  taking_break: 'On a break',
  out_of_office: 'Schedule to work later',
};

/** Status colours of spec 01 §9: work green, break blue; out of the office grey. */
export const STATUS_COLORS: Record<StatusId, string> = {
  working: '#52c41a',
  taking_break: '#1677ff',
  out_of_office: '#bfbfbf',
};
