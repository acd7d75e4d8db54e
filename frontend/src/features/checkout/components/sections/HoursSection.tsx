import { Space, Typography } from 'antd';
import { formatDuration } from '../../../../shared/time';
import { useLiveTimes } from '../../liveTimes';

/** The day's time figures (seconds), as the panel computes them once from the day it read. */
export interface DayTimes {
  workTime: number;
  breakTime: number;
  allocated: number;
  unallocated: number;
  tracked: number;
  hasTracker: boolean;
  /** The user's own current day: show the header's live numbers instead (liveTimes.ts). */
  live: boolean;
}

/** The figures to show: on the own current day the header's numbers at this instant, else the day's. */
function useShownTimes(times: DayTimes): DayTimes {
  const live = useLiveTimes();
  if (!times.live || live === null || live.office === null || live.tasks === null) return times;
  return {
    ...times,
    workTime: live.office,
    breakTime: live.pause ?? times.breakTime,
    allocated: live.tasks,
    unallocated: live.unallocated ?? times.unallocated,
    tracked: live.tracked ?? times.tracked,
  };
}

/** The bar above the day: office time, the part on tasks, and what is left unallocated. */
export function TimeBar({ times: read }: { times: DayTimes }) {
  const { workTime, allocated, unallocated } = useShownTimes(read);
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
export function HoursSection({ times: read }: { times: DayTimes }) {
  const times = useShownTimes(read);
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
