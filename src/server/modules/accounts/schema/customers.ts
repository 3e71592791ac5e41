/** Customers of a published site (the seeds' site users), their sessions and emailed one-time links. */
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../../sites/schema/sites';

/** Customers: visitors with an account on one published site (the seeds' site users). */
export const siteUsers = pgTable(
  'site_users',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Stored lowercased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    /** Set when the emailed verification link is opened; sign-in waits for it. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_users_email_key').on(t.websiteId, t.email)],
);

/** Customers' sessions; only hashes of the session id and of its xsrf token are stored. */
export const siteUserSessions = pgTable(
  'site_user_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    xsrfHash: text('xsrf_hash').notNull(),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The browser's User-Agent at sign-in (cut to 512 characters), for the customer's list of sessions. */
    userAgent: text('user_agent'),
  },
  (t) => [index('site_user_sessions_user').on(t.siteUserId)],
);

/** Emailed one-time links for customers: address verification and password reset. */
export const siteUserTokens = pgTable('site_user_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  siteUserId: text('site_user_id')
    .notNull()
    .references(() => siteUsers.id, { onDelete: 'cascade' }),
  /** 'verify' or 'reset'. */
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
