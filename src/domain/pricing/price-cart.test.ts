import { describe, expect, it } from 'vitest';
import { priceCart } from './price-cart';
import { couponFixture, inputFixture, lineFixture, rateFixture, rulesFixture, taxRuleFixture, tieredRateFixture, zoneFixture } from './pricing.fixture';
import type { PricingRules } from './types';

const tenPercent = couponFixture();
const freeShipping = couponFixture({ id: 'c2', code: 'SHIPFREE', kind: 'FREE_SHIPPING', percentOff: undefined });
const ukVat = taxRuleFixture({ id: 'vat', name: 'VAT', country: 'GB', ratePercent: 20 });
const ukRates = zoneFixture({
  id: 'uk',
  countries: ['GB'],
  rates: [rateFixture({ id: 'std', amountCents: 500 }), rateFixture({ id: 'exp', name: 'Express', amountCents: 1200 })],
});
const rules = (overrides: Partial<PricingRules> = {}) =>
  rulesFixture({
    coupons: [tenPercent, freeShipping],
    shippingZones: [ukRates],
    tax: { pricesIncludeTax: false, taxShipping: false, rules: [ukVat] },
    ...overrides,
  });

const mixedLines = [
  lineFixture({ id: 'mug', productType: 'PHYSICAL', unitPriceCents: 1250, quantity: 2, weight: 0.4 }),
  lineFixture({ id: 'ebook', productType: 'DIGITAL', unitPriceCents: 999, quantity: 1 }),
  lineFixture({ id: 'card', productType: 'GIFT_CARD', unitPriceCents: 2500, quantity: 1 }),
];

describe('a priced cart', () => {
  it('is empty and costs nothing with no lines', () => {
    const cart = priceCart(inputFixture({ lines: [], rules: rules() }));
    expect(cart).toMatchObject({
      lines: [],
      subtotalCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      requiresShipping: false,
      hasDigital: false,
      purelyDigital: false,
    });
    expect(cart.applicableTaxRules).toEqual([]);
  });

  it('sums its lines and says what it holds', () => {
    const cart = priceCart(inputFixture({ lines: mixedLines, rules: rules() }));
    expect(cart.lines.map((l) => l.subtotalCents)).toEqual([2500, 999, 2500]);
    expect(cart).toMatchObject({ subtotalCents: 5999, totalQuantity: 4, requiresShipping: true, hasDigital: true, purelyDigital: false });
    const digital = priceCart(inputFixture({ lines: [mixedLines[1]!], rules: rules() }));
    expect(digital).toMatchObject({ requiresShipping: false, hasDigital: true, purelyDigital: true, needsLocation: false, shippingOptions: [] });
    const service = priceCart(inputFixture({ lines: [lineFixture({ productType: 'SERVICE' })], rules: rules() }));
    expect(service).toMatchObject({ requiresShipping: false, hasDigital: false, purelyDigital: false, needsLocation: false });
  });

  it('splits a percentage off the lines in proportion, never off a gift card, and taxes each line on what is left', () => {
    const cart = priceCart(inputFixture({ lines: mixedLines, couponCodes: ['save10'], location: { country: 'GB' }, rules: rules() }));
    // 10% of 2500 + 999 = 349.9 → 350, split by largest remainder: 250.07 and 99.93 round down to 250 and 99, the cent left goes to the second.
    expect(cart.discountCents).toBe(350);
    expect(cart.lines.map((l) => l.discountCents)).toEqual([250, 100, 0]);
    expect(cart.lines.map((l) => l.taxCents)).toEqual([450, 180, 0]);
    expect(cart.lines.map((l) => l.totalCents)).toEqual([2700, 1079, 2500]);
    expect(cart.lines.map((l) => l.tax?.ruleId ?? null)).toEqual(['vat', 'vat', null]);
    expect(cart.validCoupons).toEqual([{ couponId: 'c1', code: 'SAVE10', kind: 'PERCENT', discountCents: 350 }]);
    // Standard shipping (the cheapest) 500, untaxed: 5999 − 350 + 500 + 630.
    expect(cart).toMatchObject({ shippingCostCents: 500, shippingTaxCents: 0, taxCents: 630, grandTotalCents: 6779 });
    expect(cart.applicableTaxRules).toEqual([{ ruleId: 'vat', name: 'VAT', ratePercent: 20, taxCents: 630 }]);
  });

  it('lists each coupon entered as valid or invalid, with its reason', () => {
    const cart = priceCart(inputFixture({ lines: mixedLines, couponCodes: ['SAVE10', 'NOPE', 'save10'], rules: rules() }));
    expect(cart.validCoupons.map((c) => c.code)).toEqual(['SAVE10']);
    expect(cart.invalidCoupons).toEqual([{ code: 'NOPE', reason: 'UNKNOWN' }]);
  });

  it('makes the chosen shipping free with a free-shipping coupon, the option keeping its amount and the coupon its saving', () => {
    const cart = priceCart(
      inputFixture({ lines: mixedLines, couponCodes: ['SHIPFREE'], location: { country: 'GB' }, selectedShippingRateId: 'exp', rules: rules() }),
    );
    expect(cart.selectedShippingOption).toMatchObject({ id: 'exp', amountCents: 1200 });
    expect(cart).toMatchObject({ shippingCostCents: 0, discountCents: 0 });
    expect(cart.validCoupons).toEqual([{ couponId: 'c2', code: 'SHIPFREE', kind: 'FREE_SHIPPING', discountCents: 1200 }]);
    const digital = priceCart(inputFixture({ lines: [mixedLines[1]!], couponCodes: ['SHIPFREE'], rules: rules() }));
    expect(digital.invalidCoupons).toEqual([{ code: 'SHIPFREE', reason: 'NO_SHIPPING' }]);
  });

  it('asks where to ship before offering options, and says when nothing ships there', () => {
    const nowhere = priceCart(inputFixture({ lines: mixedLines, rules: rules() }));
    expect(nowhere).toMatchObject({
      needsLocation: true,
      noShippingToLocation: false,
      shippingOptions: [],
      selectedShippingOption: null,
      shippingCostCents: 0,
    });
    const france = priceCart(inputFixture({ lines: mixedLines, location: { country: 'FR' }, rules: rules() }));
    expect(france).toMatchObject({ needsLocation: false, noShippingToLocation: true, shippingOptions: [], selectedShippingOption: null });
    const uk = priceCart(inputFixture({ lines: mixedLines, location: { country: 'GB' }, rules: rules() }));
    expect(uk.shippingOptions.map((o) => [o.id, o.amountCents])).toEqual([
      ['std', 500],
      ['exp', 1200],
    ]);
    expect(uk.selectedShippingOption?.id).toBe('std');
  });

  it('prices shipping by weight and by the subtotal after discounts', () => {
    const zone = zoneFixture({
      rates: [
        tieredRateFixture('w', 'WEIGHT', [
          [0, 300],
          [1, 700],
        ]),
        tieredRateFixture('s', 'SUBTOTAL', [
          [0, 900],
          [3000, 100],
        ]),
      ],
    });
    const heavy = [lineFixture({ unitPriceCents: 1000, quantity: 3, weight: 0.4 })];
    const cart = priceCart(inputFixture({ lines: heavy, location: { country: 'US' }, rules: rules({ shippingZones: [zone] }) }));
    expect(cart.shippingOptions.map((o) => o.amountCents)).toEqual([700, 100]);
    const discounted = priceCart(inputFixture({ lines: heavy, couponCodes: ['SAVE10'], location: { country: 'US' }, rules: rules({ shippingZones: [zone] }) }));
    expect(discounted.shippingOptions.map((o) => o.amountCents)).toEqual([700, 900]);
  });

  it('taxes shipping at the same rate when the store taxes shipping', () => {
    const tax = { pricesIncludeTax: false, taxShipping: true, rules: [ukVat] };
    const cart = priceCart(inputFixture({ lines: [lineFixture()], location: { country: 'GB' }, rules: rules({ tax }) }));
    expect(cart).toMatchObject({ shippingCostCents: 500, shippingTaxCents: 100, taxCents: 300, grandTotalCents: 1800 });
    expect(cart.applicableTaxRules).toEqual([{ ruleId: 'vat', name: 'VAT', ratePercent: 20, taxCents: 300 }]);
    const free = priceCart(inputFixture({ lines: [lineFixture()], couponCodes: ['SHIPFREE'], location: { country: 'GB' }, rules: rules({ tax }) }));
    expect(free).toMatchObject({ shippingCostCents: 0, shippingTaxCents: 0, taxCents: 200 });
  });

  it('finds the tax inside the price when prices include it (the UK VAT example)', () => {
    const tax = { pricesIncludeTax: true, taxShipping: true, originCountry: 'GB', rules: [ukVat] };
    const lines = [lineFixture({ unitPriceCents: 1200, quantity: 2 }), lineFixture({ id: 'l2', productType: 'DIGITAL', unitPriceCents: 1000 })];
    const cart = priceCart(inputFixture({ lines, location: { country: 'GB', postcode: 'SW1A 1AA' }, rules: rules({ tax }) }));
    expect(cart.lines.map((l) => [l.taxCents, l.totalCents])).toEqual([
      [400, 2400],
      [167, 1000],
    ]);
    expect(cart).toMatchObject({ shippingCostCents: 500, shippingTaxCents: 83, taxCents: 650, grandTotalCents: 3900 });
  });

  it('reckons tax at the store’s origin before the shopper says where they are', () => {
    const tax = { pricesIncludeTax: false, taxShipping: false, originCountry: 'GB', rules: [ukVat] };
    expect(priceCart(inputFixture({ rules: rules({ tax }) })).taxCents).toBe(200);
    expect(priceCart(inputFixture({ rules: rules() })).taxCents).toBe(0);
  });

  it('meets the store’s minimum at the subtotal before discounts, and always when there is none', () => {
    const lines = [lineFixture({ unitPriceCents: 2000 })];
    expect(priceCart(inputFixture({ lines, couponCodes: ['SAVE10'], rules: rules({ minimumSubtotalCents: 2000 }) })).meetsMinimum).toBe(true);
    expect(priceCart(inputFixture({ lines, rules: rules({ minimumSubtotalCents: 2001 }) })).meetsMinimum).toBe(false);
    expect(priceCart(inputFixture({ lines: [], rules: rules() })).meetsMinimum).toBe(true);
  });

  it('refuses a line whose price or quantity is not a whole number of at least 0', () => {
    expect(() => priceCart(inputFixture({ lines: [lineFixture({ unitPriceCents: -1 })] }))).toThrow(RangeError);
    expect(() => priceCart(inputFixture({ lines: [lineFixture({ quantity: 1.5 })] }))).toThrow(RangeError);
  });
});
