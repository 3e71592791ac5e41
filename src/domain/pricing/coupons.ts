/**
 * Which of the codes a shopper entered apply, and what an order discount comes to. Codes match the
 * store's without regard to case or surrounding spaces; a code entered twice counts once. At most
 * one order discount (PERCENT or FIXED_AMOUNT) and one FREE_SHIPPING coupon apply: the first entered
 * of each kind wins, a later one is refused with ONE_DISCOUNT.
 */
import type { CouponRefusal } from './limits';
import { shareHalfUp, toUnits } from './rounding';
import type { Coupon, CouponUsage, InvalidCoupon } from './types';

export type CouponContext = {
  coupons: readonly Coupon[];
  couponUsage: Readonly<Record<string, CouponUsage>>;
  now: Date;
  /** The order's subtotal before discounts, every line counted. */
  subtotalCents: number;
  requiresShipping: boolean;
};

export type CouponOutcome = {
  /** The coupons that apply, in the order entered. */
  applied: Coupon[];
  invalid: InvalidCoupon[];
};

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

const isOrderDiscount = (c: Coupon) => c.kind !== 'FREE_SHIPPING';

/** Why the coupon cannot apply on its own terms (dates, minimum, usage), or null when it can. */
function ownRefusal(coupon: Coupon, context: CouponContext): CouponRefusal | null {
  const now = context.now.getTime();
  const usage = context.couponUsage[coupon.id];
  if (!coupon.enabled) return 'DISABLED';
  if (coupon.startsAt !== undefined && now < Date.parse(coupon.startsAt)) return 'NOT_STARTED';
  if (coupon.endsAt !== undefined && now >= Date.parse(coupon.endsAt)) return 'ENDED';
  if (context.subtotalCents < coupon.minimumSubtotalCents) return 'BELOW_MINIMUM';
  if (coupon.usageLimit !== undefined && (usage?.usedCount ?? 0) >= coupon.usageLimit) return 'USED_UP';
  if (coupon.oncePerCustomer && usage?.usedByCustomer === true) return 'ALREADY_USED';
  return null;
}

export function evaluateCoupons(codes: readonly string[], context: CouponContext): CouponOutcome {
  const byCode = new Map<string, Coupon>();
  for (const coupon of context.coupons) if (!byCode.has(normalizeCode(coupon.code))) byCode.set(normalizeCode(coupon.code), coupon);
  const seen = new Set<string>();
  const applied: Coupon[] = [];
  const invalid: InvalidCoupon[] = [];
  for (const entered of codes) {
    const key = normalizeCode(entered);
    if (seen.has(key)) continue;
    seen.add(key);
    const coupon = byCode.get(key);
    const refusal = coupon === undefined ? 'UNKNOWN' : (ownRefusal(coupon, context) ?? combinedRefusal(coupon, applied, context));
    if (refusal === null) applied.push(coupon!);
    else invalid.push({ code: entered.trim(), reason: refusal });
  }
  return { applied, invalid };
}

/** Why the coupon cannot join those already applied to this cart, or null when it can. */
function combinedRefusal(coupon: Coupon, applied: readonly Coupon[], context: CouponContext): CouponRefusal | null {
  if (coupon.kind === 'FREE_SHIPPING' && !context.requiresShipping) return 'NO_SHIPPING';
  if (applied.some((c) => isOrderDiscount(c) === isOrderDiscount(coupon))) return 'ONE_DISCOUNT';
  return null;
}

/**
 * What an order discount takes off the discountable subtotal: a percentage (in hundredths, rounded
 * half-up) or a fixed amount, never more than the subtotal. A free-shipping coupon takes nothing here.
 */
export function orderDiscountCents(coupon: Coupon | undefined, discountableCents: number): number {
  if (coupon?.kind === 'PERCENT') return Math.min(shareHalfUp(discountableCents, toUnits(coupon.percentOff ?? 0, 2), 10_000n), discountableCents);
  if (coupon?.kind === 'FIXED_AMOUNT') return Math.min(coupon.amountOffCents ?? 0, discountableCents);
  return 0;
}
