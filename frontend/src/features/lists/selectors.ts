import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { listMembershipsAdapter, projectMembershipsAdapter, sectionsAdapter, siblingListsAdapter } from './slice';

export const selectListPage = (state: RootState) => state.lists;
export const selectIsListOwner = (state: RootState) => state.lists.project?.access_type_enum === 'owner';

/** Every section of the open list: active ones by index, then removed ones by index. */
export const selectSections = sectionsAdapter.getSelectors((state: RootState) => state.lists.sections).selectAll;
export const selectListMembers = listMembershipsAdapter.getSelectors((state: RootState) => state.lists.members).selectAll;
export const selectListProjectMembers = projectMembershipsAdapter.getSelectors((state: RootState) => state.lists.projectMembers).selectAll;
export const selectSiblingLists = siblingListsAdapter.getSelectors((state: RootState) => state.lists.siblingLists).selectAll;

export const selectActiveSections = createSelector([selectSections], (sections) => sections.filter((s) => !s.removed_yn));
export const selectRemovedSections = createSelector([selectSections], (sections) => sections.filter((s) => s.removed_yn));

/** The sections shown as panels: active ones, or in the archive view those holding archived tasks. */
export const selectVisibleSections = createSelector(
  [selectSections, (state: RootState) => state.lists.archiveView],
  (sections, archiveView) =>
    archiveView ? sections.filter((s) => s.archived_count > 0 || s.removed_yn) : sections.filter((s) => !s.removed_yn),
);

export const selectSectionTasks = (state: RootState, sectionId: number) => state.lists.sectionTasks[sectionId];
