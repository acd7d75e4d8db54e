import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { orderTeammates } from './ordering';

export const selectTeammatesState = (state: RootState) => state.teammates;
export const selectOrderedTeammates = createSelector([(state: RootState) => state.teammates.list], orderTeammates);
