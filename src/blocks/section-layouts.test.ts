import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../domain/block-types';
import { createSectionSchema, GRID_COLUMNS, type Placement } from '../document/layout';
import { readingOrder } from './layout-css';
import { buildSectionLayout, SECTION_LAYOUTS, sectionLayout, type SectionLayoutKey } from './section-layouts';
import { storedBlockSchemas } from './sanitize';

const newId = () => randomBytes(12).toString('hex');
const section = createSectionSchema(storedBlockSchemas);
const IMAGE = '/s/photo.jpg';

/** Every layout that builds: the ten the pickers offer, and the two kept for the blank site and the API. */
const ALL: SectionLayoutKey[] = [...SECTION_LAYOUTS.map((l) => l.key), 'heading-text', 'full-image'];
const built = (key: SectionLayoutKey) => buildSectionLayout(key, newId, sectionLayout(key)!.needsImage ? { image: IMAGE } : {})!;

const overlaps = (a: Placement, b: Placement) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function overlapping(boxes: readonly Placement[]): [number, number][] {
  const pairs: [number, number][] = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => overlaps(a, b) && pairs.push([i, i + 1 + j])));
  return pairs;
}

describe('section layouts', () => {
  it.each(ALL)('%s builds a section the document accepts, with ids of its own', (key) => {
    const first = built(key);
    const parsed = section.safeParse(first);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // Its texts are already in the form the editor writes, so the first save changes nothing in them.
    const texts = (s: typeof first) => s.blocks.filter((b) => b.type === BLOCK_TYPES.HTML).map((b) => b.data);
    expect(texts(parsed.data!)).toEqual(texts(first));
    const again = built(key);
    expect(again.id).not.toBe(first.id);
    expect(again.blocks.map((b) => b.id)).not.toEqual(first.blocks.map((b) => b.id));
    expect(new Set([first.id, ...first.blocks.map((b) => b.id)]).size).toBe(first.blocks.length + 1);
  });

  it.each(ALL)('%s places no block over another, on desktop and on phones', (key) => {
    const { blocks } = built(key);
    expect(overlapping(blocks.map((b) => b.layout.desktop))).toEqual([]);
    const phone = blocks.flatMap((b) => (b.layout.phone ? [b.layout.phone] : []));
    expect(overlapping(phone)).toEqual([]);
    for (const p of phone) expect(p.x + p.w).toBeLessThanOrEqual(GRID_COLUMNS.phone);
  });

  it.each(ALL)('%s reads on phones in the order it lists its blocks', (key) => {
    const { blocks } = built(key);
    const listed = blocks.map((b) => b.id);
    if (blocks.every((b) => !b.layout.phone)) {
      // Automatic: desktop's blocks stacked in reading order, which is the listed order.
      expect(readingOrder(blocks).map((b) => b.id)).toEqual(listed);
    } else {
      // Placed: every block, one below the other as listed, each across the phone's grid.
      expect(blocks.every((b) => b.layout.phone?.x === 0 && b.layout.phone.w === GRID_COLUMNS.phone)).toBe(true);
      expect([...blocks].sort((a, b) => a.layout.phone!.y - b.layout.phone!.y).map((b) => b.id)).toEqual(listed);
    }
  });

  it('offers ten layouts, one per need, each named and described on one line', () => {
    expect(SECTION_LAYOUTS.map((l) => l.key)).toEqual([
      'hero',
      'features',
      'gallery',
      'testimonials',
      'pricing',
      'team',
      'faq',
      'contact',
      'call-to-action',
      'footer-columns',
    ]);
    expect(new Set(SECTION_LAYOUTS.map((l) => l.label)).size).toBe(10);
    for (const l of SECTION_LAYOUTS) expect(l.description).toMatch(/^[A-Z][^\n]{10,80}\.$/);
  });

  it('draws each layout in a colour theme of the design: the call to action on the accent, footer columns on dark', () => {
    const themes = Object.fromEntries(SECTION_LAYOUTS.map((l) => [l.key, built(l.key).theme]));
    expect(themes).toMatchObject({ hero: 'white', testimonials: 'light', 'call-to-action': 'accent', 'footer-columns': 'dark' });
  });

  it('gives each need its blocks: the FAQ an accordion of four, pricing three plans with a button each, contact a form', () => {
    const types = (key: SectionLayoutKey) => built(key).blocks.map((b) => b.type);
    const { ACCORDION, BUTTON, FORM, GALLERY, HTML, IMAGE: PICTURE } = BLOCK_TYPES;
    expect(types('hero')).toEqual([HTML, BUTTON, BUTTON, PICTURE]);
    expect(types('gallery')).toEqual([HTML, GALLERY]);
    expect(types('pricing')).toEqual([HTML, HTML, BUTTON, HTML, BUTTON, HTML, BUTTON]);
    expect(types('faq')).toEqual([HTML, ACCORDION]);
    expect((built('faq').blocks[1]!.data.items as unknown[]).length).toBe(4);
    expect(types('contact')).toEqual([HTML, FORM]);
    expect(types('call-to-action')).toEqual([HTML, BUTTON]);
    expect(JSON.stringify(built('pricing'))).toMatch(/\$19 a month.*\$49 a month.*\$99 a month/);
  });

  it.each(SECTION_LAYOUTS.filter((l) => l.needsImage).map((l) => l.key))('%s needs its image: none builds nothing, one is shown', (key) => {
    expect(buildSectionLayout(key, newId)).toBeUndefined();
    const image = buildSectionLayout(key, newId, { image: IMAGE })!.blocks.find((b) => b.type === BLOCK_TYPES.IMAGE)!;
    expect(image.data.src).toBe(IMAGE);
  });

  it('still takes the first layouts’ keys, each naming the layout it grew into; an unknown key builds nothing', () => {
    expect(sectionLayout('image-text')?.key).toBe('hero');
    expect(sectionLayout('three-columns')?.key).toBe('features');
    expect(sectionLayout('form')?.key).toBe('contact');
    expect(sectionLayout('heading-text')?.key).toBe('heading-text');
    expect(sectionLayout('full-image')?.needsImage).toBe(true);
    expect(sectionLayout('carousel')).toBeUndefined();
    expect(sectionLayout('toString')).toBeUndefined();
    expect(buildSectionLayout('nothing' as never, newId)).toBeUndefined();
  });
});
