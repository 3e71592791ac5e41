/**
 * The addresses of a site that search engines may list (the sitemap).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { COLLECTION_TYPES } from '../../../../domain/collection-types';
import { PAGE_STATUS, PAGE_TYPES } from '../../../../domain/page-types';
import { collectionItems, collections, pages } from '../schema/content';

const PUBLISHED = PAGE_STATUS.PUBLISHED;
/** Pages with an address of their own: the system pages (not found, error) answer for other addresses. */
const ROUTABLE_PAGE_TYPES = [PAGE_TYPES.PAGE, PAGE_TYPES.SPLASH_PAGE];

/** `shops`: the published collections of type PRODUCTS, whose products and categories the caller adds from the catalogue. */
export type SitemapEntries = { paths: string[]; items: { path: string; publishedAt: string }[]; shops: { id: string; path: string }[] };

/** Every address search engines may list: public published pages, published collections and their published items. */
export async function sitemapEntries(db: Db, websiteId: string): Promise<SitemapEntries> {
  const [pageRows, collectionRows] = await Promise.all([
    db
      .select({ path: pages.path })
      .from(pages)
      // Members-only and password pages are not for search engines, nor pages the owner hid from them.
      .where(
        and(
          eq(pages.websiteId, websiteId),
          eq(pages.status, PUBLISHED),
          inArray(pages.pageType, ROUTABLE_PAGE_TYPES),
          sql`${pages.access}->>'type' = 'public'`,
          sql`coalesce(${pages.seo}->>'noIndex', 'false') <> 'true'`,
        ),
      )
      .orderBy(asc(pages.position)),
    db
      .select({ id: collections.id, path: collections.path, type: collections.type })
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.status, PUBLISHED)))
      .orderBy(asc(collections.position)),
  ]);
  const items =
    collectionRows.length === 0
      ? []
      : await db
          .select({ path: collectionItems.path, publishedAt: collectionItems.publishedAt })
          .from(collectionItems)
          .where(
            and(
              eq(collectionItems.websiteId, websiteId),
              eq(collectionItems.status, PUBLISHED),
              inArray(
                collectionItems.collectionId,
                collectionRows.map((c) => c.id),
              ),
            ),
          )
          .orderBy(asc(collectionItems.position));
  return {
    paths: [...pageRows.flatMap((p) => (p.path ? [p.path] : [])), ...collectionRows.map((c) => c.path)],
    items,
    shops: collectionRows.filter((c) => c.type === COLLECTION_TYPES.PRODUCTS).map((c) => ({ id: c.id, path: c.path })),
  };
}
