/**
 * The database schema (Drizzle). Every table that belongs to a site carries `website_id`, and its
 * primary key and unique constraints include it, so the data can later be sharded by website.
 * Page, section and block content is stored as the site document holds it (JSON), one row per page
 * or collection item, so a page renders from one row.
 */
import { sql } from 'drizzle-orm';
import type { StoredSection } from '../document/schema';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
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
    accountId: text('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.codeHash] })],
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
  /** Sealed (src/server/secrets); answered back only as the mask. */
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
    /** The browser's User-Agent at sign-in (cut to 512 characters), for the customer's list of sessions. */
    userAgent: text('user_agent'),
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

/**
 * The signing secret of each form's webhook (Standard Webhooks): shown to the owner once when made,
 * stored sealed (src/server/secrets), never exported with the site. A form whose webhook address
 * changes keeps its secret until the owner makes a new one.
 */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    websiteId: text('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    /** Sealed `whsec_…` value. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.formId] })],
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
  /** Sealed (src/server/secrets), never answered back: the altcha HMAC key or the reCAPTCHA secret. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Solved captcha challenges already used, so a solution cannot be replayed; rows go when the challenge expires. */
export const captchaSpent = pgTable('captcha_spent', {
  challengeHash: text('challenge_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Measurement (seed 000 §3, §7; seed 001 §3, §7): what the ingestion calls store, and the rollups
// the owner's dashboard reads. Written only by services/ingest.ts, in batches: the raw rows and
// their rollups in one transaction. `day` is the site's own calendar day (settings.timeZone) when
// the call arrived. No IP address is stored anywhere: visitors are `visitor_hash`es
// (services/measurement.ts). No foreign keys: a key check per ingested row is the costliest part
// of a batch, and websites are never deleted (a future site deletion deletes by website_id).
// ---------------------------------------------------------------------------------------------

/** One random salt per calendar day for the anonymous visitor hashes; a day's salt is deleted once no site is on that day any more. */
export const measurementSalts = pgTable('measurement_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** Ingestion rate-limit windows per site and client (a salted hash of the address), counted in each batch's transaction. */
export const measurementLimits = pgTable(
  'measurement_limits',
  {
    websiteId: text('website_id').notNull(),
    clientHash: text('client_hash').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.clientHash] })],
);

/** The columns every raw measurement table starts with: the site, its day, and the row's arrival. */
const receivedRow = () => ({
  websiteId: text('website_id').notNull(),
  day: date('day').notNull(),
  id: bigserial('id', { mode: 'number' }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
const receivedKey = (t: { websiteId: AnyPgColumn; day: AnyPgColumn; id: AnyPgColumn }) => [primaryKey({ columns: [t.websiteId, t.day, t.id] })];

/** POST /api/census/RecordHit: one row per acknowledged hit (seed 000 §3 payload; fields it does not name are in `extra`). */
export const censusHits = pgTable(
  'census_hits',
  {
    ...receivedRow(),
    /** Census event type: 1 page view, 2 site search, 10 heartbeat, 20 audio, 21 video. */
    event: smallint('event').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** The visit this hit belongs to: the visitor record's currentVisit, or 0 for an anonymous visitor (one visit a day). */
    visitStart: bigint('visit_start', { mode: 'number' }).notNull(),
    /** This hit started its visit (it is counted in page_daily_stats.visits). */
    newVisit: boolean('new_visit').notNull(),
    /** The visitor record's visit count, when the hit carried one. */
    visitCount: bigint('visit_count', { mode: 'number' }),
    pagePath: text('page_path').notNull(),
    url: text('url').notNull(),
    title: text('title'),
    templateId: text('template_id'),
    websiteLocale: text('website_locale'),
    memberLocale: text('member_locale'),
    memberAccountId: text('member_account_id'),
    userAgent: text('user_agent'),
    clientDate: bigint('client_date', { mode: 'number' }),
    viewportInnerWidth: integer('viewport_inner_width'),
    viewportInnerHeight: integer('viewport_inner_height'),
    screenWidth: integer('screen_width'),
    screenHeight: integer('screen_height'),
    itemId: text('item_id'),
    recordType: smallint('record_type'),
    collectionId: text('collection_id'),
    pagePermissionTypeValue: smallint('page_permission_type_value'),
    localStorageSupported: boolean('local_storage_supported'),
    queryString: text('query_string'),
    referrer: text('referrer'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** The census counts: button-render, button-click, form-render, overlay and quick-view (seed 000 §7). */
export const censusEvents = pgTable(
  'census_events',
  {
    ...receivedRow(),
    kind: text('kind').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** '' when the call did not say which page it came from. */
    pagePath: text('page_path').notNull(),
    /** The button's id, the formId, the overlay's id or the quick-viewed item's id. */
    targetId: text('target_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** POST /api/v1/events (seed 001 §3 envelope). The analytics id is kept only as a keyed hash. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    ...receivedRow(),
    analyticsIdHash: text('analytics_id_hash').notNull(),
    customSchemaName: text('custom_schema_name').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    commonData: jsonb('common_data').$type<Record<string, unknown>>().notNull(),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** POST /api/events/RecordEvent (seed 001 §7): internal events such as system_network_error. */
export const recordedEvents = pgTable(
  'recorded_events',
  {
    ...receivedRow(),
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** POST /api/1/performance/records (seed 001 §3): one row per record. */
export const performanceRecords = pgTable(
  'performance_records',
  {
    ...receivedRow(),
    pageLoadId: text('page_load_id').notNull(),
    app: text('app').notNull(),
    /** page_speed, user or image. */
    event: text('event').notNull(),
    /** The metric's rum- name (data.name). */
    name: text('name').notNull(),
    value: doublePrecision('value'),
    pagePath: text('page_path').notNull(),
    clientTimestamp: bigint('client_timestamp', { mode: 'number' }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** POST /api/events/RecordJavascriptErrors (seed 000 §3 error report record). */
export const javascriptErrors = pgTable(
  'javascript_errors',
  {
    ...receivedRow(),
    event: text('event').notNull(),
    app: text('app').notNull(),
    url: text('url').notNull(),
    userAgent: text('user_agent'),
    templateId: text('template_id'),
    message: text('message').notNull(),
    /** At most 5000 characters (seed 000 §9), cut here too. */
    stack: text('stack').notNull(),
    file: text('file'),
    line: integer('line'),
    column: integer('column'),
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull(),
    clientTimestamp: bigint('client_timestamp', { mode: 'number' }).notNull(),
  },
  receivedKey,
);

/** POST /api/events/Trace (seed 001 §3 tracking-event payload). */
export const traceEvents = pgTable(
  'trace_events',
  {
    ...receivedRow(),
    pageUrl: text('page_url').notNull(),
    type: text('type').notNull(),
    /** Any JSON the event carried; NULL for a JSON null. */
    data: jsonb('data').$type<unknown>(),
  },
  receivedKey,
);

/** GET /api/track/Track (seed 001 §7): the pixel's landing, referrer and campaign; rk (a cache breaker) is not kept. */
export const trackHits = pgTable(
  'track_hits',
  {
    ...receivedRow(),
    visitorHash: text('visitor_hash').notNull(),
    landing: text('landing').notNull(),
    pagePath: text('page_path').notNull(),
    refer: text('refer').notNull(),
    /** The referrer's host, '' when there was none. */
    referrerHost: text('referrer_host').notNull(),
    lang: text('lang'),
    screen: text('screen'),
    source: text('source'),
    campaign: text('campaign'),
    subcampaign: text('subcampaign'),
    channel: text('channel'),
    subchannel: text('subchannel'),
    variation: text('variation'),
    mkwid: text('mkwid'),
  },
  receivedKey,
);

/** Per site, day and page: the counts a dashboard sums over a range. '' is the page of calls that named none. */
export const pageDailyStats = pgTable(
  'page_daily_stats',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    pagePath: text('page_path').notNull(),
    pageViews: bigint('page_views', { mode: 'number' }).notNull().default(0),
    /** Visits that started on this page (census_hits.new_visit). */
    visits: bigint('visits', { mode: 'number' }).notNull().default(0),
    formRenders: bigint('form_renders', { mode: 'number' }).notNull().default(0),
    buttonRenders: bigint('button_renders', { mode: 'number' }).notNull().default(0),
    buttonClicks: bigint('button_clicks', { mode: 'number' }).notNull().default(0),
    overlayViews: bigint('overlay_views', { mode: 'number' }).notNull().default(0),
    quickViews: bigint('quick_views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.pagePath] })],
);

/** The visitors of each site day, as a set: unique visitors over any range are COUNT(DISTINCT visitor_hash), never a sum of days. */
export const visitorDays = pgTable(
  'visitor_days',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.visitorHash] })],
);

/** Each visit seen, per day: the first hit of a visit inserts its row, and only that hit counts the visit. */
export const visitStarts = pgTable(
  'visit_starts',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    visitStart: bigint('visit_start', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.visitorHash, t.visitStart] })],
);

/** Core Web Vitals (and every rum- metric) per site, day, page and metric, as counts in fixed log-scale buckets (services/measurement-histogram.ts). */
export const vitalsDaily = pgTable(
  'vitals_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    pagePath: text('page_path').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.pagePath, t.metric, t.bucket] })],
);

/** Track hits per day by referrer host ('' for none). */
export const referrerDaily = pgTable(
  'referrer_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    referrerHost: text('referrer_host').notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.referrerHost] })],
);

/** Track hits per day by campaign parameters ('' for one the page's query did not have). */
export const campaignDaily = pgTable(
  'campaign_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    subcampaign: text('subcampaign').notNull(),
    channel: text('channel').notNull(),
    subchannel: text('subchannel').notNull(),
    variation: text('variation').notNull(),
    mkwid: text('mkwid').notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'campaign_daily_pk', columns: [t.websiteId, t.day, t.source, t.campaign, t.subcampaign, t.channel, t.subchannel, t.variation, t.mkwid] })],
);

/** Page views and visits per site day by device class and viewport width band (domain/analytics-report.ts), from census hits. */
export const deviceDaily = pgTable(
  'device_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    /** desktop, mobile, tablet or unknown (deviceClass of the hit's user agent, else its viewport width). */
    device: text('device').notNull(),
    /** The lower bound in CSS pixels of the hit's viewport width band; -1 when it gave no width. */
    viewportBand: integer('viewport_band').notNull(),
    pageViews: bigint('page_views', { mode: 'number' }).notNull(),
    /** Visits whose first hit came from this device and band. */
    visits: bigint('visits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.device, t.viewportBand] })],
);

/**
 * The census counts per site day by kind and target: a button's renders and clicks, a form's
 * renders, an overlay's views, a quick-viewed item. `label` and `link` are the button's text and
 * clickthrough address as last counted that day ('' for other kinds).
 */
export const censusTargetDaily = pgTable(
  'census_target_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    label: text('label').notNull(),
    link: text('link').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.kind, t.targetId] })],
);
