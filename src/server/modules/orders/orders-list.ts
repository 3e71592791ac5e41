/**
 * The owner's orders list, minimal until the orders screens come: newest first (by number, which
 * only grows), a page at a time, each order with its customer, total and payment.
 */
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { ORDERS_PAGE_SIZE, type OrderRow } from '../../../contracts/orders';
import type { Executor } from '../../../db/client';
import type { OrderStatus, PaymentProviderId, PaymentStatus } from '../../../domain/checkout/protocol';
import { orders } from './schema';

const listed = {
  id: orders.id,
  number: orders.number,
  createdAt: sql<string>`to_json(${orders.createdAt}) #>> '{}'`,
  customerName: orders.customerName,
  email: orders.email,
  currency: orders.currency,
  totalCents: orders.totalCents,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  provider: orders.provider,
  paymentMethod: orders.paymentMethod,
  testMode: orders.testMode,
};

type Listed = Omit<OrderRow, 'status' | 'paymentStatus' | 'provider' | 'canMarkPaid'> & { status: string; paymentStatus: string; provider: string };

function orderRowOf(r: Listed): OrderRow {
  const row = { ...r, status: r.status as OrderStatus, paymentStatus: r.paymentStatus as PaymentStatus, provider: r.provider as PaymentProviderId };
  return { ...row, canMarkPaid: row.status === 'open' && row.provider === 'manual' && row.paymentStatus === 'unpaid' };
}

async function ordersWhere(tx: Executor, where: SQL | undefined, limit: number): Promise<OrderRow[]> {
  const rows = await tx.select(listed).from(orders).where(where).orderBy(desc(orders.number)).limit(limit);
  return rows.map(orderRowOf);
}

/** The newest orders (numbered below `before` when given) and the `before` of the next page, null on the last. */
export async function listOrders(tx: Executor, websiteId: string, before?: number): Promise<{ orders: OrderRow[]; next: number | null }> {
  const ofSite = eq(orders.websiteId, websiteId);
  const rows = await ordersWhere(tx, before === undefined ? ofSite : and(ofSite, lt(orders.number, before)), ORDERS_PAGE_SIZE + 1);
  const page = rows.slice(0, ORDERS_PAGE_SIZE);
  return { orders: page, next: rows.length > ORDERS_PAGE_SIZE ? page.at(-1)!.number : null };
}

/** One order as the list shows it, or undefined when the store has none with that id. */
export async function orderRow(tx: Executor, websiteId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await ordersWhere(tx, and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)), 1);
  return row;
}
