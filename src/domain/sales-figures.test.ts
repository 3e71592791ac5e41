/** The dashboard's sales figures: the average order value, conversion to one decimal, and the range's totals from its days. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageOrderCents, conversionPercent, salesTotals, type SalesDay } from './sales-figures';

const day = (d: string, revenueCents: number, orders: number, productPageViews: number, quickViews: number): SalesDay => ({
  day: d,
  revenueCents,
  orders,
  productPageViews,
  quickViews,
});

describe('the average order value', () => {
  it('is the revenue over the orders in whole minor units, half a unit up, and none without orders', () => {
    expect(averageOrderCents(9000, 3)).toBe(3000);
    expect(averageOrderCents(1000, 3)).toBe(333);
    expect(averageOrderCents(1001, 2)).toBe(501);
    expect(averageOrderCents(0, 2)).toBe(0);
    expect(averageOrderCents(0, 0)).toBeNull();
  });
});

describe('conversion', () => {
  it('is orders per 100 product views to one decimal, and none without product views', () => {
    expect(conversionPercent(1, 8)).toBe(12.5);
    expect(conversionPercent(1, 3)).toBe(33.3);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(3, 2)).toBe(150);
    expect(conversionPercent(0, 40)).toBe(0);
    expect(conversionPercent(0, 0)).toBeNull();
    expect(conversionPercent(4, 0)).toBeNull();
  });

  it('is always within a twentieth of a per cent of the exact share, with at most one decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 1_000_000 }), (orders, views) => {
        const shown = conversionPercent(orders, views)!;
        const exact = (orders / views) * 100;
        return Math.abs(shown - exact) <= 0.05 + 1e-9 && Math.abs(shown * 10 - Math.round(shown * 10)) < 1e-9;
      }),
      { seed: 34, numRuns: 500 },
    );
  });
});

describe('the range’s totals', () => {
  it('add up the days, and take the average and conversion of the sums, not of the days', () => {
    const totals = salesTotals([day('2026-11-29', 4800, 2, 10, 2), day('2026-11-30', 0, 0, 5, 0), day('2026-12-01', 1250, 1, 7, 0)]);
    expect(totals).toEqual({ revenueCents: 6050, orders: 3, averageOrderCents: 2017, productPageViews: 22, quickViews: 2, conversionPercent: 12.5 });
  });

  it('are zero, with no average and no conversion, for days without sales or views', () => {
    expect(salesTotals([day('2026-12-01', 0, 0, 0, 0)])).toEqual({
      revenueCents: 0,
      orders: 0,
      averageOrderCents: null,
      productPageViews: 0,
      quickViews: 0,
      conversionPercent: null,
    });
    expect(salesTotals([]).orders).toBe(0);
  });
});
