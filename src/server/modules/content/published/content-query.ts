/**
 * The one statement that reads a site's published content (./published.ts) and the schemas its
 * row is checked against: every row as JSON text, their sizes summed, and the parts sent only when
 * the whole fits what the reader may hold.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { z } from 'zod';
import { PAGE_STATUS, PAGE_TYPES } from '../../../../domain/page-types';

const PUBLISHED = PAGE_STATUS.PUBLISHED;
export const SYSTEM_PAGE_TYPES = [PAGE_TYPES.NOT_FOUND, PAGE_TYPES.ERROR];

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
export type PageRow = z.infer<typeof pageRow>;
const collectionRow = z.object({
  id: z.string(),
  type: z.number(),
  path: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  viewMode: z.string().nullable().optional(),
  seo: seoSchema,
});
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
  /** The published design (site_designs), null for a site that never saved one. */
  design: z.unknown(),
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
        SELECT id, path, position AS o, json_build_object('id', id, 'type', type, 'path', path, 'title', title, 'description', description, 'viewMode', view_mode, 'seo', seo)::text AS j
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
        FROM files WHERE website_id = ${websiteId} AND NOT private
      ),
      sized AS (
        SELECT (SELECT coalesce(sum(octet_length(j)), 0) FROM p) + (SELECT coalesce(sum(octet_length(j)), 0) FROM c)
          + (SELECT coalesce(sum(octet_length(j)), 0) FROM i) + (SELECT coalesce(sum(octet_length(j)), 0) FROM r)
          + (SELECT coalesce(sum(octet_length(j)), 0) FROM f) AS bytes
      )
    SELECT w.labs,
      (SELECT json_build_object('provider', provider, 'siteKey', site_key) FROM site_captcha WHERE website_id = w.id) AS captcha,
      (SELECT json_build_object('key', api_key, 'language', language, 'region', region) FROM site_google_maps WHERE website_id = w.id) AS "googleMaps",
      (SELECT design FROM site_designs WHERE website_id = w.id AND id = 'design') AS design,
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

export type ContentRow = z.infer<typeof contentRow>;
const NO_SITE: ContentRow = { labs: {}, captcha: null, design: null, bytes: 0, pages: [], collections: [], items: [], redirects: [], files: [] };

export async function queryContent(pool: pg.Pool, websiteId: string, path: string | undefined, maxBytes: number): Promise<ContentRow> {
  const query = dialect.sqlToQuery(contentQuery(websiteId, path, maxBytes));
  // Prepared (named): planning this statement costs more than running it on a site of a few pages.
  const name = path === undefined ? 'openpress_site_content' : 'openpress_path_content';
  const { rows } = await pool.query({ name, text: query.sql, values: query.params });
  return rows[0] === undefined ? NO_SITE : contentRow.parse(rows[0]);
}
