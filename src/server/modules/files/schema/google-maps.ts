/** A site's Google Maps settings: the browser key its map blocks load Google's map with, and their language and region. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from '../../sites/schema/sites';

/**
 * One row per site that has a key. The key is a browser key (Google's JavaScript API puts it in
 * every page that shows a map), so it is stored as it is and answered back to the owner; what keeps
 * it from others' use is the domain restriction the owner sets on it in Google's console. It is not
 * part of the site document, so a site copied as a template or exported does not take it along.
 */
export const siteGoogleMaps = pgTable('site_google_maps', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  apiKey: text('api_key').notNull(),
  /** A language tag (such as en or pt-BR) for the map's labels and place names; null: the visitor's browser decides. */
  language: text('language'),
  /** A two-letter region code (such as GB) that biases place names and borders; null: none. */
  region: text('region'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
