import { Space, Typography } from 'antd';
import { formatDuration } from '../../../../shared/time';

/** The day's time figures (seconds), as the panel computes them once. */
export interface DayTimes {
  workTime: number;
  breakTime: number;
  allocated: number;
  unallocated: number;
  tracked: number;
  hasTracker: boolean;
}

/** The bar above the day: office time, the part on tasks, and what is left unallocated. */
export function TimeBar({ times }: { times: DayTimes }) {
  const { workTime, allocated, unallocated } = times;
  return (
    <div className="checkout__bar" aria-label="Checkout time summary">
      <div className="checkout__bar-track" aria-hidden>
        <span className="checkout__bar-tasks" style={{ width: workTime ? `${Math.min(100, (allocated / workTime) * 100)}%` : 0 }} />
      </div>
      <Space size="large" wrap>
        <span>
          Office time <strong>{formatDuration(workTime)}</strong>
        </span>
        <span>
          Tasks time <strong>{formatDuration(allocated)}</strong>
        </span>
        <span>
          Unallocated <strong data-testid="checkout-unallocated">{formatDuration(unallocated)}</strong>
        </span>
      </Space>
    </div>
  );
}

function HoursCard({ label, seconds, testId }: { label: string; seconds: number; testId: string }) {
  return (
    <div className="checkout-hours__card">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="checkout-hours__value" data-testid={testId}>
        {formatDuration(seconds)}
      </div>
    </div>
  );
}

/** The hours cards: work, break, tasks, unallocated, and tracked time for users with a tracker (spec 01 §6). */
export function HoursSection({ times }: { times: DayTimes }) {
  return (
    <div className={times.hasTracker ? 'checkout-hours checkout-hours--tracked' : 'checkout-hours'}>
      <HoursCard label="Work" seconds={times.workTime} testId="checkout-work" />
      <HoursCard label="Break" seconds={times.breakTime} testId="checkout-break" />
      <HoursCard label="Tasks" seconds={times.allocated} testId="checkout-tasks" />
      <HoursCard label="Unallocated" seconds={times.unallocated} testId="checkout-unallocated-card" />
      {times.hasTracker && <HoursCard label="Tracked time" seconds={times.tracked} testId="checkout-tracked" />}
    </div>
  );
}
