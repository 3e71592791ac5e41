/**
 * The owner marks an offline (manual) order paid once its money has come: the order is paid, its
 * payment captured, and it no longer cancels itself. One conditional update (open, manual, unpaid),
 * so a second click, or two team members at once, change it once (one `paid` event); a cancelled
 * order is refused.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderDetail, OrderRow } from '../../../contracts/orders';
import type { Db, Executor } from '../../../db/client';
import { format } from '../../../messages/format';
import { paymentsApi } from '../../../messages/payments-api';
import { StoreRefusal } from '../catalogue';
import { capturePendingPayment } from '../payments';
import { logActivity } from '../sites';
import { orderDetail } from './order-detail';
import { recordEvents } from './order-events';
import { orderRow } from './orders-list';
import { orders } from './schema';

/**
 * Inside the caller's transaction: the order paid and its pending payment captured, by `accountId`
 * (null: the store). Answers whether this call changed it (false: it was paid already); a cancelled
 * order, or one a provider takes payment for, is refused (409), an order the store does not have is
 * a 404.
 */
export async function markOrderPaid(
  tx: Executor,
  websiteId: string,
  orderId: string,
  accountId: string | null = null,
): Promise<{ changed: boolean; order: OrderRow }> {
  const ofOrder = and(eq(orders.websiteId, websiteId), eq(orders.id, orderId));
  const paid = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', paidAt: sql`now()`, cancelUnpaidAt: null })
    .where(and(ofOrder, eq(orders.status, 'open'), eq(orders.provider, 'manual'), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id, totalCents: orders.totalCents });
  if (paid.length > 0) {
    await capturePendingPayment(tx, websiteId, orderId);
    await recordEvents(tx, websiteId, orderId, [{ kind: 'paid', accountId, detail: { amountCents: paid[0]!.totalCents } }]);
  }
  const order = await orderRow(tx, websiteId, orderId);
  if (!order) throw new StoreRefusal(404, paymentsApi.noOrder);
  if (paid.length > 0 || order.paymentStatus === 'paid') return { changed: paid.length > 0, order };
  if (order.status === 'canceled') throw new StoreRefusal(409, format(paymentsApi.canceledNotPaid, { number: order.number }));
  throw new StoreRefusal(409, format(paymentsApi.providerPays, { number: order.number }));
}

/** The owner's "Mark paid": the order paid, logged once; answers the order's detail. */
export async function markPaidByOwner(db: Db, websiteId: string, accountId: string, orderId: string): Promise<OrderDetail> {
  await db.transaction(async (tx) => {
    const { changed, order } = await markOrderPaid(tx, websiteId, orderId, accountId);
    if (changed) await logActivity(tx, websiteId, accountId, 'order.marked_paid', { orderId, number: order.number });
  });
  return (await orderDetail(db, websiteId, orderId))!;
}
