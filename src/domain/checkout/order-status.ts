/**
 * Where an order stands, as its status page (page type 211) tells the customer: a pure reading of
 * the order's state, its payment and how much of it has been sent. A line of a service, a digital
 * product or a gift card needs no sending.
 */

export const ORDER_STAGES = ['awaitingPayment', 'preparing', 'partlySent', 'sent', 'complete', 'refunded', 'canceled'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export type StageFacts = {
  status: string;
  paymentStatus: string;
  lines: readonly { productType: string; quantity: number; fulfilledQuantity: number; refundedQuantity: number }[];
};

/** Whether units of a line of this product type are sent (a parcel), or delivered by the order itself. */
export const shipsAsParcel = (productType: string) => productType === 'PHYSICAL';

export function orderStage(order: StageFacts): OrderStage {
  if (order.status === 'canceled') return 'canceled';
  if (order.paymentStatus === 'refunded') return 'refunded';
  if (order.paymentStatus === 'unpaid') return 'awaitingPayment';
  // Units refunded are not sent: what is left to send is what was neither sent nor refunded.
  const parcels = order.lines.filter((l) => shipsAsParcel(l.productType) && l.quantity > l.refundedQuantity);
  if (parcels.length === 0) return 'complete';
  const sent = parcels.reduce((n, l) => n + Math.min(l.fulfilledQuantity, l.quantity - l.refundedQuantity), 0);
  const toSend = parcels.reduce((n, l) => n + (l.quantity - l.refundedQuantity), 0);
  if (sent === 0) return 'preparing';
  return sent < toSend ? 'partlySent' : 'sent';
}
