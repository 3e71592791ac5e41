import { describe, expect, it } from 'vitest';
import { divideHalfUp, shareHalfUp, toUnits } from './rounding';

describe('exact money arithmetic', () => {
  it('reads a rate with decimals as whole units, free of float noise', () => {
    expect(toUnits(8.875, 3)).toBe(8875n);
    expect(toUnits(0.1 + 0.2, 2)).toBe(30n);
    expect(toUnits(20, 3)).toBe(20000n);
    expect(toUnits(12.34, 2)).toBe(1234n);
  });

  it('rounds a half up and anything less down', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3);
    expect(divideHalfUp(7n, 2n)).toBe(4);
    expect(divideHalfUp(4n, 3n)).toBe(1);
    expect(divideHalfUp(5n, 3n)).toBe(2);
    expect(divideHalfUp(0n, 7n)).toBe(0);
  });

  it('takes a share of an amount exactly where floats would slip', () => {
    // 7.25% of 200 is 14.499999… in floating point, rounded to 14: exactly it is 14.5, up to 15.
    expect(shareHalfUp(200, 725n, 10_000n)).toBe(15);
    // 20% of 0.55: 0.11 exactly.
    expect(shareHalfUp(55, 20_000n, 100_000n)).toBe(11);
    // The largest cart there can be keeps every digit: 100 lines of 9999 × 1,000,000.00.
    expect(shareHalfUp(99_990_000_000_000, 8875n, 100_000n)).toBe(8_874_112_500_000);
  });
});
