/**
 * What a site shows its visitors, read for rendering and for search engines. `readSiteContent`
 * reads everything a render of any published page may need — redirects, published pages,
 * collections and their items, the owner's own not-found and error pages, the files' facts, the
 * feature flags and the captcha — in one statement (one snapshot, so never half of a change), and
 * answers it as a `SiteContent` the renderer looks paths up in without another query (the app
 * keeps it in memory: ./site-content.ts). A site whose content is larger than the caller may hold
 * is read for one address only. Only published content (PAGE_STATUS.PUBLISHED) is answered, except
 * the system pages, which are shown whatever their status. JSON columns are parsed when first
 * looked up (./stored-json.ts), so a page whose stored content fails only fails itself.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { collectionItems, collections, pages } from '../schema/content';
import type { PageAccess, StoredSection } from '../../../../document/schema';
import type { RenderedFile } from '../../../../blocks/types';
import type { FeatureFlag } from '../../../../domain/feature-flags';
import { labsFlags } from '../../../../domain/labs';
import { PAGE_STATUS, PAGE_TYPES } from '../../../../domain/page-types';
import type { PublicCaptcha } from '../../sites';
import type { GoogleMapsContext } from '../../../../domain/google-maps';
import { storedPageAccess, storedSections } from '../../sites';

const PUBLISHED = PAGE_STATUS.PUBLISHED;
/** Pages with an address of their own: the system pages (not found, error) answer for other addresses. */
const ROUTABLE_PAGE_TYPES = [PAGE_TYPES.PAGE, PAGE_TYPES.SPLASH_PAGE];
const SYSTEM_PAGE_TYPES = [PAGE_TYPES.NOT_FOUND, PAGE_TYPES.ERROR];

export type SiteFileFacts = RenderedFile;
export type RenderFacts = {
  files: ReadonlyMap<string, SiteFileFacts>;
  featureFlags: readonly FeatureFlag[];
  captcha: PublicCaptcha | undefined;
  googleMaps?: GoogleMapsContext;
};

export type PublishedPage = {
  id: string;
  pageType: number;
  path: string | null;
  title: string;
  seo: Record<string, string>;
  /** Hidden from search engines (the page's `seo.noIndex`): robots noindex, and not in the sitemap. */
  noIndex: boolean;
  access: PageAccess;
  sections: StoredSection[];
};

/** A page only some visitors may open (members, password) that names a file. */
export type FileGate = { pageId: string; access: PageAccess };

const FILE_ADDRESS = /\/s\/(?:[0-9a-f]{16}\/)?([A-Za-z0-9][A-Za-z0-9._-]*)/g;

/**
 * The names of the site files stored content names by address: `/s/{name}`, with a width, under
 * its hash, or a format's copy (`/s/{hash}/{name}.webp`).
 */
export function fileNamesIn(value: unknown): Set<string> {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const names = new Set<string>();
  for (const match of text.matchAll(FILE_ADDRESS)) {
    // A sentence's full stop after an address, and a format's copy, name the file too.
    const name = match[1]!.replace(/\.+$/, '');
    names.add(name).add(match[1]!);
    const modern = /\.(?:webp|avif)$/.exec(name);
    if (modern) names.add(name.slice(0, -modern[0].length));
  }
  return names;
}

export type PublishedCollection = { id: string; type: number; path: string; title: string; description: string | null; seo: Record<string, string> };
/** An item as a collection's list shows it. */
export type ItemSummary = {
  id: string;
  collectionId: string;
  path: string;
  title: string;
  publishedAt: string;
  author: string | null;
  excerpt: string | null;
  tags: string[];
  thumbnail: string | null;
  seo: Record<string, string>;
};
export type PublishedItem = ItemSummary & { sections: StoredSection[] };

/**
 * A site's published content as one render needs it, looked up in memory. `page`, `item` and
 * `systemPage` throw a StoredDataError when that page's stored content fails its schema.
 */
export type SiteContent = {
  websiteId: string;
  /** The size of the JSON text of the rows it was read from: what holding it costs, roughly. */
  bytes: number;
  /** The whole site, or only what one address needs (a site larger than the reader may hold). */
  scope: 'site' | 'path';
  facts: RenderFacts;
  redirect(path: string): string | undefined;
  page(path: string): PublishedPage | undefined;
  collection(path: string): { collection: PublishedCollection; items: readonly ItemSummary[] } | undefined;
  item(path: string): { item: PublishedItem; collection: PublishedCollection } | undefined;
  systemPage(pageType: number): { title: string; sections: StoredSection[] } | undefined;
  /**
   * The files named only by pages some visitors may not open, each with those pages (files named
   * by any public page, post, collection or system page are not here); worked out on first use.
   * Undefined for content read for one address (`scope: 'path'`), which cannot tell.
   */
  restrictedFiles(): ReadonlyMap<string, readonly FileGate[]> | undefined;
};

/** Keeps only the string values: what search engines and the page head are given. */
const seoSchema = z
  .record(z.string(), z.unknown())
  .transform((seo) => Object.fromEntries(Object.entries(seo).filter((e): e is [string, string] => typeof e[1] === 'string')));
const pageRow = z
  .object({
    id: z.string(),
    pageType: z.number(),
    path: z.string().nullable(),
    title: z.string(),
    seo: z.record(z.string(), z.unknown()),
    access: z.unknown(),
    sections: z.unknown(),
  })
  .transform(({ seo, ...page }) => ({ ...page, seo: seoSchema.parse(seo), noIndex: seo.noIndex === true }));
const collectionRow = z.object({ id: z.string(), type: z.number(), path: z.string(), title: z.string(), description: z.string().nullable(), seo: seoSchema });
const itemRow = z.object({
  id: z.string(),
  collectionId: z.string(),
  path: z.string(),
  title: z.string(),
  publishedAt: z.string(),
  author: z.string().nullable(),
  excerpt: z.string().nullable(),
  tags: z.array(z.string()),
  thumbnail: z.string().nullable(),
  seo: seoSchema,
  sections: z.unknown(),
});
const redirectRow = z.object({ from: z.string(), to: z.string() });
const fileRow = z.object({
  name: z.string(),
  contentType: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  alt: z.string(),
  hash: z.string().nullable(),
  formats: z.array(z.string()).nullable(),
  widths: z.record(z.string(), z.array(z.number())).nullable(),
});
/** A part of the content as JSON text, left out (null) when the whole is larger than the reader may hold. */
const part = <T extends z.ZodType>(row: T) =>
  z
    .string()
    .nullable()
    .transform((text) => (text === null ? null : z.array(row).parse(JSON.parse(text))));
const contentRow = z.object({
  labs: z.unknown(),
  captcha: z.object({ provider: z.enum(['altcha', 'recaptcha']), siteKey: z.string() }).nullable(),
  googleMaps: z.object({ key: z.string(), language: z.string().nullable(), region: z.string().nullable() }).nullable().optional(),
  bytes: z.number(),
  pages: part(pageRow),
  collections: part(collectionRow),
  items: part(itemRow),
  redirects: part(redirectRow),
  files: part(fileRow),
});

const systemTypes = sql.join(SYSTEM_PAGE_TYPES, sql`, `);

/**
 * The statement: each row as JSON text once, their sizes summed, and the parts sent only when the
 * sum is at most `maxBytes`. With `path`, only what that address needs: the page, redirect,
 * collection or item there (an item with its collection, a collection with its items' summaries
 * and no items' sections) and the system pages. Its text is the same for every site and address,
 * so it is prepared once per connection, under the name of its scope.
 */
function contentQuery(websiteId: string, path: string | undefined, maxBytes: number) {
  const at = (condition: SQL) => (path === undefined ? sql`` : sql`AND (${condition})`);
  return sql`
    WITH
      p AS (
        SELECT position AS o, json_build_object('id', id, 'pageType', page_type, 'path', path, 'title', title, 'seo', seo, 'access', access, 'sections', sections)::text AS j
        FROM pages
        WHERE website_id = ${websiteId} AND (status = ${PUBLISHED} OR page_type IN (${systemTypes}))
          ${at(sql`path = ${path} OR page_type IN (${systemTypes})`)}
      ),
      c AS (
        SELECT id, path, position AS o, json_build_object('id', id, 'type', type, 'path', path, 'title', title, 'description', description, 'seo', seo)::text AS j
        FROM collections
        WHERE website_id = ${websiteId} AND status = ${PUBLISHED}
          ${at(sql`path = ${path} OR EXISTS (SELECT 1 FROM collection_items x WHERE x.website_id = ${websiteId} AND x.collection_id = collections.id AND x.path = ${path})`)}
      ),
      i AS (
        SELECT i.position AS o, json_build_object(
            'id', i.id, 'collectionId', i.collection_id, 'path', i.path, 'title', i.title, 'publishedAt', i.published_at, 'author', i.author,
            'excerpt', i.excerpt, 'tags', i.tags, 'thumbnail', i.thumbnail, 'seo', i.seo,
            'sections', ${path === undefined ? sql`i.sections` : sql`CASE WHEN i.path = ${path} THEN i.sections END`})::text AS j
        FROM collection_items i JOIN c ON c.id = i.collection_id
        WHERE i.website_id = ${websiteId} AND i.status = ${PUBLISHED} ${at(sql`c.path = ${path} OR i.path = ${path}`)}
      ),
      r AS (
        SELECT position AS o, json_build_object('from', from_path, 'to', to_url)::text AS j
        FROM redirects WHERE website_id = ${websiteId} ${at(sql`from_path = ${path}`)}
      ),
      f AS (
        SELECT position AS o, json_build_object('name', name, 'contentType', content_type, 'width', width, 'height', height, 'alt', alt,
            'hash', left(sha256, 16),
            'formats', (SELECT json_agg(DISTINCT v.format) FROM file_variants v WHERE v.website_id = files.website_id AND v.file_id = files.id),
            'widths', (SELECT json_object_agg(x.format, x.widths) FROM (SELECT v.format, json_agg(v.width ORDER BY v.width DESC) AS widths
              FROM file_variants v WHERE v.website_id = files.website_id AND v.file_id = files.id GROUP BY v.format) x))::text AS j
        FROM files WHERE website_id = ${websiteId}
      ),
      sized AS (
        SELECT (SELECT coalesce(sum(octet_length(j)), 0) FROM p) + (SELECT coalesce(sum(octet_length(j)), 0) FROM c)
          + (SELECT coalesce(sum(octet_length(j)), 0) FROM i) + (SELECT coalesce(sum(octet_length(j)), 0) FROM r)
          + (SELECT coalesce(sum(octet_length(j)), 0) FROM f) AS bytes
      )
    SELECT w.labs,
      (SELECT json_build_object('provider', provider, 'siteKey', site_key) FROM site_captcha WHERE website_id = w.id) AS captcha,
      (SELECT json_build_object('key', api_key, 'language', language, 'region', region) FROM site_google_maps WHERE website_id = w.id) AS "googleMaps",
      sized.bytes::float8 AS bytes,
      CASE WHEN sized.bytes <= ${maxBytes} THEN (SELECT '[' || coalesce(string_agg(j, ',' ORDER BY o), '') || ']' FROM p) END AS pages,
      CASE WHEN sized.bytes <= ${maxBytes} THEN (SELECT '[' || coalesce(string_agg(j, ',' ORDER BY o), '') || ']' FROM c) END AS collections,
      CASE WHEN sized.bytes <= ${maxBytes} THEN (SELECT '[' || coalesce(string_agg(j, ',' ORDER BY o), '') || ']' FROM i) END AS items,
      CASE WHEN sized.bytes <= ${maxBytes} THEN (SELECT '[' || coalesce(string_agg(j, ',' ORDER BY o), '') || ']' FROM r) END AS redirects,
      CASE WHEN sized.bytes <= ${maxBytes} THEN (SELECT '[' || coalesce(string_agg(j, ',' ORDER BY o), '') || ']' FROM f) END AS files
    FROM websites w CROSS JOIN sized
    WHERE w.id = ${websiteId}`;
}

const dialect = new PgDialect();

type ContentRow = z.infer<typeof contentRow>;
const NO_SITE: ContentRow = { labs: {}, captcha: null, bytes: 0, pages: [], collections: [], items: [], redirects: [], files: [] };

async function queryContent(pool: pg.Pool, websiteId: string, path: string | undefined, maxBytes: number): Promise<ContentRow> {
  const query = dialect.sqlToQuery(contentQuery(websiteId, path, maxBytes));
  // Prepared (named): planning this statement costs more than running it on a site of a few pages.
  const name = path === undefined ? 'openpress_site_content' : 'openpress_path_content';
  const { rows } = await pool.query({ name, text: query.sql, values: query.params });
  return rows[0] === undefined ? NO_SITE : contentRow.parse(rows[0]);
}

/**
 * The site's published content: the whole site when its rows' JSON is at most `maxBytes`, else
 * only what `path` needs. A site that does not exist has none (every address is not found).
 */
export async function readSiteContent(pool: pg.Pool, websiteId: string, opts: { path: string; maxBytes: number }): Promise<SiteContent> {
  const whole = await queryContent(pool, websiteId, undefined, opts.maxBytes);
  return whole.pages === null ? readPathContent(pool, websiteId, opts.path) : siteContent(websiteId, whole, 'site');
}

/** Only what `path` needs: how a site larger than the reader may hold is read. */
export async function readPathContent(pool: pg.Pool, websiteId: string, path: string): Promise<SiteContent> {
  return siteContent(websiteId, await queryContent(pool, websiteId, path, Number.MAX_SAFE_INTEGER), 'path');
}

/**
 * Looks a key up, parsing its row on first use and keeping the result in the row's place, so the
 * stored form is let go. A row that fails stays, and fails again on the next look-up.
 */
function parsedOnLookup<K, R, T>(rows: Map<K, R>, parse: (row: R) => T): (key: K) => T | undefined {
  const parsed = new Map<K, T>();
  return (key) => {
    const done = parsed.get(key);
    if (done !== undefined) return done;
    const row = rows.get(key);
    if (row === undefined) return undefined;
    const value = parse(row);
    parsed.set(key, value);
    rows.delete(key);
    return value;
  };
}

function siteContent(websiteId: string, row: ContentRow, scope: SiteContent['scope']): SiteContent {
  const routable = new Map<string, z.infer<typeof pageRow>>();
  const system = new Map<number, z.infer<typeof pageRow>>();
  for (const page of row.pages ?? []) {
    if (SYSTEM_PAGE_TYPES.some((t) => t === page.pageType)) {
      if (!system.has(page.pageType)) system.set(page.pageType, page);
    } else if (page.path !== null) {
      routable.set(page.path, page);
    }
  }
  const collectionsByPath = new Map<string, PublishedCollection>();
  const collectionsById = new Map<string, PublishedCollection>();
  for (const collection of row.collections ?? []) {
    collectionsByPath.set(collection.path, collection);
    collectionsById.set(collection.id, collection);
  }
  const listed = new Map<string, ItemSummary[]>();
  const itemRows = new Map<string, { summary: ItemSummary; sections: unknown }>();
  for (const { sections, ...summary } of row.items ?? []) {
    const list = listed.get(summary.collectionId) ?? [];
    list.push(summary);
    listed.set(summary.collectionId, list);
    itemRows.set(summary.path, { summary, sections });
  }
  // Newest first; items published at the same time keep the owner's order (the rows come by position).
  for (const list of listed.values()) list.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  const redirects = new Map((row.redirects ?? []).map((r) => [r.from, r.to]));

  const routablePaths = [...routable.keys()];
  const itemPaths = [...itemRows.keys()];
  const accessType = (value: unknown) => (typeof value === 'object' && value !== null && 'type' in value ? value.type : undefined);
  const gated = (row.pages ?? []).some((p) => accessType(p.access) !== 'public' && routable.get(p.path ?? '') === p);
  let restricted: Map<string, FileGate[]> | undefined;

  const page = parsedOnLookup(routable, (p): PublishedPage => {
    const at = { websiteId, row: p.id };
    return {
      id: p.id,
      pageType: p.pageType,
      path: p.path,
      title: p.title,
      seo: p.seo,
      noIndex: p.noIndex,
      access: storedPageAccess(p.access, { ...at, column: 'pages.access' }),
      sections: storedSections(p.sections, { ...at, column: 'pages.sections' }),
    };
  });
  const systemPage = parsedOnLookup(system, (p) => ({
    title: p.title,
    sections: storedSections(p.sections, { websiteId, column: 'pages.sections', row: p.id }),
  }));
  const item = parsedOnLookup(itemRows, ({ summary, sections }) => ({
    ...summary,
    sections: storedSections(sections, { websiteId, column: 'collection_items.sections', row: summary.id }),
  }));
  /** What `restrictedFiles` answers: the non-public pages' files, less those any public content names. */
  const findRestricted = (): Map<string, FileGate[]> => {
    const found = new Map<string, FileGate[]>();
    if (!gated) return found;
    const readable = <T>(read: () => T): T | undefined => {
      try {
        return read();
      } catch {
        // Content that fails its schema is shown to nobody: it names nothing.
        return undefined;
      }
    };
    const open: unknown[] = [];
    for (const path of routablePaths) {
      const p = readable(() => page(path));
      if (!p) continue;
      if (p.access.type === 'public') open.push(p.sections, p.seo);
      else for (const name of fileNamesIn([p.sections, p.seo])) found.set(name, [...(found.get(name) ?? []), { pageId: p.id, access: p.access }]);
    }
    if (found.size === 0) return found;
    for (const type of SYSTEM_PAGE_TYPES) open.push(readable(() => systemPage(type))?.sections);
    for (const path of itemPaths) open.push(readable(() => item(path)));
    for (const collection of collectionsById.values()) open.push(collection);
    for (const name of fileNamesIn(open)) found.delete(name);
    return found;
  };
  return {
    websiteId,
    bytes: row.bytes,
    scope,
    restrictedFiles: () => (scope === 'path' ? undefined : (restricted ??= findRestricted())),
    facts: {
      files: new Map(
        (row.files ?? []).map((f) => [
          f.name,
          {
            name: f.name,
            contentType: f.contentType,
            width: f.width ?? undefined,
            height: f.height ?? undefined,
            alt: f.alt,
            // The hash names the bytes (a site icon's address); the formats, the pipeline's copies of them.
            ...(f.hash ? { hash: f.hash } : {}),
            ...(f.hash && f.formats ? { formats: f.formats } : {}),
            ...(f.hash && f.widths ? { widths: f.widths } : {}),
          },
        ]),
      ),
      featureFlags: labsFlags(row.labs),
      captcha: row.captcha ?? undefined,
      ...(row.googleMaps
        ? {
            googleMaps: {
              key: row.googleMaps.key,
              ...(row.googleMaps.language ? { language: row.googleMaps.language } : {}),
              ...(row.googleMaps.region ? { region: row.googleMaps.region } : {}),
            },
          }
        : {}),
    },
    redirect: (path) => redirects.get(path),
    page,
    systemPage,
    collection(path) {
      const collection = collectionsByPath.get(path);
      return collection && { collection, items: listed.get(collection.id) ?? [] };
    },
    item(path) {
      const found = item(path);
      const collection = found && collectionsById.get(found.collectionId);
      return found && collection && { item: found, collection };
    },
  };
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
