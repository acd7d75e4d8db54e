import { describe, expect, it } from 'vitest';
import { visibleRows } from '../components/useWindowedGrid';

const CELL = { width: 64, height: 76, gap: 12 }; // a row every 88 px

describe('the strip renders only the rows in view', () => {
  it('fits the columns to the width and keeps two rows beyond each edge', () => {
    // 1000 px: 13 columns of 64 + 12; 500 members make 39 rows; the grid starts 200 px down
    expect(visibleRows(500, CELL, 1000, 200, 800)).toEqual({ columns: 13, firstRow: 0, lastRow: 9 });
  });

  it('follows the page as it scrolls, and stops at the last row', () => {
    expect(visibleRows(500, CELL, 1000, -2000, 800)).toEqual({ columns: 13, firstRow: 20, lastRow: 34 });
    expect(visibleRows(500, CELL, 1000, -3000, 800)).toEqual({ columns: 13, firstRow: 32, lastRow: 39 });
  });

  it('renders nothing of a grid far below the viewport, and one column when narrow', () => {
    expect(visibleRows(500, CELL, 1000, 5000, 800).lastRow - visibleRows(500, CELL, 1000, 5000, 800).firstRow).toBe(0);
    expect(visibleRows(3, CELL, 40, 0, 800)).toEqual({ columns: 1, firstRow: 0, lastRow: 3 });
  });
});
