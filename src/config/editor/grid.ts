/**
 * The editor's grid rules, pure: where a new block goes, how a move or a resize is kept inside the
 * 24 columns, blocks in reading order, stacking (bring forward, send back), and the words a screen
 * reader hears after each action. The canvas and the keyboard both go through these, so a block
 * moved by mouse or by arrow key lands by the same rules.
 */
import { readingOrder } from '../../blocks/layout-css';
import type { Block, BlockData, Placement, Section } from '../../document/schema';
import { GRID_COLUMNS } from '../../document/layout';

export const COLUMNS = GRID_COLUMNS.desktop;
/** The tallest a block may be, in rows (the document's bound). */
export const MAX_ROWS = 200;

export type Box = Pick<Placement, 'x' | 'y' | 'w' | 'h'>;

/** A placement kept inside the grid: at least one cell, no wider than the grid, never left of it or above it. */
export function clampBox(box: Box): Box {
  const w = Math.min(Math.max(1, Math.round(box.w)), COLUMNS);
  const h = Math.min(Math.max(1, Math.round(box.h)), MAX_ROWS);
  const x = Math.min(Math.max(0, Math.round(box.x)), COLUMNS - w);
  const y = Math.max(0, Math.round(box.y));
  return { x, y, w, h };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The first row below every block of the section: where content added at the end goes. */
export function bottomRow(blocks: readonly Block<BlockData>[]): number {
  return blocks.reduce((bottom, b) => Math.max(bottom, b.layout.desktop.y + b.layout.desktop.h), 0);
}

/**
 * Where a new block of `size` goes: at `at` when given (kept inside the grid), else the first place,
 * row by row and left to right, where it overlaps nothing — below everything at the latest.
 */
export function placeNew(blocks: readonly Block<BlockData>[], size: { w: number; h: number }, at?: { x: number; y: number }): Box {
  if (at) return clampBox({ ...size, ...at });
  const w = Math.min(size.w, COLUMNS);
  const bottom = bottomRow(blocks);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + w <= COLUMNS; x++) {
      const box = { x, y, w, h: size.h };
      if (!blocks.some((b) => overlaps(box, b.layout.desktop))) return box;
    }
  }
  return { x: 0, y: bottom, w, h: size.h };
}

/** Every block of the page in reading order, section by section. */
export function pageOrder<D extends BlockData>(sections: readonly Section<D>[]): { block: Block<D>; section: Section<D> }[] {
  return sections.flatMap((section) => readingOrder(section.blocks).map((block) => ({ block, section })));
}

/** The stacking level that puts `block` above every block it overlaps (bring forward). */
export function forwardLevel(block: Block<BlockData>, blocks: readonly Block<BlockData>[]): number {
  const others = blocks.filter((b) => b.id !== block.id && overlaps(b.layout.desktop, block.layout.desktop));
  return Math.max(0, ...others.map((b) => b.layout.desktop.z ?? 0)) + 1;
}

/**
 * Send back: `block` goes to level 0 and every block it overlaps is lifted above it, so it shows
 * beneath all of them however their levels stood.
 */
export function sendBackLevels(block: Block<BlockData>, blocks: readonly Block<BlockData>[]): Map<string, number> {
  const levels = new Map<string, number>([[block.id, 0]]);
  for (const b of blocks) {
    if (b.id === block.id || !overlaps(b.layout.desktop, block.layout.desktop)) continue;
    levels.set(b.id, (b.layout.desktop.z ?? 0) + 1);
  }
  return levels;
}
