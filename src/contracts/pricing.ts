/**
 * The owner's calls on the store's pricing rules (the pricing module's routes): coupons, shipping
 * zones with their rates, and the tax switches and rules. Each change is checked by the site
 * document's own schemas (src/document/pricing.ts), so what an owner saves is what an export
 * writes and an import reads. Config calls check the crumb on every write and the role's
 * sub-area (src/domain/permissions.ts): `commerce-coupons`, `commerce-shipping`, `commerce-taxes`,
 * read for GET, write for the rest. Refusals are `{ error, errors }` (./common.ts), `errors` by
 * field path (`code`, `percentOff`, `rates.0.amountCents`, `countries` …), 404 for an id the store
 * does not have. A new coupon, zone, rate or rule may leave its id out: the server gives it one.
 *
 * Coupons (`commerce-coupons`)
 * - `GET /api/config/store/coupons`: `couponsAnswer`, in the owner's order, each with its uses so far.
 * - `POST /api/config/store/coupons` (write): `couponBody`; answers `couponRow`. 400 `errors.code`
 *   when another coupon of the store has the code, whatever its case.
 * - `PUT /api/config/store/coupons/:couponId` (write): `couponBody`; answers `couponRow`; its uses are kept.
 * - `DELETE /api/config/store/coupons/:couponId` (write): `{ ok: true }`.
 *
 * Shipping zones (`commerce-shipping`)
 * - `GET /api/config/store/shipping-zones`: `shippingZonesAnswer`, in the owner's order.
 * - `POST /api/config/store/shipping-zones` (write): `shippingZoneBody`; answers `{ zone }`, added last.
 *   400 `errors.countries` or `errors.regions` when another zone covers the same place as exactly.
 * - `PUT /api/config/store/shipping-zones/:zoneId` (write): `shippingZoneBody`; answers `{ zone }`.
 * - `DELETE /api/config/store/shipping-zones/:zoneId` (write): `{ ok: true }`.
 *
 * Taxes (`commerce-taxes`)
 * - `GET /api/config/store/tax/settings`: `taxSettingsAnswer`.
 * - `PUT /api/config/store/tax/settings` (write): `taxSettingsBody`; answers `taxSettingsAnswer`.
 * - `GET /api/config/store/tax/rules`: `taxRulesAnswer`, in the owner's order.
 * - `POST /api/config/store/tax/rules` (write): `taxRuleBody`; answers `{ rule }`, added last.
 * - `PUT /api/config/store/tax/rules/:ruleId` (write): `taxRuleBody`; answers `{ rule }`.
 * - `DELETE /api/config/store/tax/rules/:ruleId` (write): `{ ok: true }`.
 */
import { z } from 'zod';
import { couponSchema, shippingZoneSchema, taxRuleSchema, taxSettingsSchema } from '../document/pricing';
import { storeSettingsSchema } from '../document/store';

export const PRICING_API = {
  COUPONS: '/api/config/store/coupons',
  SHIPPING_ZONES: '/api/config/store/shipping-zones',
  TAX_SETTINGS: '/api/config/store/tax/settings',
  TAX_RULES: '/api/config/store/tax/rules',
} as const;

/** A new id as the document writes them: 24 lowercase hex characters. */
function freshId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object with an id of its own when it came without one. */
function identified(v: unknown): unknown {
  return isRecord(v) && v.id === undefined ? { ...v, id: freshId() } : v;
}

/** What the store sells in: every amount of these calls is whole minor units of it. */
const storeCurrency = storeSettingsSchema.shape.selectedCurrency.unwrap();

export const couponBody = z.preprocess(identified, couponSchema);
export const couponRow = z.object({
  coupon: couponSchema,
  /** Orders that used it so far; with `coupon.usageLimit`, what is left. */
  usedCount: z.number().int().min(0),
});
export type CouponRow = z.infer<typeof couponRow>;
export const couponsAnswer = z.object({ currency: storeCurrency, coupons: z.array(couponRow) });

/** A zone, each of its rates given an id when it came without one. */
export const shippingZoneBody = z.preprocess(
  (v) => (isRecord(v) && Array.isArray(v.rates) ? identified({ ...v, rates: v.rates.map(identified) }) : identified(v)),
  shippingZoneSchema,
);
export const shippingZonesAnswer = z.object({
  currency: storeCurrency,
  /** Weights of rates by weight are in this standard's unit (1 imperial: lb; 2 metric: kg). */
  measurementStandard: storeSettingsSchema.shape.measurementStandard.unwrap(),
  zones: z.array(shippingZoneSchema),
});
export const shippingZoneAnswer = z.object({ zone: shippingZoneSchema });

export const taxSettingsBody = taxSettingsSchema.omit({ rules: true });
export type TaxSwitches = z.infer<typeof taxSettingsBody>;
export const taxSettingsAnswer = z.object({ currency: storeCurrency, settings: taxSettingsBody });

export const taxRuleBody = z.preprocess(identified, taxRuleSchema);
export const taxRulesAnswer = z.object({ rules: z.array(taxRuleSchema) });
export const taxRuleAnswer = z.object({ rule: taxRuleSchema });
