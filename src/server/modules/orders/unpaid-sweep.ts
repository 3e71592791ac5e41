/**
 * Unpaid offline orders cancel themselves: an open manual order not marked paid by its
 * `cancel_unpaid_at` (its store's days after it was placed) is cancelled and its stock is for sale
 * again. Each order is cancelled by `cancelOrder` under its own conditions (still unpaid, still
 * due), so a "Mark paid" at the same moment wins or loses whole, and every app server may sweep at once.
 */
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { startPeriodic, type Periodic } from '../../jobs/periodic';
import { cancelOrder } from './cancel-order';
import { orders } from './schema';

export const UNPAID_SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 100;

/** Cancels every unpaid manual order past its days; answers how many this run cancelled. */
export async function cancelOverdueUnpaidOrders(db: Db): Promise<number> {
  let canceled = 0;
  for (;;) {
    const due = await db
      .select({ websiteId: orders.websiteId, id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.cancelUnpaidAt), lte(orders.cancelUnpaidAt, sql`now()`), eq(orders.status, 'open'), eq(orders.paymentStatus, 'unpaid')))
      .orderBy(asc(orders.cancelUnpaidAt))
      .limit(BATCH);
    // An order not cancelled here no longer matches (marked paid, or cancelled by another server): the next batch skips it.
    for (const order of due) if ((await cancelOrder(db, order.websiteId, order.id, { accountId: null, dueOnly: true, notify: true })).canceled) canceled += 1;
    if (due.length < BATCH) return canceled;
  }
}

/** Runs the sweep now and every hour (main.ts, beside the other sweeps). */
export function startUnpaidOrderSweep(db: Db, log: (line: string) => void): Periodic {
  return startPeriodic(() => cancelOverdueUnpaidOrders(db), {
    everyMs: UNPAID_SWEEP_EVERY_MS,
    failed: (err) => log(`cancelling unpaid orders failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
