/**
 * The grid rules as a change writes them into the draft document (immer): a phone layout written
 * down before a phone edit, the placement a change on a device writes, blocks pushed down on the
 * phone, and a block found in the draft.
 */
import type { Draft } from 'immer';
import type { Placement } from '../../document/layout';
import { EditorRefusal, type EditorBlock, type EditorDoc, type EditorSection } from './document';
import { automaticPhone, phoneEdited, placements, type Device } from './grid';

/**
 * Before a phone edit: a section whose phone layout is still automatic gets it written down, block
 * by block, so that only the block being edited moves.
 */
export function fixPhoneLayout(section: Draft<EditorSection>) {
  if (phoneEdited(section.blocks as EditorBlock[])) return;
  const automatic = automaticPhone(section.blocks as EditorBlock[]);
  for (const b of section.blocks) b.layout.phone = { ...automatic.get(b.id)! };
}

/** The placement a change on `device` writes (the phone's written down first). */
export function draftPlacement(section: Draft<EditorSection>, block: Draft<EditorBlock>, device: Device): Draft<Placement> {
  if (device === 'desktop') return block.layout.desktop;
  fixPhoneLayout(section);
  block.layout.phone ??= { ...automaticPhone(section.blocks as EditorBlock[]).get(block.id)! };
  return block.layout.phone;
}

/** Phone places worked out beforehand (blocks pushed down: ./grid.ts `stackOnPhone`), written into the section. */
export function writePhoneMoves(section: Draft<EditorSection>, moved: ReadonlyMap<string, Placement>) {
  if (moved.size === 0) return;
  fixPhoneLayout(section);
  for (const b of section.blocks) {
    const at = moved.get(b.id);
    if (at) b.layout.phone = { ...at };
  }
}

/** The section's blocks on the phone but `id`, by id: what a block placed there lands among. */
export function othersOnPhone(blocks: readonly EditorBlock[], id?: string): Map<string, Placement> {
  return new Map([...placements(blocks, 'phone')].filter(([other]) => other !== id));
}

export function draftBlock(doc: Draft<EditorDoc>, id: string) {
  for (const section of doc.sections) {
    const index = section.blocks.findIndex((b) => b.id === id);
    if (index !== -1) return { section, index, block: section.blocks[index]! };
  }
  throw new EditorRefusal(`no block ${id}`);
}
