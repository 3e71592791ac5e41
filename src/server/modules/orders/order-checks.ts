/**
 * What the owner's changes to an order check first: the order row locked for the rest of the
 * transaction (so changes to one order are made one after the other, each seeing the last), and the
 * lines a body names checked against the order's.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { format } from '../../../messages/format';
import { ordersApi } from '../../../messages/orders-api';
import { paymentsApi } from '../../../messages/payments-api';
import { StoreRefusal } from '../catalogue';
import { orders } from './schema';

/** The order row locked for the rest of the caller's transaction (its number and state), or the 404. */
export async function lockOrder(tx: Executor, websiteId: string, orderId: string) {
  const [order] = await tx
    .select({ number: orders.number, status: orders.status, paymentStatus: orders.paymentStatus, provider: orders.provider, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)))
    .for('update');
  if (!order) throw new StoreRefusal(404, paymentsApi.noOrder);
  return order;
}

/**
 * The units asked for, checked against the order's lines: each line once, and on the order:
 * a line the body names twice or the order does not have is refused (400, by its place in the
 * body); `more` checks the rest of each line (more than is left is 409).
 */
export function checkUnits<S extends { position: number }, L extends { position: number; quantity: number }>(
  number: number,
  asked: readonly L[],
  lines: readonly S[],
  more: (line: S, want: L, i: number) => StoreRefusal | undefined,
): { line: S; want: L }[] {
  const byPosition = new Map(lines.map((l) => [l.position, l]));
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  const out: { line: S; want: L }[] = [];
  asked.forEach((want, i) => {
    const line = byPosition.get(want.position);
    if (seen.has(want.position)) errors[`lines.${i}.position`] = ordersApi.lineTwice;
    else if (!line) errors[`lines.${i}.position`] = format(ordersApi.linePositionUnknown, { number, position: want.position });
    else out.push({ line, want });
    seen.add(want.position);
  });
  const first = Object.values(errors)[0];
  if (first) throw new StoreRefusal(400, first, errors);
  for (const [i, { line, want }] of out.entries()) {
    const refusal = more(line, want, i);
    if (refusal) throw refusal;
  }
  return out;
}
