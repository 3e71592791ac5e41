/**
 * Sending some or all of an order's units (`fulfilBody`): one short transaction that locks the
 * order row, so two team members sending at once are counted one after the other and never send
 * more than is left; it counts the units sent on their lines, keeps the fulfilment with its carrier
 * and tracking, marks the order fulfilled when nothing is left to send, and writes the `fulfilled`
 * event. Only lines that ship (a physical product's) are sent; a cancelled order sends nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FulfilBody, OrderDetail } from '../../../contracts/orders';
import type { Db } from '../../../db/client';
import { lineShips, unitsToSend } from '../../../domain/orders/order-progress';
import { format } from '../../../messages/format';
import { ordersApi } from '../../../messages/orders-api';
import { StoreRefusal } from '../catalogue';
import { checkUnits, lockOrder } from './order-checks';
import { orderDetail } from './order-detail';
import { recordEvents } from './order-events';
import { orderUpdateEmailJob } from './order-emails';
import { enqueueAll } from '../../jobs/queue';
import { fulfilments, orderLines } from './schema';

export async function fulfilOrder(db: Db, websiteId: string, accountId: string, orderId: string, body: FulfilBody): Promise<OrderDetail> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, websiteId, orderId);
    if (order.status === 'canceled') throw new StoreRefusal(409, format(ordersApi.canceledNotFulfilled, { number: order.number }));
    const lines = await tx
      .select({
        position: orderLines.position,
        productName: orderLines.productName,
        productType: orderLines.productType,
        quantity: orderLines.quantity,
        fulfilledQuantity: orderLines.fulfilledQuantity,
        refundedQuantity: orderLines.refundedQuantity,
      })
      .from(orderLines)
      .where(and(eq(orderLines.websiteId, websiteId), eq(orderLines.orderId, orderId)));
    const sending = checkUnits(order.number, body.lines, lines, (line, want, i) => {
      if (!lineShips(line.productType))
        return new StoreRefusal(400, format(ordersApi.lineNotShipped, { product: line.productName }), {
          [`lines.${i}.position`]: format(ordersApi.lineNotShipped, { product: line.productName }),
        });
      const left = unitsToSend(line);
      if (want.quantity > left) return new StoreRefusal(409, format(ordersApi.moreThanToSend, { left, product: line.productName }));
      return undefined;
    });
    const sent = new Map(sending.map(({ line, want }) => [line.position, want.quantity]));
    const done = lines.every((l) => unitsToSend({ ...l, fulfilledQuantity: l.fulfilledQuantity + (sent.get(l.position) ?? 0) }) === 0);
    const id = randomBytes(12).toString('hex');
    const units = body.lines.reduce((n, l) => n + l.quantity, 0);
    // The lines' counts, the fulfilment and the order's state: the order row's lock keeps the counts within what is left.
    await tx.execute(sql`
WITH sent AS (
  UPDATE order_lines l SET fulfilled_quantity = l.fulfilled_quantity + x.quantity
  FROM jsonb_to_recordset(${JSON.stringify(body.lines)}::jsonb) AS x(position int, quantity int)
  WHERE l.website_id = ${websiteId} AND l.order_id = ${orderId} AND l.position = x.position
)
UPDATE orders SET fulfilled_at = CASE WHEN ${done}::boolean THEN now() ELSE fulfilled_at END
WHERE website_id = ${websiteId} AND id = ${orderId}`);
    await tx.insert(fulfilments).values({
      websiteId,
      id,
      orderId,
      lines: body.lines.map((l) => ({ position: l.position, quantity: l.quantity })),
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      trackingUrl: body.trackingUrl ?? null,
      notified: body.notify,
      accountId,
    });
    if (body.notify) await enqueueAll(tx, [orderUpdateEmailJob({ websiteId, orderId, about: 'fulfilment', fulfilmentId: id })]);
    await recordEvents(tx, websiteId, orderId, [
      {
        kind: 'fulfilled',
        accountId,
        detail: { fulfilmentId: id, units, carrier: body.carrier, trackingNumber: body.trackingNumber, trackingUrl: body.trackingUrl ?? null, all: done },
      },
    ]);
  });
  return (await orderDetail(db, websiteId, orderId))!;
}
