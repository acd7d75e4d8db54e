import type { RootState } from '../../app/store';

export const selectCalendar = (state: RootState) => state.calendar;
export const selectViewer = (state: RootState) => state.auth.user;
