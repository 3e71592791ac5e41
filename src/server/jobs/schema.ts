/** Background work and outgoing mail: the job queue, and a site's own mail server. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { websites } from '../modules/sites/schema/sites';

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
  (t) => [
    index('jobs_due').on(t.status, t.runAt),
    index('jobs_site').on(t.websiteId, t.status),
    uniqueIndex('jobs_delivery_key').on(t.deliveryKey),
    // A site's latest job claimed or finished (the fair claim's "served longest ago"), found without reading its history.
    index('jobs_served').on(t.websiteId, t.updatedAt).where(sql`${t.status} <> 'pending'`),
  ],
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
