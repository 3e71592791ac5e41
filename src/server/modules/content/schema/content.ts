/**
 * A site's content: pages, collections and their items (sections and blocks stored as the site
 * document holds them, JSON, one row per page or item, so a page renders from one row), the
 * editor's page and post drafts and the immutable revisions each publish makes, and redirects (files
 * are in ./files.ts). `pages.sections` is what visitors see: only publishing (and import) write it.
 */
import type { StoredSection } from '../../../../document/schema';
import type { Seo } from '../../../../document/primitives';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../../sites/schema/sites';
import { accounts } from '../../accounts/schema/team';

export const pages = pgTable(
  'pages',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    pageType: smallint('page_type').notNull(),
    path: text('path'),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    status: smallint('status').notNull(),
    seo: jsonb('seo').$type<Seo>().notNull(),
    /** Sanitised when written (src/blocks/sanitize.ts): the type only the sanitiser makes. */
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    /** Who may open the page: { type: 'public' } | { type: 'members' } | { type: 'password', passwordHash }. */
    access: jsonb('access').$type<Record<string, unknown>>().notNull().default({ type: 'public' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.id] }), uniqueIndex('pages_path_key').on(t.websiteId, t.path)],
);

/** One applied draft save, remembered so that a retry of the same change is answered again rather than refused. */
export type AppliedChange = { changeId: string; version: number; savedAt: string };

/**
 * A page's draft: what the visual editor shows and saves (src/server/modules/content/drafts/page-drafts.ts). No
 * row means no save since the page was imported: the draft is then the published sections at
 * version 0. Each save is checked against the version it was based on and makes the next one.
 */
export const pageDrafts = pgTable(
  'page_drafts',
  {
    websiteId: text('website_id').notNull(),
    pageId: text('page_id').notNull(),
    /** Sanitised when written, like `pages.sections`. */
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    version: integer('version').notNull(),
    /** The draft version last published (or made equal to the published content): the draft has unpublished changes when `version` is past it. */
    publishedVersion: integer('published_version').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    savedBy: text('saved_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The last applied saves' change ids and the versions they made, newest last (a few dozen at most). */
    recentChanges: jsonb('recent_changes').$type<AppliedChange[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.pageId] }),
    foreignKey({ columns: [t.websiteId, t.pageId], foreignColumns: [pages.websiteId, pages.id] }).onDelete('cascade'),
  ],
);

/** What each publish of a page made visible, numbered from 1 and never changed (the next issue's revision history reads them). */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    websiteId: text('website_id').notNull(),
    pageId: text('page_id').notNull(),
    revision: integer('revision').notNull(),
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Null for content that came by import or from before revisions were kept. */
    publishedBy: text('published_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.pageId, t.revision] }),
    foreignKey({ columns: [t.websiteId, t.pageId], foreignColumns: [pages.websiteId, pages.id] }).onDelete('cascade'),
  ],
);

export const collections = pgTable(
  'collections',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    type: smallint('type').notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    status: smallint('status').notNull(),
    description: text('description'),
    urlPattern: text('url_pattern'),
    seo: jsonb('seo').$type<Seo>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.id] }), uniqueIndex('collections_path_key').on(t.websiteId, t.path)],
);

export const collectionItems = pgTable(
  'collection_items',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
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
    seo: jsonb('seo').$type<Seo>().notNull(),
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

/**
 * A blog post's draft: what the visual editor shows and saves for a collection item, kept as a
 * page's draft is (`page_drafts`, src/server/modules/content/drafts/page-drafts.ts): no row means the published
 * sections at version 0. The item's status decides whether visitors see what was published.
 */
export const postDrafts = pgTable(
  'post_drafts',
  {
    websiteId: text('website_id').notNull(),
    itemId: text('item_id').notNull(),
    /** Sanitised when written, like `collection_items.sections`. */
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    version: integer('version').notNull(),
    publishedVersion: integer('published_version').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    savedBy: text('saved_by').references(() => accounts.id, { onDelete: 'set null' }),
    recentChanges: jsonb('recent_changes').$type<AppliedChange[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.itemId] }),
    foreignKey({ columns: [t.websiteId, t.itemId], foreignColumns: [collectionItems.websiteId, collectionItems.id] }).onDelete('cascade'),
  ],
);

/** What each publish of a post's draft made its content, numbered from 1 and never changed, as `page_revisions` for pages. */
export const postRevisions = pgTable(
  'post_revisions',
  {
    websiteId: text('website_id').notNull(),
    itemId: text('item_id').notNull(),
    revision: integer('revision').notNull(),
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.itemId, t.revision] }),
    foreignKey({ columns: [t.websiteId, t.itemId], foreignColumns: [collectionItems.websiteId, collectionItems.id] }).onDelete('cascade'),
  ],
);

export const redirects = pgTable(
  'redirects',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fromPath: text('from_path').notNull(),
    toUrl: text('to_url').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.fromPath] })],
);
