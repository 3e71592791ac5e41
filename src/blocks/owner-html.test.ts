/**
 * Nothing unsanitised reaches a view: a document whose every owner-HTML field, and every text
 * block, carries script payloads (script tags, event handlers, javascript: URLs) is imported
 * through the writing schema, and neither the data the views receive nor what they render holds
 * any of them. Stored rows from before the link rules (read without them) come out clean as well.
 * Rich text names nothing outside its allow-list: a text holding any other node, mark or attribute
 * is refused at its path, and a text block written as HTML (a version-1 document) comes through
 * its upgrade as clean as the sanitiser left owner HTML.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readStored } from '../document/link';
import { loadDocument } from '../document/load';
import { htmlToRichText } from '../document/rich-text-html';
import { SITE_DOCUMENT_VERSION, type StoredBlockData } from '../document/schema';
import { BLOCK_TYPES } from '../domain/block-types';
import { siteDocumentSchema } from './site-document';
import type { TextData } from './text/schema';
import { TextView } from './text/view';
import type { RenderContext } from './types';
import { blockElement } from './views';

const id = (n: number) => n.toString(16).padStart(24, '0');
const at = (y: number) => ({ desktop: { x: 0, y, w: 24, h: 4 } });

/** Payloads a page must never carry, with what would show that one got through. */
const PAYLOAD =
  '<p onclick="alert(1)">Hi<script>alert(1)</script></p><img src="javascript:alert(2)" onerror="alert(3)"><svg onload="alert(4)"></svg>' +
  '<iframe src="javascript:alert(5)"></iframe><a href="/ok" onmouseover="alert(6)">ok</a><style>body{background:url(javascript:alert(7))}</style>' +
  '<form action="javascript:alert(8)"><button formaction="javascript:alert(9)">b</button></form><math><a xlink:href="javascript:alert(10)">m</a></math>';
/** Links a published page may not carry: refused on import, dropped from rows stored before the rules. */
const LINKS = '<a href="javascript:alert(11)">j</a><a href="java&#x09;script:alert(12)">t</a><a href="data:text/html,<script>alert(13)</script>">d</a>';
const FORBIDDEN = [/<script/i, /<style/i, /<iframe/i, /<svg/i, /<math/i, /formaction/i, /\son[a-z]+\s*=/i, /javascript:/i, /data:text/i, /alert\(/];

/** A document of one page holding `blocks`. */
function documentOf(blocks: unknown[], version = SITE_DOCUMENT_VERSION) {
  return {
    format: 'openpress.site',
    version,
    settings: { identifier: 'payloads', title: 'Payloads' },
    pages: [{ id: id(1), pageType: 2, path: '/', title: 'Home', status: 1, sections: [{ id: id(2), blocks }] }],
  };
}

/** Every owner-HTML field holding `html`, and a text block holding it as the text's upgrade reads it. */
function documentWith(html: string) {
  return documentOf([
    { id: id(3), type: BLOCK_TYPES.HTML, data: { text: htmlToRichText(html) }, layout: at(0) },
    { id: id(4), type: BLOCK_TYPES.CODE, data: { html }, layout: at(4) },
    {
      id: id(5),
      type: BLOCK_TYPES.ACCORDION,
      data: {
        items: [
          { title: 'Q', html },
          { title: 'R', html },
        ],
      },
      layout: at(8),
    },
    {
      id: id(6),
      type: BLOCK_TYPES.FORM,
      data: {
        formId: id(7),
        fields: [{ id: 'name', type: 'text', label: 'Name' }],
        settings: { submissionHtml: html, postSubmitHtml: html, disclaimerHtml: html },
      },
      layout: at(12),
    },
    { id: id(8), type: BLOCK_TYPES.NEWSLETTER, data: { listId: id(9), disclaimerHtml: html }, layout: at(16) },
  ]);
}

const ctx: RenderContext = { host: 'example.com', files: new Map(), featureFlags: [] };

/** Every block's data (what its view receives) and its rendering. */
function receivedAndRendered(blocks: { id: string; type: number; data: StoredBlockData }[]) {
  return blocks.map((b) => ({
    type: b.type,
    data: JSON.stringify(b.data),
    html: renderToStaticMarkup(blockElement(b.type, { id: b.id, data: b.data, ctx, columns: 24, priority: false })),
  }));
}

function expectClean(out: ReturnType<typeof receivedAndRendered>) {
  for (const { type, data, html } of out) {
    for (const pattern of FORBIDDEN) {
      expect(data, `data of block type ${type}`).not.toMatch(pattern);
      expect(html, `rendering of block type ${type}`).not.toMatch(pattern);
    }
    // The form and newsletter blocks render one form of their own, and the owner's HTML adds none.
    const own = type === BLOCK_TYPES.FORM || type === BLOCK_TYPES.NEWSLETTER ? 1 : 0;
    expect(html.match(/<form/gi) ?? [], `forms in block type ${type}`).toHaveLength(own);
  }
}

describe('owner HTML on its way to the views', () => {
  it('reaches the views without scripts, event handlers or javascript: URLs from any HTML field', () => {
    const loaded = loadDocument(documentWith(PAYLOAD), siteDocumentSchema);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const blocks = loaded.document.pages[0]!.sections[0]!.blocks;
    expect(blocks).toHaveLength(5);
    const out = receivedAndRendered(blocks);
    expectClean(out);
    // What is harmless stays: the paragraph's text and the safe link.
    expect(out[0]!.html).toContain('<p>Hi</p>');
    expect(out[0]!.html).toContain('<a href="/ok">ok</a>');
  });

  it('refuses on import the links a page may not carry, in every HTML field', () => {
    const loaded = loadDocument(documentWith(LINKS), siteDocumentSchema);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(new Set(loaded.errors.map((e) => e.path.replace(/\.html$|Html$|\.text\.content\[.*\]\.attrs\.href$/, '')))).toEqual(
      new Set([
        '$.pages[0].sections[0].blocks[0].data',
        '$.pages[0].sections[0].blocks[1].data',
        '$.pages[0].sections[0].blocks[2].data.items[0]',
        '$.pages[0].sections[0].blocks[2].data.items[1]',
        '$.pages[0].sections[0].blocks[3].data.settings.submission',
        '$.pages[0].sections[0].blocks[3].data.settings.postSubmit',
        '$.pages[0].sections[0].blocks[3].data.settings.disclaimer',
        '$.pages[0].sections[0].blocks[4].data.disclaimer',
      ]),
    );
  });

  it('cleans those links out of data stored before the link rules, read without them', () => {
    const loaded = readStored(() => loadDocument(documentWith(PAYLOAD + LINKS), siteDocumentSchema));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expectClean(receivedAndRendered(loaded.document.pages[0]!.sections[0]!.blocks));
  });
});

describe('rich text on its way to the views', () => {
  const textBlock = (data: unknown) => ({ id: id(3), type: BLOCK_TYPES.HTML, data, layout: at(0) });
  const errorsOf = (doc: unknown) => {
    const loaded = loadDocument(doc, siteDocumentSchema);
    return loaded.ok ? [] : loaded.errors;
  };
  const at0 = '$.pages[0].sections[0].blocks[0].data.text';

  it('refuses a text naming any node, mark or attribute besides its own, or a link a page may not carry, each at its path', () => {
    const text = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: null, onclick: 'alert(1)' },
          content: [
            { type: 'text', text: 'go', marks: [{ type: 'link', attrs: { href: 'javascript:alert(2)' } }] },
            { type: 'image', attrs: { src: 'x', onerror: 'alert(3)' } },
            { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: '/ok', onmouseover: 'alert(4)' } }, { type: 'script' }] },
            { type: 'text', text: 'y', style: 'background:url(javascript:alert(5))' },
          ],
        },
        { type: 'html', content: '<script>alert(6)</script>' },
      ],
    };
    expect(errorsOf(documentOf([textBlock({ text })]))).toEqual([
      { path: `${at0}.content[0].attrs`, message: 'Unrecognized key: "onclick"' },
      {
        path: `${at0}.content[0].content[0].marks[0].attrs.href`,
        message:
          '"javascript:alert(2)" is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link',
      },
      { path: `${at0}.content[0].content[1].type`, message: 'inline content is one of text, hardBreak, not "image"' },
      { path: `${at0}.content[0].content[2].marks[0].attrs`, message: 'Unrecognized key: "onmouseover"' },
      { path: `${at0}.content[0].content[2].marks[1].type`, message: 'a mark is one of link, highlight, bold, italic, underline, not "script"' },
      { path: `${at0}.content[0].content[3]`, message: 'Unrecognized key: "style"' },
      { path: `${at0}.content[1].type`, message: 'a block is one of paragraph, heading, bulletList, orderedList, blockquote, not "html"' },
    ]);
    // And no HTML beside it, nor HTML longer than version 1 took (not cut short to fit).
    const noHtml = 'a text block holds its text as rich text ("text"); HTML ("html") is read only from documents of version 1, up to 100,000 characters';
    expect(errorsOf(documentOf([textBlock({ text: htmlToRichText('<p>x</p>'), html: '<script>alert(7)</script>' })]))).toEqual([
      { path: '$.pages[0].sections[0].blocks[0].data', message: noHtml },
    ]);
    expect(errorsOf(documentOf([textBlock({ html: `<p>${'x'.repeat(100_000)}</p>` })], 1))).toEqual([
      { path: '$.pages[0].sections[0].blocks[0].data.text', message: 'Invalid input: expected object, received undefined' },
      { path: '$.pages[0].sections[0].blocks[0].data', message: noHtml },
    ]);
  });

  it('upgrades a text block of a version-1 document without what the sanitiser removes, refusing a link a page may not carry at its path', () => {
    const html = (link: string) =>
      `<p onclick="alert(1)">Hi<script>alert(2)</script><img src="x" onerror="alert(3)"><svg onload="alert(4)"></svg></p><p><a href="${link}">there</a></p>`;
    expect(errorsOf(documentOf([textBlock({ html: html('javascript:alert(5)') })], 1))).toEqual([
      {
        path: `${at0}.content[1].content[0].marks[0].attrs.href`,
        message:
          '"javascript:alert(5)" is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link',
      },
    ]);
    const loaded = loadDocument(documentOf([textBlock({ html: html('/about') })], 1), siteDocumentSchema);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const [out] = receivedAndRendered(loaded.document.pages[0]!.sections[0]!.blocks);
    expectClean([out!]);
    expect(out!.html).toBe('<div class="block-text"><p>Hi</p><p><a href="/about">there</a></p></div>');
  });

  it('reads stored text without the links a page may not carry, keeping their text', () => {
    const text = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: 'java\tscript:alert(1)' } }, { type: 'bold' }] },
          ],
        },
      ],
    };
    const loaded = readStored(() => loadDocument(documentOf([textBlock({ text })]), siteDocumentSchema));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const [out] = receivedAndRendered(loaded.document.pages[0]!.sections[0]!.blocks);
    expectClean([out!]);
    expect(out!.html).toBe('<div class="block-text"><p><strong>a b</strong></p></div>');
  });

  it('renders nothing for a node or mark outside the allow-list, should one reach the view', () => {
    const text = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: null },
          content: [
            { type: 'text', text: 'kept', marks: [{ type: 'script' }] },
            { type: 'image', attrs: { src: 'javascript:alert(1)' } },
          ],
        },
        { type: 'iframe', attrs: { src: 'javascript:alert(2)' } },
      ],
    };
    const html = renderToStaticMarkup(createElement(TextView, { id: id(3), data: { text } as unknown as TextData, ctx, columns: 24, priority: false }));
    expect(html).toBe('<div class="block-text"><p>kept</p></div>');
  });
});
