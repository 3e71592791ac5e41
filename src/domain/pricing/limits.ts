/** The bounds and enumerations of the store's pricing rules (coupons, shipping, tax) and of a cart. */

/** What a coupon takes off: a share of the subtotal, an amount, or the shipping. */
export const COUPON_KINDS = ['PERCENT', 'FIXED_AMOUNT', 'FREE_SHIPPING'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** How a shipping rate is priced: one amount, by the cart's weight, by its subtotal, or collected by the shopper. */
export const SHIPPING_RATE_KINDS = ['FLAT', 'WEIGHT', 'SUBTOTAL', 'PICKUP'] as const;
export type ShippingRateKind = (typeof SHIPPING_RATE_KINDS)[number];

export const MAX_COUPONS = 1000;
export const MAX_SHIPPING_ZONES = 100;
export const MAX_RATES_PER_ZONE = 20;
export const MAX_RATE_TIERS = 50;
export const MAX_TAX_RULES = 1000;

/** The most of one item a line holds, and the most lines a cart holds. */
export const MAX_LINE_QUANTITY = 9999;
export const MAX_CART_LINES = 100;

/**
 * Why a coupon the shopper entered does not apply; each has its words in the messages catalogue
 * (src/messages/pricing.ts).
 */
export const COUPON_REFUSALS = [
  'UNKNOWN',
  'DISABLED',
  'NOT_STARTED',
  'ENDED',
  'BELOW_MINIMUM',
  'USED_UP',
  'ALREADY_USED',
  'ONE_DISCOUNT',
  'NO_SHIPPING',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];
