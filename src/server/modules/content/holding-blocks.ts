/**
 * Blocks of the site's published content (pages and collection items) found by a JSON path, for
 * the modules whose blocks live in it: forms finds where its forms and lists are, and replaces a
 * form's data wherever it is, inside its own transaction. The JSON path runs in PostgreSQL, so
 * only the blocks themselves leave the database.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { StoredSection } from '../../../document/schema';
import { collectionItems, pages } from './schema/content';

/** A block the path found, with the page or collection item holding it. */
export type BlockInContent = {
  kind: 'page' | 'item';
  id: string;
  title: string;
  path: string | null;
  block: { type: number; data: Record<string, unknown> };
};

/** Every block `jsonPath` (with its `vars`) finds in the site's pages and items, in page order then item order. */
export async function blocksInContent(db: Executor, websiteId: string, jsonPath: string, vars: Record<string, unknown> = {}): Promise<BlockInContent[]> {
  const json = JSON.stringify(vars);
  const { rows } = await db.execute<BlockInContent>(sql`
    SELECT 'page' AS kind, p.id, p.title, p.path, 0 AS grp, '' AS coll, p.position, b.block
      FROM ${pages} p CROSS JOIN LATERAL jsonb_path_query(p.sections, ${jsonPath}::jsonpath, ${json}::jsonb) AS b(block)
     WHERE p.website_id = ${websiteId}
    UNION ALL
    SELECT 'item', i.id, i.title, i.path, 1, i.collection_id, i.position, b.block
      FROM ${collectionItems} i CROSS JOIN LATERAL jsonb_path_query(i.sections, ${jsonPath}::jsonpath, ${json}::jsonb) AS b(block)
     WHERE i.website_id = ${websiteId}
     ORDER BY grp, coll, position`);
  return rows;
}

/**
 * Edits, in the caller's transaction, the published sections of every page and item holding a
 * block `jsonPath` finds: their rows are locked, `revise` changes the sections in place and
 * answers how many blocks it changed, and the sections are written back. Answers the total. The
 * site's change (markSiteChanged) and its drafts are the caller's.
 */
export async function reviseContentHoldingBlocks(
  tx: Executor,
  websiteId: string,
  jsonPath: string,
  vars: Record<string, unknown>,
  revise: (sections: StoredSection[]) => number,
): Promise<number> {
  const holds = (column: typeof pages.sections | typeof collectionItems.sections) =>
    sql`jsonb_path_exists(${column}, ${jsonPath}::jsonpath, ${JSON.stringify(vars)}::jsonb)`;
  const pageRows = await tx
    .select({ id: pages.id, sections: pages.sections })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), holds(pages.sections)))
    .for('update');
  const itemRows = await tx
    .select({ id: collectionItems.id, sections: collectionItems.sections })
    .from(collectionItems)
    .where(and(eq(collectionItems.websiteId, websiteId), holds(collectionItems.sections)))
    .for('update');
  let revised = 0;
  for (const row of pageRows) {
    revised += revise(row.sections);
    await tx
      .update(pages)
      .set({ sections: row.sections })
      .where(and(eq(pages.websiteId, websiteId), eq(pages.id, row.id)));
  }
  for (const row of itemRows) {
    revised += revise(row.sections);
    await tx
      .update(collectionItems)
      .set({ sections: row.sections })
      .where(and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.id, row.id)));
  }
  return revised;
}
