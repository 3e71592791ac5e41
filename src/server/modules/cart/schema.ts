/**
 * Shoppers' carts: what they hold (variants and quantities, never a price), the coupons entered,
 * where the shopper said they are and the shipping they chose. Prices come from the published
 * catalogue each time a cart is read. A cart is named by the cart cookie's token; a signed-in
 * customer's open cart is their account's, at most one (a partial unique index).
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PricingLocation } from '../../../domain/pricing/types';
import { siteUsers } from '../accounts/schema/customers';
import { websites } from '../sites/schema/sites';

export const carts = pgTable(
  'carts',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** The cart's id in its answers (seed 000 §3 id). */
    id: text('id').notNull(),
    /** The cart cookie's value: 32 random bytes. */
    token: text('token').notNull(),
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    couponCodes: text('coupon_codes').array().notNull().default(sql`'{}'`),
    shippingLocation: jsonb('shipping_location').$type<PricingLocation>(),
    shippingRateId: text('shipping_rate_id'),
    /** Set when its order is placed (the checkout's); a purchased cart is never changed again. */
    orderId: text('order_id'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('carts_token').on(t.token),
    uniqueIndex('carts_open_customer').on(t.websiteId, t.siteUserId).where(sql`${t.siteUserId} IS NOT NULL AND ${t.purchasedAt} IS NULL`),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    websiteId: text('website_id').notNull(),
    cartId: text('cart_id').notNull(),
    id: text('id').notNull(),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('cart_lines_variant').on(t.websiteId, t.cartId, t.variantId),
    foreignKey({ columns: [t.websiteId, t.cartId], foreignColumns: [carts.websiteId, carts.id] }).onDelete('cascade'),
    check('cart_lines_quantity', sql`${t.quantity} BETWEEN 1 AND 9999`),
  ],
);
