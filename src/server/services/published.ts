/**
 * What a site shows its visitors, read for rendering and for search engines: the redirect an
 * address names, the published page, collection or item at a path, the owner's own not-found and
 * error pages, the facts every rendered block may need (files, feature flags, captcha), and the
 * addresses of the sitemap. Only published content (PAGE_STATUS.PUBLISHED) is answered, except the
 * system pages, which are shown whatever their status. JSON columns come back parsed
 * (./stored-json.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collectionItems, collections, files, pages, redirects, websites } from '../../db/schema';
import type { PageAccess, StoredSection } from '../../document/schema';
import type { FeatureFlag } from '../../domain/feature-flags';
import { labsFlags } from '../../domain/labs';
import { PAGE_STATUS, PAGE_TYPES } from '../../domain/page-types';
import { siteCaptchaFor, type PublicCaptcha } from './captcha';
import { storedPageAccess, storedSections } from './stored-json';

const PUBLISHED = PAGE_STATUS.PUBLISHED;
/** Pages with an address of their own: the system pages (not found, error) answer for other addresses. */
const ROUTABLE_PAGE_TYPES = [PAGE_TYPES.PAGE, PAGE_TYPES.SPLASH_PAGE];

export type SiteFileFacts = { name: string; contentType: string; width: number | undefined; height: number | undefined };
export type RenderFacts = { files: SiteFileFacts[]; featureFlags: FeatureFlag[]; captcha: PublicCaptcha | undefined };

/** What blocks may need from the site: its files' dimensions, its feature flags, its captcha. */
export async function renderFacts(db: Db, websiteId: string): Promise<RenderFacts> {
  const [rows, [site], captcha] = await Promise.all([
    db
      .select({ name: files.name, contentType: files.contentType, width: files.width, height: files.height })
      .from(files)
      .where(eq(files.websiteId, websiteId)),
    db.select({ labs: websites.labs }).from(websites).where(eq(websites.id, websiteId)),
    siteCaptchaFor(db, websiteId),
  ]);
  return {
    files: rows.map((r) => ({ name: r.name, contentType: r.contentType, width: r.width ?? undefined, height: r.height ?? undefined })),
    featureFlags: labsFlags(site?.labs),
    captcha,
  };
}

/** Where the owner's redirect from `path` leads, if there is one. */
export async function redirectTarget(db: Db, websiteId: string, path: string): Promise<string | undefined> {
  const [redirect] = await db
    .select({ toUrl: redirects.toUrl })
    .from(redirects)
    .where(and(eq(redirects.websiteId, websiteId), eq(redirects.fromPath, path)));
  return redirect?.toUrl;
}

export type PublishedPage = {
  id: string;
  pageType: number;
  path: string | null;
  title: string;
  seo: Record<string, string>;
  access: PageAccess;
  sections: StoredSection[];
};

/** The published page at `path` (a system page has no path of its own to be found at). */
export async function publishedPage(db: Db, websiteId: string, path: string): Promise<PublishedPage | undefined> {
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.path, path), eq(pages.status, PUBLISHED)));
  if (!page || page.pageType === PAGE_TYPES.NOT_FOUND || page.pageType === PAGE_TYPES.ERROR) return undefined;
  const at = { websiteId, row: page.id };
  return {
    id: page.id,
    pageType: page.pageType,
    path: page.path,
    title: page.title,
    seo: page.seo,
    access: storedPageAccess(page.access, { ...at, column: 'pages.access' }),
    sections: storedSections(page.sections, { ...at, column: 'pages.sections' }),
  };
}

type CollectionRow = typeof collections.$inferSelect;
type ItemRow = typeof collectionItems.$inferSelect;
export type PublishedItem = Omit<ItemRow, 'sections'> & { sections: StoredSection[] };

/** The published collection at `path` with its published items, newest first. */
export async function publishedCollection(db: Db, websiteId: string, path: string): Promise<{ collection: CollectionRow; items: ItemRow[] } | undefined> {
  const [collection] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.path, path), eq(collections.status, PUBLISHED)));
  if (!collection) return undefined;
  const items = await db
    .select()
    .from(collectionItems)
    .where(and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.collectionId, collection.id), eq(collectionItems.status, PUBLISHED)))
    .orderBy(asc(collectionItems.position));
  items.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  return { collection, items };
}

/** The published item at `path`, in a published collection, with that collection. */
export async function publishedItem(db: Db, websiteId: string, path: string): Promise<{ item: PublishedItem; collection: CollectionRow } | undefined> {
  const [found] = await db
    .select({ item: collectionItems, collection: collections })
    .from(collectionItems)
    .innerJoin(collections, and(eq(collections.websiteId, collectionItems.websiteId), eq(collections.id, collectionItems.collectionId)))
    .where(and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.path, path), eq(collectionItems.status, PUBLISHED), eq(collections.status, PUBLISHED)));
  if (!found) return undefined;
  const sections = storedSections(found.item.sections, { websiteId, column: 'collection_items.sections', row: found.item.id });
  return { item: { ...found.item, sections }, collection: found.collection };
}

/** The owner's own not-found or error page, if the site has one. */
export async function systemPage(db: Db, websiteId: string, pageType: number): Promise<{ title: string; sections: StoredSection[] } | undefined> {
  const [own] = await db
    .select({ id: pages.id, title: pages.title, sections: pages.sections })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.pageType, pageType)));
  return own && { title: own.title, sections: storedSections(own.sections, { websiteId, column: 'pages.sections', row: own.id }) };
}

/** Who may open a page of the site, or undefined when it has no such page. */
export async function pageAccessOf(db: Db, websiteId: string, pageId: string): Promise<PageAccess | undefined> {
  const [page] = await db
    .select({ access: pages.access })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.id, pageId)));
  return page && storedPageAccess(page.access, { websiteId, column: 'pages.access', row: pageId });
}

export type SitemapEntries = { paths: string[]; items: { path: string; publishedAt: string }[] };

/** Every address search engines may list: public published pages, published collections and their published items. */
export async function sitemapEntries(db: Db, websiteId: string): Promise<SitemapEntries> {
  const [pageRows, collectionRows] = await Promise.all([
    db
      .select({ path: pages.path })
      .from(pages)
      // Members-only and password pages are not for search engines.
      .where(and(eq(pages.websiteId, websiteId), eq(pages.status, PUBLISHED), inArray(pages.pageType, ROUTABLE_PAGE_TYPES), sql`${pages.access}->>'type' = 'public'`))
      .orderBy(asc(pages.position)),
    db
      .select({ id: collections.id, path: collections.path })
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
  return { paths: [...pageRows.flatMap((p) => (p.path ? [p.path] : [])), ...collectionRows.map((c) => c.path)], items };
}
