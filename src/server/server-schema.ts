/** What every app server shares: server-wide secrets and the rate-limit counters. */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Values every app server must share, such as the secret that signs crumbs. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Counters for rate limits, shared by every app server; rows expire with their window. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
