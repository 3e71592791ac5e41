import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUCKET_MAX_VALUE,
  BUCKET_MIN,
  bucketOf,
  bucketUpperBound,
  GROWTH,
  histogramOf,
  LAST_BUCKET,
  mergeHistograms,
  percentileOf,
} from './measurement-histogram';

const metricValue = fc.oneof(
  fc.double({ min: 0, max: BUCKET_MAX_VALUE, noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.integer({ min: 0, max: 60_000 }),
);

function nearestRank(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

describe('performance histogram buckets', () => {
  it('puts every value in the bucket whose bounds hold it, at most 2% below its upper bound', () => {
    fc.assert(
      fc.property(metricValue, (v) => {
        const b = bucketOf(v);
        expect(b).toBeGreaterThanOrEqual(0);
        expect(b).toBeLessThanOrEqual(LAST_BUCKET);
        if (v <= BUCKET_MIN) {
          expect(b).toBe(0);
        } else {
          expect(v).toBeGreaterThan(bucketUpperBound(b - 1));
          expect(v).toBeLessThanOrEqual(bucketUpperBound(b));
          expect(bucketUpperBound(b) / v).toBeLessThan(GROWTH);
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('keeps the order of values (a larger value never lands in a lower bucket)', () => {
    fc.assert(fc.property(metricValue, metricValue, (a, b) => (a <= b ? bucketOf(a) <= bucketOf(b) : bucketOf(a) >= bucketOf(b))));
  });

  it('reads a percentile from summed buckets within one bucket of the exact nearest-rank value', () => {
    fc.assert(
      fc.property(fc.array(metricValue, { minLength: 1, maxLength: 300 }), fc.double({ min: 0.01, max: 100, noNaN: true }), (values, p) => {
        const exact = nearestRank(values, p);
        const read = percentileOf(histogramOf(values), p)!;
        if (exact <= BUCKET_MIN) {
          expect(read).toBe(BUCKET_MIN);
        } else {
          expect(read).toBeGreaterThanOrEqual(exact);
          expect(read / exact).toBeLessThan(GROWTH);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('gives a range the percentile of all its values, from the sum of its days (not an average of daily percentiles)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(metricValue, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 10 }), (days) => {
        const merged = mergeHistograms(days.map(histogramOf));
        expect(percentileOf(merged, 75)).toBe(percentileOf(histogramOf(days.flat()), 75));
      }),
    );
    // Two days: 99 fast loads, then one slow one; the range's p75 is fast, the mean of daily p75s is not.
    const fast = Array.from({ length: 99 }, () => 1000);
    const merged = mergeHistograms([histogramOf(fast), histogramOf([9000])]);
    expect(percentileOf(merged, 75)! / 1000).toBeLessThan(GROWTH);
  });

  it('answers nothing for an empty histogram and refuses percentiles outside (0, 100]', () => {
    expect(percentileOf(new Map(), 75)).toBeUndefined();
    expect(() => percentileOf(histogramOf([1]), 0)).toThrow(RangeError);
    expect(() => percentileOf(histogramOf([1]), 101)).toThrow(RangeError);
    expect(bucketOf(BUCKET_MAX_VALUE * 10)).toBe(LAST_BUCKET);
  });
});
