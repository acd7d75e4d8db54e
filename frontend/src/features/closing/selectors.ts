import type { RootState } from '../../app/store';

export const selectClosing = (state: RootState) => state.closing;
export const selectViewer = (state: RootState) => state.auth.user;
