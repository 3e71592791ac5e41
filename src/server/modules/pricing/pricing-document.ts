/**
 * The store's pricing rules as the site document holds them (`store.coupons`, `store.shippingZones`,
 * `store.tax`): written whole by an import (in the import's transaction; the content module calls
 * `writePricing`), read whole by an export. A coupon that keeps its id keeps its count of uses.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { taxSettingsSchema, type Coupon, type ShippingZone, type TaxRule, type TaxSettings } from '../../../document/pricing';
import { COUPON_KINDS, type CouponKind } from '../../../domain/pricing/limits';
import { coupons, shippingZones, taxRules, taxSettings } from './schema';

export type Pricing = { coupons: Coupon[]; shippingZones: ShippingZone[]; tax: TaxSettings };

export const DEFAULT_TAX_SETTINGS: TaxSettings = taxSettingsSchema.parse({});

const isCouponKind = (kind: string): kind is CouponKind => (COUPON_KINDS as readonly string[]).includes(kind);
const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;

export function couponColumns(c: Coupon) {
  return {
    code: c.code,
    kind: c.kind,
    percentOffHundredths: c.percentOff === undefined ? null : Math.round(c.percentOff * 100),
    amountOffCents: c.amountOffCents ?? null,
    minimumSubtotalCents: c.minimumSubtotalCents,
    startsAt: c.startsAt ?? null,
    endsAt: c.endsAt ?? null,
    usageLimit: c.usageLimit ?? null,
    oncePerCustomer: c.oncePerCustomer,
    enabled: c.enabled,
  };
}

export function couponOf(row: typeof coupons.$inferSelect): Coupon {
  return defined({
    id: row.id,
    code: row.code,
    kind: isCouponKind(row.kind) ? row.kind : 'PERCENT',
    percentOff: row.percentOffHundredths === null ? undefined : row.percentOffHundredths / 100,
    amountOffCents: row.amountOffCents ?? undefined,
    minimumSubtotalCents: row.minimumSubtotalCents,
    startsAt: row.startsAt === null ? undefined : new Date(row.startsAt).toISOString(),
    endsAt: row.endsAt === null ? undefined : new Date(row.endsAt).toISOString(),
    usageLimit: row.usageLimit ?? undefined,
    oncePerCustomer: row.oncePerCustomer,
    enabled: row.enabled,
  });
}

export function taxRuleColumns(r: TaxRule) {
  return {
    name: r.name,
    country: r.country,
    region: r.region ?? null,
    postcodePrefix: r.postcodePrefix ?? null,
    rateThousandths: Math.round(r.ratePercent * 1000),
  };
}

export function taxRuleOf(row: typeof taxRules.$inferSelect): TaxRule {
  return defined({
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region ?? undefined,
    postcodePrefix: row.postcodePrefix ?? undefined,
    ratePercent: row.rateThousandths / 1000,
  });
}

export function zoneOf(row: typeof shippingZones.$inferSelect): ShippingZone {
  return { id: row.id, name: row.name, countries: row.countries as ShippingZone['countries'], regions: row.regions, rates: row.rates };
}

export async function writeTaxSettings(tx: Executor, websiteId: string, tax: Omit<TaxSettings, 'rules'>): Promise<void> {
  const values = { pricesIncludeTax: tax.pricesIncludeTax, taxShipping: tax.taxShipping, originCountry: tax.originCountry ?? null };
  await tx
    .insert(taxSettings)
    .values({ websiteId, ...values })
    .onConflictDoUpdate({ target: taxSettings.websiteId, set: values });
}

/** Replaces the site's pricing rules with the document's. */
export async function writePricing(tx: Executor, websiteId: string, pricing: Pricing): Promise<void> {
  const ids = pricing.coupons.map((c) => c.id);
  await tx.delete(coupons).where(and(eq(coupons.websiteId, websiteId), ids.length > 0 ? notInArray(coupons.id, ids) : undefined));
  // Codes may move from coupon to coupon in one import: out of the way first (a code never has a space).
  if (ids.length > 0) await tx.update(coupons).set({ code: coupons.id }).where(eq(coupons.websiteId, websiteId));
  for (const [position, c] of pricing.coupons.entries()) {
    const columns = { ...couponColumns(c), position };
    await tx
      .insert(coupons)
      .values({ websiteId, id: c.id, ...columns })
      .onConflictDoUpdate({ target: [coupons.websiteId, coupons.id], set: columns });
  }
  await tx.delete(shippingZones).where(eq(shippingZones.websiteId, websiteId));
  if (pricing.shippingZones.length > 0) {
    await tx.insert(shippingZones).values(
      pricing.shippingZones.map((z, position) => ({
        websiteId,
        id: z.id,
        name: z.name,
        countries: z.countries,
        regions: z.regions,
        rates: z.rates,
        position,
      })),
    );
  }
  await writeTaxSettings(tx, websiteId, pricing.tax);
  await tx.delete(taxRules).where(eq(taxRules.websiteId, websiteId));
  if (pricing.tax.rules.length > 0) {
    await tx.insert(taxRules).values(pricing.tax.rules.map((r, position) => ({ websiteId, id: r.id, ...taxRuleColumns(r), position })));
  }
}

/** The site's pricing rules as the document holds them. */
export async function exportPricing(tx: Executor, websiteId: string): Promise<Pricing> {
  const [couponRows, zoneRows, [settings], ruleRows] = await Promise.all([
    tx.select().from(coupons).where(eq(coupons.websiteId, websiteId)).orderBy(asc(coupons.position)),
    tx.select().from(shippingZones).where(eq(shippingZones.websiteId, websiteId)).orderBy(asc(shippingZones.position)),
    tx.select().from(taxSettings).where(eq(taxSettings.websiteId, websiteId)),
    tx.select().from(taxRules).where(eq(taxRules.websiteId, websiteId)).orderBy(asc(taxRules.position)),
  ]);
  return {
    coupons: couponRows.map(couponOf),
    shippingZones: zoneRows.map(zoneOf),
    tax: {
      pricesIncludeTax: settings?.pricesIncludeTax ?? false,
      taxShipping: settings?.taxShipping ?? false,
      ...(settings?.originCountry ? { originCountry: settings.originCountry } : {}),
      rules: ruleRows.map(taxRuleOf),
    },
  };
}
