/**
 * Giving money back on a paid order (`refundBody`), through the provider that took it, once per
 * refund key however often or at once it is asked:
 *
 * 1. Transaction 1 (short) locks the order row. A key the site has seen answers its refund as it
 *    stands (a pending one carries on at step 2). Otherwise the units asked for are checked against
 *    what is left to refund (each line's refunded units and the shipping's share, under the lock, so
 *    two owners refunding the same line at once make one refund and the other is refused with 409),
 *    priced (src/domain/orders/refund-amounts.ts: each unit its share of the line's total, the last
 *    unit the rest), and the refund inserted `pending` under its unique key with its amounts
 *    reserved: the lines' `refunded_quantity` and the order's `refunded_cents`.
 * 2. The provider is asked, no transaction held, keyed by the refund's key, so a retry after a lost
 *    answer refunds once. A provider out of reach leaves the refund pending (502: send the same key
 *    again); a refusal fails it. A manual payment asks no provider: the owner paid it back outside
 *    the store, and the refund is recorded.
 * 3. Transaction 2 settles it once (`pending` → `succeeded` or `failed`, conditionally): succeeded,
 *    the units asked back go to stock (restocked_quantity, unlimited variants untouched), the
 *    payment row counts the refund, the order is `refunded` once its whole total is, and the events
 *    are written; failed, the reservation is given back and `refund_failed` written.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { OrderDetail, RefundBody } from '../../../contracts/orders';
import type { Db, Executor } from '../../../db/client';
import { shippingShareCents } from '../../../domain/orders/order-progress';
import { lineRefundCents } from '../../../domain/orders/refund-amounts';
import { format } from '../../../messages/format';
import { ordersApi } from '../../../messages/orders-api';
import { restockVariants, StoreRefusal } from '../catalogue';
import { orderPaymentOf, ProviderRefused, recordPaymentRefunded, type OrderPayment, type PaymentProviders } from '../payments';
import { checkUnits, lockOrder } from './order-checks';
import { orderDetail } from './order-detail';
import { orderUpdateEmailJob } from './order-emails';
import { enqueueAll } from '../../jobs/queue';
import { recordEvents, type NewOrderEvent } from './order-events';
import { orderLines, orders, refunds } from './schema';

type Refund = typeof refunds.$inferSelect;
type Outcome = { ok: true; providerRefundId: string | null } | { ok: false; failure: string };

function keyTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.code ? e : e.cause;
  return pg?.code === '23505' && pg.constraint === 'refunds_key';
}

const units = (refund: Refund) => refund.lines.reduce((n, l) => n + l.quantity, 0);

/** The units and shipping asked for, checked and priced, the refund inserted pending and its amounts reserved; or the refund the key already made. */
async function reserve(
  tx: Executor,
  websiteId: string,
  accountId: string,
  orderId: string,
  body: RefundBody,
): Promise<{ refund: Refund; payment: OrderPayment }> {
  const order = await lockOrder(tx, websiteId, orderId);
  const [existing] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.websiteId, websiteId), eq(refunds.refundKey, body.refundKey)));
  if (existing && existing.orderId !== orderId) throw new StoreRefusal(409, ordersApi.refundKeyElsewhere);
  const payment = await orderPaymentOf(tx, websiteId, orderId);
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
  if (!payment || (!existing && !paid)) throw new StoreRefusal(409, format(ordersApi.notPaid, { number: order.number }));
  if (existing) return { refund: existing, payment };

  const lines = await tx
    .select({
      position: orderLines.position,
      productName: orderLines.productName,
      quantity: orderLines.quantity,
      refundedQuantity: orderLines.refundedQuantity,
      totalCents: orderLines.totalCents,
    })
    .from(orderLines)
    .where(and(eq(orderLines.websiteId, websiteId), eq(orderLines.orderId, orderId)));
  const asked = checkUnits(order.number, body.lines, lines, (line, want) => {
    const left = line.quantity - line.refundedQuantity;
    return want.quantity > left ? new StoreRefusal(409, format(ordersApi.moreThanToRefund, { left, product: line.productName })) : undefined;
  });
  const [{ shipping } = { shipping: 0 }] = await tx
    .select({ shipping: sql<number>`coalesce(sum(${refunds.shippingCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.websiteId, websiteId), eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  const shippingLeft = shippingShareCents(order.totalCents, lines) - shipping;
  if (body.shippingCents > shippingLeft) throw new StoreRefusal(409, format(ordersApi.shippingMoreThanLeft, { left: Math.max(0, shippingLeft) }));
  const priced = asked.map(({ line, want }) => ({
    position: line.position,
    quantity: want.quantity,
    amountCents: lineRefundCents(line, want.quantity),
    restock: want.restock,
  }));
  const amountCents = priced.reduce((sum, l) => sum + l.amountCents, 0) + body.shippingCents;
  if (amountCents <= 0) throw new StoreRefusal(409, ordersApi.nothingToRefund);

  const inserted = tx
    .insert(refunds)
    .values({
      websiteId,
      id: randomBytes(12).toString('hex'),
      orderId,
      refundKey: body.refundKey,
      lines: priced,
      shippingCents: body.shippingCents,
      amountCents,
      reason: body.reason,
      status: 'pending',
      accountId,
    })
    .returning();
  // The order's lock orders refunds of one order; the same key sent at once for another order meets the unique index.
  const [refund] = await inserted.catch((err: unknown) => {
    throw keyTaken(err) ? new StoreRefusal(409, ordersApi.refundKeyElsewhere) : err;
  });
  await tx.execute(sql`
WITH reserved AS (
  UPDATE order_lines l SET refunded_quantity = l.refunded_quantity + x.quantity
  FROM jsonb_to_recordset(${JSON.stringify(priced)}::jsonb) AS x(position int, quantity int)
  WHERE l.website_id = ${websiteId} AND l.order_id = ${orderId} AND l.position = x.position
)
UPDATE orders SET refunded_cents = refunded_cents + ${amountCents} WHERE website_id = ${websiteId} AND id = ${orderId}`);
  return { refund: refund!, payment };
}

/** The provider's answer for a pending refund: refunded, or refused (failed). Out of reach, ProviderUnavailable is thrown and the refund stays pending. */
async function ask(providers: PaymentProviders, websiteId: string, refund: Refund, payment: OrderPayment): Promise<Outcome> {
  if (payment.provider === 'manual') return { ok: true, providerRefundId: null };
  const provider = await providers.provider(websiteId, payment.provider);
  try {
    const done = await provider.refund({ refundKey: refund.refundKey, paymentId: payment.providerPaymentId, amountCents: refund.amountCents });
    return { ok: true, providerRefundId: done.refundId };
  } catch (err) {
    if (err instanceof ProviderRefused) return { ok: false, failure: err.message };
    throw err;
  }
}

/** The pending refund settled, once whoever settles it at once: succeeded (stock back, payment and order counted, events) or failed (its reservation given back). */
async function settle(tx: Executor, websiteId: string, refund: Refund, payment: OrderPayment, outcome: Outcome, notify: boolean): Promise<void> {
  await lockOrder(tx, websiteId, refund.orderId);
  const [settled] = await tx
    .update(refunds)
    .set(outcome.ok ? { status: 'succeeded', providerRefundId: outcome.providerRefundId } : { status: 'failed', failure: outcome.failure })
    .where(and(eq(refunds.websiteId, websiteId), eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  if (!settled) return;
  const ofOrder = sql`website_id = ${websiteId} AND id = ${refund.orderId}`;
  const lines = JSON.stringify(refund.lines);
  const by = refund.accountId;
  if (!outcome.ok) {
    await tx.execute(sql`
WITH released AS (
  UPDATE order_lines l SET refunded_quantity = l.refunded_quantity - x.quantity
  FROM jsonb_to_recordset(${lines}::jsonb) AS x(position int, quantity int)
  WHERE l.website_id = ${websiteId} AND l.order_id = ${refund.orderId} AND l.position = x.position
)
UPDATE orders SET refunded_cents = refunded_cents - ${refund.amountCents} WHERE ${ofOrder}`);
    await recordEvents(tx, websiteId, refund.orderId, [
      { kind: 'refund_failed', accountId: by, detail: { refundId: refund.id, amountCents: refund.amountCents, failure: outcome.failure } },
    ]);
    return;
  }
  // The units asked back to stock, each line no more than it has not given back yet.
  const { rows: back } = await tx.execute(sql`
UPDATE order_lines l SET restocked_quantity = l.restocked_quantity + y.n
FROM (SELECT ol.position, least(x.quantity, ol.quantity - ol.restocked_quantity) AS n
  FROM order_lines ol JOIN jsonb_to_recordset(${lines}::jsonb) AS x(position int, quantity int, restock boolean) ON x.position = ol.position AND x.restock
  WHERE ol.website_id = ${websiteId} AND ol.order_id = ${refund.orderId}) y
WHERE l.website_id = ${websiteId} AND l.order_id = ${refund.orderId} AND l.position = y.position AND y.n > 0
RETURNING l.variant_id AS "variantId", y.n AS quantity`);
  const restocked = back as { variantId: string; quantity: number }[];
  await restockVariants(tx, websiteId, restocked);
  await recordPaymentRefunded(tx, websiteId, payment.id, refund.amountCents);
  await tx
    .update(orders)
    .set({ paymentStatus: 'refunded' })
    .where(
      and(
        eq(orders.websiteId, websiteId),
        eq(orders.id, refund.orderId),
        eq(orders.paymentStatus, 'paid'),
        sql`${orders.totalCents} = (SELECT sum(amount_cents) FROM refunds WHERE website_id = ${websiteId} AND order_id = ${refund.orderId} AND status = 'succeeded')`,
      ),
    );
  const events: NewOrderEvent[] = [
    {
      kind: 'refunded',
      accountId: by,
      detail: { refundId: refund.id, amountCents: refund.amountCents, shippingCents: refund.shippingCents, units: units(refund), reason: refund.reason },
    },
  ];
  const restockedUnits = restocked.reduce((n, r) => n + r.quantity, 0);
  if (restockedUnits > 0) events.push({ kind: 'restocked', accountId: by, detail: { refundId: refund.id, units: restockedUnits } });
  await recordEvents(tx, websiteId, refund.orderId, events);
  if (notify) await enqueueAll(tx, [orderUpdateEmailJob({ websiteId, orderId: refund.orderId, about: 'refund', refundId: refund.id })]);
}

/**
 * The refund the body asks for (or the one its key made), through the provider that took the
 * payment; answers the order's detail. 409 when it asks more than is left, the order is not paid, or
 * the provider refused it (the same key answers the same refusal); ProviderUnavailable (the route's
 * 502) when the provider could not be reached: the refund stays pending for a retry with its key.
 */
export async function refundOrder(
  db: Db,
  providers: PaymentProviders,
  websiteId: string,
  accountId: string,
  orderId: string,
  body: RefundBody,
): Promise<OrderDetail> {
  const { refund, payment } = await db.transaction((tx) => reserve(tx, websiteId, accountId, orderId, body));
  if (refund.status === 'pending') {
    const outcome = await ask(providers, websiteId, refund, payment);
    await db.transaction((tx) => settle(tx, websiteId, refund, payment, outcome, body.notify));
  }
  const detail = (await orderDetail(db, websiteId, orderId))!;
  const now = detail.refunds.find((r) => r.id === refund.id);
  if (now?.status === 'failed') throw new StoreRefusal(409, format(ordersApi.refundRefused, { reason: now.failure ?? '' }));
  return detail;
}
