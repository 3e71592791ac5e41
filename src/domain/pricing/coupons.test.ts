import { describe, expect, it } from 'vitest';
import { evaluateCoupons, orderDiscountCents, type CouponContext } from './coupons';
import { couponFixture, NOW } from './pricing.fixture';
import type { Coupon } from './types';

function context(coupons: Coupon[], overrides: Partial<CouponContext> = {}): CouponContext {
  return { coupons, couponUsage: {}, now: NOW, subtotalCents: 5000, requiresShipping: true, ...overrides };
}

const reasons = (codes: string[], ctx: CouponContext) => evaluateCoupons(codes, ctx).invalid.map((i) => i.reason);

describe('the coupons a shopper entered', () => {
  it('matches a code without regard to case or spaces, and counts a code entered twice once', () => {
    const outcome = evaluateCoupons([' save10 ', 'SAVE10', 'Save10'], context([couponFixture()]));
    expect(outcome.applied.map((c) => c.id)).toEqual(['c1']);
    expect(outcome.invalid).toEqual([]);
  });

  it('refuses a code the store does not have, keeping the code as entered', () => {
    expect(evaluateCoupons(['nope'], context([couponFixture()])).invalid).toEqual([{ code: 'nope', reason: 'UNKNOWN' }]);
  });

  it('refuses a coupon switched off, not yet started or ended', () => {
    expect(reasons(['SAVE10'], context([couponFixture({ enabled: false })]))).toEqual(['DISABLED']);
    expect(reasons(['SAVE10'], context([couponFixture({ startsAt: '2026-03-01T12:00:01Z' })]))).toEqual(['NOT_STARTED']);
    expect(reasons(['SAVE10'], context([couponFixture({ startsAt: '2026-03-01T12:00:00Z' })]))).toEqual([]);
    // It ends at endsAt: from that instant on it is refused.
    expect(reasons(['SAVE10'], context([couponFixture({ endsAt: '2026-03-01T12:00:00Z' })]))).toEqual(['ENDED']);
    expect(reasons(['SAVE10'], context([couponFixture({ endsAt: '2026-03-01T12:00:01Z' })]))).toEqual([]);
  });

  it('refuses a coupon below its minimum subtotal, and takes it at the minimum', () => {
    expect(reasons(['SAVE10'], context([couponFixture({ minimumSubtotalCents: 5001 })]))).toEqual(['BELOW_MINIMUM']);
    expect(reasons(['SAVE10'], context([couponFixture({ minimumSubtotalCents: 5000 })]))).toEqual([]);
  });

  it('refuses a coupon used up by every order, or already used by this customer when once per customer', () => {
    const limited = couponFixture({ usageLimit: 3 });
    expect(reasons(['SAVE10'], context([limited], { couponUsage: { c1: { usedCount: 3, usedByCustomer: false } } }))).toEqual(['USED_UP']);
    expect(reasons(['SAVE10'], context([limited], { couponUsage: { c1: { usedCount: 2, usedByCustomer: true } } }))).toEqual([]);
    const once = couponFixture({ oncePerCustomer: true });
    expect(reasons(['SAVE10'], context([once], { couponUsage: { c1: { usedCount: 1, usedByCustomer: true } } }))).toEqual(['ALREADY_USED']);
    expect(reasons(['SAVE10'], context([once], { couponUsage: { c1: { usedCount: 1, usedByCustomer: false } } }))).toEqual([]);
  });

  it('applies one order discount and one free-shipping coupon, the first entered of each', () => {
    const coupons = [
      couponFixture(),
      couponFixture({ id: 'c2', code: 'TENOFF', kind: 'FIXED_AMOUNT', percentOff: undefined, amountOffCents: 1000 }),
      couponFixture({ id: 'c3', code: 'SHIPFREE', kind: 'FREE_SHIPPING', percentOff: undefined }),
      couponFixture({ id: 'c4', code: 'POSTFREE', kind: 'FREE_SHIPPING', percentOff: undefined }),
    ];
    const outcome = evaluateCoupons(['tenoff', 'shipfree', 'save10', 'postfree'], context(coupons));
    expect(outcome.applied.map((c) => c.code)).toEqual(['TENOFF', 'SHIPFREE']);
    expect(outcome.invalid).toEqual([
      { code: 'save10', reason: 'ONE_DISCOUNT' },
      { code: 'postfree', reason: 'ONE_DISCOUNT' },
    ]);
  });

  it('lets a later discount apply when the first entered is refused for its own reason', () => {
    const coupons = [
      couponFixture({ enabled: false }),
      couponFixture({ id: 'c2', code: 'TENOFF', kind: 'FIXED_AMOUNT', percentOff: undefined, amountOffCents: 1000 }),
    ];
    const outcome = evaluateCoupons(['SAVE10', 'TENOFF'], context(coupons));
    expect(outcome.applied.map((c) => c.code)).toEqual(['TENOFF']);
    expect(outcome.invalid).toEqual([{ code: 'SAVE10', reason: 'DISABLED' }]);
  });

  it('refuses free shipping on a cart that ships nothing', () => {
    const free = couponFixture({ kind: 'FREE_SHIPPING', percentOff: undefined });
    expect(reasons(['SAVE10'], context([free], { requiresShipping: false }))).toEqual(['NO_SHIPPING']);
  });
});

describe('an order discount', () => {
  it('takes a percentage in hundredths, rounded half-up', () => {
    expect(orderDiscountCents(couponFixture({ percentOff: 10 }), 1005)).toBe(101);
    expect(orderDiscountCents(couponFixture({ percentOff: 12.5 }), 999)).toBe(125);
    expect(orderDiscountCents(couponFixture({ percentOff: 0.01 }), 4999)).toBe(0);
    expect(orderDiscountCents(couponFixture({ percentOff: 0.01 }), 5000)).toBe(1);
    expect(orderDiscountCents(couponFixture({ percentOff: 100 }), 12345)).toBe(12345);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    const fixed = couponFixture({ kind: 'FIXED_AMOUNT', percentOff: undefined, amountOffCents: 1500 });
    expect(orderDiscountCents(fixed, 4000)).toBe(1500);
    expect(orderDiscountCents(fixed, 1000)).toBe(1000);
  });

  it('is nothing without a discount coupon', () => {
    expect(orderDiscountCents(undefined, 4000)).toBe(0);
    expect(orderDiscountCents(couponFixture({ kind: 'FREE_SHIPPING', percentOff: undefined }), 4000)).toBe(0);
  });
});
