/**
 * The Coupons, Shipping and Taxes screens' rules without a screen: a coupon's status and its terms
 * in words, a rate's price in words, the places a zone covers, percentages typed as the owner
 * writes them, and the previews, which price one made-up cart line with the domain's own
 * `priceCart`, so the owner sees what a shopper would.
 */
import type { Coupon, ShippingRate, ShippingZone, TaxSettings } from '../../document/pricing';
import { measurementUnits } from '../../domain/commerce';
import { toPlace } from '../../domain/pricing/location';
import { priceCart } from '../../domain/pricing/price-cart';
import { coveringZone } from '../../domain/pricing/shipping';
import type { PricingLocation, PricingRules, ShippingOption } from '../../domain/pricing/types';
import { format } from '../../messages/format';
import { pricingScreens as words } from '../../messages/pricing-screens';
import { storeApi } from '../../messages/store-api';
import { countryName } from './countries';
import { money } from './store-nav';

export type CouponStatus = 'active' | 'scheduled' | 'expired' | 'usedUp' | 'off';

/** Where a coupon stands now: switched off, not started, ended, used as often as it may be, or active. */
export function couponStatus(coupon: Coupon, usedCount: number, now: Date): CouponStatus {
  if (!coupon.enabled) return 'off';
  if (coupon.startsAt !== undefined && now.getTime() < Date.parse(coupon.startsAt)) return 'scheduled';
  if (coupon.endsAt !== undefined && now.getTime() >= Date.parse(coupon.endsAt)) return 'expired';
  if (coupon.usageLimit !== undefined && usedCount >= coupon.usageLimit) return 'usedUp';
  return 'active';
}

export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: words.statusActive,
  scheduled: storeApi.statusScheduled,
  expired: words.statusExpired,
  usedUp: words.statusUsedUp,
  off: words.statusOff,
};

/** A percentage as the owner reads and types it: 10, 12.5, 8.875 (no trailing zeros). */
export const percentText = (n: number) => String(Number(n.toFixed(3)));

/** A percentage typed ("10", "12.5") with at most `digits` decimals and at most 100, or null. */
export function parsePercent(text: string, digits: number): number | null {
  const plain = text.trim();
  if (!new RegExp(`^\\d{1,3}(\\.\\d{1,${digits}})?$`).test(plain)) return null;
  const n = Number(plain);
  return n > 100 ? null : n;
}

/** What a coupon takes off: "10% off", "$5.00 off", "Free shipping". */
export function discountText(coupon: Coupon, currency: string): string {
  if (coupon.kind === 'PERCENT') return format(words.percentOff, { percent: percentText(coupon.percentOff ?? 0) });
  if (coupon.kind === 'FIXED_AMOUNT') return format(words.amountOff, { amount: money(coupon.amountOffCents ?? 0, currency) });
  return words.freeShipping;
}

/** The coupon's conditions: its minimum subtotal and once per customer, or any order. */
export function conditionsText(coupon: Coupon, currency: string): string {
  const parts = [
    ...(coupon.minimumSubtotalCents > 0 ? [format(words.minimumOrder, { amount: money(coupon.minimumSubtotalCents, currency) })] : []),
    ...(coupon.oncePerCustomer ? [words.oncePerCustomer] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : words.anyOrder;
}

/** When it may be used: "1 Mar 2027 to 1 Apr 2027", "From …", "Until …", or no end date. */
export function datesText(coupon: Coupon, date: (iso: string) => string): string {
  const { startsAt, endsAt } = coupon;
  if (startsAt !== undefined && endsAt !== undefined) return format(words.fromUntil, { start: date(startsAt), end: date(endsAt) });
  if (startsAt !== undefined) return format(words.startsOn, { start: date(startsAt) });
  if (endsAt !== undefined) return format(words.endsOn, { end: date(endsAt) });
  return words.noEnd;
}

/** "Used 3 of 100" with a limit, "Used 3 times" without. */
export function usageText(coupon: Coupon, usedCount: number): string {
  return coupon.usageLimit === undefined ? format(words.usedTimes, { count: usedCount }) : format(words.usedOf, { used: usedCount, limit: coupon.usageLimit });
}

/** A rate's price in words: "$4.50, free from $60.00", "Free", "from $15.00, in 2 steps". */
export function ratePriceText(rate: ShippingRate, currency: string): string {
  const tiered = rate.kind === 'WEIGHT' || rate.kind === 'SUBTOTAL';
  const lowest = Math.min(...rate.tiers.map((t) => t.amountCents));
  const price = tiered
    ? format(words.stepsFrom, { amount: money(lowest, currency), count: rate.tiers.length })
    : rate.amountCents === 0
      ? words.freeShipping
      : money(rate.amountCents, currency);
  return rate.freeAboveCents === undefined ? price : `${price}, ${format(words.freeFrom, { amount: money(rate.freeAboveCents, currency) })}`;
}

/** The places a zone covers, by name: "United Kingdom, Isle of Man", "Rest of the world". */
export function placesText(zone: Pick<ShippingZone, 'countries'>): string {
  return zone.countries.map(countryName).join(', ');
}

export const weightUnit = (measurementStandard: number) => measurementUnits(measurementStandard).weight;

const NO_TAX: TaxSettings = { pricesIncludeTax: false, taxShipping: false, rules: [] };
const rulesWith = (over: Partial<PricingRules>): PricingRules => ({ coupons: [], shippingZones: [], tax: NO_TAX, minimumSubtotalCents: 0, ...over });

export type ShippingPreview =
  | { state: 'noCountry' }
  | { state: 'noZone' }
  | { state: 'noRate'; zone: string }
  | { state: 'options'; zone: string; options: ShippingOption[] };

/** The options a shopper at `location` with a cart of this subtotal and weight is offered. */
export function previewShipping(
  zones: readonly ShippingZone[],
  location: PricingLocation,
  cart: { subtotalCents: number; weight: number },
  now: Date,
): ShippingPreview {
  const place = toPlace(location);
  if (place === null) return { state: 'noCountry' };
  const zone = coveringZone(zones, place);
  if (zone === null) return { state: 'noZone' };
  const priced = priceCart({
    lines: [{ id: 'preview', productType: 'PHYSICAL', unitPriceCents: cart.subtotalCents, quantity: 1, weight: cart.weight }],
    couponCodes: [],
    couponUsage: {},
    location,
    now,
    rules: rulesWith({ shippingZones: zones }),
  });
  return priced.shippingOptions.length === 0 ? { state: 'noRate', zone: zone.name } : { state: 'options', zone: zone.name, options: priced.shippingOptions };
}

export type TaxPreview = { taxCents: number; totalCents: number; rule: { name: string; ratePercent: number } | null };

/** The tax on an amount a shopper at `location` pays (nothing shipped), and what they pay in all. */
export function previewTax(tax: TaxSettings, location: PricingLocation, amountCents: number, now: Date): TaxPreview {
  const priced = priceCart({
    lines: [{ id: 'preview', productType: 'SERVICE', unitPriceCents: amountCents, quantity: 1, weight: 0 }],
    couponCodes: [],
    couponUsage: {},
    location,
    now,
    rules: rulesWith({ tax }),
  });
  const rule = priced.lines[0]?.tax ?? null;
  return { taxCents: priced.taxCents, totalCents: priced.grandTotalCents, rule: rule && { name: rule.name, ratePercent: rule.ratePercent } };
}
