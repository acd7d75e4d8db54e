import type { Section, SectionTable } from '../../api/types';
import type { SectionMove } from './slice';

export const itemId = (section: Section) => `section-${section.id}`;

/** Where a drop lands: the table and index of the row under the pointer, or the end of an empty table. */
export function dropTarget(
  tables: Record<SectionTable, Section[]>,
  activeId: string,
  overId: string,
): SectionMove | null {
  const find = (id: string): { table: SectionTable; index: number } | null => {
    for (const table of ['active', 'removed'] as SectionTable[]) {
      if (id === `table-${table}`) return { table, index: tables[table].length };
      const index = tables[table].findIndex((s) => itemId(s) === id);
      if (index >= 0) return { table, index };
    }
    return null;
  };
  const from = find(activeId);
  const to = find(overId);
  if (!from || !to) return null;
  const section = tables[from.table][from.index];
  let destinationIndex = to.index;
  // Dropped on its own table's empty area: the end of the table, without itself.
  if (from.table === to.table && overId === `table-${to.table}`) destinationIndex = tables[to.table].length - 1;
  if (from.table === to.table && destinationIndex === from.index) return null;
  return {
    sectionId: section.id,
    sourceTable: from.table,
    sourceIndex: from.index,
    destinationTable: to.table,
    destinationIndex,
  };
}

