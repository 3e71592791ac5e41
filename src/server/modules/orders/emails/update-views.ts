/**
 * What the shopper's update emails show, from the order as it stands and the fulfilment or refund
 * they are about: the items by name, whether nothing is left to send, how the money goes back, what
 * becomes of the payment of a cancelled order. Pure: the preview (page type 301) builds them from
 * a sample order the same way.
 */
import { orderStage } from '../../../../domain/checkout/order-status';
import type { fulfilments, refunds } from '../schema';
import type { MailMoney, OrderRow, PlacedOrder } from './order-view';
import type { CancellationView, FulfilmentView, RefundView } from './updates';

type Common = Pick<FulfilmentView, 'site' | 'lang' | 'number' | 'statusUrl' | 'testMode'>;
type Fulfilment = Pick<typeof fulfilments.$inferSelect, 'lines' | 'carrier' | 'trackingNumber' | 'trackingUrl'>;
type Refund = Pick<typeof refunds.$inferSelect, 'lines' | 'amountCents' | 'shippingCents'>;

const lineAt = (placed: PlacedOrder, position: number) => placed.lines.find((l) => l.position === position);
const optionsOf = (line: PlacedOrder['lines'][number] | undefined) => line?.optionValues.map((o) => `${o.optionName}: ${o.value}`).join(', ') ?? '';

export function fulfilmentView(common: Common, placed: PlacedOrder, sent: Fulfilment): FulfilmentView {
  return {
    ...common,
    complete: orderStage({ ...placed.order, lines: placed.lines }) === 'sent',
    items: sent.lines.map((l) => {
      const line = lineAt(placed, l.position);
      return { quantity: l.quantity, name: line?.productName ?? '', options: optionsOf(line) };
    }),
    carrier: sent.carrier,
    trackingNumber: sent.trackingNumber,
    trackingUrl: sent.trackingUrl,
  };
}

export function refundView(common: Common, placed: PlacedOrder, refund: Refund, money: MailMoney): RefundView {
  return {
    ...common,
    amount: money(refund.amountCents),
    items: refund.lines.map((l) => ({ quantity: l.quantity, name: lineAt(placed, l.position)?.productName ?? '' })),
    ...(refund.shippingCents > 0 ? { shipping: money(refund.shippingCents) } : {}),
    paidBy: placed.order.provider === 'manual' ? 'manual' : 'card',
  };
}

/** What became of a cancelled order's payment: a card's hold released, nothing ever taken, or money taken and refunded. */
export function cancelledPayment(order: Pick<OrderRow, 'paymentStatus' | 'refundedCents'>): CancellationView['payment'] {
  if (order.paymentStatus === 'voided') return 'released';
  if (order.paymentStatus === 'unpaid' || order.paymentStatus === 'authorized') return order.refundedCents > 0 ? 'refunded' : 'notTaken';
  return 'refunded';
}

export function cancellationView(common: Common, placed: PlacedOrder, reason: string): CancellationView {
  return { ...common, reason, payment: cancelledPayment(placed.order) };
}
