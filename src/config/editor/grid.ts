/**
 * The editor's grid rules, pure: where a new block goes, how a move or a resize is kept inside the
 * grid (24 columns on desktop, 8 on phones), blocks in reading order, stacking (bring forward, send
 * back), and where each block sits on a phone. The canvas and the keyboard both go through these,
 * so a block moved by mouse or by arrow key lands by the same rules.
 *
 * A section's phone layout is automatic until the owner edits it: desktop's blocks stacked in
 * reading order, each the phone's width (src/blocks/layout-css.ts renders it so). The first phone
 * edit in a section writes that stacking down for all its blocks (`automaticPhone`), so what the
 * owner sees stays where it was and only the block they touched moves.
 */
import { readingOrder } from '../../blocks/layout-css';
import type { Block, BlockData, Placement, Section } from '../../document/schema';
import { GRID_COLUMNS } from '../../document/layout';

export const COLUMNS = GRID_COLUMNS.desktop;

/** The layouts the editor edits: desktop's (which tablets show too) and the phone's. */
export type Device = keyof typeof GRID_COLUMNS;
/** The tallest a block may be, in rows (the document's bound). */
export const MAX_ROWS = 200;

export type Box = Pick<Placement, 'x' | 'y' | 'w' | 'h'>;

/** A placement kept inside a grid of `columns`: at least one cell, no wider than the grid, never left of it or above it. */
export function clampBox(box: Box, columns: number = COLUMNS): Box {
  const w = Math.min(Math.max(1, Math.round(box.w)), columns);
  const h = Math.min(Math.max(1, Math.round(box.h)), MAX_ROWS);
  const x = Math.min(Math.max(0, Math.round(box.x)), columns - w);
  const y = Math.max(0, Math.round(box.y));
  return { x, y, w, h };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * The phone placements of a section's blocks not placed on the phone by the owner, as the automatic
 * layout shows them: in reading order, each across the phone's grid and as many rows tall as on
 * desktop, one below the other in the first rows no placed block takes (as the browser's grid
 * places them). In a section never edited on the phone, that is desktop's blocks stacked.
 */
export function automaticPhone(blocks: readonly Block<BlockData>[]): Map<string, Placement> {
  const placed = blocks.flatMap((b) => (b.layout.phone ? [b.layout.phone] : []));
  const out = new Map<string, Placement>();
  let y = 0;
  for (const block of readingOrder(blocks)) {
    if (block.layout.phone) continue;
    const h = block.layout.desktop.h;
    while (placed.some((p) => overlaps(p, { x: 0, y, w: GRID_COLUMNS.phone, h }))) y++;
    out.set(block.id, { x: 0, y, w: GRID_COLUMNS.phone, h });
    y += h;
  }
  return out;
}

/** Whether the section's phone layout was edited (any block has a phone placement): else it is automatic. */
export function phoneEdited(blocks: readonly Block<BlockData>[]): boolean {
  return blocks.some((b) => b.layout.phone !== undefined);
}

/** Where `block` of `blocks` (its section's) sits on `device`: a phone placement never edited is the automatic one. */
export function placementOf(block: Block<BlockData>, blocks: readonly Block<BlockData>[], device: Device): Placement {
  if (device === 'desktop') return block.layout.desktop;
  return block.layout.phone ?? automaticPhone(blocks).get(block.id)!;
}

/** Every block's placement on `device`, by id. */
export function placements(blocks: readonly Block<BlockData>[], device: Device): Map<string, Placement> {
  if (device === 'desktop') return new Map(blocks.map((b) => [b.id, b.layout.desktop]));
  const automatic = automaticPhone(blocks);
  return new Map(blocks.map((b) => [b.id, b.layout.phone ?? automatic.get(b.id)!]));
}

/** The first row below every block of the section on `device`: where content added at the end goes. */
export function bottomRow(blocks: readonly Block<BlockData>[], device: Device = 'desktop'): number {
  let bottom = 0;
  for (const p of placements(blocks, device).values()) bottom = Math.max(bottom, p.y + p.h);
  return bottom;
}

/**
 * Where a new block of `size` goes on `device`: at `at` when given (kept inside the grid), else the
 * first place, row by row and left to right, where it overlaps nothing — below everything at the latest.
 */
export function placeNew(blocks: readonly Block<BlockData>[], size: { w: number; h: number }, at?: { x: number; y: number }, device: Device = 'desktop'): Box {
  const columns = GRID_COLUMNS[device];
  if (at) return clampBox({ ...size, ...at }, columns);
  const w = Math.min(size.w, columns);
  const taken = [...placements(blocks, device).values()];
  const bottom = bottomRow(blocks, device);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + w <= columns; x++) {
      const box = { x, y, w, h: size.h };
      if (!taken.some((p) => overlaps(box, p))) return box;
    }
  }
  return { x: 0, y: bottom, w, h: size.h };
}

/** Every block of the page in reading order, section by section. */
export function pageOrder<D extends BlockData>(sections: readonly Section<D>[]): { block: Block<D>; section: Section<D> }[] {
  return sections.flatMap((section) => readingOrder(section.blocks).map((block) => ({ block, section })));
}

/** The stacking level that puts `block` above every block it overlaps on `device` (bring forward). */
export function forwardLevel(block: Block<BlockData>, blocks: readonly Block<BlockData>[], device: Device = 'desktop'): number {
  const at = placements(blocks, device);
  const mine = at.get(block.id)!;
  const others = blocks.filter((b) => b.id !== block.id && overlaps(at.get(b.id)!, mine));
  return Math.max(0, ...others.map((b) => at.get(b.id)!.z ?? 0)) + 1;
}

/**
 * Send back: `block` goes to level 0 and every block it overlaps is lifted above it, so it shows
 * beneath all of them however their levels stood.
 */
export function sendBackLevels(block: Block<BlockData>, blocks: readonly Block<BlockData>[], device: Device = 'desktop'): Map<string, number> {
  const at = placements(blocks, device);
  const mine = at.get(block.id)!;
  const levels = new Map<string, number>([[block.id, 0]]);
  for (const b of blocks) {
    const p = at.get(b.id)!;
    if (b.id === block.id || !overlaps(p, mine)) continue;
    levels.set(b.id, (p.z ?? 0) + 1);
  }
  return levels;
}
