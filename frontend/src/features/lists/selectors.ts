import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';

export const selectListPage = (state: RootState) => state.lists;
export const selectIsListOwner = (state: RootState) => state.lists.project?.access_type_enum === 'owner';

export const selectActiveSections = createSelector([(state: RootState) => state.lists.sections], (sections) =>
  sections.filter((s) => !s.removed_yn),
);
export const selectRemovedSections = createSelector([(state: RootState) => state.lists.sections], (sections) =>
  sections.filter((s) => s.removed_yn),
);

/** The sections shown as panels: active ones, or in the archive view those holding archived tasks. */
export const selectVisibleSections = createSelector(
  [(state: RootState) => state.lists.sections, (state: RootState) => state.lists.archiveView],
  (sections, archiveView) =>
    archiveView ? sections.filter((s) => s.archived_count > 0 || s.removed_yn) : sections.filter((s) => !s.removed_yn),
);

export const selectSectionTasks = (state: RootState, sectionId: number) => state.lists.sectionTasks[sectionId];
