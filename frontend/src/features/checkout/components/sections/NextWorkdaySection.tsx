import { useSectionLevel } from './sectionLevel';
import { Alert, Typography } from 'antd';
import { formatDuration, formatTime } from '../../../../shared/time';
import { headingDate } from '../../dates';
import { useNextWorkday } from '../../hooks';
import { hoursShortfall } from '../../rules';

/**
 * 'Next Workday' on the user's own current day: what is planned, and the 'Hours' warning when today's
 * scheduled hours are above the tracked (or worked) time (spec 01 §9).
 */
export function NextWorkdaySection({ trackedToday, hasTracker }: { trackedToday: number; hasTracker: boolean }) {
  const level = useSectionLevel();
  const next = useNextWorkday(true);
  if (!next) return null;
  const scheduledToday = (next.today_sessions ?? []).reduce((sum, s) => sum + (s.work_time_seconds ?? 0), 0);
  const shortfall = hoursShortfall(scheduledToday, trackedToday);
  return (
    <section className="checkout__next" data-testid="checkout-next" aria-labelledby="checkout-next-title">
      <Typography.Title level={level} id="checkout-next-title">
        Next Workday
      </Typography.Title>
      {next.next_workday_date ? (
        <>
          <Typography.Text>
            {headingDate(next.next_workday_date)}: {formatDuration(next.next_workday_work_time)} planned
          </Typography.Text>
          <ul className="checkout__list">
            {next.next_workday_sessions.map((session) => (
              <li key={session.start_datetime}>
                {formatTime(session.start_datetime)} – {formatTime(session.end_datetime)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Typography.Text type="secondary">Nothing is planned for the next workday.</Typography.Text>
      )}
      {shortfall !== null && (
        <Alert
          type="warning"
          showIcon
          message="Hours"
          data-testid="checkout-hours-warning"
          description={`${formatDuration(scheduledToday)} scheduled today, ${formatDuration(trackedToday)} ${hasTracker ? 'tracked' : 'worked'}: ${formatDuration(shortfall)} short.`}
        />
      )}
    </section>
  );
}
