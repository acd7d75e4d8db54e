import { formatDuration } from '../../shared/time';
import { TrackingTag } from '../../features/tracker/components/TrackingTag';
import { useDayTimes } from './useDayTimes';

const show = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));

/** The header's day numbers (Office time, Tasks time, Unallocated) and the tracking tag; only the tag on narrow screens. */
export function HeaderTimes({ narrow }: { narrow: boolean }) {
  const { office, tasks, unallocated, tracked } = useDayTimes();
  return (
    <div className="header-times">
      {!narrow && office !== null && (
        <dl className="header-times__numbers" aria-label="Today's time">
          <div>
            <dt>Office time</dt>
            <dd data-testid="header-office-time">{show(office)}</dd>
          </div>
          <div>
            <dt>Tasks time</dt>
            <dd data-testid="header-tasks-time">{show(tasks)}</dd>
          </div>
          <div>
            <dt>Unallocated</dt>
            <dd data-testid="header-unallocated">{show(unallocated)}</dd>
          </div>
          {tracked !== null && (
            <div>
              <dt>Tracked time</dt>
              <dd data-testid="header-tracked-time">{show(tracked)}</dd>
            </div>
          )}
        </dl>
      )}
      <TrackingTag />
    </div>
  );
}
