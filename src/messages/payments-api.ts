/** Store → Payments' calls and the orders list's (src/contracts/payments.ts, src/contracts/orders.ts): refusals, in an owner's words. */
export const paymentsApi = {
  stripeNotConnected: 'Stripe is not connected to this store yet: connect it under Store → Payments.',
  instructionsRequired: 'Write the instructions shoppers are shown and emailed for this method, or turn it off.',
  instructionsTooLong: 'Instructions are at most 2,000 characters.',
  methodTwice: 'Each payment method is listed once.',
  daysRange: 'Choose between 1 and 90 days.',
  numberWhole: 'An order number is a whole number, 1 or more.',
  numberTooHigh: 'An order number is at most 1,000,000,000.',
  numberNotHigher:
    'The next order number must be higher than every order’s number so far: {lowest} or more. Numbers are never given twice, so they cannot go back.',
  noOrder: 'This store has no such order.',
  canceledNotPaid: 'Order {number} was cancelled, so it cannot be marked paid.',
  paidNotCanceled: 'Order {number} has been paid: refund it before cancelling it.',
  providerPays:
    'Order {number} is paid through its payment provider: only an order paid by bank transfer, cash on delivery or at pickup is marked paid by hand.',
} as const;
