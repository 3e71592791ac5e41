/**
 * Cancelling an order: open → canceled by one conditional update, so whoever cancels it at once
 * (the owner, the unpaid sweep, twice) cancels it once; in the same transaction the units of its
 * lines neither sent nor given back already go back to stock, counted in `restocked_quantity` (one
 * statement, variants not counted untouched), an awaited offline payment is voided, and the
 * timeline gets `canceled`, `restocked` and `voided`.
 * A paid order is not cancelled here: it is refunded first (the orders screens' part). After the
 * commit, an authorisation not captured is voided at its provider, keyed
 * `attempt:<key>:cancel`, so a retry voids once; a void that fails is tried again by the next cancel.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../contracts/orders';
import type { Db, Executor } from '../../../db/client';
import { format } from '../../../messages/format';
import { paymentsApi } from '../../../messages/payments-api';
import { restockVariants, StoreRefusal } from '../catalogue';
import { authorizedPaymentOf, recordPaymentVoided, voidPendingPayment, type PaymentProviders } from '../payments';
import { logActivity } from '../sites';
import { orderDetail } from './order-detail';
import { recordEvents } from './order-events';
import { orderUpdateEmailJob } from './order-emails';
import { enqueueAll } from '../../jobs/queue';
import { orderEmails } from '../../../messages/order-emails';
import { orders } from './schema';

export type CancelOptions = {
  /** Who cancels (logged); null: the store itself (the unpaid sweep). */
  accountId: string | null;
  /** Only while the order is still due to cancel itself (unpaid, past `cancel_unpaid_at`): the sweep's condition. */
  dueOnly?: boolean;
  /** Voids an authorisation at its provider; without it (the sweep: manual orders hold none) nothing is asked. */
  providers?: PaymentProviders;
  /** Why, in the owner's words (the timeline shows it). */
  reason?: string;
  /** Email the customer that the order is cancelled, with the reason. */
  notify?: boolean;
};

/** open → canceled with its stock back, once; answers the order's number when this call cancelled it. */
async function cancelInTransaction(tx: Executor, websiteId: string, orderId: string, opts: CancelOptions): Promise<number | undefined> {
  const ofOrder = and(eq(orders.websiteId, websiteId), eq(orders.id, orderId));
  const cancellable = and(ofOrder, eq(orders.status, 'open'), inArray(orders.paymentStatus, ['unpaid', 'authorized']));
  const [canceled] = await tx
    .update(orders)
    .set({
      status: 'canceled',
      canceledAt: sql`now()`,
      cancelUnpaidAt: null,
      paymentStatus: sql`CASE WHEN ${orders.paymentStatus} = 'unpaid' THEN 'voided' ELSE ${orders.paymentStatus} END`,
    })
    .where(opts.dueOnly ? and(cancellable, eq(orders.paymentStatus, 'unpaid'), lte(orders.cancelUnpaidAt, sql`now()`)) : cancellable)
    .returning({ number: orders.number, paymentStatus: orders.paymentStatus });
  if (!canceled) return undefined;
  // The units neither sent nor given back yet go back, and are counted as given back (one statement).
  const { rows } = await tx.execute(sql`
UPDATE order_lines l SET restocked_quantity = l.restocked_quantity + y.n
FROM (SELECT position, quantity - fulfilled_quantity - restocked_quantity AS n FROM order_lines WHERE website_id = ${websiteId} AND order_id = ${orderId}) y
WHERE l.website_id = ${websiteId} AND l.order_id = ${orderId} AND l.position = y.position AND y.n > 0
RETURNING l.variant_id AS "variantId", y.n AS quantity`);
  const back = rows as { variantId: string; quantity: number }[];
  await restockVariants(tx, websiteId, back);
  await voidPendingPayment(tx, websiteId, orderId);
  const units = back.reduce((n, l) => n + l.quantity, 0);
  await recordEvents(tx, websiteId, orderId, [
    { kind: 'canceled', accountId: opts.accountId, detail: { reason: opts.reason ?? '', unpaid: opts.dueOnly === true } },
    ...(units > 0 ? [{ kind: 'restocked' as const, accountId: opts.accountId, detail: { units } }] : []),
    ...(canceled.paymentStatus === 'voided' ? [{ kind: 'voided' as const, accountId: opts.accountId }] : []),
  ]);
  await logActivity(tx, websiteId, opts.accountId, 'order.canceled', { orderId, number: canceled.number, unpaid: opts.dueOnly === true });
  if (opts.notify) {
    // The owner's reason is the team's (as the screen says); the store's own, for an order never paid, is the shopper's.
    const reason = opts.dueOnly ? orderEmails.unpaidCanceled : '';
    await enqueueAll(tx, [orderUpdateEmailJob({ websiteId, orderId, about: 'cancellation', reason })]);
  }
  return canceled.number;
}

/** Why an order was not cancelled: none such (404), or paid (409); cancelled already is no refusal. */
async function refusalFor(db: Db, websiteId: string, orderId: string): Promise<StoreRefusal | undefined> {
  const [order] = await db
    .select({ number: orders.number, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  if (!order) return new StoreRefusal(404, paymentsApi.noOrder);
  if (order.status === 'canceled') return undefined;
  return new StoreRefusal(409, format(paymentsApi.paidNotCanceled, { number: order.number }));
}

/** The authorisation of a cancelled order voided at its provider (outside any transaction), then recorded. */
async function voidAuthorization(db: Db, providers: PaymentProviders, websiteId: string, orderId: string, accountId: string | null): Promise<void> {
  const payment = await authorizedPaymentOf(db, websiteId, orderId);
  if (!payment) return;
  const provider = await providers.provider(websiteId, payment.provider);
  const held = await provider.retrieve(payment.providerPaymentId);
  if (held.status === 'authorized') {
    const outcome = await provider.cancel({ attemptKey: held.attemptKey, paymentId: payment.providerPaymentId });
    if (outcome.status !== 'canceled') return;
  } else if (held.status !== 'canceled') return;
  await db.transaction(async (tx) => {
    if (!(await recordPaymentVoided(tx, websiteId, payment.id))) return;
    const voided = await tx
      .update(orders)
      .set({ paymentStatus: 'voided' })
      .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId), eq(orders.status, 'canceled'), eq(orders.paymentStatus, 'authorized')))
      .returning({ id: orders.id });
    if (voided.length > 0) await recordEvents(tx, websiteId, orderId, [{ kind: 'voided', accountId }]);
  });
}

/**
 * Cancels the order (once, however often or at once it is asked) and gives its stock back; then
 * voids its authorisation at the provider when it holds one. Answers whether this call cancelled it.
 * `dueOnly`: only an unpaid order past its days (the sweep), else nothing is done.
 */
export async function cancelOrder(db: Db, websiteId: string, orderId: string, opts: CancelOptions): Promise<{ canceled: boolean }> {
  const number = await db.transaction((tx) => cancelInTransaction(tx, websiteId, orderId, opts));
  if (number === undefined && !opts.dueOnly) {
    const refusal = await refusalFor(db, websiteId, orderId);
    if (refusal) throw refusal;
  }
  // The provider keys the void by the attempt (`attempt:<key>:cancel`, src/domain/checkout/protocol.ts), the attempt
  // as the provider holds it: a retry after a lost answer voids once.
  if (opts.providers) await voidAuthorization(db, opts.providers, websiteId, orderId, opts.accountId);
  return { canceled: number !== undefined };
}

/** The owner's "Cancel order": cancelled (or cancelled already: the same answer), its authorisation voided; answers the order's detail. */
export async function cancelByOwner(
  db: Db,
  providers: PaymentProviders,
  websiteId: string,
  accountId: string,
  orderId: string,
  reason: string,
  notify: boolean,
): Promise<OrderDetail> {
  await cancelOrder(db, websiteId, orderId, { accountId, providers, reason, notify });
  return (await orderDetail(db, websiteId, orderId))!;
}
