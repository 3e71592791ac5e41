import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxOn } from '../pricing/tax';
import { receiptSums } from './receipt';

const VAT = { name: 'UK VAT', ratePercent: 20 };

describe('a receipt’s sums', () => {
  it('splits prices that include VAT into net and VAT, per rate, with untaxed lines at zero', () => {
    const sums = receiptSums({
      pricesIncludeTax: true,
      rate: VAT,
      lines: [
        { totalCents: 3800, taxCents: 633 },
        { totalCents: 5000, taxCents: 0 },
      ],
      shippingCents: 450,
      shippingTaxCents: 75,
    });
    expect(sums.lines).toEqual([
      { netCents: 3167, taxCents: 633, grossCents: 3800, ratePercent: 20 },
      { netCents: 5000, taxCents: 0, grossCents: 5000, ratePercent: 0 },
    ]);
    expect(sums.shipping).toEqual({ netCents: 375, taxCents: 75, grossCents: 450, ratePercent: 20 });
    expect(sums.bands).toEqual([
      { name: 'UK VAT', ratePercent: 20, netCents: 3542, taxCents: 708 },
      { name: null, ratePercent: 0, netCents: 5000, taxCents: 0 },
    ]);
  });

  it('adds tax to prices that exclude it, and has no band for a rate nothing is at', () => {
    const sums = receiptSums({
      pricesIncludeTax: false,
      rate: { name: 'NY sales tax', ratePercent: 8.875 },
      lines: [{ totalCents: 4200, taxCents: 373 }],
      shippingCents: 0,
      shippingTaxCents: 0,
    });
    expect(sums.lines[0]).toEqual({ netCents: 4200, taxCents: 373, grossCents: 4573, ratePercent: 8.875 });
    expect(sums.bands).toEqual([{ name: 'NY sales tax', ratePercent: 8.875, netCents: 4200, taxCents: 373 }]);
  });

  it('always adds up: the bands’ net and tax are the order’s, for any lines priced as checkout prices them', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 27_000 }).map((n) => n / 1000),
        fc.array(fc.record({ cents: fc.integer({ min: 0, max: 500_000 }), taxed: fc.boolean() }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        (includes, ratePercent, raw, shippingCents, taxShipping) => {
          const lines = raw.map((l) => {
            const taxCents = l.taxed ? taxOn(l.cents, ratePercent, includes) : 0;
            return { totalCents: includes ? l.cents : l.cents + taxCents, taxCents };
          });
          const shippingTaxCents = taxShipping ? taxOn(shippingCents, ratePercent, includes) : 0;
          const sums = receiptSums({ pricesIncludeTax: includes, rate: { name: 'Tax', ratePercent }, lines, shippingCents, shippingTaxCents });
          const gross = [...sums.lines, sums.shipping].reduce((n, l) => n + l.grossCents, 0);
          const bands = sums.bands.reduce((n, b) => n + b.netCents + b.taxCents, 0);
          expect(bands).toBe(gross);
          expect(sums.bands.reduce((n, b) => n + b.taxCents, 0)).toBe(lines.reduce((n, l) => n + l.taxCents, 0) + shippingTaxCents);
        },
      ),
    );
  });
});
