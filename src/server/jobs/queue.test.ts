import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBackoff } from './queue';

describe('defaultBackoff', () => {
  it('starts near 5 s, doubles per attempt within ±25 %, and never exceeds an hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (attempt) => {
        const base = 5000 * 2 ** (attempt - 1);
        const delay = defaultBackoff(attempt);
        expect(delay).toBeLessThanOrEqual(3_600_000);
        expect(delay).toBeGreaterThanOrEqual(Math.min(3_600_000, Math.floor(base * 0.75)));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.25));
      }),
    );
    expect(defaultBackoff(1)).toBeGreaterThanOrEqual(3750);
    expect(defaultBackoff(1)).toBeLessThanOrEqual(6250);
  });
});
