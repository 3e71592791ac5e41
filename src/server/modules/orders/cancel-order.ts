/**
 * Cancelling an order: open → canceled by one conditional update, so whoever cancels it at once
 * (the owner, the unpaid sweep, twice) cancels it once; in the same transaction its lines' stock is
 * given back (one statement, variants not counted untouched) and an awaited offline payment voided.
 * A paid order is not cancelled here: it is refunded first (the orders screens' part). After the
 * commit, an authorisation not captured is voided at its provider, keyed
 * `attempt:<key>:cancel`, so a retry voids once; a void that fails is tried again by the next cancel.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { format } from '../../../messages/format';
import { paymentsApi } from '../../../messages/payments-api';
import { restockVariants, StoreRefusal } from '../catalogue';
import { authorizedPaymentOf, recordPaymentVoided, voidPendingPayment, type PaymentProviders } from '../payments';
import { logActivity } from '../sites';
import { orderLines, orders } from './schema';

export type CancelOptions = {
  /** Who cancels (logged); null: the store itself (the unpaid sweep). */
  accountId: string | null;
  /** Only while the order is still due to cancel itself (unpaid, past `cancel_unpaid_at`): the sweep's condition. */
  dueOnly?: boolean;
  /** Voids an authorisation at its provider; without it (the sweep: manual orders hold none) nothing is asked. */
  providers?: PaymentProviders;
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
    .returning({ number: orders.number });
  if (!canceled) return undefined;
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.websiteId, websiteId), eq(orderLines.orderId, orderId)));
  await restockVariants(tx, websiteId, lines);
  await voidPendingPayment(tx, websiteId, orderId);
  await logActivity(tx, websiteId, opts.accountId, 'order.canceled', { orderId, number: canceled.number, unpaid: opts.dueOnly === true });
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
async function voidAuthorization(db: Db, providers: PaymentProviders, websiteId: string, orderId: string): Promise<void> {
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
    await tx
      .update(orders)
      .set({ paymentStatus: 'voided' })
      .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId), eq(orders.status, 'canceled'), eq(orders.paymentStatus, 'authorized')));
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
  if (opts.providers) await voidAuthorization(db, opts.providers, websiteId, orderId);
  return { canceled: number !== undefined };
}
