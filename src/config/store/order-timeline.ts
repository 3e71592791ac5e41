/**
 * An order's history in words, as the owner reads it on the order's page: each event of the
 * timeline ("Order placed", "Marked paid by ann@example.com", "2 items fulfilled with Royal Mail,
 * tracking AB123", "Refunded £12.00 (1 × Mug, restocked)"), and the units of a fulfilment or a
 * refund by line. An event names its fulfilment or refund by id when it has one, so its words
 * come from what the order holds; otherwise from the facts the event carries.
 */
import type { OrderDetail } from '../../contracts/orders';
import { format } from '../../messages/format';
import { words } from './orders-words';
import { money } from './store-nav';

type Event = OrderDetail['timeline'][number];
type Units = { position: number; quantity: number }[];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export const itemsText = (n: number): string => format(words.itemCount, { count: n });

/** A line's name as the owner tells it apart: its product and options. */
export function lineName(order: Pick<OrderDetail, 'lines'>, position: number): string {
  const line = order.lines.find((l) => l.position === position);
  if (!line) return '';
  return line.options ? `${line.productName} (${line.options})` : line.productName;
}

/** "1 × Harbour mug", one entry a line. */
export function unitsText(order: Pick<OrderDetail, 'lines'>, units: Units): string[] {
  return units.filter((u) => u.quantity > 0).map((u) => format(words.unitsOf, { quantity: u.quantity, name: lineName(order, u.position) }));
}

/** What a refund gave back, line by line ("1 × Mug, restocked") and its shipping. */
export function refundParts(order: Pick<OrderDetail, 'lines' | 'currency'>, refund: OrderDetail['refunds'][number]): string {
  const lines = refund.lines.map((l) => {
    const units = format(words.unitsOf, { quantity: l.quantity, name: lineName(order, l.position) });
    return l.restock ? format(words.restockedPart, { units }) : units;
  });
  if (refund.shippingCents > 0) lines.push(format(words.refundShippingPart, { amount: money(refund.shippingCents, order.currency) }));
  return lines.join('; ');
}

function fulfilledText(items: string, carrier: string, tracking: string): string {
  if (carrier && tracking) return format(words.eventFulfilledTracked, { items, carrier, tracking });
  if (carrier) return format(words.eventFulfilledWith, { items, carrier });
  if (tracking) return format(words.eventFulfilledTracking, { items, tracking });
  return format(words.eventFulfilled, { items });
}

/** The emails the shopper is sent, by the `email` an email_sent event names. */
const EMAILS: Record<string, string> = {
  confirmation: words.eventEmailConfirmation,
  fulfilment: words.eventEmailFulfilment,
  refund: words.eventEmailRefund,
  cancellation: words.eventEmailCancellation,
};

/** One event of the timeline in words. */
export function eventText(order: OrderDetail, event: Event): string {
  const d = event.detail;
  const amount = (cents: unknown) => money(count(cents) ?? 0, order.currency);
  switch (event.kind) {
    case 'placed':
      return words.eventPlaced;
    case 'paid':
      return event.by ? format(words.eventMarkedPaid, { by: event.by }) : words.eventPaidByProvider;
    case 'captured':
      return format(words.eventCaptured, { amount: amount(d.amountCents ?? order.totalCents) });
    case 'fulfilled': {
      const fulfilment = order.fulfilments.find((f) => f.id === d.fulfilmentId);
      const units = fulfilment ? fulfilment.lines.reduce((n, l) => n + l.quantity, 0) : (count(d.units) ?? 0);
      return fulfilledText(itemsText(units), fulfilment?.carrier ?? text(d.carrier), fulfilment?.trackingNumber ?? text(d.trackingNumber));
    }
    case 'refunded': {
      const refund = order.refunds.find((r) => r.id === d.refundId);
      const what = refund ? refundParts(order, refund) : text(d.what);
      const given = amount(refund?.amountCents ?? d.amountCents);
      return what ? format(words.eventRefundedWhat, { amount: given, what }) : format(words.eventRefunded, { amount: given });
    }
    case 'refund_failed': {
      const reason = text(d.failure) || text(d.reason);
      const given = amount(d.amountCents);
      return reason ? format(words.eventRefundFailedWhy, { amount: given, reason }) : format(words.eventRefundFailed, { amount: given });
    }
    case 'restocked':
      return format(words.eventRestocked, { items: itemsText(count(d.units) ?? 0) });
    case 'canceled': {
      if (d.unpaid === true) return words.eventCanceledUnpaid;
      const reason = text(d.reason);
      return reason ? format(words.eventCanceledWhy, { reason }) : words.eventCanceled;
    }
    case 'voided':
      return words.eventVoided;
    case 'note':
      return words.eventNote;
    case 'email_sent':
      return EMAILS[text(d.email)] ?? words.eventEmail;
  }
}

/** Who did it, when a team member did and the event's words do not already say so. */
export function eventBy(event: Event): string | null {
  if (!event.by || event.kind === 'paid') return null;
  return format(words.byWhom, { by: event.by });
}
