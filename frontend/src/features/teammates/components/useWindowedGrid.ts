import { useCallback, useLayoutEffect, useState } from 'react';

export interface GridCell {
  width: number;
  height: number;
  gap: number;
}

interface Rows {
  columns: number;
  firstRow: number;
  lastRow: number;
}

/** Rows rendered beyond each edge of the viewport, so scrolling and Tab reach rendered cells. */
const OVERSCAN_ROWS = 2;

/** Which rows of a wrapping grid of `count` fixed-size cells are in the viewport, given the
 * grid's width and its top relative to the viewport (pure, for the hook and its tests). */
export function visibleRows(count: number, cell: GridCell, width: number, top: number, viewport: number): Rows {
  const columns = Math.max(1, Math.floor((width + cell.gap) / (cell.width + cell.gap)));
  const rows = Math.ceil(count / columns);
  const step = cell.height + cell.gap;
  const firstRow = Math.min(rows, Math.max(0, Math.floor(-top / step) - OVERSCAN_ROWS));
  const lastRow = Math.max(firstRow, Math.min(rows, Math.ceil((viewport - top) / step) + OVERSCAN_ROWS));
  return { columns, firstRow, lastRow };
}

/**
 * Windowing for a CSS grid of fixed-size cells (`repeat(auto-fill, width)`) that scrolls with the
 * page: the cells `[first, last)` to render and the padding that stands for the rows left out.
 * The first render has no cells: the grid is measured in a layout effect, before the browser
 * paints, and the rows in view are rendered then (rendering every cell first and windowing after
 * cost the 500-member /office most of its first render: bench/README.md, issue 25). A grid with
 * no width (not laid out, or in jsdom) renders every cell.
 */
export function useWindowedGrid<T extends HTMLElement>(count: number, cell: GridCell) {
  const [node, setNode] = useState<T | null>(null);
  // null: not measured yet; 'all': measured without a width.
  const [rows, setRows] = useState<Rows | 'all' | null>(null);
  const ref = useCallback((element: T | null) => setNode(element), []);

  useLayoutEffect(() => {
    if (!node) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const width = node.clientWidth;
      const next = width > 0 ? visibleRows(count, cell, width, node.getBoundingClientRect().top, window.innerHeight) : 'all';
      setRows((current) =>
        current && current !== 'all' && next !== 'all' && current.columns === next.columns && current.firstRow === next.firstRow && current.lastRow === next.lastRow
          ? current
          : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(node);
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [node, count, cell]);

  if (rows === null) return { ref, first: 0, last: 0, padTop: 0, padBottom: 0 };
  if (rows === 'all') return { ref, first: 0, last: count, padTop: 0, padBottom: 0 };
  const step = cell.height + cell.gap;
  const total = Math.ceil(count / rows.columns);
  return {
    ref,
    first: rows.firstRow * rows.columns,
    last: Math.min(count, rows.lastRow * rows.columns),
    padTop: rows.firstRow * step,
    padBottom: (total - rows.lastRow) * step,
  };
}
