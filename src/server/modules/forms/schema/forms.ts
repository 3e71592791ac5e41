/** What form and newsletter blocks collect: submission keys, submissions, subscribers, and each form's webhook secret. */
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from '../../sites/schema/sites';

/** Single-use form submission keys (seed 000 §7 FormSubmissionKey), bound to the visitor's crumb; only hashes are stored. */
export const formSubmissionKeys = pgTable(
  'form_submission_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
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
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
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
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
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
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    /** Sealed `whsec_…` value. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.formId] })],
);
