/** The owner's orders calls (src/contracts/orders.ts): refusals, in an owner's words. */
export const ordersApi = {
  noDay: 'Write the day as YYYY-MM-DD, a day that exists.',
  linePositionUnknown: 'Order {number} has no line {position}.',
  lineTwice: 'Each line is listed once.',
  lineNotShipped: '{product} is not sent (a service, a download or a gift card), so it is never fulfilled.',
  moreThanToSend: '{left, plural, =0 {No units of {product} are} one {Only # unit of {product} is} other {Only # units of {product} are}} left to send.',
  canceledNotFulfilled: 'Order {number} was cancelled, so nothing is sent for it.',
  notPaid: 'Order {number} is not paid, so there is nothing to refund: cancel it instead.',
  moreThanToRefund:
    '{left, plural, =0 {No units of {product} are} one {Only # unit of {product} is} other {Only # units of {product} are}} left to refund. Another refund may have just been made: reload the order.',
  shippingMoreThanLeft: 'At most {left} of the shipping is left to refund, in minor units of the order’s currency.',
  nothingToRefund: 'These units cost nothing, so there is no money to give back.',
  refundKeyElsewhere: 'This refund belongs to another order. Close the refund and open it again.',
  refundRefused: 'The payment provider refused the refund: {reason}',
  providerUnreachable:
    'The payment provider could not be reached, so the refund is not known to have been made yet. Try again: the same refund is sent again, and made only once.',
} as const;
