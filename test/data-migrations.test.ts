/**
 * The data migrations, run on a database made by the code before them: the schema migrations up to
 * 0008 alone (no page drafts or revisions yet, no data migration run), holding rows the old code
 * could write.
 *
 * - 0001 sanitises owner HTML stored before it was sanitised when written: HTML with scripts, event
 *   handlers and javascript: links in every owner-HTML field of pages and collection items comes
 *   out as the writing schema stores it today.
 * - 0002 gives every page its revision 1, holding its published sections (sanitised by 0001 first),
 *   a batch of pages at a time (more pages than a batch here).
 *
 * - 0003 turns text blocks stored as HTML into structured rich text in pages, collection items and
 *   the revisions 0002 made, after 0001 cleaned them (the link 0001 left without an address is
 *   its text).
 *
 * Each is recorded, and running again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, runMigrations, type Database } from '../src/db/client';
import { DATA_MIGRATIONS } from '../src/server/modules/content';
import { createDatabase, dropDatabase } from '../src/db/databases';
import { databaseUrl } from './db';

const PAYLOAD =
  '<p id="islands" onclick="alert(1)">Hello<script>alert(2)</script></p><a href="javascript:alert(3)" target="_blank">x</a><img src="/s/a.jpg" onerror="alert(4)">';
/** PAYLOAD as it is written now: no script, handler or bad link, and its id with the owner prefix (0004). */
const CLEAN_TEXT = '<p id="user-content-islands">Hello</p><a target="_blank" rel="noopener noreferrer">x</a>';
/** CLEAN_TEXT as rich text (0003): two paragraphs, the link without an address kept as its words. */
const CLEAN_RICH = {
  type: 'doc',
  content: [
    { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'Hello' }] },
    { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'x' }] },
  ],
};
const CLEAN_CODE = '<p id="user-content-islands">Hello</p><a target="_blank" rel="noopener noreferrer">x</a><img src="/s/a.jpg" />';
const id = (n: number) => n.toString(16).padStart(24, '0');
const layout = { desktop: { x: 0, y: 0, w: 24, h: 4 } };

function sections() {
  return [
    {
      id: id(10),
      theme: 'white',
      blocks: [
        { id: id(11), type: 2, data: { html: PAYLOAD }, layout },
        { id: id(12), type: 23, data: { html: PAYLOAD, displaySource: false }, layout },
        { id: id(13), type: 23, data: { html: PAYLOAD, displaySource: true }, layout },
        {
          id: id(14),
          type: 18,
          data: { items: [{ title: 'Q', html: PAYLOAD }], allowMultipleOpen: false, firstItemExpanded: false, headingLevel: 'h3' },
          layout,
        },
        {
          id: id(15),
          type: 9,
          data: {
            formId: id(16),
            fields: [{ id: 'name', type: 'text', label: 'Name', required: false }],
            settings: { submissionHtml: PAYLOAD, postSubmitHtml: PAYLOAD, disclaimerHtml: PAYLOAD },
          },
          layout,
        },
        { id: id(17), type: 13, data: { listId: id(18), disclaimerHtml: PAYLOAD }, layout },
        // Refused by its kind's schema today (an unknown property): cleaned where it holds HTML all the same.
        { id: id(19), type: 2, data: { html: PAYLOAD, legacy: true }, layout },
        { id: id(20), type: 21, data: {}, layout },
      ],
    },
  ];
}

let database: Database;
let oldMigrations: string;
const name = `dm_${randomBytes(6).toString('hex')}`;
const base = () => inject('pgUrl');
/** The last schema migration of the code before page drafts and revisions. */
const BEFORE_REVISIONS = 8;
/** More pages than the revisions migration reads in one batch. */
const MANY_PAGES = 250;

/** The migrations folder as the code before page revisions had it: its journal cut at `last`. */
async function migrationsUpTo(last: number): Promise<string> {
  const source = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
  const dir = await mkdtemp(path.join(tmpdir(), 'openpress-old-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  const journal = JSON.parse(await readFile(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) await copyFile(path.join(source, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  database = connect(databaseUrl(base(), name), 2);
  await createDatabase(base(), name);
  // The schema as the code before the data migrations made it: its SQL migrations only.
  oldMigrations = await migrationsUpTo(BEFORE_REVISIONS);
  await migrate(drizzle(database.pool), { migrationsFolder: oldMigrations });
  const q = (text: string, values: unknown[]) => database.pool.query(text, values);
  await q(`INSERT INTO websites (id, identifier, settings, navigation) VALUES ($1, 'old', '{"title":"Old"}', '[]')`, [id(1)]);
  await q(`INSERT INTO pages (website_id, id, page_type, path, title, status, seo, sections, position) VALUES ($1, $2, 2, '/', 'Home', 1, '{}', $3, 0)`, [
    id(1),
    id(2),
    JSON.stringify(sections()),
  ]);
  await q(`INSERT INTO collections (website_id, id, type, path, title, status, seo, position) VALUES ($1, $2, 2, '/blog', 'Blog', 1, '{}', 0)`, [id(1), id(3)]);
  await q(
    `INSERT INTO collection_items (website_id, id, collection_id, slug, path, title, status, published_at, tags, categories, seo, sections, position)
     VALUES ($1, $2, $3, 'post', '/blog/post', 'Post', 1, now(), '{}', '{}', '{}', $4, 0)`,
    [id(1), id(4), id(3), JSON.stringify(sections())],
  );
  // A second site with many small pages: the revisions migration takes them a batch at a time.
  await q(`INSERT INTO websites (id, identifier, settings, navigation) VALUES ($1, 'many', '{"title":"Many"}', '[]')`, [id(5)]);
  await q(
    `INSERT INTO pages (website_id, id, page_type, path, title, status, seo, sections, position)
     SELECT $1, lpad(to_hex(1000 + n), 24, '0'), 2, '/p' || n, 'Page ' || n, 1, '{}', jsonb_build_array(jsonb_build_object('id', lpad(to_hex(5000 + n), 24, '0'), 'theme', 'white', 'blocks', '[]'::jsonb)), n
       FROM generate_series(1, $2::int) n`,
    [id(5), MANY_PAGES],
  );
});
afterAll(async () => {
  await database.close();
  await dropDatabase(base(), name);
  await rm(oldMigrations, { recursive: true, force: true });
});

type Row = { sections: { blocks: { data: Record<string, unknown> }[] }[] };
const stored = async (table: string) =>
  (await database.pool.query<Row>(`SELECT sections FROM ${table} WHERE website_id = $1`, [id(1)])).rows[0]!.sections[0]!.blocks.map((b) => b.data);

describe('the owner-HTML data migration', () => {
  it('sanitises the HTML of every block of pages and collection items stored before it', async () => {
    await runMigrations(database, DATA_MIGRATIONS);
    for (const table of ['pages', 'collection_items']) {
      const [text, code, source, accordion, form, newsletter, legacy, spacer] = await stored(table);
      expect(text).toEqual({ text: CLEAN_RICH });
      expect(code).toEqual({ html: CLEAN_CODE, displaySource: false });
      // Shown as a listing, the source stays as written: a page shows it as text.
      expect(source).toEqual({ html: PAYLOAD, displaySource: true });
      expect(accordion).toMatchObject({ items: [{ title: 'Q', html: CLEAN_TEXT }] });
      expect((form as { settings: Record<string, unknown> }).settings).toMatchObject({
        submissionHtml: CLEAN_TEXT,
        postSubmitHtml: CLEAN_TEXT,
        disclaimerHtml: CLEAN_TEXT,
      });
      expect(newsletter).toMatchObject({ listId: id(18), disclaimerHtml: CLEAN_TEXT });
      expect(legacy).toEqual({ text: CLEAN_RICH, legacy: true });
      expect(spacer).toEqual({});
    }
    const { rows } = await database.pool.query<{ name: string }>('SELECT name FROM drizzle.__data_migrations ORDER BY applied_at, name');
    expect(rows.map((r) => r.name)).toEqual([
      '0001_sanitize_owner_html',
      '0002_page_revisions',
      '0003_rich_text',
      '0004_owner_html_ids',
      '0005_reserved_shop_paths',
      '0006_reserved_font_paths',
    ]);
  });
});

describe('the page revisions data migration', () => {
  it('gave every page of every site its revision 1, holding its published sections as 0001 left them', async () => {
    const { rows } = await database.pool.query<{ website_id: string; revisions: number; first: number; same: boolean; by: boolean; recent: boolean }>(
      `SELECT p.website_id, count(r.*)::int AS revisions, min(r.revision) AS first, bool_and(r.sections = p.sections) AS same,
              bool_or(r.published_by IS NOT NULL) AS by, bool_and(r.published_at > now() - interval '1 hour') AS recent
         FROM pages p LEFT JOIN page_revisions r ON r.website_id = p.website_id AND r.page_id = p.id
        GROUP BY p.website_id, p.id ORDER BY p.website_id, p.id`,
    );
    expect(rows).toHaveLength(MANY_PAGES + 1);
    for (const row of rows) expect(row, row.website_id).toMatchObject({ revisions: 1, first: 1, same: true, by: false, recent: true });
    // The page whose HTML 0001 cleaned holds it in its revision too, as rich text (0003).
    const { rows: first } = await database.pool.query<Row>('SELECT sections FROM page_revisions WHERE page_id = $1', [id(2)]);
    expect(first[0]!.sections[0]!.blocks[0]!.data).toEqual({ text: CLEAN_RICH });
    expect((await database.pool.query('SELECT count(*)::int AS n FROM page_drafts')).rows[0].n).toBe(0);
  });
});

describe('the data migrations', () => {
  it('run once', async () => {
    await database.pool.query(`UPDATE pages SET sections = jsonb_set(sections, '{0,blocks,0,data}', jsonb_build_object('html', $1::text)) WHERE id = $2`, [
      PAYLOAD,
      id(2),
    ]);
    await runMigrations(database, DATA_MIGRATIONS);
    expect((await stored('pages'))[0]).toEqual({ html: PAYLOAD });
    const { rows } = await database.pool.query<{ n: number; last: number }>('SELECT count(*)::int AS n, max(revision) AS last FROM page_revisions');
    expect(rows[0]).toEqual({ n: MANY_PAGES + 1, last: 1 });
  });
});
