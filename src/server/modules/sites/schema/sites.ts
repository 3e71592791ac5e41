/**
 * Sites and the hosts they answer on: one `websites` row per site (its settings, navigation,
 * header and footer as the site document holds them, JSON), and its custom domains.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const websites = pgTable(
  'websites',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    /** The site document's `settings` less the identifier. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    navigation: jsonb('navigation').$type<unknown[]>().notNull(),
    header: jsonb('header').$type<Record<string, unknown>>().notNull().default({}),
    footer: jsonb('footer').$type<Record<string, unknown>>().notNull().default({}),
    /** Labs feature flags turned on for the site: { internal: string[], circle: string[] }. */
    labs: jsonb('labs').$type<Record<string, unknown>>().notNull().default({}),
    /** Multilingual settings: languages and the translation provider connection. */
    multilingual: jsonb('multilingual').$type<Record<string, unknown>>().notNull().default({}),
    /** Served for hosts that name no site (localhost, an IP, an unknown name). */
    isDefault: boolean('is_default').notNull().default(false),
    /** Bumped by every change to the site's content, in the same transaction. */
    contentVersion: bigint('content_version', { mode: 'number' }).notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('websites_identifier_key').on(t.identifier), uniqueIndex('websites_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);

export const siteDomains = pgTable(
  'site_domains',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.host] }), uniqueIndex('site_domains_host_key').on(t.host)],
);
