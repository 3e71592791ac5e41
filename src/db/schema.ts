/**
 * The database schema (Drizzle). Every table that belongs to a site carries `website_id`, and its
 * primary key and unique constraints include it, so the data can later be sharded by website.
 * Page, section and block content is stored as the site document holds it (JSON), one row per page
 * or collection item, so a page renders from one row.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
  (t) => [
    uniqueIndex('websites_identifier_key').on(t.identifier),
    uniqueIndex('websites_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

export const siteDomains = pgTable(
  'site_domains',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.host] }), uniqueIndex('site_domains_host_key').on(t.host)],
);

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
    sections: jsonb('sections').$type<unknown[]>().notNull(),
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
    sections: jsonb('sections').$type<unknown[]>().notNull(),
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

/** A person who signs in to config areas. Not a site's table: one account may belong to several sites. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    /** Stored lowercased. */
    email: text('email').notNull(),
    /** scrypt$N$r$p$salt$hash (src/server/services/passwords.ts). */
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
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.accountId] }), index('website_members_account').on(t.accountId)],
);

/** Values every app server must share, such as the secret that signs crumbs. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Signed-in sessions of team members. Only a hash of the session id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: text('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute limit; the idle limit is counted from lastSeenAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account').on(t.accountId)],
);

/** Counters for rate limits, shared by every app server; rows expire with their window. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Invitations to join a site's team; only a hash of the emailed token is stored. */
export const invitations = pgTable(
  'invitations',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
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
  accountId: text('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Who changed what on a site, and when (shown to ADMINs). */
export const activityLog = pgTable(
  'activity_log',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    id: bigserial('id', { mode: 'number' }).notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.id] }), index('activity_log_time').on(t.websiteId, t.createdAt)],
);

/**
 * Background work (emails, webhooks …): a row written in the same transaction as its cause, taken
 * by workers with SELECT … FOR UPDATE SKIP LOCKED, retried with backoff until max_attempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: text('website_id').references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending, running, done or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** A stable key each delivery carries (Message-ID, Idempotency-Key), so a receiver can drop repeats. */
    deliveryKey: text('delivery_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt), index('jobs_site').on(t.websiteId, t.status), uniqueIndex('jobs_delivery_key').on(t.deliveryKey)],
);

/** A site's outgoing mail server; without a row the server-wide default from the environment is used. */
export const smtpSettings = pgTable('smtp_settings', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: boolean('secure').notNull(),
  username: text('username'),
  /** Write-only through the API: never answered back. */
  password: text('password'),
  fromAddress: text('from_address').notNull(),
});

/** Customers: visitors with an account on one published site (the seeds' site users). */
export const siteUsers = pgTable(
  'site_users',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
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
    siteUserId: text('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
    xsrfHash: text('xsrf_hash').notNull(),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('site_user_sessions_user').on(t.siteUserId)],
);

/** Emailed one-time links for customers: address verification and password reset. */
export const siteUserTokens = pgTable('site_user_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  siteUserId: text('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
  /** 'verify' or 'reset'. */
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Single-use form submission keys (seed 000 §7 FormSubmissionKey), bound to the visitor's crumb; only hashes are stored. */
export const formSubmissionKeys = pgTable(
  'form_submission_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    crumbHash: text('crumb_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('form_submission_keys_expiry').on(t.expiresAt)],
);

/** Accepted form submissions (seed 000 §7 SaveFormSubmission), committed before the answer. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    /** The form block's formId. */
    formId: text('form_id').notNull(),
    /** The fields as they were when submitted (id, type, label), so old submissions read right after the form changes. */
    fields: jsonb('fields').$type<{ id: string; type: string; label: string }[]>().notNull(),
    /** Values by field id (src/domain/forms.ts FieldValue). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** The seed's intra-page event fields: pageTitle, pageId, contentSource, pagePath. */
    page: jsonb('page').$type<Record<string, string>>().notNull(),
    /** Every email address the submission holds, lowercased, to erase a person's submissions on request. */
    emails: text('emails').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_form').on(t.websiteId, t.formId, t.createdAt), index('form_submissions_emails').using('gin', t.emails)],
);

/** Newsletter subscribers per site list (the newsletter block's listId), with double opt-in. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    listId: text('list_id').notNull(),
    /** Stored lowercased. */
    email: text('email').notNull(),
    name: text('name'),
    /** pending (waiting for the confirmation link), confirmed or unsubscribed. */
    status: text('status').notNull(),
    /** Hash of the emailed confirmation token while pending. */
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.listId, t.email] }), index('newsletter_confirm_token').on(t.confirmTokenHash)],
);

/** A site's captcha (seed 001 §5): the self-hosted proof-of-work kind with its HMAC key, or a reCAPTCHA key pair the owner entered. */
export const siteCaptcha = pgTable('site_captcha', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** 'altcha' or 'recaptcha'. */
  provider: text('provider').notNull(),
  /** Public: rendered into pages (for altcha, an id naming the key). */
  siteKey: text('site_key').notNull(),
  /** Never answered back: the altcha HMAC key or the reCAPTCHA secret. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Solved captcha challenges already used, so a solution cannot be replayed; rows go when the challenge expires. */
export const captchaSpent = pgTable('captcha_spent', {
  challengeHash: text('challenge_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
