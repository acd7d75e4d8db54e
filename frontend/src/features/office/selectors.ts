import type { RootState } from '../../app/store';

export const selectOfficeSchedule = (state: RootState) => state.office;
