/**
 * Text highlight in the site document and on the page (seed 001 §3): the mark's settings checked
 * strictly with their defaults filled in, the SVG the view draws from them (presentation
 * attributes, classes and data attributes only: no inline style under the page's CSP), the text
 * block's island marked only on blocks holding a highlight, and owner HTML still unable to carry
 * SVG or highlight markup of its own through the sanitiser.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { richText, type RichText } from '../../document/rich-text';
import type { StoredBlock } from '../../document/schema';
import { BLOCK_TYPES } from '../../domain/block-types';
import { HIGHLIGHT_DEFAULTS, HIGHLIGHT_SHAPES } from '../../domain/text-highlight';
import { sanitize } from '../sanitize';
import { BlockFrame } from '../sections-view';
import { hasHighlight } from './schema';
import { TextView } from './view';

const ctx = { host: 'example.com', files: new Map(), featureFlags: [] };
const doc = (marks: unknown[], text = 'wonderful') => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'A ' },
        { type: 'text', text, marks },
        { type: 'text', text: ' day' },
      ],
    },
  ],
});
const render = (text: RichText) => renderToStaticMarkup(createElement(TextView, { id: 'b', data: { text }, ctx, columns: 24, priority: false }));
const highlighted = (attrs: Record<string, unknown> = {}) => richText.parse(doc([{ type: 'highlight', attrs }]));

describe('the highlight mark in rich text', () => {
  // covers 001-3.65, 001-3.68
  it('fills every setting left out with its default', () => {
    const parsed = highlighted();
    const para = parsed.content[0]!;
    expect(para.type === 'paragraph' && para.content?.[1]).toEqual({
      type: 'text',
      text: 'wonderful',
      marks: [{ type: 'highlight', attrs: HIGHLIGHT_DEFAULTS }],
    });
    expect(richText.parse(doc([{ type: 'highlight' }]))).toEqual(parsed);
  });

  it('refuses a setting outside its list or bounds, and any attribute it does not name, saying what is allowed', () => {
    const refused = (attrs: Record<string, unknown>) => {
      const result = richText.safeParse(doc([{ type: 'highlight', attrs }]));
      expect(result.success, JSON.stringify(attrs)).toBe(false);
      return result.error!.issues.map((i) => i.message).join('\n');
    };
    expect(refused({ shape: 'star' })).toContain("a highlight's shape is one of circle, cross");
    expect(refused({ color: 'url(#x)' })).toContain("a highlight's colour is currentColor, a theme colour");
    expect(refused({ color: 'red" onload="x' })).toContain('colour');
    expect(refused({ thickness: 'calc(1em)' })).toContain('thickness');
    expect(refused({ thickness: '2em' })).toContain('thickness');
    expect(refused({ blend: 'normal' })).toContain('blend');
    expect(refused({ opacity: 0 })).toContain('opacity');
    expect(refused({ duration: 60 })).toContain('duration');
    expect(refused({ animation: 'spin' })).toContain('animation');
    expect(refused({ isAnimationEnabled: 'yes' })).toBeTruthy();
    expect(refused({ style: 'color:red' })).toBeTruthy();
  });

  it('keeps marks in the order the editor writes them: link, highlight, bold, italic, underline', () => {
    const parsed = richText.parse(doc([{ type: 'bold' }, { type: 'highlight' }, { type: 'link', attrs: { href: '/x' } }]));
    const para = parsed.content[0]!;
    const marks = para.type === 'paragraph' ? para.content?.[1]?.marks?.map((m) => m.type) : [];
    expect(marks).toEqual(['link', 'highlight', 'bold']);
  });
});

describe('the highlight on the page', () => {
  // covers 001-3.69, 001-3.70, 001-3.71, 001-3.72 (markup; the drawing is checked in e2e/text-highlight.test.ts)
  it('draws the default highlight as a wave in currentColor, 0.06em, square caps, no blend, animation data for the island', () => {
    const html = render(highlighted());
    expect(html).toMatch(
      /^<div class="block-text"><p>A <span class="text-highlight text-highlight-text">wonderful<svg class="text-highlight-shape" aria-hidden="true" focusable="false" viewBox="0 0 100 100" preserveAspectRatio="none" data-shape="wave" data-animation="draw" data-direction="right" data-duration="0.75"><g fill="none" stroke="currentColor" stroke-width="0.06em" stroke-linecap="square" stroke-linejoin="round" opacity="1"><path d="M0 94 Q[^"]+" vector-effect="non-scaling-stroke"><\/path><\/g><\/svg><\/span> day<\/p><\/div>$/,
    );
    expect(html).not.toContain('style=');
    expect(html).not.toContain('mix-blend');
  });

  // covers 001-3.66
  it('draws every shape as an SVG over its words, without inline style', () => {
    for (const shape of HIGHLIGHT_SHAPES) {
      const html = render(highlighted({ shape }));
      expect(html, shape).toContain(`data-shape="${shape}"`);
      expect(html, shape).toMatch(/<path d="M[^"]+" vector-effect="non-scaling-stroke"><\/path>/);
      expect(html, shape).not.toContain('style=');
    }
  });

  it('writes a theme colour and a blend as classes, a custom colour, thickness, caps and opacity as SVG attributes', () => {
    const html = render(highlighted({ shape: 'circle', color: 'accent', blend: 'multiply', thickness: '3px', linecap: 'round', opacity: 0.5 }));
    expect(html).toContain('<span class="text-highlight text-highlight-around">');
    expect(html).toContain('class="text-highlight-shape text-highlight-color-accent text-highlight-blend-multiply"');
    expect(html).toContain('stroke="currentColor" stroke-width="3px" stroke-linecap="round" stroke-linejoin="round" opacity="0.5"');
    expect(render(highlighted({ color: '#e0b000' }))).toContain('stroke="#e0b000"');
  });

  it('leaves the animation data out when the animation is off, so the shape is shown drawn', () => {
    const html = render(highlighted({ isAnimationEnabled: false, animation: 'fadeScale' }));
    expect(html).toContain('data-shape="wave"');
    expect(html).not.toContain('data-animation');
  });

  it('wraps a highlight spanning a link and plain words once per part, each with its own shape', () => {
    const text = richText.parse({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'one', marks: [{ type: 'link', attrs: { href: '/x' } }, { type: 'highlight' }] },
            { type: 'text', text: 'two', marks: [{ type: 'highlight' }, { type: 'bold' }] },
          ],
        },
      ],
    });
    const html = render(text);
    expect(html.match(/<svg/g)).toHaveLength(2);
    expect(html).toContain('<a href="/x"><span class="text-highlight text-highlight-text">one<svg');
    expect(html).toContain('<span class="text-highlight text-highlight-text"><strong>two</strong><svg');
  });
});

describe('the text block’s island', () => {
  const block = (text: RichText): StoredBlock =>
    ({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', type: BLOCK_TYPES.HTML, data: { text }, layout: { desktop: { x: 0, y: 0, w: 24, h: 4 } } }) as unknown as StoredBlock;
  const frame = (text: RichText, kinds: Set<string>) => renderToStaticMarkup(createElement(BlockFrame, { block: block(text), ctx, kinds, priority: false }));

  it('is marked, and its kind asked for, only on a text block holding a highlight', () => {
    const plain = richText.parse(doc([{ type: 'bold' }]));
    const kinds = new Set<string>();
    expect(hasHighlight({ text: plain })).toBe(false);
    expect(frame(plain, kinds)).not.toContain('data-island');
    expect([...kinds]).toEqual([]);
    const nested = richText.parse({
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'highlight' }] }] }] }],
        },
      ],
    });
    expect(hasHighlight({ text: nested })).toBe(true);
    expect(frame(highlighted(), kinds)).toMatch(/^<div class="block block-text-frame" id="block-a+" data-island="text" data-load="idle">/);
    expect([...kinds]).toEqual(['text']);
  });
});

describe('owner HTML and highlight markup', () => {
  // The highlight reaches a page only through the view above; owner HTML cannot carry SVG or its markup.
  it('drops SVG, its attributes and the highlight’s classes and data attributes from owner HTML of both policies', () => {
    const html =
      '<p>A <span class="text-highlight" data-animation="draw">word<svg class="text-highlight-shape" viewBox="0 0 1 1" onload="x()"><path d="M0 0" style="stroke:red"/><script>x()</script></svg></span></p>' +
      '<span class="text-highlight-editing" data-highlight-shape="wave">w</span>';
    for (const kind of ['text', 'code'] as const) expect(sanitize(html, kind)).toBe('<p>A <span>word</span></p><span>w</span>');
  });
});
