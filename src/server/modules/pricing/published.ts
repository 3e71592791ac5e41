/**
 * The store's pricing rules as a cart is priced by them, read in one statement and held in memory
 * per site (src/server/site-cache/), dropped on `site_changed` as the catalogue is: pricing a cart
 * reads no rule from the database. Coupon uses are not here: they change with every order, so a
 * cart's coupons are counted when it is priced (./coupon-usage.ts).
 */
import type pg from 'pg';
import type { Pool } from 'pg';
import { createSiteCache, type SiteCache } from '../../site-cache/site-cache';
import { couponOf, taxRuleOf, zoneOf, type Pricing } from './pricing-document';

const PRICING_SQL = `
SELECT
  (SELECT coalesce(json_agg(json_build_object('id', id, 'code', code, 'kind', kind, 'percentOffHundredths', percent_off_hundredths,
      'amountOffCents', amount_off_cents, 'minimumSubtotalCents', minimum_subtotal_cents, 'startsAt', starts_at, 'endsAt', ends_at,
      'usageLimit', usage_limit, 'oncePerCustomer', once_per_customer, 'enabled', enabled, 'usedCount', used_count, 'position', position) ORDER BY position), '[]')
    FROM coupons WHERE website_id = $1) AS coupons,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'countries', countries, 'regions', regions, 'rates', rates, 'position', position) ORDER BY position), '[]')
    FROM shipping_zones WHERE website_id = $1) AS zones,
  (SELECT json_build_object('pricesIncludeTax', prices_include_tax, 'taxShipping', tax_shipping, 'originCountry', origin_country) FROM tax_settings WHERE website_id = $1) AS tax,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'country', country, 'region', region, 'postcodePrefix', postcode_prefix,
      'rateThousandths', rate_thousandths, 'position', position) ORDER BY position), '[]')
    FROM tax_rules WHERE website_id = $1) AS rules`;

type Row = {
  coupons: Parameters<typeof couponOf>[0][];
  zones: Parameters<typeof zoneOf>[0][];
  tax: { pricesIncludeTax: boolean; taxShipping: boolean; originCountry: string | null } | null;
  rules: Parameters<typeof taxRuleOf>[0][];
};

export async function readPublishedPricing(pool: pg.Pool, websiteId: string): Promise<Pricing> {
  const { rows } = await pool.query<Row>({ name: 'openpress_published_pricing', text: PRICING_SQL, values: [websiteId] });
  const row = rows[0]!;
  return {
    coupons: row.coupons.map(couponOf),
    shippingZones: row.zones.map(zoneOf),
    tax: {
      pricesIncludeTax: row.tax?.pricesIncludeTax ?? false,
      taxShipping: row.tax?.taxShipping ?? false,
      ...(row.tax?.originCountry ? { originCountry: row.tax.originCountry } : {}),
      rules: row.rules.map(taxRuleOf),
    },
  };
}

export type PricingCache = SiteCache<Pricing>;

export function pricingCache(pool: Pool, opts: { maxSites?: number } = {}): PricingCache {
  return createSiteCache((websiteId) => readPublishedPricing(pool, websiteId), opts);
}
