import type { WorktimeRow, WorktimeTable } from '../../api/types';
import type { GroupBy } from './slice';
import { slashDate, weekdayLabel } from '../../shared/zoned';

export interface Sums {
  office: number;
  pause: number;
  allocated: number;
  tracked: number;
  level: number;
  work: number;
  scheduled: number;
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

const sumsOf = (rows: WorktimeRow[]): Sums => {
  const work = rows.reduce((n, r) => n + r.work_hours.total_seconds, 0);
  const tracked = rows.reduce((n, r) => n + r.tracked.total_seconds, 0);
  return {
    office: rows.reduce((n, r) => n + r.shifts.reduce((m, s) => m + s.office_hours_in_seconds, 0), 0),
    pause: rows.reduce((n, r) => n + r.shifts.reduce((m, s) => m + s.break_in_seconds, 0), 0),
    allocated: rows.reduce((n, r) => n + r.allocated_time, 0),
    tracked,
    level: work > 0 ? Math.min(100, Math.floor((200 * tracked + work) / (2 * work))) : 0,
    work,
    scheduled: rows.reduce((n, r) => n + r.schedules.reduce((m, s) => m + s.total_seconds, 0), 0),
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

/** Rows as shown: one per day for one member; grouped by date or by member for several. */
export function displayRows(table: WorktimeTable, groupBy: GroupBy): DisplayRow[] {
  const names = new Map(table.users.map((u) => [u.id, u.display_name]));
  const day = (row: WorktimeRow): DisplayRow => ({
    key: `${row.user}-${row.date}`,
    label: slashDate(row.date),
    sub: weekdayLabel(row.date),
    row,
    member: names.get(row.user) ?? '',
    sums: sumsOf([row]),
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
    sums: sumsOf(rows),
    children: rows.map(day),
  }));
}

