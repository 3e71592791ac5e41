/**
 * A page's layout (ENGINEERING.md, "One document"): sections hold a CSS grid of 24 columns on
 * desktop and 8 on phones; each block has a position and size per device (desktop stored, phone
 * stored once edited). A block's `data` is checked against the schema of its `type`, which the
 * block definitions give (src/blocks/definitions.ts); here it is a type parameter, so the same
 * shapes describe a document being edited and one as stored (`StoredBlockData`).
 */
import { z } from 'zod';
import { BLOCK_TYPE_MAX, BLOCK_TYPE_MIN } from '../domain/block-types';
import { EDITOR_LIMITS } from '../domain/editor-limits';
import { hexId } from './primitives';

/** Desktop grid columns and phone grid columns (ENGINEERING.md: Fluid-Engine-like grid). */
export const GRID_COLUMNS = { desktop: 24, phone: 8 } as const;
/** Seed 000 §9 / 001 §9: MAX_BLOCKS_PER_LAYOUT. */
export const MAX_BLOCKS_PER_SECTION = EDITOR_LIMITS.MAX_BLOCKS_PER_LAYOUT;

export const SECTION_THEMES = ['white', 'light', 'dark', 'accent'] as const;
export type SectionTheme = (typeof SECTION_THEMES)[number];
/** How tall a section is at least; absent, as tall as its blocks. `screen` fills the visitor's window. */
export const SECTION_HEIGHTS = ['small', 'medium', 'large', 'screen'] as const;
export type SectionHeight = (typeof SECTION_HEIGHTS)[number];

export const placement = z
  .object({
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    w: z.number().int().min(1),
    h: z.number().int().min(1).max(200),
    /** Stacking among overlapping blocks (bring forward, send back): higher shows above; absent is 0. */
    z: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type Placement = z.infer<typeof placement>;

export const layoutSchema = z
  .object({
    desktop: placement,
    /** Absent when the phone layout was never edited: desktop's blocks stacked in reading order. */
    phone: placement.optional(),
  })
  .strict();
export type BlockLayout = z.infer<typeof layoutSchema>;

/** Block data of any kind, as a document holds it before it is stored. */
export type BlockData = Record<string, unknown>;

declare const storedData: unique symbol;
/**
 * Block data as the database stores it and views render it: it passed its kind's schema and the
 * owner-HTML sanitiser. Only src/blocks/sanitize.ts makes it, so a write path that skips the
 * sanitiser does not compile (the `pages.sections` and `collection_items.sections` columns hold it).
 */
export type StoredBlockData = BlockData & { readonly [storedData]: true };

/** What a block kind contributes to the document: its type number and the schema of its data. */
export type BlockDataSchemas<D extends BlockData = BlockData> = ReadonlyMap<number, z.ZodType<D, unknown>>;

export type Block<D extends BlockData = BlockData> = { id: string; type: number; data: D; layout: BlockLayout };
export type Section<D extends BlockData = BlockData> = { id: string; theme: SectionTheme; height?: SectionHeight; blocks: Block<D>[] };
export type StoredBlock = Block<StoredBlockData>;
export type StoredSection = Section<StoredBlockData>;

function checkFits(layout: BlockLayout, ctx: z.RefinementCtx) {
  for (const device of ['desktop', 'phone'] as const) {
    const p = layout[device];
    if (p && p.x + p.w > GRID_COLUMNS[device]) {
      ctx.addIssue({ code: 'custom', path: ['layout', device], message: `x + w must be at most ${GRID_COLUMNS[device]} columns` });
    }
  }
}

function createBlockSchema<D extends BlockData>(blockData: BlockDataSchemas<D>) {
  const kinds = [...blockData].map(([type, data]) => z.object({ id: hexId, type: z.literal(type), data, layout: layoutSchema }).strict());
  if (kinds.length === 0) throw new Error('no block kinds registered');
  return z
    .discriminatedUnion('type', kinds as unknown as [(typeof kinds)[number], ...(typeof kinds)[number][]], {
      error: (issue) =>
        issue.code === 'invalid_union'
          ? `block type must be one of ${[...blockData.keys()].join(', ')} (between ${BLOCK_TYPE_MIN} and ${BLOCK_TYPE_MAX})`
          : undefined,
    })
    .superRefine((block, ctx) => checkFits(block.layout, ctx));
}

/** The schema of a section whose blocks' data follow `blockData`. */
export function createSectionSchema<D extends BlockData>(blockData: BlockDataSchemas<D>): z.ZodType<Section<D>, unknown> {
  return z
    .object({
      id: hexId,
      theme: z.enum(SECTION_THEMES).default('white'),
      height: z.enum(SECTION_HEIGHTS).optional(),
      blocks: z.array(createBlockSchema(blockData)).max(MAX_BLOCKS_PER_SECTION, `a section layout holds at most ${MAX_BLOCKS_PER_SECTION} blocks`),
    })
    .strict() as unknown as z.ZodType<Section<D>, unknown>;
}
