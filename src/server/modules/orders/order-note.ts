/**
 * The team's note on an order (never shown to the customer): replaced whole, with a `note` event
 * when it changed, in one statement; answers the order's detail.
 */
import { sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../contracts/orders';
import type { Db } from '../../../db/client';
import { paymentsApi } from '../../../messages/payments-api';
import { StoreRefusal } from '../catalogue';
import { orderDetail } from './order-detail';
import { eventsFor } from './order-events';

export async function setOrderNote(db: Db, websiteId: string, accountId: string, orderId: string, note: string): Promise<OrderDetail> {
  await db.execute(sql`
WITH noted AS (
  UPDATE orders SET note = ${note} WHERE website_id = ${websiteId} AND id = ${orderId} AND note IS DISTINCT FROM ${note}
  RETURNING website_id, id, note
)
${eventsFor('noted', 'note', accountId, sql`jsonb_build_object('note', note)`)}`);
  const detail = await orderDetail(db, websiteId, orderId);
  if (!detail) throw new StoreRefusal(404, paymentsApi.noOrder);
  return detail;
}
