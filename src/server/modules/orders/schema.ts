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
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('orders_number').on(t.websiteId, t.number),
    uniqueIndex('orders_attempt').on(t.websiteId, t.attemptId),
    uniqueIndex('orders_access_token').on(t.accessTokenHash),
    index('orders_created').on(t.websiteId, t.createdAt),
    index('orders_unpaid').on(t.cancelUnpaidAt).where(sql`${t.cancelUnpaidAt} IS NOT NULL`),
    check('orders_total', sql`${t.totalCents} >= 0`),
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
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.orderId, t.position] }),
    foreignKey({ columns: [t.websiteId, t.orderId], foreignColumns: [orders.websiteId, orders.id] }).onDelete('cascade'),
    index('order_lines_variant').on(t.websiteId, t.variantId),
    check('order_lines_quantity', sql`${t.quantity} BETWEEN 1 AND 9999`),
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
};

/** A line's content as checkout priced it (the attempt's snapshot) and the order keeps it. */
export type OrderLineValues = Omit<typeof orderLines.$inferSelect, 'websiteId' | 'orderId' | 'position'>;

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
