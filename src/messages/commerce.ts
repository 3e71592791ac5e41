/** Checkout, cart and reviews (seed 000 §5, §8; seed 001 §8). */
export const commerce = {
  checkoutNoCookies: 'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',
  checkoutMinimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  addItemFailed: 'Unable to add item',
  removeItemFailed: 'Unable to remove item',
  updateQuantityFailed: 'Unable to update quantity',
  reviewAlreadySubmitted: 'You have already reviewed this purchase',
  reviewRequestExpired: 'Your review request has expired',
  reviewNoProducts: 'There are no products to review',
  reviewRetry: 'Try submitting your review again',
} as const;
