/**
 * An order as its status page shows it (`/commerce/orders/{token}`, page type 211, the link in
 * every order email): the order a token opens (./order-view.ts), where it stands, and its parcels
 * with their carriers and tracking numbers. Two statements: the order with its lines, its fulfilments.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/types';
import { orderStage, type OrderStage } from '../../../domain/checkout/order-status';
import { orderForToken, type OrderView } from './order-view';
import { fulfilments } from './schema';

export type OrderParcel = {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  sentAt: string;
  /** The units it holds, by line position. */
  lines: { position: number; quantity: number }[];
};

export type OrderStatusView = { order: OrderView; stage: OrderStage; parcels: OrderParcel[] };

export async function orderStatusForToken(db: Executor, websiteId: string, token: string): Promise<OrderStatusView | undefined> {
  const order = await orderForToken(db, websiteId, token);
  if (!order) return undefined;
  const sent = await db
    .select({
      carrier: fulfilments.carrier,
      trackingNumber: fulfilments.trackingNumber,
      trackingUrl: fulfilments.trackingUrl,
      sentAt: fulfilments.createdAt,
      lines: fulfilments.lines,
    })
    .from(fulfilments)
    .where(and(eq(fulfilments.websiteId, websiteId), eq(fulfilments.orderId, order.id)))
    .orderBy(asc(fulfilments.createdAt), asc(fulfilments.id));
  return { order, stage: orderStage(order), parcels: sent };
}
