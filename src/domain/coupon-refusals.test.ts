import { describe, expect, it } from 'vitest';
import { COUPON_REFUSALS } from './pricing/limits';
import { format } from '../messages/format';
import { pricing } from '../messages/pricing';

describe('the words a shopper reads for a coupon refused', () => {
  it('has words for every reason a coupon is refused, and no reason more', () => {
    for (const reason of COUPON_REFUSALS) expect(pricing[reason]).toMatch(/\w/);
    expect(Object.keys(pricing).sort()).toEqual([...COUPON_REFUSALS].sort());
  });

  it('names the subtotal a coupon needs', () => {
    expect(format(pricing.BELOW_MINIMUM, { amount: '£25.00' })).toBe('This code needs a subtotal of £25.00 or more');
  });
});
