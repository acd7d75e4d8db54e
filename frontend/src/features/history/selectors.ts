import type { RootState } from '../../app/store';

export const selectHistory = (state: RootState) => state.history;
export const selectViewer = (state: RootState) => state.auth.user;
