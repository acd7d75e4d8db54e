import { createSelector } from '@reduxjs/toolkit';
import type { PersonalPageName, TaskFlag } from '../../api/projects';
import type { Task } from '../../api/types';
import type { RootState } from '../../app/store';

export const PAGE_FLAG: Record<PersonalPageName, TaskFlag> = {
  today: 'today_yn',
  next_workday: 'next_shift_yn',
  starred: 'starred_yn',
};

export const selectPersonal = (state: RootState) => state.personal;
export const selectPersonalFilter = (state: RootState) => state.personal.filter;

/**
 * Project cards with their tasks. A task whose flag was just turned off leaves the page at once
 * (the optimistic update) and comes back on Undo or on a rollback.
 */
export const selectPersonalCards = createSelector(
  [(state: RootState) => state.personal, (state: RootState) => state.tasks.entities],
  (personal, tasks) => {
    if (!personal.page) return [];
    const flag = PAGE_FLAG[personal.page];
    return personal.groups
      .map((group) => ({
        project: group.project,
        tasks: group.taskIds.map((id) => tasks[id]).filter((task): task is Task => Boolean(task && task[flag])),
      }))
      .filter((card) => card.tasks.length > 0);
  },
);
