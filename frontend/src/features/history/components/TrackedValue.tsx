import { WarningFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { formatDuration } from '../../../shared/time';
import { trackedRatio } from '../trackedRatio';

export const NO_TRACKER = 'No time tracker';
export const TRACKED_MISMATCH = 'Tracked time is more than work time: check the tracker.';

/**
 * A Tracked cell: the time and its real share of work time; '—' for members without a tracker
 * (`tracked` null, spec 01 §6); above work time a visible warning (never capped at 100 %).
 */
export function TrackedValue({ tracked, work }: { tracked: number | null; work: number }) {
  if (tracked === null) {
    return (
      <span title={NO_TRACKER} data-testid="tracked-none">
        <span aria-hidden>—</span>
        <span className="sr-only">{NO_TRACKER}</span>
      </span>
    );
  }
  const { percent, mismatch } = trackedRatio(tracked, work);
  const text = `${formatDuration(tracked)} · ${percent === null ? '—' : `${percent}%`}`;
  if (!mismatch) return <span>{text}</span>;
  return (
    <Tooltip title={TRACKED_MISMATCH}>
      <span className="tracked-mismatch" data-testid="tracked-mismatch">
        <WarningFilled aria-hidden /> {text}
        <span className="sr-only"> {TRACKED_MISMATCH}</span>
      </span>
    </Tooltip>
  );
}
