/**
 * Checkout attempts and the holds they take (the placement protocol, ./CONTEXT.md): an attempt is
 * one shopper's "Place order" however often it is sent; its holds keep stock and coupon uses from
 * others until it is placed, fails, or its holds expire and the sweep releases them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckoutAddress, PaymentChoice } from '../../../contracts/checkout';
import type { OrderLineValues, OrderShipping, OrderTotals } from '../orders/schema';
import { websites } from '../sites/schema/sites';

/** What the attempt is for, priced by the server when its holds were taken: the order is made from this. */
export type AttemptSnapshot = {
  lines: OrderLineValues[];
  shipping: OrderShipping | null;
  /** How many times this attempt took holds: a failed attempt placed again is a new round, with a payment of its own. */
  round?: number;
} & OrderTotals;

export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** Made by the checkout page when it loads, sent with every retry of "Place order". */
    key: text('key').notNull(),
    cartId: text('cart_id').notNull(),
    siteUserId: text('site_user_id'),
    email: text('email').notNull(),
    /** Who uses a coupon once per customer: `account:{id}` or `email:{lowercased address}`. */
    customerKey: text('customer_key').notNull(),
    /** src/domain/checkout/protocol.ts ATTEMPT_STATES. */
    state: text('state').notNull(),
    payment: jsonb('payment').$type<PaymentChoice>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<CheckoutAddress>(),
    snapshot: jsonb('snapshot').$type<AttemptSnapshot>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** test or manual (Stripe later). */
    provider: text('provider').notNull(),
    /** The provider's id for the payment, stored before the provider is asked to authorise it. */
    providerPaymentId: text('provider_payment_id'),
    orderId: text('order_id'),
    /** Why it failed, in the shopper's words (a decline's message). */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('checkout_attempts_key').on(t.websiteId, t.key),
    index('checkout_attempts_open').on(t.state, t.updatedAt).where(sql`${t.state} IN ('held', 'authorizing', 'requires_action')`),
    check('checkout_attempts_amount', sql`${t.amountCents} >= 0`),
  ],
);

/** Stock an attempt keeps from others: taken off `qty_in_stock` when held, given back when released. */
export const stockHolds = pgTable(
  'stock_holds',
  {
    websiteId: text('website_id').notNull(),
    attemptId: text('attempt_id').notNull(),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.attemptId, t.variantId] }),
    foreignKey({ columns: [t.websiteId, t.attemptId], foreignColumns: [checkoutAttempts.websiteId, checkoutAttempts.id] }).onDelete('cascade'),
    index('stock_holds_expiry').on(t.expiresAt),
    check('stock_holds_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * A coupon use an attempt keeps: `counted` when it took one of a limited coupon's uses
 * (`coupons.used_count`); a once-per-customer coupon's use is its `coupon_uses` row, named by the attempt.
 */
export const couponHolds = pgTable(
  'coupon_holds',
  {
    websiteId: text('website_id').notNull(),
    attemptId: text('attempt_id').notNull(),
    couponId: text('coupon_id').notNull(),
    counted: boolean('counted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.attemptId, t.couponId] }),
    foreignKey({ columns: [t.websiteId, t.attemptId], foreignColumns: [checkoutAttempts.websiteId, checkoutAttempts.id] }).onDelete('cascade'),
    index('coupon_holds_expiry').on(t.expiresAt),
  ],
);

/**
 * A provider's webhook, kept once per event id: a repeat delivery finds its row and is answered
 * without a second job. The job it made asks the provider where the payment stands (./webhooks.ts).
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** What the event said happened (authorized, captured, declined, canceled, refunded); never acted on as such. */
    action: text('action').notNull(),
    paymentId: text('payment_id').notNull(),
    /** The key the provider knows the attempt by (`{key}`, or `{key}-r{round}`). */
    attemptKey: text('attempt_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.provider, t.eventId] }), index('provider_events_received').on(t.receivedAt)],
);
