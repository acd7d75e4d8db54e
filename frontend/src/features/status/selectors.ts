import type { RootState } from '../../app/store';

export const selectStatus = (state: RootState) => state.status.current;
export const selectEnteringOffice = (state: RootState) => state.status.entering;
export const selectToggleInFlight = (state: RootState) => state.status.toggle.inFlight;
export const selectCounters = (state: RootState) => state.status.counters;
export const selectInOffice = (state: RootState) =>
  state.status.current === 'working' || state.status.current === 'taking_break';

/**
 * Today's work time at `now` (ms): the counters move a minute at a time, so the seconds since
 * their last move are added while working. Null until the counters are synced. Office time,
 * Tasks time (a running interval counts by the second) and Unallocated are taken at one instant.
 */
export function selectOfficeSeconds(state: RootState, now: number): number | null {
  const { counters, current } = state.status;
  if (!counters.synced) return null;
  const since = current === 'working' && counters.asOf !== null ? Math.max(0, Math.floor((now - counters.asOf) / 1000)) : 0;
  return counters.workSeconds + since;
}

/** Today's break time at `now` (ms), counted on the same way while on a break. Null until synced. */
export function selectBreakSeconds(state: RootState, now: number): number | null {
  const { counters, current } = state.status;
  if (!counters.synced) return null;
  const since = current === 'taking_break' && counters.asOf !== null ? Math.max(0, Math.floor((now - counters.asOf) / 1000)) : 0;
  return counters.breakSeconds + since;
}
