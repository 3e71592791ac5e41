/** Store → Payments' calls and the orders list's (src/contracts/payments.ts, src/contracts/orders.ts): refusals, in an owner's words. */
export const paymentsApi = {
  publishableKey: 'Paste the publishable key from Stripe’s dashboard (Developers → API keys): it starts with pk_live_ or pk_test_.',
  secretKey: 'Paste the secret key from Stripe’s dashboard (Developers → API keys): it starts with sk_live_, sk_test_ or, for a restricted key, rk_.',
  secretKeyNeeded: 'Paste the secret key too: Stripe is connected with both keys.',
  webhookSecret: 'Paste the signing secret of the webhook endpoint from Stripe’s dashboard (Developers → Webhooks): it starts with whsec_.',
  keysModes: 'The publishable and secret keys must both be live keys or both test keys.',
  secretKeyRefused: 'Stripe refused this secret key: copy it again from Stripe’s dashboard, or make a new one there.',
  stripeUnreachable: 'Stripe could not be reached to check the keys. Nothing was changed; try again in a moment.',
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
