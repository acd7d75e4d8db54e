import { Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TableShift, WorktimeRow, WorktimeTable as Table_ } from '../../../api/types';
import { formatDuration } from '../../../shared/time';
import type { GroupBy } from '../slice';
import { displayRows, noteText, type DisplayRow } from '../tableRows';
import type { TimelineSegment } from '../timeline';
import { addDays, clockIn, zonedInstant } from '../zoned';
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

/** The Worktime table of the history panel (spec 01 §2, §3): standard or detailed, with totals. */
export function WorktimeTable({ table, groupBy, detailed, timeZone, viewerId, loading, onOpenShift }: Props) {
  const several = table.users.length > 1;
  const rows = displayRows(table, groupBy);
  const totals = table.totals;

  const columns: ColumnsType<DisplayRow> = [
    {
      title: several && groupBy === 'member' ? 'Member / Date' : 'Date',
      key: 'date',
      fixed: 'left',
      width: 130,
      render: (_, r) =>
        r.row && several ? (
          groupBy === 'date' ? (
            <Typography.Text>{r.member}</Typography.Text>
          ) : (
            <span className="history-date">
              <span>{r.label}</span>
              <Typography.Text type="secondary">{r.sub}</Typography.Text>
            </span>
          )
        ) : (
          <span className="history-date">
            <Typography.Text strong={!r.row}>{r.label}</Typography.Text>
            {r.sub && <Typography.Text type="secondary">{r.sub}</Typography.Text>}
          </span>
        ),
    },
    {
      title: 'Shifts',
      key: 'shifts',
      width: detailed ? 260 : 170,
      render: (_, r) => {
        if (!r.row) return null;
        const row = r.row;
        const mine = row.user === viewerId;
        return (
          <div className="history-shifts">
            {detailed && row.shifts.length > 0 && (
              <ShiftTimeline {...dayTimeline(row, timeZone)} timeZone={timeZone} label={`Shifts of ${row.date}`} />
            )}
            {row.shifts.map((s) => {
              const label = `${clockIn(s.start_datetime, timeZone)} – ${s.end_datetime ? clockIn(s.end_datetime, timeZone) : 'now'}`;
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
          </div>
        );
      },
    },
    { title: 'Office hours', key: 'office', align: 'right', render: (_, r) => dur(r.sums.office) },
    { title: 'Break', key: 'break', align: 'right', render: (_, r) => dur(r.sums.pause) },
    { title: 'Allocated', key: 'allocated', align: 'right', render: (_, r) => dur(r.sums.allocated) },
    {
      title: 'Tracked',
      key: 'tracked',
      align: 'right',
      render: (_, r) => `${dur(r.sums.tracked)} · ${r.sums.level}%`,
    },
    { title: 'Work hours', key: 'work', align: 'right', render: (_, r) => dur(r.sums.work) },
    {
      title: 'Scheduled',
      key: 'scheduled',
      align: 'right',
      render: (_, r) =>
        detailed && r.row && r.row.schedules.length ? (
          <span className="history-schedules">
            {r.row.schedules.map((s) => (
              <span key={s.start_datetime}>{`${clockIn(s.start_datetime, timeZone)} – ${clockIn(s.end_datetime, timeZone)}`}</span>
            ))}
            <strong>{dur(r.sums.scheduled)}</strong>
          </span>
        ) : (
          dur(r.sums.scheduled)
        ),
    },
  ];
  if (detailed) {
    columns.push({
      title: 'Checkout note',
      key: 'notes',
      width: 220,
      render: (_, r) => <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{noteText(r.row?.work_hours.notes)}</Typography.Paragraph>,
    });
  }

  return (
    <Table<DisplayRow>
      className="worktime-table"
      aria-label="Worktime table"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      loading={loading}
      scroll={{ x: detailed ? 1280 : 960 }}
      expandable={several ? { defaultExpandAllRows: true } : undefined}
      rowClassName={(r) => (r.row ? (r.row.shifts.length ? '' : 'worktime-table__row--empty') : 'worktime-table__row--group')}
      summary={() => (
        <Table.Summary fixed="bottom">
          <Table.Summary.Row className="worktime-table__totals">
            <Table.Summary.Cell index={0}>
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} />
            <Table.Summary.Cell index={2} align="right">{dur(totals.total_office_hours_in_seconds)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">{dur(totals.total_break_in_seconds)}</Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">{dur(totals.total_allocated_time_in_seconds)}</Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              {`${dur(totals.total_tracked_in_seconds)} · ${totals.total_tracked_level_percentage}%`}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">{dur(totals.total_work_hours_in_seconds)}</Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">{dur(totals.total_scheduled_in_seconds)}</Table.Summary.Cell>
            {detailed && <Table.Summary.Cell index={8} />}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
