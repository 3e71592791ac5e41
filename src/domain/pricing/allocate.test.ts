import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateLargestRemainder } from './allocate';

describe('a discount split across lines by largest remainder', () => {
  it('gives each line its share in proportion to its subtotal', () => {
    expect(allocateLargestRemainder(300, [1000, 2000, 3000])).toEqual([50, 100, 150]);
  });

  it('gives the cents left over to the lines that lost most in rounding', () => {
    // 100 over 3 equal lines: 33.33 each, one cent left, to the first (ties go to the earlier line).
    expect(allocateLargestRemainder(100, [500, 500, 500])).toEqual([34, 33, 33]);
    // 7 over 1, 2, 4 divides exactly: nothing is left over.
    expect(allocateLargestRemainder(7, [1, 2, 4])).toEqual([1, 2, 4]);
    // 10 over 3, 3, 3: 3.33 each, the one left goes to the first line.
    expect(allocateLargestRemainder(10, [3, 3, 3])).toEqual([4, 3, 3]);
    // 5 over 3, 6: 1.67 and 3.33: the larger remainder (the first line's .67) takes the cent.
    expect(allocateLargestRemainder(5, [3, 6])).toEqual([2, 3]);
  });

  it('gives nothing to a line of no weight, and nothing at all when there is nothing to split', () => {
    expect(allocateLargestRemainder(10, [0, 5, 0])).toEqual([0, 10, 0]);
    expect(allocateLargestRemainder(0, [5, 5])).toEqual([0, 0]);
    expect(allocateLargestRemainder(10, [0, 0])).toEqual([0, 0]);
    expect(allocateLargestRemainder(10, [])).toEqual([]);
  });

  it('sums to the whole and no share passes its line, for any split within the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1_000_000_000_000 }), { minLength: 1, maxLength: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * fraction);
          const shares = allocateLargestRemainder(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });
});
