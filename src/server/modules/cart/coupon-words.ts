/** The words a shopper reads for a coupon that does not apply, with the subtotal it needs where it needs one. */
import type { Coupon, InvalidCoupon } from '../../../domain/pricing/types';
import { format } from '../../../messages/format';
import { pricing } from '../../../messages/pricing';

export function couponRefusalWords(invalid: InvalidCoupon, coupons: readonly Coupon[], money: (minor: number) => string): string {
  if (invalid.reason !== 'BELOW_MINIMUM') return pricing[invalid.reason];
  const coupon = coupons.find((c) => c.code.toLowerCase() === invalid.code.toLowerCase());
  return format(pricing.BELOW_MINIMUM, { amount: money(coupon?.minimumSubtotalCents ?? 0) });
}
