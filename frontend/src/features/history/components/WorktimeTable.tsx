import { Button, Tag, Typography } from 'antd';
import type { TableShift, WorktimeRow, WorktimeTable as Table_ } from '../../../api/types';
import { DAY_STATUS_COLOR, DAY_STATUS_TEXT } from '../../../shared/dayStatus';
import { formatDuration, zoneLabel } from '../../../shared/time';
import { formatSignedDuration } from '../../../shared/signedDuration';
import type { GroupBy } from '../slice';
import { displayRows, noteText, sumsOf, trackerOf, type DisplayRow, type Sums } from '../tableRows';
import { TrackedValue } from './TrackedValue';
import type { TimelineSegment } from '../timeline';
import { addDays, formatClockIn, zonedInstant } from '../../../shared/zoned';
import { ShiftTimeline } from './ShiftTimeline';

interface Props {
  table: Table_;
  groupBy: GroupBy;
  detailed: boolean;
  timeZone: string;
  viewerId: number;
  loading: boolean;
  onOpenShift: (shift: TableShift, row: WorktimeRow) => void;
}

const dur = (seconds: number) => formatDuration(seconds);

/** The day's shifts on a bar from its local midnight to the next one. */
function dayTimeline(row: WorktimeRow, timeZone: string): { segments: TimelineSegment[]; lo: Date; hi: Date } {
  const lo = zonedInstant(row.date, '00:00', timeZone);
  const next = zonedInstant(addDays(row.date, 1), '00:00', timeZone);
  const now = new Date();
  const segments = row.shifts.map((s) => ({
    start: new Date(s.start_datetime),
    end: s.end_datetime ? new Date(s.end_datetime) : now,
    type: s.end_datetime === null ? ('active' as const) : s.manual_work_shift_yn ? ('manual' as const) : ('work' as const),
    note: s.notes || undefined,
  }));
  const last = Math.max(next.getTime(), ...segments.map((s) => s.end.getTime()));
  return { segments, lo, hi: new Date(last) };
}

/** The day's holiday, approved time off (its type's colour; a half day said) and, when the
 * workspace flags it, work done on a holiday (docs/timeaccount.md). */
function DayOff({ expected }: { expected: WorktimeRow['expected'] }) {
  if (!expected.holiday && expected.time_off.length === 0) return null;
  return (
    <span className="history-day-off">
      {expected.holiday && (
        <Tag color="purple" data-testid="history-holiday">
          {expected.holiday}
        </Tag>
      )}
      {expected.holiday_work_flagged && (
        <Tag color="red" data-testid="history-holiday-work">
          Worked on a holiday
        </Tag>
      )}
      {expected.time_off.map((t, i) => (
        <Tag key={i} data-testid="history-time-off" style={{ borderColor: t.color, borderLeftWidth: 4 }}>
          {t.half_day ? `${t.name} (half day)` : t.name}
        </Tag>
      ))}
    </span>
  );
}

function Numbers({ sums }: { sums: Sums }) {
  return (
    <>
      <td className="num">{dur(sums.office)}</td>
      <td className="num">{dur(sums.pause)}</td>
      <td className="num">{dur(sums.allocated)}</td>
      <td className="num">
        <TrackedValue tracked={sums.tracked} work={sums.trackedWork} />
      </td>
      <td className="num">{dur(sums.work)}</td>
      <td className="num">{dur(sums.expected)}</td>
      <td className={`num worktime-table__difference${sums.difference < 0 ? ' worktime-table__difference--under' : ''}`}>
        {formatSignedDuration(sums.difference)}
      </td>
    </>
  );
}

/** The Worktime table of the history panel (spec 01 §2, §3): standard or detailed, with totals.
 * A plain table (antd's Table would split chunks the office page shares: bench/bundle). */
export function WorktimeTable({ table, groupBy, detailed, timeZone, viewerId, loading, onOpenShift }: Props) {
  const several = table.users.length > 1;
  const rows = displayRows(table, groupBy);
  const totals = table.totals;
  const all = sumsOf(table.rows, trackerOf(table));
  // Whose clock (docs/decisions-frontend-shell.md): your rows in the page's zone, another
  // member's on their own clock (their row's date is their work date), the zone named.
  const zones = new Map(table.users.map((u) => [u.id, u.timezone]));
  const zoneOf = (row: WorktimeRow) => (row.user === viewerId ? timeZone : (zones.get(row.user) ?? timeZone));
  const firstTitle = several ? (groupBy === 'member' ? 'Member / Date' : 'Date / Member') : 'Date';

  const shiftsCell = (row: WorktimeRow) => {
    const mine = row.user === viewerId;
    const zone = zoneOf(row);
    return (
      <div className="history-shifts">
        {detailed && row.shifts.length > 0 && (
          <ShiftTimeline {...dayTimeline(row, zone)} timeZone={zone} label={`Shifts of ${row.date}`} />
        )}
        {row.shifts.map((s) => {
          const label = `${formatClockIn(s.start_datetime, zone)} – ${s.end_datetime ? formatClockIn(s.end_datetime, zone) : 'now'}`;
          return (
            <div key={s.id} className="history-shifts__item">
              {mine ? (
                <Button size="small" type="link" className="history-shifts__open" aria-label={`Edit shift ${label} on ${row.date}`} onClick={() => onOpenShift(s, row)}>
                  {label}
                </Button>
              ) : (
                <span>{label}</span>
              )}
              {s.manual_work_shift_yn && <Tag color="orange">Manual</Tag>}
              {detailed && s.notes && <Typography.Text type="secondary" className="history-shifts__note">{s.notes}</Typography.Text>}
            </div>
          );
        })}
        {!mine && (row.shifts.length > 0 || (detailed && row.schedules.length > 0)) && (
          <Typography.Text type="secondary" className="history-shifts__zone" data-testid="history-zone">
            {zoneLabel(zone, new Date(row.shifts[0]?.start_datetime ?? row.schedules[0].start_datetime))} time
          </Typography.Text>
        )}
      </div>
    );
  };

  const scheduledCell = (r: DisplayRow) =>
    detailed && r.row && r.row.schedules.length ? (
      <span className="history-schedules">
        {r.row.schedules.map((s) => (
          <span key={s.start_datetime}>{`${formatClockIn(s.start_datetime, zoneOf(r.row as WorktimeRow))} – ${formatClockIn(s.end_datetime, zoneOf(r.row as WorktimeRow))}`}</span>
        ))}
        <strong>{dur(r.sums.scheduled)}</strong>
      </span>
    ) : (
      dur(r.sums.scheduled)
    );

  const dayRow = (r: DisplayRow, nested: boolean) => {
    const row = r.row as WorktimeRow;
    return (
      <tr key={r.key} className={row.shifts.length ? undefined : 'worktime-table__row--empty'}>
        <th scope="row" className={nested ? 'worktime-table__nested' : undefined}>
          {nested && groupBy === 'date' ? (
            r.member
          ) : (
            <span className="history-date">
              <span>{r.label}</span>
              <Typography.Text type="secondary">{r.sub}</Typography.Text>
            </span>
          )}
        </th>
        <td>
          {shiftsCell(row)}
          <DayOff expected={row.expected} />
        </td>
        <Numbers sums={r.sums} />
        <td className="num">{scheduledCell(r)}</td>
        <td className="worktime-table__status">
          {row.checkout_status ? <span style={{ color: DAY_STATUS_COLOR[row.checkout_status] }}>{DAY_STATUS_TEXT[row.checkout_status]}</span> : null}
        </td>
        {detailed && <td className="worktime-table__note">{noteText(row.work_hours.notes)}</td>}
      </tr>
    );
  };

  return (
    <div className="worktime-table__scroll" aria-busy={loading}>
      <table className={`worktime-table${loading ? ' worktime-table--loading' : ''}`} aria-label="Worktime table">
        <thead>
          <tr>
            <th scope="col">{firstTitle}</th>
            <th scope="col">Shifts</th>
            <th scope="col" className="num">Office hours</th>
            <th scope="col" className="num">Break</th>
            <th scope="col" className="num">Allocated</th>
            <th scope="col" className="num">Tracked</th>
            <th scope="col" className="num">Work hours</th>
            <th scope="col" className="num">Expected</th>
            <th scope="col" className="num">Difference</th>
            <th scope="col" className="num">Scheduled</th>
            <th scope="col">Checkout</th>
            {detailed && <th scope="col">Checkout note</th>}
          </tr>
        </thead>
        <tbody>
          {rows.flatMap((r) =>
            r.children
              ? [
                  <tr key={r.key} className="worktime-table__row--group">
                    <th scope="rowgroup" colSpan={2}>
                      {r.label} {r.sub && <Typography.Text type="secondary">{r.sub}</Typography.Text>}
                    </th>
                    <Numbers sums={r.sums} />
                    <td className="num">{dur(r.sums.scheduled)}</td>
                    <td />
                    {detailed && <td />}
                  </tr>,
                  ...r.children.map((child) => dayRow(child, true)),
                ]
              : [dayRow(r, false)],
          )}
        </tbody>
        <tfoot>
          <tr className="worktime-table__totals">
            <th scope="row">Total</th>
            <td />
            <td className="num">{dur(totals.total_office_hours_in_seconds)}</td>
            <td className="num">{dur(totals.total_break_in_seconds)}</td>
            <td className="num">{dur(totals.total_allocated_time_in_seconds)}</td>
            <td className="num">
              <TrackedValue tracked={all.tracked} work={all.trackedWork} />
            </td>
            <td className="num">{dur(totals.total_work_hours_in_seconds)}</td>
            <td className="num">{dur(totals.total_expected_in_seconds)}</td>
            <td className="num" data-testid="history-total-difference">{formatSignedDuration(totals.total_difference_in_seconds)}</td>
            <td className="num">{dur(totals.total_scheduled_in_seconds)}</td>
            <td />
            {detailed && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
