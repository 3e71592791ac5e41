/**
 * The data migration of text blocks stored as HTML to rich text (document version 2's sections step,
 * src/document/load.ts, applied to rows by src/server/versions/rewrite.ts),
 * on real PostgreSQL: rows written as the code before it wrote them (more pages than a batch, a
 * collection item, a table of another shape standing for page drafts and revisions) come out as
 * the site document holds text blocks now, readable by the product's stored-data reader; other
 * blocks are untouched; and a second run changes nothing.
 */
import { integer, jsonb, pgTable, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionItems, pages } from '../src/server/modules/content/schema/content';
import { DOCUMENT_MIGRATIONS } from '../src/document/load';
import type { Executor } from '../src/db/client';
import { rewriteContent } from '../src/server/versions/rewrite';
import { storedSections } from '../src/server/modules/sites/stored-json';
import { freshDatabase } from './db';

const id = (n: number) => n.toString(16).padStart(24, '0');
const layout = { desktop: { x: 0, y: 0, w: 24, h: 4 } };
const SITE = id(1);
const PAGES = 450;

/** Sanitised when written, as stored rows are; the javascript: link stands for a row written by hand. */
const HTML = '<h2>Visit us</h2><p>Email <a href="mailto:hi@example.com">us</a> or <a href="javascript:alert(1)">click</a>.</p><ul><li>One</li></ul>';
const TEXT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { textAlign: null, level: 2 }, content: [{ type: 'text', text: 'Visit us' }] },
    {
      type: 'paragraph',
      attrs: { textAlign: null },
      content: [
        { type: 'text', text: 'Email ' },
        { type: 'text', text: 'us', marks: [{ type: 'link', attrs: { href: 'mailto:hi@example.com', target: null } }] },
        { type: 'text', text: ' or click.' },
      ],
    },
    {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [{ type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'One' }] }] }],
    },
  ],
};

/** A page's sections as the code before wrote them: a text block holding HTML beside a code block and a spacer. */
const oldSections = (n: number) => [
  {
    id: id(1000 + n),
    theme: 'white',
    blocks: [
      { id: id(2000 + n), type: 2, data: { html: HTML }, layout },
      { id: id(3000 + n), type: 23, data: { html: '<p>Code stays HTML</p>', displaySource: false }, layout },
      { id: id(4000 + n), type: 21, data: {}, layout },
    ],
  },
];
const newSections = (n: number) => oldSections(n).map((s) => ({ ...s, blocks: s.blocks.map((b, i) => (i === 0 ? { ...b, data: { text: TEXT } } : b)) }));

/** A table of another shape holding sections (a single whole-number key), as page drafts and revisions will. */
const probe = pgTable('rich_text_probe', { n: integer('n').primaryKey(), sections: jsonb('sections').notNull() });

/** Document version 2's sections step over one table's rows, as the data migration applies it. */
const step = DOCUMENT_MIGRATIONS.find((m) => m.from === 1)!.sections!;
const convertTextBlocks = (tx: Executor, table: PgTable & { sections: AnyPgColumn }) =>
  rewriteContent(tx, { table, content: table.sections }, (sections) => step.change(sections, true), step.finds);

let database: Awaited<ReturnType<typeof freshDatabase>>;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

beforeAll(async () => {
  database = await freshDatabase();
  await q(`INSERT INTO websites (id, identifier, settings, navigation) VALUES ($1, 'old', '{"title":"Old"}', '[]')`, [SITE]);
  for (let n = 0; n < PAGES; n++) {
    await q(`INSERT INTO pages (website_id, id, page_type, path, title, status, seo, sections, position) VALUES ($1, $2, 2, $3, 'Page', 1, '{}', $4, $5)`, [
      SITE,
      id(10_000 + n),
      `/p-${n}`,
      JSON.stringify(oldSections(n)),
      n,
    ]);
  }
  // Written since: already rich text, and a page with no text block at all.
  await q(`INSERT INTO pages (website_id, id, page_type, path, title, status, seo, sections, position) VALUES ($1, $2, 2, '/new', 'New', 1, '{}', $3, 0)`, [
    SITE,
    id(20_001),
    JSON.stringify(newSections(1)),
  ]);
  await q(
    `INSERT INTO pages (website_id, id, page_type, path, title, status, seo, sections, position) VALUES ($1, $2, 2, '/empty', 'Empty', 1, '{}', '[]', 0)`,
    [SITE, id(20_002)],
  );
  await q(`INSERT INTO collections (website_id, id, type, path, title, status, seo, position) VALUES ($1, $2, 1, '/journal', 'Journal', 1, '{}', 0)`, [
    SITE,
    id(30_000),
  ]);
  await q(
    `INSERT INTO collection_items (website_id, id, collection_id, slug, path, title, status, published_at, tags, categories, seo, sections, position)
     VALUES ($1, $2, $3, 'post', '/journal/post', 'Post', 1, now(), '{}', '{}', '{}', $4, 0)`,
    [SITE, id(30_001), id(30_000), JSON.stringify(oldSections(7))],
  );
  await q('CREATE TABLE rich_text_probe (n integer PRIMARY KEY, sections jsonb NOT NULL)');
  await q(`INSERT INTO rich_text_probe (n, sections) SELECT n, $1::jsonb FROM generate_series(1, 3) AS n`, [JSON.stringify(oldSections(9))]);
});
afterAll(async () => database?.drop());

const everything = async () => ({
  pages: (await q('SELECT id, sections FROM pages ORDER BY id')).rows,
  items: (await q('SELECT id, sections FROM collection_items ORDER BY id')).rows,
  probe: (await q('SELECT n, sections FROM rich_text_probe ORDER BY n')).rows,
});

describe('text blocks stored as HTML, upgraded to rich text', () => {
  it('upgrades every text block of every table it is given, a batch at a time, and leaves the rest as it was', async () => {
    const changed = await database.db.transaction(async (tx) => [
      await convertTextBlocks(tx, pages),
      await convertTextBlocks(tx, collectionItems),
      await convertTextBlocks(tx, probe),
    ]);
    expect(changed).toEqual([PAGES, 1, 3]);
    const { pages: pageRows, items, probe: probeRows } = await everything();
    const byId = new Map(pageRows.map((r) => [r.id as string, r.sections]));
    for (let n = 0; n < PAGES; n++) expect(byId.get(id(10_000 + n)), `page ${n}`).toEqual(newSections(n));
    expect(byId.get(id(20_001))).toEqual(newSections(1));
    expect(byId.get(id(20_002))).toEqual([]);
    expect(items[0].sections).toEqual(newSections(7));
    for (const row of probeRows) expect(row.sections).toEqual(newSections(9));
    // As the product reads a page's content now: every block in its kind's current shape.
    expect(storedSections(byId.get(id(10_000)), { websiteId: SITE, column: 'pages.sections' })[0]!.blocks[0]!.data).toEqual({ text: TEXT });
  });

  it('changes nothing when run again', async () => {
    const before = await everything();
    const changed = await database.db.transaction(async (tx) => [
      await convertTextBlocks(tx, pages),
      await convertTextBlocks(tx, collectionItems),
      await convertTextBlocks(tx, probe),
    ]);
    expect(changed).toEqual([0, 0, 0]);
    expect(await everything()).toEqual(before);
  });
});
