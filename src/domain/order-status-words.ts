/**
 * An order's state in words, as the customer's account page and the owner's Customers screen show
 * it: its payment (Paid, Awaiting payment, Cancelled, Refunded, Partially refunded) and, once any of
 * it has been sent, its fulfilment (Partly sent, Sent). One rule for the server-rendered account
 * page and the config area alike.
 */
import { customers } from '../messages/customers';
import { ordersScreens } from '../messages/orders-screens';
import { paymentsScreens } from '../messages/payments-screens';

/** Units of the order's shipped lines sent: none, some, all; null when nothing in it is sent (a download, a service). */
export type Fulfilment = 'unfulfilled' | 'partial' | 'fulfilled' | null;

export type OrderState = { status: string; paymentStatus: string; totalCents: number; refundedCents: number; fulfilment: Fulfilment };

export type PaymentState = 'paid' | 'unpaid' | 'canceled' | 'refunded' | 'partiallyRefunded';

/**
 * The payment as the customer reads it. A cancelled order says so whatever happened to its money
 * (a voided authorisation is a cancellation too); an authorised card counts as paid, as the order
 * page says it is confirmed.
 */
export function paymentState(order: Omit<OrderState, 'fulfilment'>): PaymentState {
  if (order.status === 'canceled' || order.paymentStatus === 'voided') return 'canceled';
  if (order.paymentStatus === 'refunded' || (order.refundedCents > 0 && order.refundedCents >= order.totalCents)) return 'refunded';
  if (order.refundedCents > 0) return 'partiallyRefunded';
  return order.paymentStatus === 'unpaid' ? 'unpaid' : 'paid';
}

const PAYMENT_WORDS: Readonly<Record<PaymentState, string>> = {
  paid: paymentsScreens.paid,
  unpaid: paymentsScreens.unpaid,
  canceled: paymentsScreens.canceled,
  refunded: paymentsScreens.refunded,
  partiallyRefunded: ordersScreens.partiallyRefunded,
};

/** The words for the order's state: its payment, then what of it is sent once anything is. */
export function orderStatusWords(order: OrderState): string[] {
  const sent = order.fulfilment === 'fulfilled' ? customers.sent : order.fulfilment === 'partial' ? customers.partlySent : undefined;
  return sent ? [PAYMENT_WORDS[paymentState(order)], sent] : [PAYMENT_WORDS[paymentState(order)]];
}
