import type { RootState } from '../../app/store';

export const selectStatus = (state: RootState) => state.status.current;
export const selectEnteringOffice = (state: RootState) => state.status.entering;
