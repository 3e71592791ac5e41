/** The pricing rules' general laws, over carts, coupons, zones and tax rules of every shape. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_PRICE_CENTS, PRODUCT_TYPES } from '../commerce';
import { MAX_LINE_QUANTITY } from './limits';
import { priceCart } from './price-cart';
import { couponFixture, inputFixture, rateFixture, rulesFixture, taxRuleFixture, zoneFixture } from './pricing.fixture';
import type { Coupon, PricingInput, PricingLine } from './types';

const line = fc.record({
  id: fc.uuid(),
  productType: fc.constantFrom(...PRODUCT_TYPES),
  unitPriceCents: fc.oneof(fc.nat({ max: 5000 }), fc.nat({ max: MAX_PRICE_CENTS })),
  quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
  weight: fc.double({ min: 0, max: 100, noNaN: true }),
}) satisfies fc.Arbitrary<PricingLine>;

const coupon: fc.Arbitrary<Coupon> = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((hundredths) => couponFixture({ id: 'p', code: 'PERCENT', percentOff: hundredths / 100 })),
  fc
    .integer({ min: 1, max: 10_000_000 })
    .map((amountOffCents) => couponFixture({ id: 'f', code: 'FIXED', kind: 'FIXED_AMOUNT', percentOff: undefined, amountOffCents })),
  fc.constant(couponFixture({ id: 's', code: 'SHIP', kind: 'FREE_SHIPPING', percentOff: undefined })),
);

/** A tax rate of up to three decimals, 0 to 100%. */
const ratePercent = fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000);

const input: fc.Arbitrary<PricingInput> = fc
  .record({
    lines: fc.array(line, { maxLength: 20 }),
    coupons: fc.array(coupon, { maxLength: 3 }),
    shippingCents: fc.nat({ max: 100_000 }),
    freeAboveCents: fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }),
    ratePercent,
    pricesIncludeTax: fc.boolean(),
    taxShipping: fc.boolean(),
    located: fc.boolean(),
  })
  .map((g) =>
    inputFixture({
      lines: g.lines,
      couponCodes: g.coupons.map((c) => c.code),
      ...(g.located ? { location: { country: 'GB' } } : {}),
      rules: rulesFixture({
        coupons: g.coupons,
        shippingZones: [zoneFixture({ rates: [rateFixture({ amountCents: g.shippingCents, freeAboveCents: g.freeAboveCents })] })],
        tax: { pricesIncludeTax: g.pricesIncludeTax, taxShipping: g.taxShipping, rules: [taxRuleFixture({ ratePercent: g.ratePercent })] },
      }),
    }),
  );

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('pricing laws', () => {
  it('the grand total is the lines’ subtotals less the discount plus shipping, plus tax when prices exclude it', () => {
    fc.assert(
      fc.property(input, (cartInput) => {
        const cart = priceCart(cartInput);
        const exclusive = !cartInput.rules.tax.pricesIncludeTax;
        expect(cart.subtotalCents).toBe(sum(cart.lines.map((l) => l.subtotalCents)));
        expect(cart.grandTotalCents).toBe(cart.subtotalCents - cart.discountCents + cart.shippingCostCents + (exclusive ? cart.taxCents : 0));
        expect(cart.grandTotalCents).toBe(sum(cart.lines.map((l) => l.totalCents)) + cart.shippingCostCents + (exclusive ? cart.shippingTaxCents : 0));
      }),
    );
  });

  it('the lines’ discounts sum to the order discount, and none passes its line’s subtotal', () => {
    fc.assert(
      fc.property(input, (cartInput) => {
        const cart = priceCart(cartInput);
        expect(sum(cart.lines.map((l) => l.discountCents))).toBe(cart.discountCents);
        for (const l of cart.lines) expect(l.discountCents).toBeLessThanOrEqual(l.subtotalCents);
      }),
    );
  });

  it('a cart’s tax is the sum of its lines’ taxes plus the tax on shipping', () => {
    fc.assert(
      fc.property(input, (cartInput) => {
        const cart = priceCart(cartInput);
        expect(cart.taxCents).toBe(sum(cart.lines.map((l) => l.taxCents)) + cart.shippingTaxCents);
        expect(sum(cart.applicableTaxRules.map((r) => r.taxCents))).toBe(cart.taxCents);
      }),
    );
  });

  it('line taxes, and every amount of the cart, are whole numbers never below 0', () => {
    fc.assert(
      fc.property(input, (cartInput) => {
        const cart = priceCart(cartInput);
        const amounts = [cart.subtotalCents, cart.discountCents, cart.shippingCostCents, cart.shippingTaxCents, cart.taxCents, cart.grandTotalCents];
        for (const l of cart.lines) amounts.push(l.subtotalCents, l.discountCents, l.taxCents, l.totalCents);
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('an exclusive price p and an inclusive price p × (1 + r) give the same grand total under the same rules', () => {
    // p a whole number of dollars and r a whole percent make p × r a whole number of cents: no rounding on either side.
    const lines = fc.array(
      fc.record({ productType: fc.constantFrom(...PRODUCT_TYPES), dollars: fc.nat({ max: 10_000 }), quantity: fc.integer({ min: 1, max: 99 }) }),
      {
        maxLength: 10,
      },
    );
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100 }), fc.nat({ max: 5000 }), (generated, rate, shippingCents) => {
        const priced = (pricesIncludeTax: boolean) =>
          priceCart(
            inputFixture({
              lines: generated.map((g, i) => ({
                id: `l${i}`,
                productType: g.productType,
                quantity: g.quantity,
                weight: 1,
                // A gift card is never taxed: its price is the same either way.
                unitPriceCents: g.dollars * (pricesIncludeTax && g.productType !== 'GIFT_CARD' ? 100 + rate : 100),
              })),
              location: { country: 'GB' },
              rules: rulesFixture({
                shippingZones: [zoneFixture({ rates: [rateFixture({ amountCents: shippingCents })] })],
                tax: { pricesIncludeTax, taxShipping: false, rules: [taxRuleFixture({ ratePercent: rate })] },
              }),
            }),
          );
        const exclusive = priced(false);
        const inclusive = priced(true);
        expect(inclusive.grandTotalCents).toBe(exclusive.grandTotalCents);
        expect(inclusive.taxCents).toBe(exclusive.taxCents);
      }),
    );
  });
});
