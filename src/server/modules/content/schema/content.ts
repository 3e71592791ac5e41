/**
 * A site's content: pages, collections and their items (sections and blocks stored as the site
 * document holds them, JSON, one row per page or item, so a page renders from one row), the
 * editor's page and post drafts and the immutable revisions each publish makes, and redirects (files
 * are in ./files.ts). `pages.sections` is what visitors see: only publishing (and import) write it.
 */
import type { StoredSection } from '../../../../document/schema';
import type { Seo } from '../../../../document/primitives';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { versionTables } from '../../../versions/tables';
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

/**
 * A page's draft (what the visual editor shows and saves: src/server/modules/content/drafts/) and
 * the immutable revisions its publishes made (src/server/versions/tables.ts).
 */
export const { drafts: pageDrafts, revisions: pageRevisions } = versionTables<StoredSection[]>({
  name: 'page',
  parent: pages,
  parentColumn: 'page_id',
  content: 'sections',
  account: () => accounts.id,
});

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
    /** Seed 001 §3: list, grid or product (a shop's; a grid when null). */
    viewMode: text('view_mode'),
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

/** A blog post's draft and revisions, kept as a page's are: the item's status decides whether visitors see what was published. */
export const { drafts: postDrafts, revisions: postRevisions } = versionTables<StoredSection[]>({
  name: 'post',
  parent: collectionItems,
  parentColumn: 'item_id',
  content: 'sections',
  account: () => accounts.id,
});

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

/**
 * A site's design (settings.design in the site document: src/document/design.ts): one row a site,
 * `design` what visitors see (only publishing, import and reset write it), `starting` the design
 * the site was made or last imported with, which "Reset to the template's design" brings back.
 * Its drafts and revisions are versioned content like a page's; `id` is always 'design'.
 */
export const siteDesigns = pgTable(
  'site_designs',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull().default('design'),
    design: jsonb('design').$type<Record<string, unknown>>().notNull(),
    starting: jsonb('starting').$type<Record<string, unknown>>().notNull(),
    /** Always published: the versions' rules ask of every live row whether it is. */
    status: smallint('status').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.id] })],
);

export const { drafts: designDrafts, revisions: designRevisions } = versionTables<Record<string, unknown>>({
  name: 'site_design',
  parent: siteDesigns,
  parentColumn: 'design_id',
  content: 'design',
  account: () => accounts.id,
});
