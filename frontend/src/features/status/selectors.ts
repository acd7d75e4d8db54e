import type { RootState } from '../../app/store';

export const selectStatus = (state: RootState) => state.status.current;
export const selectEnteringOffice = (state: RootState) => state.status.entering;
export const selectToggleInFlight = (state: RootState) => state.status.toggle.inFlight;
export const selectCounters = (state: RootState) => state.status.counters;
export const selectInOffice = (state: RootState) =>
  state.status.current === 'working' || state.status.current === 'taking_break';
