/** The ways to pay, as shoppers and owners read them: at checkout, on order pages, in emails and in Store → Payments. */
export const paymentMethods = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash_on_delivery: 'Cash on delivery',
  pay_at_pickup: 'Pay at pickup',
} as const;
