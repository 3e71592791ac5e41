/**
 * Which tax rule applies where, and what it comes to. One rule applies to a location (no compounding):
 * the most specific of those that match, by the longest postcode prefix, then by region, then by
 * country alone, the first among equals. Rates have at most three decimals and are taken in
 * thousandths of a percent, so the tax is rounded half-up once, exactly.
 */
import { normalizePostcode, toPlace, type Place } from './location';
import { divideHalfUp, toUnits } from './rounding';
import type { PricingLocation, TaxRule, TaxSettings } from './types';

/** A rule's rate in thousandths of a percent: 100% is 100,000. */
const HUNDRED_PERCENT = 100_000n;

/** The place tax is reckoned at: the shopper's when they gave a country, else the store's origin, else none. */
export function taxPlace(location: PricingLocation | undefined, settings: TaxSettings): Place | null {
  return toPlace(location) ?? toPlace({ country: settings.originCountry });
}

function specificity(rule: TaxRule, place: Place): number | null {
  if (rule.country.toUpperCase() !== place.country) return null;
  if (rule.region !== undefined && rule.region.toUpperCase() !== place.region) return null;
  const prefix = rule.postcodePrefix === undefined ? '' : normalizePostcode(rule.postcodePrefix);
  if (!place.postcode.startsWith(prefix)) return null;
  // A longer prefix always wins; a region only between rules of the same prefix.
  return prefix.length * 2 + (rule.region === undefined ? 0 : 1);
}

export function applicableRule(rules: readonly TaxRule[], place: Place | null): TaxRule | null {
  if (place === null) return null;
  let best: TaxRule | null = null;
  let bestScore = -1;
  for (const rule of rules) {
    const score = specificity(rule, place);
    if (score !== null && score > bestScore) [best, bestScore] = [rule, score];
  }
  return best;
}

/**
 * The tax on an amount at a rate: on top of it when prices exclude tax (amount × rate), or the part
 * of it that is tax when prices include it (amount × rate ÷ (100 + rate)); rounded half-up.
 */
export function taxOn(amountCents: number, ratePercent: number, pricesIncludeTax: boolean): number {
  const rate = toUnits(ratePercent, 3);
  const base = BigInt(amountCents) * rate;
  return divideHalfUp(base, pricesIncludeTax ? HUNDRED_PERCENT + rate : HUNDRED_PERCENT);
}
