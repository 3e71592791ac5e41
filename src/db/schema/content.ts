/**
 * A site's content: pages, collections and their items (sections and blocks stored as the site
 * document holds them, JSON, one row per page or item, so a page renders from one row), redirects,
 * and files with their resized copies.
 */
import type { StoredSection } from '../../document/schema';
import { customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from './sites';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const pages = pgTable(
  'pages',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    pageType: smallint('page_type').notNull(),
    path: text('path'),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    status: smallint('status').notNull(),
    seo: jsonb('seo').$type<Record<string, string>>().notNull(),
    /** Sanitised when written (src/blocks/sanitize.ts): the type only the sanitiser makes. */
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    /** Who may open the page: { type: 'public' } | { type: 'members' } | { type: 'password', passwordHash }. */
    access: jsonb('access').$type<Record<string, unknown>>().notNull().default({ type: 'public' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('pages_path_key').on(t.websiteId, t.path),
  ],
);

export const collections = pgTable(
  'collections',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    type: smallint('type').notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    status: smallint('status').notNull(),
    description: text('description'),
    urlPattern: text('url_pattern'),
    seo: jsonb('seo').$type<Record<string, string>>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.id] }), uniqueIndex('collections_path_key').on(t.websiteId, t.path)],
);

export const collectionItems = pgTable(
  'collection_items',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    collectionId: text('collection_id').notNull(),
    slug: text('slug').notNull(),
    /** Where the item is served: the collection's path plus its URL (src/document/paths.ts). */
    path: text('path').notNull(),
    title: text('title').notNull(),
    status: smallint('status').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }).notNull(),
    author: text('author'),
    excerpt: text('excerpt'),
    tags: text('tags').array().notNull(),
    categories: text('categories').array().notNull(),
    thumbnail: text('thumbnail'),
    seo: jsonb('seo').$type<Record<string, string>>().notNull(),
    /** Sanitised when written (src/blocks/sanitize.ts): the type only the sanitiser makes. */
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('collection_items_slug_key').on(t.websiteId, t.collectionId, t.slug),
    uniqueIndex('collection_items_path_key').on(t.websiteId, t.path),
    index('collection_items_published').on(t.websiteId, t.collectionId, t.publishedAt),
  ],
);

export const redirects = pgTable(
  'redirects',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    fromPath: text('from_path').notNull(),
    toUrl: text('to_url').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.fromPath] })],
);

export const files = pgTable(
  'files',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    data: bytea('data').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.name] })],
);

/** Resized copies of image files for srcset, made on first request and kept. */
export const fileVariants = pgTable(
  'file_variants',
  {
    websiteId: text('website_id').notNull(),
    name: text('name').notNull(),
    width: integer('width').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.name, t.width] }),
    foreignKey({ columns: [t.websiteId, t.name], foreignColumns: [files.websiteId, files.name] }).onDelete('cascade'),
  ],
);
