/**
 * The data migrations of stored content, in order (src/db/data-migrations.ts runs them once each,
 * after the schema migrations, and records them by name). A new one goes at the end and is never
 * renamed. Stored sections are upgraded by the document's own list of migrations
 * (src/document/load.ts), the list imported documents go through: `documentVersion` applies a
 * version's sections step wherever pages and posts keep sections.
 */
import { sql } from 'drizzle-orm';
import { sanitizeStoredSections } from '../../../blocks/sanitize';
import { DOCUMENT_MIGRATIONS } from '../../../document/load';
import type { DataMigration } from '../../../db/data-migrations';
import type { Executor } from '../../../db/types';
import { contentColumns, rewriteContent } from '../../versions/rewrite';
import { PAGES, POSTS } from './drafts/versioned';
import { moveReservedContent } from './reserved-paths';
import { pageRevisions, pages } from './schema/content';

/** Rows read and written per statement, so a large site's content never sits in memory whole. */
const BATCH = 200;

/**
 * Owner HTML is sanitised when it is written (src/blocks/sanitize.ts); rows written before were
 * sanitised as they rendered. This brings the live content to the form views now expect.
 */
async function sanitizeOwnerHtml(tx: Executor): Promise<void> {
  for (const kind of [PAGES, POSTS]) await rewriteContent(tx, contentColumns(kind)[0]!, sanitizeStoredSections);
}

/**
 * Publishing keeps each page's published content as numbered, immutable revisions (schema migration
 * 0009). Content published before then becomes each page's revision 1. The sections are copied in
 * SQL, a batch of pages at a time, so no page's content passes through memory.
 */
async function firstPageRevisions(tx: Executor): Promise<void> {
  let after: { websiteId: string; id: string } | undefined;
  for (;;) {
    const keys = await tx
      .select({ websiteId: pages.websiteId, id: pages.id })
      .from(pages)
      .where(after ? sql`(${pages.websiteId}, ${pages.id}) > (${after.websiteId}, ${after.id})` : undefined)
      .orderBy(pages.websiteId, pages.id)
      .limit(BATCH);
    if (keys.length === 0) break;
    const first = keys[0]!;
    const last = keys[keys.length - 1]!;
    await tx.execute(sql`
      INSERT INTO ${pageRevisions} (website_id, page_id, revision, sections, published_at, published_by)
      SELECT p.website_id, p.id, 1, p.sections, now(), NULL
        FROM ${pages} p
       WHERE (p.website_id, p.id) >= (${first.websiteId}, ${first.id}) AND (p.website_id, p.id) <= (${last.websiteId}, ${last.id})
         AND NOT EXISTS (SELECT 1 FROM ${pageRevisions} r WHERE r.website_id = p.website_id AND r.page_id = p.id)`);
    if (keys.length < BATCH) break;
    after = last;
  }
}

/** Stored sections brought from document version `from` to the next by its sections step, wherever pages and posts keep them (live, drafts, revisions). */
function documentVersion(from: number): DataMigration['run'] {
  const step = DOCUMENT_MIGRATIONS.find((m) => m.from === from)?.sections;
  if (!step) throw new Error(`document version ${from + 1} changes no sections`);
  return async (tx) => {
    for (const kind of [PAGES, POSTS]) for (const column of contentColumns(kind)) await rewriteContent(tx, column, (s) => step.change(s, true), step.finds);
  };
}

export const DATA_MIGRATIONS: readonly DataMigration[] = [
  { name: '0001_sanitize_owner_html', run: sanitizeOwnerHtml },
  { name: '0002_page_revisions', run: firstPageRevisions },
  // Text blocks stored as HTML become structured rich text (document version 2).
  { name: '0003_rich_text', run: documentVersion(1) },
  // Owner HTML's ids get their prefix (OWNER_ID_PREFIX in src/blocks/sanitize.ts): the same pass as the first.
  { name: '0004_owner_html_ids', run: sanitizeOwnerHtml },
  // The shop's addresses join the platform's: content already there moves aside and the owner is told.
  { name: '0005_reserved_shop_paths', run: (tx) => moveReservedContent(tx, ['cart', 'commerce', 'checkout', 'downloads']).then(() => undefined) },
  // Sites' own stylesheets and font files are served at /fonts/: content already there moves aside likewise.
  { name: '0006_reserved_font_paths', run: (tx) => moveReservedContent(tx, ['fonts']).then(() => undefined) },
];
