/**
 * The canvas measured: where each section's grid lies in the frame, its column and row tracks as
 * the browser laid them out (rows grow with their content, so only the browser knows them), and
 * which cell a point falls in. Positions are in the frame's page coordinates (scroll included), as
 * the interaction layer draws in them.
 */
import { GRID_COLUMNS } from '../../document/layout';

export type Rect = { left: number; top: number; width: number; height: number };

export type GridGeometry = {
  sectionId: string;
  rect: Rect;
  /** Left edge and width of each column. */
  columns: { start: number; size: number }[];
  /** Top edge and height of each row the grid has; rows past them are `rowSize` tall. */
  rows: { start: number; size: number }[];
  rowSize: number;
  /** The section element's own box (with its padding), where a drop still lands in this section. */
  sectionRect: Rect;
};

export function pageRect(el: Element, win: Window): Rect {
  const r = el.getBoundingClientRect();
  return { left: r.left + win.scrollX, top: r.top + win.scrollY, width: r.width, height: r.height };
}

const tracks = (spec: string) =>
  spec
    .split(/\s+/)
    .map((t) => Number.parseFloat(t))
    .filter((n) => Number.isFinite(n));

function lay(start: number, sizes: number[], gap: number) {
  const out: { start: number; size: number }[] = [];
  let at = start;
  for (const size of sizes) {
    out.push({ start: at, size });
    at += size + gap;
  }
  return out;
}

export function measureGrid(sectionEl: HTMLElement, win: Window): GridGeometry | undefined {
  const grid = sectionEl.querySelector<HTMLElement>(':scope > .section-grid');
  const sectionId = sectionEl.id.replace(/^section-/, '');
  if (!grid) return undefined;
  const style = win.getComputedStyle(grid);
  const rect = pageRect(grid, win);
  const columnSizes = tracks(style.gridTemplateColumns);
  const rowSizes = tracks(style.gridTemplateRows);
  const rowSize = Number.parseFloat(style.getPropertyValue('--row-height')) || 22;
  const columnGap = Number.parseFloat(style.columnGap) || 0;
  const rowGap = Number.parseFloat(style.rowGap) || 0;
  // The columns as laid out: 24 on desktop, 8 at a phone's width (the page's own media query decides).
  // A grid the browser reports no tracks for is read as the width's grid, evenly split.
  const count = columnSizes.length > 0 ? columnSizes.length : rect.width < 800 ? GRID_COLUMNS.phone : GRID_COLUMNS.desktop;
  const columns =
    columnSizes.length > 0
      ? lay(rect.left, columnSizes, columnGap)
      : lay(rect.left, Array(count).fill((rect.width - columnGap * (count - 1)) / count), columnGap);
  return { sectionId, rect, columns, rows: lay(rect.top, rowSizes, rowGap), rowSize, sectionRect: pageRect(sectionEl, win) };
}

export function measureGrids(doc: Document, win: Window): GridGeometry[] {
  return [...doc.querySelectorAll<HTMLElement>('section.page-section')].flatMap((el) => measureGrid(el, win) ?? []);
}

/** The cell a point falls in (clamped to the grid's columns; rows counted on past the last). */
export function cellAt(grid: GridGeometry, x: number, y: number): { col: number; row: number } {
  let col = grid.columns.findIndex((c) => x < c.start + c.size);
  if (col === -1) col = grid.columns.length - 1;
  col = Math.max(0, col);
  let row: number;
  if (y < grid.rect.top) row = 0;
  else {
    const found = grid.rows.findIndex((r) => y < r.start + r.size);
    if (found !== -1) row = found;
    else {
      const last = grid.rows.at(-1);
      const end = last ? last.start + last.size : grid.rect.top;
      row = grid.rows.length + Math.floor((y - end) / grid.rowSize);
    }
  }
  return { col, row };
}

/** The page rectangle of a box of cells (for the ghost of a move or resize). */
export function cellsRect(grid: GridGeometry, box: { x: number; y: number; w: number; h: number }): Rect {
  const rowEdge = (i: number) => {
    const r = grid.rows[i];
    if (r) return r.start;
    const last = grid.rows.at(-1);
    const end = last ? last.start + last.size : grid.rect.top;
    return end + (i - grid.rows.length) * grid.rowSize;
  };
  const last = grid.columns.length - 1;
  const first = grid.columns[Math.min(box.x, last)]!;
  const lastCol = grid.columns[Math.min(box.x + box.w - 1, last)]!;
  const top = rowEdge(box.y);
  const bottom = rowEdge(box.y + box.h);
  return { left: first.start, top, width: lastCol.start + lastCol.size - first.start, height: Math.max(bottom - top, grid.rowSize) };
}

/** The grid whose section holds the point (the nearest one above or below when it falls between). */
export function gridAt(grids: readonly GridGeometry[], y: number): GridGeometry | undefined {
  return (
    grids.find((g) => y >= g.sectionRect.top && y < g.sectionRect.top + g.sectionRect.height) ??
    (y < (grids[0]?.sectionRect.top ?? 0) ? grids[0] : grids.at(-1))
  );
}
