/**
 * Orders: what a shopper bought, at the prices and totals their payment was for, numbered per site;
 * their lines; each store's next number; the gift cards an order issued.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckoutAddress } from '../../../contracts/checkout';
import { websites } from '../sites/schema/sites';

export type OrderShipping = { rateId: string; name: string; amountCents: number };

export const orders = pgTable(
  'orders',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** Per site, increasing (gaps allowed), from the owner's first number. */
    number: integer('number').notNull(),
    /** The checkout attempt that placed it: one order an attempt, whoever finalises it. */
    attemptId: text('attempt_id').notNull(),
    cartId: text('cart_id').notNull(),
    siteUserId: text('site_user_id'),
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    shippingAddress: jsonb('shipping_address').$type<CheckoutAddress>(),
    shipping: jsonb('shipping').$type<OrderShipping>(),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    couponCodes: text('coupon_codes').array().notNull().default(sql`'{}'`),
    /** open or canceled (src/domain/checkout/protocol.ts ORDER_STATUSES). */
    status: text('status').notNull().default('open'),
    /** unpaid, authorized, paid, refunded, voided. */
    paymentStatus: text('payment_status').notNull(),
    provider: text('provider').notNull(),
    /** card, or the manual method. */
    paymentMethod: text('payment_method').notNull(),
    /** The manual method's instructions as they stood when the order was placed. */
    paymentInstructions: text('payment_instructions'),
    testMode: boolean('test_mode').notNull(),
    /** SHA-256 of the token that opens the order's pages without signing in. */
    accessTokenHash: text('access_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'string' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'string' }),
    /** An unpaid manual order cancels itself then. */
    cancelUnpaidAt: timestamp('cancel_unpaid_at', { withTimezone: true, mode: 'string' }),
    /** The owner's note on the order (the team's; never shown to the customer). */
    note: text('note').notNull().default(''),
    /** The sum of its refunds that succeeded or are pending (a pending refund holds its amount until it fails). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When its last unfulfilled line was fulfilled. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true, mode: 'string' }),
    /** The tax rule its address had (one an order): its name and rate in thousandths of a percent; null when none applied. A line with tax is at this rate, one without at zero. */
    taxName: text('tax_name'),
    taxRateMilli: integer('tax_rate_milli'),
    /** The tax on its shipping, inside `tax_cents`. */
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('orders_number').on(t.websiteId, t.number),
    uniqueIndex('orders_attempt').on(t.websiteId, t.attemptId),
    uniqueIndex('orders_access_token').on(t.accessTokenHash),
    index('orders_created').on(t.websiteId, t.createdAt),
    /** A customer's orders: their account's, and (the account page, the Customers screen) a guest's by email. */
    index('orders_site_user').on(t.websiteId, t.siteUserId).where(sql`${t.siteUserId} IS NOT NULL`),
    // The email first: a site's orders by time or number are read through their own indexes, never this one.
    index('orders_email').on(sql`lower(${t.email})`, t.websiteId),
    index('orders_unpaid').on(t.cancelUnpaidAt).where(sql`${t.cancelUnpaidAt} IS NOT NULL`),
    check('orders_total', sql`${t.totalCents} >= 0`),
    check('orders_refunded', sql`${t.refundedCents} BETWEEN 0 AND ${t.totalCents}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    websiteId: text('website_id').notNull(),
    orderId: text('order_id').notNull(),
    position: integer('position').notNull(),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    productName: text('product_name').notNull(),
    /** PHYSICAL, DIGITAL, SERVICE or GIFT_CARD. */
    productType: text('product_type').notNull(),
    optionValues: jsonb('option_values').$type<{ optionName: string; value: string }[]>().notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** A digital product's file (its id in Files), delivered by a signed link. */
    downloadFile: text('download_file'),
    /** Units sent (fulfilments), refunded, and given back to stock (by a refund's restock or a cancellation). */
    fulfilledQuantity: integer('fulfilled_quantity').notNull().default(0),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.orderId, t.position] }),
    foreignKey({ columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('order_lines_variant').on(t.websiteId, t.variantId),
    check('order_lines_quantity', sql`${t.quantity} BETWEEN 1 AND 9999`),
    check(
      'order_lines_progress',
      sql`${t.fulfilledQuantity} BETWEEN 0 AND ${t.quantity} AND ${t.refundedQuantity} BETWEEN 0 AND ${t.quantity} AND ${t.restockedQuantity} BETWEEN 0 AND ${t.quantity}`,
    ),
  ],
);

/** Some or all of an order's lines sent, with the carrier and tracking number the customer is told. */
export const fulfilments = pgTable(
  'fulfilments',
  {
    websiteId: text('website_id').notNull(),
    id: text('id').notNull(),
    orderId: text('order_id').notNull(),
    /** The units sent, by line position. */
    lines: jsonb('lines').$type<{ position: number; quantity: number }[]>().notNull(),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    trackingUrl: text('tracking_url'),
    /** Whether the customer was emailed about it. */
    notified: boolean('notified').notNull().default(false),
    accountId: text('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    foreignKey({ columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('fulfilments_order').on(t.websiteId, t.orderId),
  ],
);

/**
 * Money given back on an order, through the provider that took it: keyed by `refund_key` (unique
 * per site), so a retried or doubled request refunds once. `pending` while the provider is asked,
 * then `succeeded` or `failed`.
 */
export const refunds = pgTable(
  'refunds',
  {
    websiteId: text('website_id').notNull(),
    id: text('id').notNull(),
    orderId: text('order_id').notNull(),
    refundKey: text('refund_key').notNull(),
    /** The units refunded by line position, each with its amount (its share of the line's discount and tax) and whether it went back to stock. */
    lines: jsonb('lines').$type<{ position: number; quantity: number; amountCents: number; restock: boolean }[]>().notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status').notNull(),
    providerRefundId: text('provider_refund_id'),
    failure: text('failure'),
    accountId: text('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('refunds_key').on(t.websiteId, t.refundKey),
    foreignKey({ columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('refunds_order').on(t.websiteId, t.orderId),
    check('refunds_amount', sql`${t.amountCents} > 0 AND ${t.shippingCents} >= 0`),
  ],
);

/** What happened to an order, in order: its timeline (placed, paid, fulfilled, refunded, cancelled, a note, an email sent). */
export const orderEvents = pgTable(
  'order_events',
  {
    websiteId: text('website_id').notNull(),
    orderId: text('order_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    /** Who did it (an owner's account), null when the store or the shopper did. */
    accountId: text('account_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.orderId, t.id] }),
    foreignKey({ columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
  ],
);

/** An order's money as its payment was for it (checkout's snapshot of the cart, then the order). */
export type OrderTotals = {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  pricesIncludeTax: boolean;
  couponCodes: string[];
  /** The tax rule the address had, for the receipt's tax per rate (absent on attempts made before it was kept). */
  taxRate?: { name: string; ratePercent: number } | null;
  shippingTaxCents?: number;
};

/** A line's content as checkout priced it (the attempt's snapshot) and the order keeps it. */
export type OrderLineValues = Omit<
  typeof orderLines.$inferSelect,
  'websiteId' | 'orderId' | 'position' | 'fulfilledQuantity' | 'refundedQuantity' | 'restockedQuantity'
>;

/** The number a store's next order takes. */
export const orderNumbers = pgTable('order_numbers', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  nextNumber: integer('next_number').notNull(),
});

/** A gift card an order issued: its code is found by its hash, and kept sealed with the server's key for delivery. */
export const giftCards = pgTable(
  'gift_cards',
  {
    websiteId: text('website_id').notNull(),
    id: text('id').notNull(),
    orderId: text('order_id').notNull(),
    orderLine: integer('order_line').notNull(),
    codeHash: text('code_hash').notNull(),
    codeSealed: text('code_sealed').notNull(),
    currency: text('currency').notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('gift_cards_code').on(t.codeHash),
    foreignKey({ columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    check('gift_cards_balance', sql`${t.balanceCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);
