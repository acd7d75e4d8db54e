import type { WorktimeRow, WorktimeTable } from '../../api/types';
import type { GroupBy } from './slice';
import { slashDate, weekdayLabel } from '../../shared/zoned';

export interface Sums {
  office: number;
  pause: number;
  allocated: number;
  /** Tracked time of the members with a tracker (spec 01 §6); null when none of them has one. */
  tracked: number | null;
  /** Work time of those same members: the base of the tracked ratio. */
  trackedWork: number;
  work: number;
  scheduled: number;
  /** The days' target (docs/timeaccount.md) and work hours minus it. */
  expected: number;
  difference: number;
}

export interface DisplayRow {
  key: string;
  label: string;
  sub?: string;
  row?: WorktimeRow;
  member?: string;
  sums: Sums;
  children?: DisplayRow[];
}

/** Sums of rows; tracked time only over the members `tracks` says have a tracker. */
export const sumsOf = (rows: WorktimeRow[], tracks: (user: number) => boolean): Sums => {
  const work = rows.reduce((n, r) => n + r.work_hours.total_seconds, 0);
  const withTracker = rows.filter((r) => tracks(r.user));
  return {
    office: rows.reduce((n, r) => n + r.shifts.reduce((m, s) => m + s.office_hours_in_seconds, 0), 0),
    pause: rows.reduce((n, r) => n + r.shifts.reduce((m, s) => m + s.break_in_seconds, 0), 0),
    allocated: rows.reduce((n, r) => n + r.allocated_time, 0),
    tracked: withTracker.length ? withTracker.reduce((n, r) => n + r.tracked.total_seconds, 0) : null,
    trackedWork: withTracker.reduce((n, r) => n + r.work_hours.total_seconds, 0),
    work,
    scheduled: rows.reduce((n, r) => n + r.schedules.reduce((m, s) => m + s.total_seconds, 0), 0),
    expected: rows.reduce((n, r) => n + r.expected.total_seconds, 0),
    difference: rows.reduce((n, r) => n + r.difference_seconds, 0),
  };
};

/** A checkout note (draft-js JSON, or plain text) as plain text. */
export function noteText(notes: string | null | undefined): string {
  if (!notes) return '';
  try {
    const parsed = JSON.parse(notes) as { blocks?: { text?: string }[] };
    if (Array.isArray(parsed.blocks)) return parsed.blocks.map((b) => b.text ?? '').join(' ').trim();
  } catch {
    // plain text
  }
  return notes;
}

/** Whether a member of the table has a time tracker (only theirs have tracked time to show). */
export function trackerOf(table: WorktimeTable): (user: number) => boolean {
  const withTracker = new Set(table.users.filter((u) => u.has_tracker).map((u) => u.id));
  return (user) => withTracker.has(user);
}

/** Rows as shown: one per day for one member; grouped by date or by member for several. */
export function displayRows(table: WorktimeTable, groupBy: GroupBy): DisplayRow[] {
  const names = new Map(table.users.map((u) => [u.id, u.display_name]));
  const tracks = trackerOf(table);
  const day = (row: WorktimeRow): DisplayRow => ({
    key: `${row.user}-${row.date}`,
    label: slashDate(row.date),
    sub: weekdayLabel(row.date),
    row,
    member: names.get(row.user) ?? '',
    sums: sumsOf([row], tracks),
  });
  if (table.users.length <= 1) return table.rows.map(day);
  const groups = new Map<string, WorktimeRow[]>();
  for (const row of table.rows) {
    const key = groupBy === 'date' ? row.date : String(row.user);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()].map(([key, rows]) => ({
    key: `group-${key}`,
    label: groupBy === 'date' ? slashDate(key) : (names.get(Number(key)) ?? ''),
    sub: groupBy === 'date' ? weekdayLabel(key) : undefined,
    sums: sumsOf(rows, tracks),
    children: rows.map(day),
  }));
}

