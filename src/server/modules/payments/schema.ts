/**
 * How a store takes payment (its settings: test mode, the manual methods and their instructions)
 * and each payment a provider holds for an order or an attempt at one.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ManualMethod } from '../../../domain/checkout/protocol';
import { websites } from '../sites/schema/sites';

export type ManualMethodSetting = { method: ManualMethod; enabled: boolean; instructions: string };

/** One row a site; a site without one takes payment nowhere yet (test mode off, no manual method). */
export const paymentSettings = pgTable('payment_settings', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** Test mode: the test provider is offered and no money is taken. */
  testMode: boolean('test_mode').notNull().default(false),
  manualMethods: jsonb('manual_methods').$type<ManualMethodSetting[]>().notNull().default(sql`'[]'::jsonb`),
  /** Days an unpaid manual order waits before it cancels itself and releases its stock. */
  cancelUnpaidDays: integer('cancel_unpaid_days').notNull().default(7),
  /** Stripe, once the owner connects it (Store → Payments): the publishable key, the only one a browser is given. */
  stripePublishableKey: text('stripe_publishable_key'),
  /** Sealed (src/server/secrets): the secret key and the webhook endpoint's signing secret. */
  stripeSecretKey: text('stripe_secret_key'),
  stripeWebhookSecret: text('stripe_webhook_secret'),
  /** Sealed: the signing secret being rolled, accepted until `stripe_previous_until`. */
  stripePreviousWebhookSecret: text('stripe_previous_webhook_secret'),
  stripePreviousUntil: timestamp('stripe_previous_until', { withTimezone: true, mode: 'string' }),
  /** The account's name as Stripe gave it when the keys were checked. */
  stripeAccountName: text('stripe_account_name'),
});

/** A payment at a provider: made by an attempt, joined to its order when the order exists. */
export const payments = pgTable(
  'payments',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    attemptId: text('attempt_id').notNull(),
    orderId: text('order_id'),
    provider: text('provider').notNull(),
    /** The provider's own id for it (a PaymentIntent's id). */
    providerPaymentId: text('provider_payment_id').notNull(),
    /** bank_transfer, cash_on_delivery, pay_at_pickup, or card. */
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** authorized, captured, pending (awaiting an offline payment), voided, refunded. */
    status: text('status').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('payments_provider_id').on(t.websiteId, t.provider, t.providerPaymentId),
    index('payments_order').on(t.websiteId, t.orderId),
    check('payments_amounts', sql`${t.amountCents} >= 0 AND ${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);
