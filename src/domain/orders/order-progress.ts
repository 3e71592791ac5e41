/**
 * What is left of an order, as the orders screens and the server both reckon it: the units still
 * to send (a physical product's only: a service, a digital product or a gift card needs no sending
 * and counts as sent; a refunded unit is never sent), and the shipping's share of the total. What
 * refunded units give back is ./refund-amounts.ts; with the shipping's share as what the order's
 * total holds beyond its lines (the shipping and, when added to prices, its tax), refunding every
 * unit of every line and all the shipping gives back exactly the order's total.
 */

/** Whether a line of this product type is sent to the customer. */
export const lineShips = (productType: string): boolean => productType === 'PHYSICAL';

export type LineProgress = { productType: string; quantity: number; fulfilledQuantity: number; refundedQuantity: number };

/** Units of the line still to send: neither sent nor refunded; none for a line that does not ship. */
export function unitsToSend(line: LineProgress): number {
  return lineShips(line.productType) ? Math.max(0, line.quantity - line.fulfilledQuantity - line.refundedQuantity) : 0;
}

export type FulfilmentState = 'unfulfilled' | 'partial' | 'fulfilled';

/** An order's lines sent: every one (nothing left to send), none (no unit sent yet), or some. */
export function fulfilmentStatusOf(lines: readonly LineProgress[]): FulfilmentState {
  return fulfilmentOf(
    lines.reduce((n, l) => n + unitsToSend(l), 0),
    lines.reduce((n, l) => n + (lineShips(l.productType) ? l.fulfilledQuantity : 0), 0),
  );
}

/** The same from the units left to send and those sent, as a query sums them. */
export function fulfilmentOf(toSend: number, sent: number): FulfilmentState {
  if (toSend === 0) return 'fulfilled';
  return sent === 0 ? 'unfulfilled' : 'partial';
}

/** The shipping's share of the order's total: what the total holds beyond its lines (the shipping and, when added to prices, its tax). */
export function shippingShareCents(totalCents: number, lines: readonly { totalCents: number }[]): number {
  return Math.max(0, totalCents - lines.reduce((sum, l) => sum + l.totalCents, 0));
}
