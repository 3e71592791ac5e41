/**
 * A site's pricing rules (the site document's `store.coupons`, `store.shippingZones`, `store.tax`,
 * src/document/pricing.ts) and what is counted against them. Percentages are whole numbers of
 * their smallest step (a coupon's hundredths, a tax rate's thousandths of a percent), so no
 * floating point reaches a sum. A coupon counts its uses on its own row, so the checkout takes one
 * with a conditional update (`used_count < usage_limit`), and `coupon_uses` holds one row per
 * customer and coupon, so "once per customer" is a unique index, not a read.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ShippingRate } from '../../../document/pricing';
import { websites } from '../sites/schema/sites';

const site = () =>
  text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' });

export const coupons = pgTable(
  'coupons',
  {
    websiteId: site(),
    id: text('id').notNull(),
    code: text('code').notNull(),
    /** PERCENT, FIXED_AMOUNT or FREE_SHIPPING. */
    kind: text('kind').notNull(),
    /** Hundredths of a percent: 1000 is 10%. */
    percentOffHundredths: integer('percent_off_hundredths'),
    amountOffCents: integer('amount_off_cents'),
    minimumSubtotalCents: integer('minimum_subtotal_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
    usageLimit: integer('usage_limit'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Orders that used it; never more than the limit (checked by the database too). */
    usedCount: integer('used_count').notNull().default(0),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    uniqueIndex('coupons_code').on(t.websiteId, sql`lower(${t.code})`),
    check('coupons_used', sql`${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit})`),
  ],
);

/** Who used a coupon: an account (`account:{id}`) or a guest's lowercased email (`email:{address}`). */
export const couponUses = pgTable(
  'coupon_uses',
  {
    websiteId: text('website_id').notNull(),
    couponId: text('coupon_id').notNull(),
    customerKey: text('customer_key').notNull(),
    /** The checkout attempt that took it: released with the attempt's other holds when it fails. */
    attemptId: text('attempt_id'),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.couponId, t.customerKey] }),
    foreignKey({ columns: [t.websiteId, t.couponId], foreignColumns: [coupons.websiteId, coupons.id] }).onDelete('cascade'),
  ],
);

export const shippingZones = pgTable(
  'shipping_zones',
  {
    websiteId: site(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    regions: text('regions').array().notNull(),
    rates: jsonb('rates').$type<ShippingRate[]>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.id] })],
);

/** One row a site: the store's tax switches; a site without one has the defaults (prices exclude tax, shipping untaxed). */
export const taxSettings = pgTable('tax_settings', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
  taxShipping: boolean('tax_shipping').notNull().default(false),
  originCountry: text('origin_country'),
});

export const taxRules = pgTable(
  'tax_rules',
  {
    websiteId: site(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    region: text('region'),
    postcodePrefix: text('postcode_prefix'),
    /** Thousandths of a percent: 20000 is 20%. */
    rateThousandths: integer('rate_thousandths').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.id] }),
    index('tax_rules_country').on(t.websiteId, t.country),
    check('tax_rules_rate', sql`${t.rateThousandths} BETWEEN 0 AND 100000`),
  ],
);
