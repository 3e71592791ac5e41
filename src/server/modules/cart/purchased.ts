/** A cart turned into an order (checkout's `finalize`, in its transaction): never open again, never changed again. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

export async function markCartPurchased(tx: Executor, websiteId: string, cartId: string, orderId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE carts SET order_id = ${orderId}, purchased_at = now(), updated_at = now() WHERE website_id = ${websiteId} AND id = ${cartId} AND purchased_at IS NULL`,
  );
}
