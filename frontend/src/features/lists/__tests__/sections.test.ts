import { describe, expect, it } from 'vitest';
import type { Section } from '../../../api/types';
import { dropTarget } from '../dropTarget';
import { applySectionMove, listsActions, listsReducer } from '../slice';

const section = (id: number, index: number, removed = false) =>
  ({ id, title: `S${id}`, index, removed_yn: removed, task_count: 0, archived_count: 0 }) as unknown as Section;
const sections = [section(1, 0), section(2, 1), section(3, 2), section(9, 0, true)];

describe('section drag and drop', () => {
  it('reorders within the active table', () => {
    const moved = applySectionMove(sections, { sectionId: 3, sourceTable: 'active', sourceIndex: 2, destinationTable: 'active', destinationIndex: 0 });
    expect(moved.map((s) => [s.id, s.index, s.removed_yn])).toEqual([[3, 0, false], [1, 1, false], [2, 2, false], [9, 0, true]]);
  });
  it('moves a section to the removed table', () => {
    const moved = applySectionMove(sections, { sectionId: 1, sourceTable: 'active', sourceIndex: 0, destinationTable: 'removed', destinationIndex: 1 });
    expect(moved.map((s) => [s.id, s.index, s.removed_yn])).toEqual([[2, 0, false], [3, 1, false], [9, 0, true], [1, 1, true]]);
  });
  it('ignores a move drawn from a stale order', () => {
    expect(applySectionMove(sections, { sectionId: 2, sourceTable: 'active', sourceIndex: 0, destinationTable: 'active', destinationIndex: 1 })).toBe(sections);
  });
  it('turns a drop on a row or an empty table into source and destination', () => {
    const tables = { active: sections.slice(0, 3), removed: [] as Section[] };
    expect(dropTarget(tables, 'section-3', 'section-1')).toEqual({ sectionId: 3, sourceTable: 'active', sourceIndex: 2, destinationTable: 'active', destinationIndex: 0 });
    expect(dropTarget(tables, 'section-2', 'table-removed')).toEqual({ sectionId: 2, sourceTable: 'active', sourceIndex: 1, destinationTable: 'removed', destinationIndex: 0 });
    expect(dropTarget(tables, 'section-2', 'section-2')).toBeNull();
  });
  it('the slice applies the move optimistically', () => {
    let state = listsReducer(undefined, listsActions.listOpened({ listId: 5, archiveView: false }));
    state = listsReducer(state, listsActions.sectionsLoaded({ listId: 5, sections }));
    state = listsReducer(state, listsActions.sectionMoveRequested({ sectionId: 3, sourceTable: 'active', sourceIndex: 2, destinationTable: 'active', destinationIndex: 0 }));
    expect(state.sections.ids).toEqual([3, 1, 2, 9]);
    expect(state.sections.entities[3]).toMatchObject({ index: 0, removed_yn: false });
  });
});
