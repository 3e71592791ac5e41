/**
 * Section layouts: the starting points an owner picks when adding a section in the editor or a
 * page from the Pages screen (a heading and text, an image beside text, three columns, a
 * full-width image, a form). Each builds a section of ordinary blocks with fresh ids, from the
 * kinds' own defaults; the server checks the result as it checks any saved section.
 *
 * Built from the kinds' defaults modules only (no views, no schemas), so the Pages screen can offer
 * them without carrying the block definitions.
 */
import { BLOCK_TYPES } from '../domain/block-types';
import type { BlockData, Section } from '../document/layout';
import type { RichText } from '../document/rich-text';
import { formDefaults, formSize } from './form/defaults';
import { imageDefaults, imageSize } from './image/defaults';
import { textSize } from './text/defaults';

export type SectionLayoutKey = 'heading-text' | 'image-text' | 'three-columns' | 'full-image' | 'form';

export type SectionLayout = {
  key: SectionLayoutKey;
  label: string;
  description: string;
  /** The layout shows an image the owner picks as it is added: a site file (/s/name) or an https address. */
  needsImage: boolean;
};

export const SECTION_LAYOUTS: readonly SectionLayout[] = [
  { key: 'heading-text', label: 'Heading and text', description: 'A heading with a paragraph below it.', needsImage: false },
  { key: 'image-text', label: 'Image beside text', description: 'An image on the left, a heading and words on the right.', needsImage: true },
  { key: 'three-columns', label: 'Three columns', description: 'Three headings, each with a paragraph.', needsImage: false },
  { key: 'full-image', label: 'Full-width image', description: 'One image across the whole section.', needsImage: true },
  { key: 'form', label: 'Form', description: 'A heading and a contact form.', needsImage: false },
];

export const SECTION_LAYOUT_KEYS = SECTION_LAYOUTS.map((l) => l.key) as [SectionLayoutKey, ...SectionLayoutKey[]];

export function sectionLayout(key: string): SectionLayout | undefined {
  return SECTION_LAYOUTS.find((l) => l.key === key);
}

function words(heading: string, paragraph: string, level: 1 | 2 | 3 = 2): { text: RichText } {
  return {
    text: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level, textAlign: null }, content: [{ type: 'text', text: heading }] },
        { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: paragraph }] },
      ],
    },
  } as { text: RichText };
}

type Box = { x: number; y: number; w: number; h: number };

/**
 * A new section of the layout `key`, with ids from `newId`. `image` is the picked image's address
 * for a layout that needs one. Undefined for an unknown key, or a missing image.
 */
export function buildSectionLayout(key: SectionLayoutKey, newId: () => string, opts: { image?: string } = {}): Section<BlockData> | undefined {
  const layout = sectionLayout(key);
  if (!layout || (layout.needsImage && !opts.image)) return undefined;
  const block = (type: number, data: BlockData, desktop: Box) => ({ id: newId(), type, data, layout: { desktop } });
  const image = (desktop: Box) => block(BLOCK_TYPES.IMAGE, { ...imageDefaults, src: opts.image! }, desktop);
  const text = (heading: string, paragraph: string, desktop: Box) => block(BLOCK_TYPES.HTML, words(heading, paragraph), desktop);
  const section = (blocks: Section<BlockData>['blocks']): Section<BlockData> => ({ id: newId(), theme: 'white', blocks });
  switch (key) {
    case 'heading-text':
      return section([
        text('A heading for this section', 'Say what this part of the page is about. Click to write your own words.', { x: 2, y: 1, w: 20, h: textSize.h + 2 }),
      ]);
    case 'image-text':
      return section([
        image({ x: 1, y: 1, w: imageSize.w - 1, h: imageSize.h }),
        text('Tell your story', 'Put a few words beside the picture: what it shows, and why it matters.', { x: 13, y: 3, w: 10, h: textSize.h + 2 }),
      ]);
    case 'three-columns':
      return section(
        ['First', 'Second', 'Third'].map((name, i) => text(`${name} point`, 'A sentence or two about it.', { x: 1 + i * 8, y: 1, w: 6, h: textSize.h + 2 })),
      );
    case 'full-image':
      return section([image({ x: 0, y: 0, w: 24, h: 16 })]);
    case 'form':
      return section([
        text('Get in touch', 'Send us a message and we will answer soon.', { x: 6, y: 1, w: 12, h: textSize.h }),
        block(BLOCK_TYPES.FORM, { ...structuredClone(formDefaults), formId: newId() }, { x: 6, y: 1 + textSize.h + 1, w: formSize.w, h: formSize.h }),
      ]);
  }
}
