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

/**
 * Whether two blocks were layered on purpose (Bring forward, Send back): their stacking levels
 * differ. Blocks on one level are in the phone's stacked flow, where none hides another.
 */
export const layered = (a: Placement, b: Placement): boolean => (a.z ?? 0) !== (b.z ?? 0);

const sideBySide = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w;

/**
 * The phone's stacked flow kept when `placed` lands among `others` (the rest of its section, by id,
 * as they sit on the phone): every block of its level it would cover moves down below it, and any
 * block those then cover moves down in turn, so the rest keep their order. `settle` (a drop): a
 * top that falls inside a block goes to that block's top when in its upper half, else below it.
 * Blocks on another level (layered on purpose) stay where they are. Gives where `placed` ends up
 * and each block that moved.
 */
export function stackOnPhone(placed: Placement, others: ReadonlyMap<string, Placement>, settle = false): { placed: Placement; moved: Map<string, Placement> } {
  const flow = [...others].filter(([, at]) => !layered(at, placed));
  let y = placed.y;
  if (settle) {
    for (let i = 0; i <= flow.length; i++) {
      const inside = flow.find(([, at]) => sideBySide(at, placed) && at.y < y && y < at.y + at.h)?.[1];
      if (!inside) break;
      y = y - inside.y < inside.h / 2 ? inside.y : inside.y + inside.h;
    }
  }
  const final = { ...placed, y };
  const settled: Box[] = [final];
  const moved = new Map<string, Placement>();
  for (const [id, at] of flow.sort(([, a], [, b]) => a.y - b.y || a.x - b.x)) {
    let top = at.y;
    for (let hit = settled.find((s) => overlaps(s, { ...at, y: top })); hit; hit = settled.find((s) => overlaps(s, { ...at, y: top }))) top = hit.y + hit.h;
    if (top !== at.y) moved.set(id, { ...at, y: top });
    settled.push({ ...at, y: top });
  }
  return { placed: final, moved };
}

/**
 * Where a block one row up or down (an arrow key) goes on the phone when that row holds another
 * block of its level: up, it takes that block's place and the block goes below it; down, it goes
 * past that block, which comes up into its place when that leaves no block covered, else it stays
 * and the moved block goes below it. Gives the block's new place and each other block that moved.
 */
export function stepOnPhone(current: Placement, others: ReadonlyMap<string, Placement>, dy: -1 | 1): { placed: Placement; moved: Map<string, Placement> } {
  const target = { ...current, y: Math.max(0, current.y + dy) };
  const flow = [...others].filter(([, at]) => !layered(at, current));
  const covered = flow.filter(([, at]) => overlaps(at, target) && !overlaps(at, current));
  if (covered.length === 0) return stackOnPhone(target, others);
  if (dy < 0) return stackOnPhone({ ...target, y: Math.min(...covered.map(([, at]) => at.y)) }, others);
  const [[id, below]] = covered as [[string, Placement]];
  const up = { ...below, y: current.y };
  const rest = new Map(flow.filter(([other]) => other !== id));
  if (covered.length === 1 && ![...rest.values()].some((at) => overlaps(at, up))) {
    const { placed, moved } = stackOnPhone({ ...current, y: below.y + below.h - current.h }, new Map([...rest, [id, up]]));
    return { placed, moved: new Map([[id, up], ...moved]) };
  }
  return stackOnPhone({ ...current, y: Math.max(...covered.map(([, at]) => at.y + at.h)) }, others);
}

/**
 * The blocks of a section another covers on `device`, each with the blocks covering it: of two
 * blocks on one level whose areas meet, the one earlier in reading order is painted beneath.
 * Blocks layered on purpose (their levels differ) are left out: the owner chose which shows.
 */
export function coveredBlocks(blocks: readonly Block<BlockData>[], device: Device): Map<string, string[]> {
  const at = placements(blocks, device);
  const order = readingOrder(blocks);
  const out = new Map<string, string[]>();
  order.forEach((below, i) => {
    const mine = at.get(below.id)!;
    const over = order.slice(i + 1).filter((b) => !layered(at.get(b.id)!, mine) && overlaps(at.get(b.id)!, mine));
    if (over.length > 0)
      out.set(
        below.id,
        over.map((b) => b.id),
      );
  });
  return out;
}
