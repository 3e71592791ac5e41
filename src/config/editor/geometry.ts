/**
 * The canvas measured: where each section's grid lies in the frame, its column and row tracks as
 * the browser laid them out (rows grow with their content, so only the browser knows them), and
 * which cell a point falls in. Positions are in the frame's page coordinates (scroll included), as
 * the interaction layer draws in them.
 */
import { GRID_COLUMNS } from '../../document/layout';
import { DEFAULT_THEME } from '../../document/theme';

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
  const rowSize = Number.parseFloat(style.getPropertyValue('--row-height')) || DEFAULT_THEME.rowHeightPx;
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

const overlaps = (a: Rect, b: Rect) => a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** Room kept between a toolbar and the block it acts on. */
const BAR_GAP = 6;

/**
 * Where a toolbar of `size` goes for the block at `target`, in page coordinates: above the block,
 * else below it, else beside it on the right or the left, each outside its edge, the first of
 * those on the page and clear of every box in `keepClear` (the other blocks, the site's header and
 * footer, the section's bar). With no such place it goes below the block all the same: the block
 * it acts on stays in sight, and the line above it is never covered.
 */
export function toolbarSpot(
  target: Rect,
  size: { width: number; height: number },
  keepClear: readonly Rect[],
  pageWidth: number,
): { left: number; top: number } {
  const across = Math.max(0, Math.min(target.left, pageWidth - size.width));
  const downAt = Math.max(0, target.top);
  const below = { left: across, top: target.top + target.height + BAR_GAP };
  const candidates = [
    { left: across, top: target.top - BAR_GAP - size.height },
    below,
    { left: target.left + target.width + BAR_GAP, top: downAt },
    { left: target.left - BAR_GAP - size.width, top: downAt },
  ];
  const fits = (spot: { left: number; top: number }) => {
    if (spot.top < 0 || spot.left < 0 || spot.left + size.width > pageWidth) return false;
    const box = { ...spot, ...size };
    return !keepClear.some((r) => overlaps(box, r));
  };
  return candidates.find(fits) ?? below;
}

/**
 * Puts `bar` (positioned inside the selection's frame, which lies over `target`) at its spot for
 * the block `target` (toolbarSpot), keeping clear of the page's other blocks,
 * the site's header and footer and the section's bar, as the browser laid them out.
 */
export function placeToolbar(bar: HTMLElement, target: Element, win: Window) {
  const doc = target.ownerDocument;
  const rect = pageRect(target, win);
  const reach = bar.offsetHeight + 2 * BAR_GAP;
  // Only the sections within the bar's reach are asked for their blocks: those out of view are not laid out, and measuring them would lay them out.
  const near = [...doc.querySelectorAll('section.page-section')].filter((section) => {
    const r = pageRect(section, win);
    return r.top < rect.top + rect.height + reach && r.top + r.height > rect.top - reach;
  });
  const blocks = near.flatMap((section) => [...section.querySelectorAll('.block[id^="block-"]')]);
  const keepClear = [...blocks, ...doc.querySelectorAll('.editor-site-frame, .editor-section-bar')]
    .filter((el) => !el.contains(target) && !target.contains(el))
    .map((el) => pageRect(el, win))
    .filter((r) => r.width > 0 && r.height > 0);
  const spot = toolbarSpot(rect, { width: bar.offsetWidth, height: bar.offsetHeight }, keepClear, doc.documentElement.clientWidth);
  bar.style.left = `${spot.left - rect.left}px`;
  bar.style.top = `${spot.top - rect.top}px`;
}
