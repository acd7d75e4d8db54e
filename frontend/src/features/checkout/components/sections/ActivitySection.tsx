import { useSectionLevel } from './sectionLevel';
import { Tag, Typography } from 'antd';
import type { CheckoutCheckStatus, WorkDayTaskTime } from '../../../../api/checkout';
import { formatDuration } from '../../../../shared/time';
import { groupDate } from '../../dates';

/** The tasks the activity_details check found without a submitted activity. */
function missingActivity(checks: CheckoutCheckStatus[]): Set<number> {
  const issue = checks.find((check) => check.checkout_check === 'activity_details')?.issue_json as { tasks?: { task_id: number }[] } | undefined;
  return new Set((issue?.tasks ?? []).map((row) => row.task_id));
}

/** 'Activity': the day's tasks with their time, those without activity details tagged. */
export function ActivitySection({ tasks, checks, date, isCurrentDay }: { tasks: WorkDayTaskTime[]; checks: CheckoutCheckStatus[]; date: string; isCurrentDay: boolean }) {
  const level = useSectionLevel();
  const missing = missingActivity(checks);
  return (
    <>
      <Typography.Title level={level}>Activity</Typography.Title>
      {tasks.length === 0 ? (
        <Typography.Text type="secondary" data-testid="checkout-activity">
          {isCurrentDay ? 'There are no checkout tasks.' : `There are no checkout tasks for ${groupDate(date)}.`}
        </Typography.Text>
      ) : (
        <ul className="checkout__list" data-testid="checkout-activity">
          {tasks.map((task) => (
            <li key={task.id} className="checkout__task">
              <span>
                {task.title}
                {missing.has(task.id) && (
                  <Tag color="orange" style={{ marginLeft: 8 }}>
                    No activity
                  </Tag>
                )}
                {task.recording_yn && (
                  <Tag color="green" style={{ marginLeft: 8 }}>
                    Tracking
                  </Tag>
                )}
              </span>
              <strong>{formatDuration(task.seconds_worked)}</strong>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
