/**
 * The page's document as the editor holds it: its sections and blocks, the clipboard's items, and
 * the small lookups every part of the editor shares (a block by id, a kind's label, a new id).
 */
import { blockDefinition } from '../../blocks/definitions';
// From ./layout, not ../schema: the document module holds page types, which the visitor chunk keeps (vite.config.ts).
import type { Block, BlockData, Section } from '../../document/layout';

export type EditorBlock = Block<BlockData>;
export type EditorSection = Section<BlockData>;
export type EditorDoc = { sections: EditorSection[] };

/** What Copy put on the editor's clipboard: a block or a whole section, to paste into any page of the site. */
export type ClipboardItem = { kind: 'block'; block: EditorBlock } | { kind: 'section'; section: EditorSection };
export type EditorClipboard = { read(): ClipboardItem | undefined; write(item: ClipboardItem): void };

/** A clipboard that lives as long as the store (tests; the editor passes one kept in the browser). */
export function memoryClipboard(): EditorClipboard {
  let item: ClipboardItem | undefined;
  return { read: () => item, write: (next) => (item = next) };
}

/** A change refused by the editor's rules, with the message to show. */
export class EditorRefusal extends Error {}

export function newId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function kindLabel(type: number): string {
  return blockDefinition(type)?.label ?? 'Block';
}

/** The kinds of the blocks `ids` as a sentence lists them: "Image block", "Image block and Text block". */
export function kindsOf(ids: readonly string[], blocks: readonly EditorBlock[]): string {
  const names = ids.map((id) => `${kindLabel(blocks.find((b) => b.id === id)!.type)} block`);
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
}

export function findBlock(doc: EditorDoc, id: string | undefined): { block: EditorBlock; section: EditorSection } | undefined {
  if (!id) return undefined;
  for (const section of doc.sections) {
    const block = section.blocks.find((b) => b.id === id);
    if (block) return { block, section };
  }
  return undefined;
}
