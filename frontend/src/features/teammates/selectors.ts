import type { RootState } from '../../app/store';
import { teammatesAdapter } from './slice';

export const selectTeammatesState = (state: RootState) => state.teammates;
const adapterSelectors = teammatesAdapter.getSelectors((state: RootState) => state.teammates);
/** The strip's order (the adapter keeps its ids sorted by `compareTeammates`). */
export const selectOrderedTeammates = adapterSelectors.selectAll;
export const selectTeammateIds = adapterSelectors.selectIds;
export const selectTeammateById = adapterSelectors.selectById;
