/**
 * Nothing unsanitised reaches a view: a document whose every owner-HTML field carries script
 * payloads (script tags, event handlers, javascript: URLs) is imported through the writing schema,
 * and neither the data the views receive nor what they render holds any of them. Stored rows from
 * before the link rules (read without them) come out clean as well.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readStored } from '../document/link';
import { loadDocument } from '../document/load';
import type { StoredBlockData } from '../document/schema';
import { BLOCK_TYPES } from '../domain/block-types';
import { siteDocumentSchema } from './site-document';
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

function documentWith(html: string) {
  return {
    format: 'openpress.site',
    version: 1,
    settings: { identifier: 'payloads', title: 'Payloads' },
    pages: [
      {
        id: id(1),
        pageType: 2,
        path: '/',
        title: 'Home',
        status: 1,
        sections: [
          {
            id: id(2),
            blocks: [
              { id: id(3), type: BLOCK_TYPES.HTML, data: { html }, layout: at(0) },
              { id: id(4), type: BLOCK_TYPES.CODE, data: { html }, layout: at(4) },
              { id: id(5), type: BLOCK_TYPES.ACCORDION, data: { items: [{ title: 'Q', html }, { title: 'R', html }] }, layout: at(8) },
              {
                id: id(6),
                type: BLOCK_TYPES.FORM,
                data: { formId: id(7), fields: [{ id: 'name', type: 'text', label: 'Name' }], settings: { submissionHtml: html, postSubmitHtml: html, disclaimerHtml: html } },
                layout: at(12),
              },
              { id: id(8), type: BLOCK_TYPES.NEWSLETTER, data: { listId: id(9), disclaimerHtml: html }, layout: at(16) },
            ],
          },
        ],
      },
    ],
  };
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
    expect(new Set(loaded.errors.map((e) => e.path.replace(/\.html$|Html$/, '')))).toEqual(
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
