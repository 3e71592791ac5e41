import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonPath, loadDocument, upgradeDocument, type DocumentMigration } from './load';
import { richText } from './rich-text';
import { DEFAULT_DESIGN } from './design';
import { createSiteDocumentSchema, SITE_DOCUMENT_VERSION } from './schema';

describe('upgradeDocument', () => {
  const migrations: DocumentMigration[] = [
    { from: 1, upgrade: (d) => ({ ...d, renamed: d.old, old: undefined }) },
    { from: 2, upgrade: (d) => ({ ...d, added: true }) },
  ];

  it('applies each migration in order from the document version to the current one', () => {
    const out = upgradeDocument({ format: 'openpress.site', version: 1, old: 'x' }, migrations, 3);
    expect(out).toEqual({ ok: true, value: { format: 'openpress.site', version: 3, renamed: 'x', old: undefined, added: true } });
  });

  it('starts from the version the document has', () => {
    const out = upgradeDocument({ format: 'openpress.site', version: 2 }, migrations, 3);
    expect(out).toEqual({ ok: true, value: { format: 'openpress.site', version: 3, added: true } });
  });

  it('refuses a version with no path to the current one, and newer versions', () => {
    expect(upgradeDocument({ format: 'openpress.site', version: 1 }, [], 2)).toEqual({
      ok: false,
      errors: [{ path: '$.version', message: 'no upgrade from version 1' }],
    });
    const newer = upgradeDocument({ format: 'openpress.site', version: 4 }, migrations, 3);
    expect(newer.ok).toBe(false);
  });

  it('refuses non-objects and bad versions with the path of the problem', () => {
    expect(upgradeDocument('text')).toEqual({ ok: false, errors: [{ path: '$', message: 'a site document is a JSON object' }] });
    expect(upgradeDocument({ format: 'openpress.site', version: 0.5 })).toEqual({
      ok: false,
      errors: [{ path: '$.version', message: 'must be a positive whole number' }],
    });
  });
});

describe('version 2: text blocks as rich text', () => {
  const id = (n: number) => n.toString(16).padStart(24, '0');
  const layout = { desktop: { x: 0, y: 0, w: 24, h: 4 } };
  const block = (n: number, type: number, data: unknown) => ({ id: id(n), type, data, layout });
  const paragraph = (words: string, marks?: unknown[]) => ({
    type: 'paragraph',
    attrs: { textAlign: null },
    content: [{ type: 'text', text: words, ...(marks ? { marks } : {}) }],
  });
  /** A document of version 1: text blocks (type 2) hold HTML, in a page and in a collection item. */
  const versionOne = (html: string) => ({
    format: 'openpress.site',
    version: 1,
    settings: { identifier: 'old', title: 'Old' },
    pages: [{ id: id(1), pageType: 2, path: '/', title: 'Home', status: 1, sections: [{ id: id(2), blocks: [block(3, 2, { html }), block(4, 21, {})] }] }],
    collections: [
      {
        id: id(5),
        type: 1,
        path: '/journal',
        title: 'Journal',
        status: 1,
        items: [
          {
            id: id(6),
            slug: 'post',
            title: 'Post',
            status: 1,
            publishedAt: '2026-01-01T00:00:00Z',
            sections: [{ id: id(7), blocks: [block(8, 2, { html: '<p>In a post</p>' })] }],
          },
        ],
      },
    ],
  });
  // Text blocks and spacers only: enough kinds to load the document with (src/document holds no block kinds).
  const schema = createSiteDocumentSchema(
    new Map<number, z.ZodType<Record<string, unknown>, unknown>>([
      [2, z.object({ text: richText }).strict()],
      [21, z.object({}).strict()],
    ]),
  );

  it('upgrades every text block of pages and collection items, and nothing else', () => {
    const out = upgradeDocument(versionOne('<h2>Hello</h2><p>Read <a href="/about">about us</a>.</p>'));
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    const doc = out.value as ReturnType<typeof versionOne>;
    expect(doc.version).toBe(SITE_DOCUMENT_VERSION);
    expect(doc.pages[0]!.sections[0]!.blocks.map((b) => b.data)).toEqual([
      {
        text: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { textAlign: null, level: 2 }, content: [{ type: 'text', text: 'Hello' }] },
            {
              type: 'paragraph',
              attrs: { textAlign: null },
              content: [
                { type: 'text', text: 'Read ' },
                { type: 'text', text: 'about us', marks: [{ type: 'link', attrs: { href: '/about', target: null } }] },
                { type: 'text', text: '.' },
              ],
            },
          ],
        },
      },
      {},
    ]);
    expect(doc.collections[0]!.items[0]!.sections[0]!.blocks[0]!.data).toEqual({ text: { type: 'doc', content: [paragraph('In a post')] } });
    expect(loadDocument(doc, schema).ok).toBe(true);
  });

  it('refuses, at its path in the text, a link of the HTML a page may not carry', () => {
    expect(loadDocument(versionOne('<p><a href="javascript:alert(1)">x</a></p>'), schema)).toEqual({
      ok: false,
      errors: [
        {
          path: '$.pages[0].sections[0].blocks[0].data.text.content[0].content[0].marks[0].attrs.href',
          message:
            '"javascript:alert(1)" is a javascript: link, which a published page never carries: use a path, an anchor, an http(s) address, or a mailto:, tel: or sms: link',
        },
      ],
    });
  });

  it('leaves what it cannot read for the schema to refuse', () => {
    const odd = { ...versionOne(''), pages: 'none', collections: [{ items: [{ sections: [{ blocks: [block(9, 2, { html: 7 })] }] }] }] };
    const out = upgradeDocument(odd);
    expect(out).toEqual({ ok: true, value: { ...odd, settings: { ...odd.settings, design: DEFAULT_DESIGN }, version: SITE_DOCUMENT_VERSION } });
  });
});

describe('version 6: the site design', () => {
  it('gives a site from before designs the design it looked like, and keeps one it has', () => {
    const before = { format: 'openpress.site', version: 5, settings: { identifier: 'old', title: 'Old' }, pages: [] };
    const out = upgradeDocument(before);
    expect(out).toMatchObject({ ok: true, value: { version: SITE_DOCUMENT_VERSION, settings: { design: DEFAULT_DESIGN } } });
    const own = { ...DEFAULT_DESIGN, animation: 'fade' };
    const kept = upgradeDocument({ ...before, settings: { ...before.settings, design: own } });
    expect(kept).toMatchObject({ ok: true, value: { settings: { design: own } } });
  });
});

describe('jsonPath', () => {
  it('writes array indexes in brackets and keys after dots', () => {
    expect(jsonPath(['pages', 3, 'sections', 0, 'blocks', 2, 'data', 'html'])).toBe('$.pages[3].sections[0].blocks[2].data.html');
    expect(jsonPath([])).toBe('$');
  });
});
