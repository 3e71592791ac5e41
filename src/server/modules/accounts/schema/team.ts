/**
 * Team members and their accounts: who signs in to config areas, their role on each site, their
 * sessions, two-factor recovery codes, invitations, password resets, and the activity log of what
 * they changed.
 */
import { bigint, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../../sites/schema/sites';

/** A person who signs in to config areas. Not a site's table: one account may belong to several sites. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    /** Stored lowercased. */
    email: text('email').notNull(),
    /** scrypt$N$r$p$salt$hash (src/server/modules/accounts/passwords/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    /** Two-factor sign-in: the authenticator app's shared secret (base32), set while enrolling. */
    totpSecret: text('totp_secret'),
    /** When two-factor sign-in was confirmed with a first code; null while off. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_email_key').on(t.email)],
);

/** Team members: an account's role on a site (seed 000 §6 role numbers). */
export const websiteMembers = pgTable(
  'website_members',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.accountId] }), index('website_members_account').on(t.accountId)],
);

/** Signed-in sessions of team members. Only a hash of the session id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute limit; the idle limit is counted from lastSeenAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The browser's User-Agent at sign-in (cut to 512 characters), for the account's list of sessions. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account').on(t.accountId)],
);

/**
 * Two-factor recovery codes: shown once when made, each good for one sign-in in place of a code
 * from the app. Only hashes are stored; making a new set replaces the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
);

/** Invitations to join a site's team; only a hash of the emailed token is stored. */
export const invitations = pgTable(
  'invitations',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    role: smallint('role').notNull(),
    invitedBy: text('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.tokenHash] }), index('invitations_email').on(t.websiteId, t.email)],
);

/** Password reset requests; only a hash of the emailed token is stored. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
