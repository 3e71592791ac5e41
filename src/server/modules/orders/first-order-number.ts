/**
 * The number a store's next order takes, as the owner sets it (Store → Payments): higher than every
 * order's number so far, never lower nor equal, so a number is never given twice. The store's
 * number row is locked first, so an order being numbered meanwhile is committed (and counted) before the check.
 */
import { eq, max, sql } from 'drizzle-orm';
import type { OrderNumberAnswer } from '../../../contracts/payments';
import type { Db, Executor } from '../../../db/client';
import { DEFAULT_FIRST_ORDER_NUMBER } from '../../../domain/checkout/protocol';
import { format } from '../../../messages/format';
import { paymentsApi } from '../../../messages/payments-api';
import { StoreRefusal } from '../catalogue';
import { logActivity } from '../sites';
import { orderNumbers, orders } from './schema';

/** One more than the highest order's number; 1 before the first order. */
async function lowestNext(tx: Executor, websiteId: string): Promise<number> {
  const [row] = await tx
    .select({ highest: max(orders.number) })
    .from(orders)
    .where(eq(orders.websiteId, websiteId));
  return (row?.highest ?? 0) + 1;
}

/** The number the next order takes (DEFAULT_FIRST_ORDER_NUMBER until the store has a row) and the lowest the owner may set. */
export async function orderNumberOf(tx: Executor, websiteId: string): Promise<OrderNumberAnswer> {
  const [row] = await tx.select({ next: orderNumbers.nextNumber }).from(orderNumbers).where(eq(orderNumbers.websiteId, websiteId));
  return { nextNumber: row?.next ?? DEFAULT_FIRST_ORDER_NUMBER, lowest: await lowestNext(tx, websiteId) };
}

/** The owner's next number, refused (400, naming `nextNumber`) unless higher than every order's. */
export async function setNextOrderNumber(db: Db, websiteId: string, accountId: string, nextNumber: number): Promise<OrderNumberAnswer> {
  return db.transaction(async (tx) => {
    await tx.insert(orderNumbers).values({ websiteId, nextNumber: DEFAULT_FIRST_ORDER_NUMBER }).onConflictDoNothing();
    // Waits for an order being numbered now; the next statement's snapshot then sees it.
    await tx.execute(sql`SELECT 1 FROM ${orderNumbers} WHERE ${orderNumbers.websiteId} = ${websiteId} FOR UPDATE`);
    const lowest = await lowestNext(tx, websiteId);
    if (nextNumber < lowest) {
      const error = format(paymentsApi.numberNotHigher, { lowest });
      throw new StoreRefusal(400, error, { nextNumber: error });
    }
    await tx.update(orderNumbers).set({ nextNumber }).where(eq(orderNumbers.websiteId, websiteId));
    await logActivity(tx, websiteId, accountId, 'orders.next_number_set', { nextNumber });
    return { nextNumber, lowest };
  });
}
