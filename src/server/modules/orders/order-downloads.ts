/** What a signed download link of an order line opens: the line's file, and whether its order was cancelled. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orderLines, orders } from './schema';

export async function orderLineDownload(
  db: Executor,
  websiteId: string,
  orderId: string,
  position: number,
): Promise<{ file: string | null; canceled: boolean } | undefined> {
  const [row] = await db
    .select({ file: orderLines.downloadFile, status: orders.status })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.websiteId, orderLines.websiteId), eq(orders.id, orderLines.orderId)))
    .where(and(eq(orderLines.websiteId, websiteId), eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
  return row ? { file: row.file, canceled: row.status === 'canceled' } : undefined;
}
