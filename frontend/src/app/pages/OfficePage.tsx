import { useEffect } from 'react';
import { Button, Col, Empty, Row, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { CalendarSession } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { Panel } from '../../shared/Panel';
import { formatDayDate, formatDuration, formatRelative, formatTimeRange, parseLocalDate, useNow } from '../../shared/time';
import { selectCounters } from '../../features/status/selectors';
import { TeammatesStrip } from '../../features/teammates/components/TeammatesStrip';
import { selectOfficeSchedule } from '../../features/office/selectors';
import { officeActions } from '../../features/office/slice';

function Sessions({ sessions, empty, testId }: { sessions: CalendarSession[]; empty: string; testId: string }) {
  if (sessions.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {sessions.map((session) => (
        <li key={session.id} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatTimeRange(session.start_datetime, session.end_datetime)}
          <Typography.Text type="secondary"> · {formatDuration(session.work_time_seconds ?? 0)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

function TodayHours() {
  const counters = useAppSelector(selectCounters);
  const { schedule } = useAppSelector(selectOfficeSchedule);
  return (
    <Panel title="Today's hours" style={{ height: '100%' }}>
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title="Work time" value={counters.synced ? formatDuration(counters.workSeconds) : '—'} valueStyle={{ color: '#389e0d' }} />
        </Col>
        <Col span={12}>
          <Statistic title="Break time" value={counters.synced ? formatDuration(counters.breakSeconds) : '—'} valueStyle={{ color: '#1677ff' }} />
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 16, marginBottom: 4 }}>
        Sessions
      </Typography.Text>
      <Sessions sessions={schedule?.today_sessions ?? []} empty="No sessions scheduled today." testId="today-sessions" />
    </Panel>
  );
}

function NextWorkday() {
  const dispatch = useAppDispatch();
  const { schedule, loading, fetchedAt } = useAppSelector(selectOfficeSchedule);
  const now = useNow(60_000);
  const updated = schedule?.last_updated ?? fetchedAt;
  const refresh = (
    <Tooltip title={updated ? `Last updated ${formatRelative(updated, now)}. Click to refresh.` : 'Click to refresh.'}>
      <Button type="text" size="small" icon={<ReloadOutlined spin={loading} />} aria-label="Refresh next workday" onClick={() => dispatch(officeActions.scheduleRequested())}>
        {updated ? formatRelative(updated, now) : ''}
      </Button>
    </Tooltip>
  );
  let body;
  if (!schedule) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (!schedule.next_workday_date) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="There are no next workdays scheduled." style={{ margin: '8px 0' }} />;
  else
    body = (
      <>
        <Row gutter={16}>
          <Col span={12}>
            <Statistic title="Date" value={formatDayDate(parseLocalDate(schedule.next_workday_date))} valueStyle={{ fontSize: 20 }} />
          </Col>
          <Col span={12}>
            <Statistic title="Work time" value={formatDuration(schedule.next_workday_work_time)} valueStyle={{ fontSize: 20 }} />
          </Col>
        </Row>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 16, marginBottom: 4 }}>
          Sessions
        </Typography.Text>
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
    <div style={{ maxWidth: 1040, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Office
      </Typography.Title>
      <Panel title="Teammates">
        <TeammatesStrip />
      </Panel>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <TodayHours />
        </Col>
        <Col xs={24} md={12}>
          <NextWorkday />
        </Col>
      </Row>
    </div>
  );
}
