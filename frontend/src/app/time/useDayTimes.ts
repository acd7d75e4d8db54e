import { useAppSelector } from '../../shared/hooks';
import { useClock } from '../../shared/clock';
import { selectBreakSeconds, selectOfficeSeconds } from '../../features/status/selectors';
import { selectHasTracker } from '../../features/auth/selectors';
import { unallocatedSeconds } from '../../features/tracker/rules';
import { selectTasksSeconds } from '../../features/tracker/selectors';

export interface DayTimes {
  now: number;
  /** Office time (the day's work time), Tasks time and Unallocated; null while unknown. */
  office: number | null;
  /** Today's break time; null while unknown. */
  pause: number | null;
  tasks: number | null;
  unallocated: number | null;
  /** Tracked time from the user's tracker; null without a tracker configuration or before the sync. */
  tracked: number | null;
}

/**
 * The one source of the day's numbers for the header, the office page, Today's bars and the popovers:
 * work time from the status counters, tasks time from allocated time (running interval counted live).
 * Every reader takes them at the shared clock's instant, never before the latest read of either
 * (a fresh read with an older instant would count the office up to then but the tasks up to now).
 */
export function useDayTimes(): DayTimes {
  const tracking = useAppSelector((state) => state.tracker.state?.status === 'tracking');
  const clock = useClock(tracking);
  const asOf = useAppSelector((state) => state.status.counters.asOf);
  const readAt = useAppSelector((state) => state.tracker.allocatedReadAt);
  const now = Math.max(clock, asOf ?? 0, readAt ?? 0);
  const tasks = useAppSelector((state) => selectTasksSeconds(state, now));
  const office = useAppSelector((state) => selectOfficeSeconds(state, now));
  const pause = useAppSelector((state) => selectBreakSeconds(state, now));
  const unallocated = office === null || tasks === null ? null : unallocatedSeconds(office, tasks);
  const hasTracker = useAppSelector(selectHasTracker);
  const trackedSeconds = useAppSelector((state) => state.status.counters.trackedSeconds);
  return { now, office, pause, tasks, unallocated, tracked: hasTracker ? (trackedSeconds ?? null) : null };
}
