/**
 * What shoppers read when a coupon code they entered does not apply, keyed by the refusal's reason
 * (src/domain/pricing/limits.ts COUPON_REFUSALS): `pricing[reason]`.
 */
export const pricing = {
  UNKNOWN: 'That code isn’t valid',
  DISABLED: 'This code is no longer available',
  NOT_STARTED: 'This code isn’t active yet',
  ENDED: 'This code has expired',
  BELOW_MINIMUM: 'This code needs a subtotal of {amount} or more',
  USED_UP: 'This code has reached its limit and can’t be used any more',
  ALREADY_USED: 'You’ve already used this code',
  ONE_DISCOUNT: 'Another code in your cart already gives this kind of discount',
  NO_SHIPPING: 'This code gives free shipping, and nothing in your cart is shipped',
} as const;
