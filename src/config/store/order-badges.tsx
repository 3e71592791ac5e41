/**
 * An order's state as badges, in the list and on the order's page: its payment (Paid, Awaiting
 * payment, Partially refunded …, Cancelled before it when it is), a test order marked Test, and its
 * fulfilment (Unfulfilled, Partially fulfilled, Fulfilled). Each badge is its words; the colour only repeats them.
 */
import type { OrderRow } from '../../contracts/orders';
import { words } from './orders-words';

type Tone = 'good' | 'wait' | 'info' | 'muted';

function Badge({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`order-badge order-badge-${tone}`}>{children}</span>;
}

const PAYMENT_TONES: Record<OrderRow['paymentStatus'], Tone> = { paid: 'good', unpaid: 'wait', authorized: 'info', refunded: 'info', voided: 'muted' };

/** The payment in words: a refund of part of it says so. */
export function paymentText(order: Pick<OrderRow, 'paymentStatus' | 'refundedCents'>): string {
  return order.refundedCents > 0 && order.paymentStatus !== 'refunded' ? words.partiallyRefunded : words[order.paymentStatus];
}

export function PaymentBadges({ order }: { order: OrderRow }) {
  const partly = order.refundedCents > 0 && order.paymentStatus !== 'refunded';
  return (
    <span className="order-badges">
      {order.status === 'canceled' ? <Badge tone="muted">{words.canceled}</Badge> : null}
      <Badge tone={partly ? 'info' : PAYMENT_TONES[order.paymentStatus]}>{paymentText(order)}</Badge>
      {order.testMode ? <Badge tone="muted">{words.testOrder}</Badge> : null}
    </span>
  );
}

const FULFILMENT_TONES: Record<OrderRow['fulfilmentStatus'], Tone> = { fulfilled: 'good', partial: 'wait', unfulfilled: 'wait' };

export function FulfilmentBadge({ order }: { order: Pick<OrderRow, 'fulfilmentStatus'> }) {
  return <Badge tone={FULFILMENT_TONES[order.fulfilmentStatus]}>{words[order.fulfilmentStatus]}</Badge>;
}
