/**
 * Where a site's content is served, for every change that gives or moves an address (pages,
 * blogs, posts): the site lock such changes take first, which content already answers at a path,
 * the paths starting with a prefix and the redirects a move leaves (whether an image file named in
 * a setting is one of the site's is the files module's). The callers word their refusals; the
 * rules are here once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { collectionItems, collections, pages, redirects } from './schema/content';
import { RESERVED_PATH_SEGMENTS } from '../../../domain/routes';

/** The platform's first segment `path` starts with (/config, /api …), if it does. */
export function reservedSegment(path: string): string | undefined {
  const segment = path.split('/')[1] ?? '';
  return (RESERVED_PATH_SEGMENTS as readonly string[]).includes(segment) ? segment : undefined;
}

export type PathHolder = { kind: 'page' | 'collection' | 'item'; title: string };

/**
 * What already answers at `path` on the site: a page, a collection or a post, with its title.
 * `except` leaves out the content being changed (its own pages, or its own post).
 */
export async function pathHolder(
  tx: Executor,
  websiteId: string,
  path: string,
  except: { pages?: readonly string[]; item?: string } = {},
): Promise<PathHolder | undefined> {
  const exceptPages = except.pages ?? [];
  const notExcepted =
    exceptPages.length > 0
      ? sql`AND id NOT IN (${sql.join(
          exceptPages.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const { rows } = await tx.execute<PathHolder>(sql`
    (SELECT 'page' AS kind, title FROM ${pages} WHERE website_id = ${websiteId} AND path = ${path} ${notExcepted})
    UNION ALL (SELECT 'collection', title FROM ${collections} WHERE website_id = ${websiteId} AND path = ${path})
    UNION ALL (SELECT 'item', title FROM ${collectionItems} WHERE website_id = ${websiteId} AND path = ${path} AND id <> ${except.item ?? ''})
    LIMIT 1`);
  return rows[0];
}

/** Every path of the site's pages, collections and posts that starts with `prefix` (to find a free one). */
export async function pathsStartingWith(tx: Executor, websiteId: string, prefix: string): Promise<Set<string>> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await tx.execute<{ path: string }>(sql`
    SELECT path FROM ${pages} WHERE website_id = ${websiteId} AND path LIKE ${pattern}
    UNION ALL SELECT path FROM ${collections} WHERE website_id = ${websiteId} AND path LIKE ${pattern}
    UNION ALL SELECT path FROM ${collectionItems} WHERE website_id = ${websiteId} AND path LIKE ${pattern}`);
  return new Set(rows.map((r) => r.path));
}

/**
 * The redirects after `moves` (content visitors saw, from its old path to its new one): each old
 * path answers a 301 to the new, redirects that led to an old path lead to the new one (no chains),
 * and no redirect is left on a path content now has (redirects are answered first: it would hide it).
 */
export async function redirectMoves(tx: Executor, websiteId: string, moves: readonly { from: string; to: string }[]): Promise<void> {
  for (const { from, to } of moves) {
    await tx
      .update(redirects)
      .set({ toUrl: to })
      .where(and(eq(redirects.websiteId, websiteId), eq(redirects.toUrl, from)));
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${redirects.position}), -1)` })
      .from(redirects)
      .where(eq(redirects.websiteId, websiteId));
    await tx
      .insert(redirects)
      .values({ websiteId, fromPath: from, toUrl: to, position: (last?.position ?? -1) + 1 })
      .onConflictDoUpdate({ target: [redirects.websiteId, redirects.fromPath], set: { toUrl: to } });
  }
  await tx.execute(sql`
    DELETE FROM ${redirects} r WHERE r.website_id = ${websiteId} AND (
         EXISTS (SELECT 1 FROM ${pages} p WHERE p.website_id = r.website_id AND p.path = r.from_path)
      OR EXISTS (SELECT 1 FROM ${collections} c WHERE c.website_id = r.website_id AND c.path = r.from_path)
      OR EXISTS (SELECT 1 FROM ${collectionItems} i WHERE i.website_id = r.website_id AND i.path = r.from_path))`);
}
