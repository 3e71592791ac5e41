/** A store's rules, a cart's lines and a pricing input as the pricing unit tests write them, with overrides. */
import type { Coupon, PricingInput, PricingLine, PricingRules, ShippingRate, ShippingZone, TaxRule } from './types';

export const NOW = new Date('2026-03-01T12:00:00Z');

export function lineFixture(overrides: Partial<PricingLine> = {}): PricingLine {
  return { id: 'l1', productType: 'PHYSICAL', unitPriceCents: 1000, quantity: 1, weight: 0, ...overrides };
}

export function couponFixture(overrides: Partial<Coupon> = {}): Coupon {
  return { id: 'c1', code: 'SAVE10', kind: 'PERCENT', percentOff: 10, minimumSubtotalCents: 0, oncePerCustomer: false, enabled: true, ...overrides };
}

export function rateFixture(overrides: Partial<ShippingRate> = {}): ShippingRate {
  return { id: 'r1', name: 'Standard', kind: 'FLAT', amountCents: 500, tiers: [], ...overrides };
}

/** A rate by weight or by subtotal from its steps, each [from, amountCents]. */
export function tieredRateFixture(id: string, kind: 'WEIGHT' | 'SUBTOTAL', steps: [number, number][]): ShippingRate {
  return rateFixture({ id, kind, tiers: steps.map(([from, amountCents]) => ({ from, amountCents })) });
}

export function zoneFixture(overrides: Partial<ShippingZone> = {}): ShippingZone {
  return { id: 'z1', name: 'Everywhere', countries: ['*'], regions: [], rates: [rateFixture()], ...overrides };
}

export function taxRuleFixture(overrides: Partial<TaxRule> = {}): TaxRule {
  return { id: 't1', name: 'VAT', country: 'GB', ratePercent: 20, ...overrides };
}

export function rulesFixture(overrides: Partial<PricingRules> = {}): PricingRules {
  return {
    coupons: [],
    shippingZones: [],
    tax: { pricesIncludeTax: false, taxShipping: false, rules: [] },
    minimumSubtotalCents: 0,
    ...overrides,
  };
}

export function inputFixture(overrides: Partial<PricingInput> = {}): PricingInput {
  return { lines: [lineFixture()], couponCodes: [], couponUsage: {}, now: NOW, rules: rulesFixture(), ...overrides };
}
