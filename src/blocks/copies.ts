/**
 * Copies of blocks and sections with ids of their own: the copy's id, each block's, and the data a
 * kind keeps unique across the site (its definition's `ids`: a form's formId, a newsletter's list).
 * Duplicating a page on the server and duplicating, pasting or copying a section in the editor all
 * copy through these, so a copy never shares an id with its original.
 */
import type { Block, BlockData, Section } from '../document/layout';
import { blockDefinition } from './definitions';

export function copyBlock<B extends Block<BlockData>>(block: B, newId: () => string): B {
  const data = structuredClone(block.data) as BlockData;
  for (const key of blockDefinition(block.type)?.ids ?? []) data[key] = newId();
  return { ...structuredClone(block), id: newId(), data };
}

export function copySection<S extends Section<BlockData>>(section: S, newId: () => string): S {
  return { ...structuredClone(section), id: newId(), blocks: section.blocks.map((b) => copyBlock(b, newId)) };
}
