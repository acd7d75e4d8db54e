import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Empty, Skeleton, Statistic, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { CalendarSession } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { Panel } from '../../shared/Panel';
import { PageFrame } from '../../shared/PageFrame';
import { Text } from '../../shared/Text';
import { formatDayDate, formatDuration, formatRelative, formatTimeRange, parseLocalDate, useNow } from '../../shared/time';
import { calendarImportTooltip } from '../../shared/calendarImport';
import { TeammatesStrip } from '../../features/teammates/components/TeammatesStrip';
import { selectOfficeSchedule } from '../../features/office/selectors';
import { officeActions } from '../../features/office/slice';
import { useDayTimes } from '../time/useDayTimes';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../shared/antd-office.gen.css';

function Sessions({ sessions, empty, testId }: { sessions: CalendarSession[]; empty: string; testId: string }) {
  if (sessions.length === 0) return <Text secondary>{empty}</Text>;
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {sessions.map((session) => (
        <li key={session.id} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatTimeRange(session.start_datetime, session.end_datetime)}
          <Text secondary> · {formatDuration(session.work_time_seconds ?? 0)}</Text>
        </li>
      ))}
    </ul>
  );
}

// The working-time account's line (issue 27, docs/timeaccount.md): a lazy chunk (2 KiB gzip with
// its slice and worker) fetched once the office has rendered and settled, not with its first load.
const TimeAccountLine = lazy(() => import('../../features/timeaccount/components/TimeAccountLine'));
function DeferredTimeAccountLine({ liveWorked }: { liveWorked: number | null }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 2500);
    return () => clearTimeout(timer);
  }, []);
  return <div style={{ minHeight: 30 }}>{shown && <Suspense fallback={null}><TimeAccountLine liveWorked={liveWorked} /></Suspense>}</div>;
}

/** The office page's 'Today's hours' card (exported for the numbers-agree test). */
export function TodayHours() {
  const { schedule } = useAppSelector(selectOfficeSchedule);
  const { office, pause, tasks, unallocated, tracked } = useDayTimes();
  const show = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));
  return (
    <Panel title="Today's hours" style={{ height: '100%' }}>
      <DeferredTimeAccountLine liveWorked={office} />
      <div className="office-pair">
        <Statistic title="Work time" value={show(office)} styles={{ content: { color: '#389e0d' } }} />
        <Statistic title="Break time" value={show(pause)} styles={{ content: { color: '#1668dc' } }} />
      </div>
      <dl className="header-times__numbers" style={{ marginTop: 16 }} aria-label="Time on tasks today" data-testid="office-day-times">
        <div>
          <dt>Office time</dt>
          <dd data-testid="office-office-time">{show(office)}</dd>
        </div>
        <div>
          <dt>Tasks time</dt>
          <dd data-testid="office-tasks-time">{show(tasks)}</dd>
        </div>
        <div>
          <dt>Unallocated</dt>
          <dd data-testid="office-unallocated">{show(unallocated)}</dd>
        </div>
        {tracked !== null && (
          <div>
            <dt>Tracked time</dt>
            <dd data-testid="office-tracked-time">{show(tracked)}</dd>
          </div>
        )}
      </dl>
      <Text secondary style={{ display: 'block', marginTop: 16, marginBottom: 4 }}>
        Sessions
      </Text>
      <Sessions sessions={schedule?.today_sessions ?? []} empty="No sessions scheduled today." testId="today-sessions" />
    </Panel>
  );
}

/** A refresh spins at least this long, so a fast answer is still seen to happen. */
const REFRESH_SPIN_MS = 600;

function NextWorkday() {
  const dispatch = useAppDispatch();
  const { schedule, loading, fetchedAt, importing } = useAppSelector(selectOfficeSchedule);
  const importTip = calendarImportTooltip(schedule?.calendar_import ?? null);
  const now = useNow(60_000);
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (!spinning) return;
    const timer = window.setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
    return () => window.clearTimeout(timer);
  }, [spinning]);
  // The time of the answer on screen: a refresh shows 'a few seconds ago' once it is back.
  const updated = fetchedAt ?? schedule?.last_updated ?? null;
  const busy = loading || spinning || importing;
  // `now` ticks once a minute: an answer newer than it reads 'a few seconds ago', not a negative age.
  const age = updated ? formatRelative(updated, new Date(Math.max(now.getTime(), Date.parse(updated)))) : '';
  const refresh = (
    <Tooltip title={importTip ?? (updated ? `Last updated ${age}. Click to refresh.` : 'Click to refresh.')}>
      <Button
        type="text"
        size="small"
        icon={<ReloadOutlined spin={busy} />}
        aria-label={importTip ? 'Reload the calendar' : 'Refresh next workday'}
        aria-busy={busy}
        data-testid="next-workday-refresh"
        data-import-state={importTip ? (schedule?.calendar_import?.failed ? 'failed' : 'ok') : undefined}
        onClick={() => {
          setSpinning(true);
          dispatch(importTip ? officeActions.calendarImportRequested() : officeActions.scheduleRequested());
        }}
      >
        <span data-testid="next-workday-updated">{busy ? 'Refreshing…' : age}</span>
      </Button>
    </Tooltip>
  );
  let body;
  if (!schedule) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (!schedule.next_workday_date) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="There are no next workdays scheduled." style={{ margin: '8px 0' }} />;
  else
    body = (
      <>
        <div className="office-pair">
          <Statistic title="Date" value={formatDayDate(parseLocalDate(schedule.next_workday_date))} styles={{ content: { fontSize: 20 } }} />
          <Statistic title="Work time" value={formatDuration(schedule.next_workday_work_time)} styles={{ content: { fontSize: 20 } }} />
        </div>
        <Text secondary style={{ display: 'block', marginTop: 16, marginBottom: 4 }}>
          Sessions
        </Text>
        <Sessions sessions={schedule.next_workday_sessions} empty="No sessions." testId="next-sessions" />
      </>
    );
  return (
    <Panel title="Next workday" extra={refresh} style={{ height: '100%' }} data-testid="next-workday">
      {body}
    </Panel>
  );
}

/** The office page (spec 02 §2): teammates, today's hours and the next workday. */
export default function OfficePage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(officeActions.scheduleRequested());
  }, [dispatch]);
  return (
    <PageFrame title="Office">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Panel title="Teammates">
        <TeammatesStrip />
      </Panel>
      <div className="office-pair office-pair--stack-narrow">
        <TodayHours />
        <NextWorkday />
      </div>
      </div>
    </PageFrame>
  );
}
