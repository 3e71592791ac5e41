import { describe, expect, it } from 'vitest';
import type { Coupon, ShippingZone, TaxSettings } from '../../document/pricing';
import {
  couponStatus,
  discountText,
  conditionsText,
  datesText,
  parsePercent,
  placesText,
  previewShipping,
  previewTax,
  ratePriceText,
  usageText,
} from './pricing-model';

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 'c'.repeat(24),
  code: 'WELCOME10',
  kind: 'PERCENT',
  percentOff: 10,
  minimumSubtotalCents: 0,
  oncePerCustomer: false,
  enabled: true,
  ...over,
});
const NOW = new Date('2027-03-15T12:00:00Z');

const rate = (id: string, name: string, amountCents: number, over: Partial<ShippingZone['rates'][number]> = {}) => ({
  id: id.repeat(24),
  name,
  kind: 'FLAT' as const,
  amountCents,
  tiers: [],
  ...over,
});
const ZONES: ShippingZone[] = [
  {
    id: '1'.repeat(24),
    name: 'United Kingdom',
    countries: ['GB'],
    regions: [],
    rates: [rate('a', 'Standard', 450, { freeAboveCents: 6000 }), rate('b', 'Express', 900)],
  },
  { id: '2'.repeat(24), name: 'Worldwide', countries: ['*'], regions: [], rates: [rate('c', 'International', 1500)] },
  {
    id: '3'.repeat(24),
    name: 'Heavy',
    countries: ['FR'],
    regions: [],
    rates: [{ ...rate('d', 'By weight', 0), kind: 'WEIGHT', tiers: [{ from: 2, amountCents: 800 }] }],
  },
];

describe('a coupon in words', () => {
  it('stands Active, Scheduled, Expired, Used up or Off', () => {
    expect(couponStatus(coupon(), 0, NOW)).toBe('active');
    expect(couponStatus(coupon({ startsAt: '2027-04-01T00:00:00Z' }), 0, NOW)).toBe('scheduled');
    expect(couponStatus(coupon({ endsAt: '2027-03-15T12:00:00Z' }), 0, NOW)).toBe('expired');
    expect(couponStatus(coupon({ usageLimit: 3 }), 3, NOW)).toBe('usedUp');
    expect(couponStatus(coupon({ usageLimit: 3 }), 2, NOW)).toBe('active');
    expect(couponStatus(coupon({ enabled: false, startsAt: '2027-04-01T00:00:00Z' }), 0, NOW)).toBe('off');
  });

  it('says what it takes off, on which orders, when and how often it was used', () => {
    expect(discountText(coupon({ percentOff: 12.5 }), 'USD')).toBe('12.5% off');
    expect(discountText(coupon({ kind: 'FIXED_AMOUNT', percentOff: undefined, amountOffCents: 500 }), 'GBP')).toBe('£5.00 off');
    expect(discountText(coupon({ kind: 'FREE_SHIPPING', percentOff: undefined }), 'USD')).toBe('Free shipping');
    expect(conditionsText(coupon(), 'USD')).toBe('Any order');
    expect(conditionsText(coupon({ minimumSubtotalCents: 3000, oncePerCustomer: true }), 'USD')).toBe('Orders of $30.00 or more · Once per customer');
    const day = (iso: string) => iso.slice(0, 10);
    expect(datesText(coupon(), day)).toBe('No end date');
    expect(datesText(coupon({ startsAt: '2027-03-01T00:00:00Z', endsAt: '2027-04-01T00:00:00Z' }), day)).toBe('2027-03-01 to 2027-04-01');
    expect(datesText(coupon({ endsAt: '2027-04-01T00:00:00Z' }), day)).toBe('Until 2027-04-01');
    expect(usageText(coupon({ usageLimit: 100 }), 3)).toBe('Used 3 of 100');
    expect(usageText(coupon(), 3)).toBe('Used 3 times');
    expect(usageText(coupon(), 1)).toBe('Used once');
    expect(usageText(coupon(), 0)).toBe('Not used yet');
  });

  it('reads a typed percentage with its decimals and refuses anything else', () => {
    expect(parsePercent('10', 2)).toBe(10);
    expect(parsePercent(' 12.5 ', 2)).toBe(12.5);
    expect(parsePercent('8.875', 3)).toBe(8.875);
    for (const text of ['8.875', '101', '-5', '1e2', '', 'ten']) expect(parsePercent(text, 2), text).toBeNull();
  });
});

describe('shipping in words and in preview', () => {
  it('names a rate’s price and a zone’s places', () => {
    expect(ratePriceText(ZONES[0]!.rates[0]!, 'GBP')).toBe('£4.50, free from £60.00');
    expect(ratePriceText(rate('e', 'Pickup', 0, { kind: 'PICKUP' }), 'GBP')).toBe('Free shipping');
    expect(ratePriceText(ZONES[2]!.rates[0]!, 'USD')).toBe('from $8.00, in 1 step');
    expect(placesText({ countries: ['GB', 'IM'] })).toBe('United Kingdom, Isle of Man');
    expect(placesText({ countries: ['*'] })).toBe('Rest of the world');
  });

  it('offers the options of the zone covering the address, as priceCart prices them', () => {
    const names = (p: ReturnType<typeof previewShipping>) => (p.state === 'options' ? p.options.map((o) => [o.name, o.amountCents]) : p.state);
    expect(previewShipping(ZONES, { country: 'GB' }, { subtotalCents: 2000, weight: 1 }, NOW)).toMatchObject({ zone: 'United Kingdom' });
    expect(names(previewShipping(ZONES, { country: 'GB' }, { subtotalCents: 2000, weight: 1 }, NOW))).toEqual([
      ['Standard', 450],
      ['Express', 900],
    ]);
    expect(names(previewShipping(ZONES, { country: 'GB' }, { subtotalCents: 6000, weight: 1 }, NOW))).toEqual([
      ['Standard', 0],
      ['Express', 900],
    ]);
    expect(names(previewShipping(ZONES, { country: 'JP' }, { subtotalCents: 2000, weight: 1 }, NOW))).toEqual([['International', 1500]]);
    expect(previewShipping(ZONES, { country: 'FR' }, { subtotalCents: 2000, weight: 1 }, NOW)).toEqual({ state: 'noRate', zone: 'Heavy' });
    expect(previewShipping(ZONES.slice(0, 1), { country: 'JP' }, { subtotalCents: 2000, weight: 1 }, NOW)).toEqual({ state: 'noZone' });
    expect(previewShipping(ZONES, {}, { subtotalCents: 2000, weight: 1 }, NOW)).toEqual({ state: 'noCountry' });
  });
});

describe('the tax preview', () => {
  const vat = { id: 'f'.repeat(24), name: 'VAT', country: 'GB', ratePercent: 20 };
  it('takes the tax out of a price that holds it, or adds it on top', () => {
    const included: TaxSettings = { pricesIncludeTax: true, taxShipping: false, rules: [vat] };
    expect(previewTax(included, { country: 'GB' }, 12000, NOW)).toEqual({ taxCents: 2000, totalCents: 12000, rule: { name: 'VAT', ratePercent: 20 } });
    expect(previewTax({ ...included, pricesIncludeTax: false }, { country: 'GB' }, 10000, NOW)).toEqual({
      taxCents: 2000,
      totalCents: 12000,
      rule: { name: 'VAT', ratePercent: 20 },
    });
    expect(previewTax(included, { country: 'US' }, 10000, NOW)).toEqual({ taxCents: 0, totalCents: 10000, rule: null });
    // Before the shopper gives an address, the business's country's rules apply.
    expect(previewTax({ ...included, originCountry: 'GB' }, {}, 12000, NOW).taxCents).toBe(2000);
  });
});
