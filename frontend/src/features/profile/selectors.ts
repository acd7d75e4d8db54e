import type { RootState } from '../../app/store';

export const selectProfile = (state: RootState) => state.profile;
