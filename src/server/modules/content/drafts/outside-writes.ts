/**
 * The writers of a page's or post's content other than its editor: a site import, and a change made
 * everywhere some content is held (the form editor's, src/server/modules/forms/config/editing.ts).
 * Each moves the drafts it touches to their next version, so an editor still open on the old
 * content gets a conflict, never a save over the change.
 */
import { sql } from 'drizzle-orm';
import type { StoredSection } from '../../../../document/schema';
import type { Executor } from '../../../../db/client';
import { reviseDrafts } from '../../../versions/versions';
import { pageDrafts, pageRevisions, pages } from '../schema/content';
import { PAGES, POSTS } from './versioned';

/**
 * After an import has written the site's pages (../sites/sites.ts): each page's content becomes its
 * next revision, and the drafts of pages that were there before are replaced by it at their next
 * version. `replaced` names those pages; pages new to the site get no draft row.
 */
export async function recordImportedPages(tx: Executor, websiteId: string, replaced: readonly string[]): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${pageRevisions} (website_id, page_id, revision, sections, published_at, published_by)
    SELECT p.website_id, p.id, coalesce((SELECT max(r.revision) FROM ${pageRevisions} r WHERE r.website_id = p.website_id AND r.page_id = p.id), 0) + 1, p.sections, now(), NULL
      FROM ${pages} p WHERE p.website_id = ${websiteId}`);
  if (replaced.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${pageDrafts} AS d (website_id, page_id, sections, version, published_version, saved_at, saved_by)
    SELECT p.website_id, p.id, p.sections, 1, 1, now(), NULL
      FROM ${pages} p
     WHERE p.website_id = ${websiteId} AND p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(replaced)}::jsonb))
    ON CONFLICT (website_id, page_id) DO UPDATE
       SET sections = excluded.sections, version = d.version + 1, published_version = d.version + 1, saved_at = excluded.saved_at, saved_by = NULL`);
}

/**
 * The drafts of pages and posts that hold what `holding.path` (a PostgreSQL JSON path over
 * sections, with `$id`) finds for `holding.id`, each changed in place by `revise` (which answers how
 * many blocks it changed) and moved to its next version, still with nothing unpublished if it had
 * none. Answers the blocks changed.
 */
export async function reviseDraftsHolding(
  tx: Executor,
  websiteId: string,
  holding: { path: string; id: string },
  accountId: string,
  revise: (sections: StoredSection[]) => number,
): Promise<number> {
  const vars = JSON.stringify({ id: holding.id });
  let revised = 0;
  for (const kind of [PAGES, POSTS]) {
    const holds = sql`jsonb_path_exists(${kind.tables.drafts.content}, ${holding.path}::jsonpath, ${vars}::jsonb)`;
    revised += await reviseDrafts(tx, kind, websiteId, accountId, holds, revise);
  }
  return revised;
}
