/** Why placing an order (src/contracts/checkout.ts) is refused, in the shopper's words. */
export const checkoutApi = {
  invalid: 'Check the highlighted field and try again.',
  shippingAddressNeeded: 'Enter the address to ship your order to.',
  usZipCode: 'A US ZIP code is exactly 5 digits.',
  shippingOptionNeeded: 'Choose how your order is shipped.',
  emptyCart: 'Your cart is empty.',
  belowMinimum: 'Your order is below the store’s minimum.',
  paymentUnavailable: 'This way to pay is not offered by the store.',
  unpaid: 'Your payment was not completed, so no order was placed. Check your card details and place your order again.',
  soldOutOne: '{product} has sold out.',
  onlyLeft: 'Only {left} of {product} {left, plural, one {is} other {are}} left.',
  couponUsedUp: 'The discount code {code} can no longer be used.',
  declined: 'Your payment was declined: {reason}',
  providerUnavailable: 'Your payment could not be confirmed. Please try again: you will not be charged twice.',
  unknownAttempt: 'This checkout has expired. Please review your cart and try again.',
  /** To a payment provider's server, not a shopper. */
  webhookSignature: 'The webhook signature does not match this store’s signing secret, or it was made more than 5 minutes ago.',
  webhookProvider: 'No payment provider takes webhooks at this address.',
} as const;
