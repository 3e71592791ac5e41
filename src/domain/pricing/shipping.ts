/**
 * The shipping options a cart is offered: the most specific zone covering the shopper's location
 * (a region match, then a country match, then '*'; the first among equals), and each of its rates
 * the cart qualifies for, priced flat, by weight or by subtotal, free above a subtotal.
 */
import type { Place } from './location';
import type { ShippingOption, ShippingRate, ShippingZone } from './types';

/** How closely a zone covers a place: 3 by region, 2 by country, 1 by '*', 0 not at all. */
function coverage(zone: ShippingZone, place: Place): number {
  const byCountry = zone.countries.some((c) => c.toUpperCase() === place.country);
  if (!byCountry && !zone.countries.includes('*')) return 0;
  if (zone.regions.length > 0) return place.region !== undefined && zone.regions.some((r) => r.toUpperCase() === place.region) ? 3 : 0;
  return byCountry ? 2 : 1;
}

export function coveringZone(zones: readonly ShippingZone[], place: Place): ShippingZone | null {
  let best: ShippingZone | null = null;
  let bestCoverage = 0;
  for (const zone of zones) {
    const c = coverage(zone, place);
    if (c > bestCoverage) [best, bestCoverage] = [zone, c];
  }
  return best;
}

/** The amount of the step with the greatest `from` at or below the measure; null below the first step. */
function tierAmount(tiers: ShippingRate['tiers'], measure: number): number | null {
  let amount: number | null = null;
  let from = -1;
  for (const tier of tiers) if (tier.from <= measure && tier.from > from) [amount, from] = [tier.amountCents, tier.from];
  return amount;
}

export type ShippingMeasures = {
  /** Of the physical lines, weight × quantity, in the store's unit. */
  weight: number;
  /** Of every line, after the order discount. */
  discountedSubtotalCents: number;
};

/** What the rate costs this cart, or null when the cart does not qualify for it. */
export function rateAmount(rate: ShippingRate, measures: ShippingMeasures): number | null {
  const amount =
    rate.kind === 'WEIGHT'
      ? tierAmount(rate.tiers, measures.weight)
      : rate.kind === 'SUBTOTAL'
        ? tierAmount(rate.tiers, measures.discountedSubtotalCents)
        : rate.amountCents;
  if (amount === null) return null;
  return rate.freeAboveCents !== undefined && measures.discountedSubtotalCents >= rate.freeAboveCents ? 0 : amount;
}

export function shippingOptions(zone: ShippingZone, measures: ShippingMeasures): ShippingOption[] {
  return zone.rates.flatMap((rate) => {
    const amountCents = rateAmount(rate, measures);
    if (amountCents === null) return [];
    const option: ShippingOption = { id: rate.id, zoneId: zone.id, name: rate.name, kind: rate.kind, amountCents };
    if (rate.note !== undefined) option.note = rate.note;
    return [option];
  });
}

/** The option the shopper chose when it is offered, else the cheapest (the first among equals). */
export function selectOption(options: readonly ShippingOption[], selectedId: string | undefined): ShippingOption | null {
  const chosen = options.find((o) => o.id === selectedId);
  if (chosen) return chosen;
  return options.reduce<ShippingOption | null>((cheapest, o) => (cheapest === null || o.amountCents < cheapest.amountCents ? o : cheapest), null);
}

/** The total weight of the shipped lines, kept to a millionth of the unit so 0.1 × 3 reaches a step at 0.3. */
export function shippedWeight(lines: readonly { productType: string; weight: number; quantity: number }[]): number {
  const total = lines.reduce((sum, l) => (l.productType === 'PHYSICAL' ? sum + l.weight * l.quantity : sum), 0);
  return Math.round(total * 1e6) / 1e6;
}
