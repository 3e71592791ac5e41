/**
 * The image block's data: its layout stored as its block variant code (seed 001 §3: 1011 to 1016,
 * inline for a block stored before the layouts), the text fields with their bounds, the button's
 * link under seed 000 §5's rules, owner HTML sanitised as it is written, the editor's fields, and
 * the narrow threshold the stylesheet's container query uses (seed 000 §9).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../document/load';
import { SITE_DOCUMENT_VERSION } from '../../document/schema';
import { BLOCK_TYPES } from '../../domain/block-types';
import { BLOCK_VARIANTS } from '../../domain/block-variants';
import { POSITIONS } from '../../domain/design-tokens';
import { LAYOUT_THRESHOLDS_PX } from '../../domain/limits';
import { blockDefinition } from '../definitions';
import { siteDocumentSchema } from '../site-document';
import { IMAGE_LAYOUT_LABELS, imageFields } from './fields';
import { IMAGE_LAYOUTS, imageData, imageLayout } from './schema';

const id = (n: number) => n.toString(16).padStart(24, '0');

/** A document of one page holding one image block with `data`. */
function documentWith(data: Record<string, unknown>) {
  return {
    format: 'openpress.site',
    version: SITE_DOCUMENT_VERSION,
    settings: { identifier: 'images', title: 'Images' },
    pages: [
      {
        id: id(1),
        pageType: 2,
        path: '/',
        title: 'Home',
        status: 1,
        sections: [{ id: id(2), blocks: [{ id: id(3), type: BLOCK_TYPES.IMAGE, data, layout: { desktop: { x: 0, y: 0, w: 12, h: 12 } } }] }],
      },
    ],
  };
}

describe('image block data', () => {
  // covers 001-3.93 (the six image variant codes, 1011 to 1016)
  it('stores its layout as the image variant codes 1011 to 1016, in the seed’s order', () => {
    expect(IMAGE_LAYOUTS).toEqual({
      inline: BLOCK_VARIANTS.IMAGE_INLINE,
      poster: BLOCK_VARIANTS.IMAGE_POSTER,
      card: BLOCK_VARIANTS.IMAGE_CARD,
      overlap: BLOCK_VARIANTS.IMAGE_OVERLAP,
      collage: BLOCK_VARIANTS.IMAGE_COLLAGE,
      stack: BLOCK_VARIANTS.IMAGE_STACK,
    });
    expect(Object.values(IMAGE_LAYOUTS)).toEqual([1011, 1012, 1013, 1014, 1015, 1016]);
    for (const code of [1011, 1012, 1013, 1014, 1015, 1016]) expect(imageData.parse({ src: '/s/a.jpg', alt: 'A', variant: code }).variant).toBe(code);
    for (const code of [1010, 1017, 1002, '1012', 'poster']) {
      const parsed = imageData.safeParse({ src: '/s/a.jpg', alt: 'A', variant: code });
      expect(parsed.success, String(code)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('must be an image layout code, 1011 to 1016');
    }
    expect(imageLayout(1014)).toBe('overlap');
    expect(imageLayout(undefined)).toBe('inline');
  });

  it('reads an image block stored before the layouts as inline, its own properties unchanged', () => {
    const old = { src: '/s/a.jpg', alt: 'A', caption: 'Cap', link: '/about', fit: 'fit', focalPoint: { x: 0.2, y: 0.8 } };
    const parsed = imageData.parse(old);
    expect(parsed).toMatchObject(old);
    expect(parsed.variant).toBe(IMAGE_LAYOUTS.inline);
    expect([parsed.title, parsed.bodyHtml, parsed.buttonText, parsed.buttonLink]).toEqual([undefined, undefined, undefined, undefined]);
    const loaded = loadDocument(documentWith(old), siteDocumentSchema);
    expect(loaded.ok).toBe(true);
  });

  // related to 001-3.89 (the text position takes the nine positions)
  it('bounds the text fields and takes the nine positions, two sides and three panels', () => {
    const base = { src: '/s/a.jpg', alt: 'A' };
    expect(imageData.safeParse({ ...base, title: 'x'.repeat(301) }).success).toBe(false);
    expect(imageData.safeParse({ ...base, buttonText: 'x'.repeat(101) }).success).toBe(false);
    expect(imageData.safeParse({ ...base, bodyHtml: 'x'.repeat(5001) }).success).toBe(false);
    for (const p of POSITIONS) expect(imageData.parse({ ...base, contentPosition: p }).contentPosition).toBe(p);
    expect(imageData.safeParse({ ...base, contentPosition: 'MIDDLE' }).success).toBe(false);
    expect(imageData.safeParse({ ...base, imageSide: 'top' }).success).toBe(false);
    expect(imageData.safeParse({ ...base, panel: 'pink' }).success).toBe(false);
    expect(imageData.parse(base)).toMatchObject({ contentPosition: 'CENTER_LEFT', imageSide: 'left', panel: 'accent', headingLevel: 'h2' });
  });

  // The link rules of seed 000 §5, on the button and in the body.
  it('refuses a button link or a body link a page may not carry, naming where', () => {
    const bad = loadDocument(
      documentWith({
        src: '/s/a.jpg',
        alt: 'A',
        variant: 1013,
        buttonText: 'Go',
        buttonLink: 'javascript:alert(1)',
        bodyHtml: '<p><a href="javascript:alert(2)">x</a></p>',
      }),
      siteDocumentSchema,
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => e.path)).toEqual(['$.pages[0].sections[0].blocks[0].data.bodyHtml', '$.pages[0].sections[0].blocks[0].data.buttonLink']);
    expect(bad.errors[1]!.message).toContain('javascript: link');
  });

  it('sanitises the body when it is written: no scripts, handlers or styles reach the page', () => {
    const loaded = loadDocument(
      documentWith({
        src: '/s/a.jpg',
        alt: 'A',
        variant: 1012,
        bodyHtml: '<p onclick="alert(1)">Hi<script>alert(2)</script><style>p{}</style><a href="/ok" onmouseover="x()">ok</a></p><img src=x onerror="alert(3)">',
      }),
      siteDocumentSchema,
    );
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.document.pages[0]!.sections[0]!.blocks[0]!.data.bodyHtml).toBe('<p>Hi<a href="/ok">ok</a></p>');
  });
});

describe('image block editor fields', () => {
  it('offers the six layouts by their names, valued by their codes, in three groups', () => {
    const variant = imageFields.variant!;
    expect(variant).toMatchObject({ type: 'select', label: 'Layout', group: 'layout', optional: true });
    if (variant.type !== 'select') return;
    expect(variant.options.map((o) => o.value)).toEqual(['1011', '1012', '1013', '1014', '1015', '1016']);
    expect(variant.options.map((o) => o.label.split(':')[0])).toEqual(['Inline', 'Poster', 'Card', 'Overlap', 'Collage', 'Stack']);
    expect(Object.keys(IMAGE_LAYOUT_LABELS)).toEqual(Object.keys(IMAGE_LAYOUTS));
    expect(imageFields.bodyHtml).toMatchObject({ type: 'textarea', html: 'text', maxLength: 5000 });
    expect(imageFields.buttonLink).toMatchObject({ type: 'link', maxLength: 1000, optional: true });
    const def = blockDefinition(BLOCK_TYPES.IMAGE)!;
    expect(def.groups?.map((g) => g.key)).toEqual(['image', 'layout', 'text']);
    // Every property sits in one of them, so the grouped editor shows each once.
    for (const [key, field] of Object.entries(def.fields)) expect(field.group, key).toMatch(/^(image|layout|text)$/);
  });
});

describe('the narrow layout', () => {
  // covers 000-9.32 (the threshold the container query uses; Chromium proves the layout in e2e/image-block.test.ts)
  it('queries the block’s own width under 415 px, the seed’s threshold', () => {
    const css = readFileSync(new URL('./style.css', import.meta.url), 'utf8');
    const queries = [...css.matchAll(/@container image-block \(width < (\d+)px\)/g)].map((m) => Number(m[1]));
    expect(queries).toEqual([LAYOUT_THRESHOLDS_PX.IMAGE_NARROW_UNDER]);
    expect(LAYOUT_THRESHOLDS_PX.IMAGE_NARROW_UNDER).toBe(415);
    expect(css).toContain('container: image-block / inline-size');
  });
});
