import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Empty, Modal, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { TableShift, WorktimeRow, WorktimeTable as WorktimeTableData } from '../../../api/types';
import { PageFrame } from '../../../shared/PageFrame';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { formatDuration, guessTimezone } from '../../../shared/time';
import { EditHistory } from '../components/EditHistory';
import { ShiftModal, type ShiftModalTarget } from '../components/ShiftModal';
import { TrackedValue } from '../components/TrackedValue';
import { WorktimeTable } from '../components/WorktimeTable';
import { WeekGrid } from '../components/WeekGrid';
import { sumsOf, trackerOf } from '../tableRows';
import { PRESETS, presetRange, rangeError, rangeLabel, type DateRange, type Preset } from '../range';
import { selectHistory, selectViewer } from '../selectors';
import { historyActions, type GroupBy } from '../slice';
import type { ExistingShift } from '../../../shared/shiftForm';
import { todayIn } from '../../../shared/zoned';
import { firstDayOf } from '../../../shared/weeks';
import '../history.css';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

/** The table's shift `id` as the dialog's target, if the table holds it. */
function shiftTarget(table: WorktimeTableData, id: number): ShiftModalTarget | null {
  for (const row of table.rows) {
    const shift = row.shifts.find((s) => s.id === id);
    if (shift) return { mode: 'edit', shift, date: row.date, user: row.user };
  }
  return null;
}

/** The personal history panel (spec 01 §2): a range of days as the Worktime table, its summary,
 * the edit history, manual shifts, and the table as CSV. */
export default function HistoryPage({ toolbar }: { toolbar?: (range: DateRange, today: string) => React.ReactNode } = {}) {
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectViewer);
  const history = useAppSelector(selectHistory);
  const timeZone = viewer?.timezone || guessTimezone();
  const today = todayIn(timeZone);
  const firstDay = firstDayOf(viewer);
  const [target, setTarget] = useState<ShiftModalTarget | null>(null);
  const [draft, setDraft] = useState<DateRange | null>(null);
  const seesWorkspace = viewer?.workspace_role === 'ADMIN' || !!viewer?.team_page_access_granted_yn;
  const canEdit = !!viewer?.allow_add_manual_shifts;

  // A link to one shift (?date=YYYY-MM-DD&shift=ID[&user=ID], from the Calendar): that day, that
  // member, and the shift's dialog once the table holds it.
  const [search] = useSearchParams();
  const linkedDate = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? search.get('date') : null;
  const linkedShift = Number(search.get('shift')) || null;
  const linkedUser = Number(search.get('user')) || null;
  const [linkDismissed, setLinkDismissed] = useState(false);
  useEffect(() => {
    dispatch(historyActions.pageOpened({ range: presetRange('current_week', today, firstDay), preset: 'current_week' }));
    if (linkedUser) dispatch(historyActions.usersChanged([linkedUser]));
    if (linkedDate) dispatch(historyActions.rangeChanged({ range: { from: linkedDate, to: linkedDate }, preset: null }));
    // Opened once per visit; the range then changes by the controls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);
  useEffect(() => {
    dispatch(historyActions.membersRequested());
  }, [dispatch, seesWorkspace]);

  const range = history.range ?? presetRange('current_week', today, firstDay);
  const shown = draft ?? range;
  const problem = rangeError(shown);
  const table = history.table.data;
  const hasWork = !!table && table.rows.some((r) => r.shifts.length > 0 || r.schedules.length > 0);
  const tracked = table ? sumsOf(table.rows, trackerOf(table)) : null;

  const myShifts: ExistingShift[] = useMemo(
    () =>
      (table?.rows ?? [])
        .filter((r) => r.user === viewer?.id)
        .flatMap((r) => r.shifts.map((s) => ({ id: s.id, start: new Date(s.start_datetime), end: s.end_datetime ? new Date(s.end_datetime) : null }))),
    [table, viewer?.id],
  );

  const choosePreset = (preset: Preset) => {
    setDraft(null);
    dispatch(historyActions.rangeChanged({ range: presetRange(preset, today, firstDay), preset }));
  };
  const changeDate = (edge: 'from' | 'to', value: string) => {
    const next = { ...shown, [edge]: value };
    if (rangeError(next)) {
      setDraft(next);
    } else {
      setDraft(null);
      dispatch(historyActions.rangeChanged({ range: next, preset: null }));
    }
  };
  // Memoized: the dialog reloads its segments when its target changes.
  const linkedTarget = useMemo(
    () => (linkedShift && !linkDismissed && table ? shiftTarget(table, linkedShift) : null),
    [linkedShift, linkDismissed, table],
  );
  const shownTarget = target ?? linkedTarget;
  // A shift of the viewer's on a closed day opens read-only, with why (docs/closing.md).
  const closedReason =
    shownTarget?.mode === 'edit' && shownTarget.user === viewer?.id
      ? (history.closed.find((span) => span.start_date <= shownTarget.date && shownTarget.date <= span.end_date)?.reason ?? null)
      : null;
  const openShift = useCallback((shift: TableShift, row: WorktimeRow) => setTarget({ mode: 'edit', shift, date: row.date, user: row.user }), []);
  const close = useCallback(() => {
    setTarget(null);
    setLinkDismissed(true);
  }, []);

  const members = history.members.map((m) => ({ value: m.id, label: m.id === viewer?.id ? `${m.display_name} (you)` : m.display_name }));

  return (
    <PageFrame
      title="History"
      extra={
        <Space wrap>
          {toolbar?.(range, today)}
          {canEdit && (
            <Button onClick={() => setTarget({ mode: 'add' })}>
              Add Manual Shift
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={history.downloading} disabled={!table} onClick={() => dispatch(historyActions.csvRequested())}>
            Download CSV
          </Button>
        </Space>
      }
    >
      <section className="history-controls" aria-label="Range and view">
        <div className="history-controls__range">
          <Select<Preset>
            aria-label="Date range preset"
            className="history-controls__preset"
            value={history.preset ?? undefined}
            placeholder="Custom range"
            options={PRESETS}
            onChange={choosePreset}
          />
          <div className="history-controls__date">
            <label htmlFor="history-from">From</label>
            <input className="history-input" id="history-from" type="date" value={shown.from} max={today} onChange={(e) => changeDate('from', e.target.value)} />
          </div>
          <div className="history-controls__date">
            <label htmlFor="history-to">To</label>
            <input className="history-input" id="history-to" type="date" value={shown.to} onChange={(e) => changeDate('to', e.target.value)} />
          </div>
        </div>
        <Typography.Title level={2} className="history-controls__label">
          {rangeLabel(shown)}
        </Typography.Title>
        {problem && <Alert type="error" showIcon title={problem} />}
        {history.closed.length > 0 && (
          <Alert
            type="info"
            showIcon
            data-testid="history-closed"
            title={`Closed days in this range (read-only, corrections only): ${history.closed.map((span) => `${span.start_date} – ${span.end_date}, ${span.reason}`).join('; ')}`}
          />
        )}
        <div className="history-controls__view">
          {members.length > 1 && (
            <Select<number[]>
              mode="multiple"
              aria-label="Members"
              className="history-controls__members"
              placeholder="Only you"
              value={history.userIds}
              options={members}
              optionFilterProp="label"
              maxTagCount="responsive"
              onChange={(ids) => dispatch(historyActions.usersChanged(ids))}
            />
          )}
          <Radio.Group
            aria-label="Group by"
            optionType="button"
            value={history.groupBy}
            options={[
              { value: 'date', label: 'By date' },
              { value: 'member', label: 'By member' },
            ]}
            onChange={(e) => dispatch(historyActions.groupByChanged(e.target.value as GroupBy))}
          />
          <Radio.Group
            aria-label="View"
            optionType="button"
            value={history.detailed ? 'detailed' : 'standard'}
            options={[
              { value: 'standard', label: 'Standard' },
              { value: 'detailed', label: 'Detailed' },
            ]}
            onChange={(e) => dispatch(historyActions.detailedChanged(e.target.value === 'detailed'))}
          />
        </div>
      </section>

      <section className="history-card" aria-labelledby="worktime-title">
        <h2 id="worktime-title" className="history-card__title">
          Worktime
        </h2>
        {!table ? (
          history.table.error ? (
            <Empty description={history.table.error} />
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )
        ) : !hasWork ? (
          <Empty description="No worktime information to show here." />
        ) : (
          <WorktimeTable
            table={table}
            groupBy={history.groupBy}
            detailed={history.detailed}
            timeZone={timeZone}
            viewerId={viewer?.id ?? 0}
            loading={history.table.loading}
            onOpenShift={openShift}
          />
        )}
      </section>

      {table && hasWork && (
        <section className="history-card" aria-labelledby="summary-title">
          <h2 id="summary-title" className="history-card__title">
            Summary
          </h2>
          <dl className="history-summary">
            {[
              ['Office time', formatDuration(table.totals.total_office_hours_in_seconds)],
              ['Work time', formatDuration(table.totals.total_work_hours_in_seconds)],
              ['Tasks time', formatDuration(table.totals.total_allocated_time_in_seconds)],
              ...(tracked?.tracked == null ? [] : [['Tracked time', <TrackedValue key="tracked" tracked={tracked.tracked} work={tracked.trackedWork} />] as const]),
              ['Scheduled', formatDuration(table.totals.total_scheduled_in_seconds)],
            ].map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {/* The week grid is the viewer's own time on tasks (issue 31). */}
      {(history.userIds.length === 0 || (history.userIds.length === 1 && history.userIds[0] === viewer?.id)) && (
        <WeekGrid today={today} firstDay={firstDay} />
      )}

      <EditHistory timeZone={timeZone} />

      {shownTarget && (
        <ShiftModal target={shownTarget} timeZone={timeZone} canEdit={canEdit} shifts={myShifts} closed={closedReason} onClose={close} />
      )}
      <Modal
        open={history.editor.error !== null}
        title={history.editor.error?.title}
        onCancel={() => dispatch(historyActions.errorDismissed())}
        footer={
          <Button type="primary" onClick={() => dispatch(historyActions.errorDismissed())}>
            OK
          </Button>
        }
      >
        <p role="alert">{history.editor.error?.text}</p>
      </Modal>
    </PageFrame>
  );
}
