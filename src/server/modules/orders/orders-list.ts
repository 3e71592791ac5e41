/**
 * The owner's orders list: newest first (by number, which only grows), a page at a time, found by
 * a search (`q`: the number with or without '#', the customer's email or name, a line's product
 * name), a filter (ORDER_FILTERS) and a range of days in the site's time zone; each order with its
 * customer, total, payment, what is left to send, what was refunded and its units. One statement a
 * page: the lines' sums come from a lateral aggregate over the order's lines (their primary key),
 * the paging from the unique (website, number) index read backwards.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDERS_PAGE_SIZE, type OrderFilter, type OrderRow, type OrdersQuery } from '../../../contracts/orders';
import type { Executor } from '../../../db/client';
import { isDay } from '../../../domain/analytics-report';
import type { OrderStatus, PaymentProviderId, PaymentStatus } from '../../../domain/checkout/protocol';
import { fulfilmentOf } from '../../../domain/orders/order-progress';
import { ordersApi } from '../../../messages/orders-api';
import { StoreRefusal } from '../catalogue';

/** An order as the list reads it, with the money and place the CSV adds. */
export type ListedOrder = OrderRow & {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  couponCodes: string[];
  shippingCountry: string | null;
};

type Raw = Omit<ListedOrder, 'status' | 'paymentStatus' | 'provider' | 'canMarkPaid' | 'fulfilmentStatus'> & {
  status: string;
  paymentStatus: string;
  provider: string;
  toSend: number;
  sent: number;
};

/**
 * The columns of `orders o` and `sums` (the lines' units, units left to send and units sent, as
 * src/domain/orders/order-progress.ts counts them: physical lines only, a refunded unit never sent).
 */
export const ORDER_COLUMNS = sql`o.id, o.number, to_json(o.created_at) #>> '{}' AS "createdAt", o.customer_name AS "customerName", o.email,
  o.currency, o.total_cents AS "totalCents", o.status, o.payment_status AS "paymentStatus", o.provider, o.payment_method AS "paymentMethod",
  o.test_mode AS "testMode", o.refunded_cents AS "refundedCents", o.subtotal_cents AS "subtotalCents", o.discount_cents AS "discountCents",
  o.shipping_cents AS "shippingCents", o.tax_cents AS "taxCents", o.coupon_codes AS "couponCodes",
  o.shipping_address->>'country' AS "shippingCountry", sums.items AS "itemCount", sums.to_send AS "toSend", sums.sent`;

export const LINE_SUMS = sql`CROSS JOIN LATERAL (
  SELECT coalesce(sum(l.quantity), 0)::int AS items,
    coalesce(sum(greatest(0, l.quantity - l.fulfilled_quantity - l.refunded_quantity)) FILTER (WHERE l.product_type = 'PHYSICAL'), 0)::int AS to_send,
    coalesce(sum(l.fulfilled_quantity) FILTER (WHERE l.product_type = 'PHYSICAL'), 0)::int AS sent
  FROM order_lines l WHERE l.website_id = o.website_id AND l.order_id = o.id) sums`;

/** A line of the order still to send. */
const LEFT_TO_SEND = sql`EXISTS (SELECT 1 FROM order_lines l WHERE l.website_id = o.website_id AND l.order_id = o.id
  AND l.product_type = 'PHYSICAL' AND l.quantity - l.fulfilled_quantity - l.refunded_quantity > 0)`;

export function listedOrderOf(r: Raw): ListedOrder {
  const { toSend, sent, ...row } = r;
  const status = r.status as OrderStatus;
  const paymentStatus = r.paymentStatus as PaymentStatus;
  const provider = r.provider as PaymentProviderId;
  return {
    ...row,
    status,
    paymentStatus,
    provider,
    canMarkPaid: status === 'open' && provider === 'manual' && paymentStatus === 'unpaid',
    fulfilmentStatus: fulfilmentOf(toSend, sent),
  };
}

/** The row the list shows, without the CSV's columns. */
export function orderRowOf(o: ListedOrder): OrderRow {
  const { subtotalCents: _s, discountCents: _d, shippingCents: _h, taxCents: _t, couponCodes: _c, shippingCountry: _p, ...row } = o;
  return row;
}

const FILTERS: Record<OrderFilter, SQL> = {
  paid: sql`o.payment_status IN ('authorized', 'paid')`,
  unpaid: sql`o.status = 'open' AND o.payment_status = 'unpaid'`,
  unfulfilled: sql`o.status = 'open' AND ${LEFT_TO_SEND}`,
  fulfilled: sql`o.status = 'open' AND NOT ${LEFT_TO_SEND}`,
  refunded: sql`o.refunded_cents > 0`,
  canceled: sql`o.status = 'canceled'`,
};

/** The largest order number the column holds (int4). */
const MAX_NUMBER = 2_147_483_647;

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

export type OrderSearch = Omit<OrdersQuery, 'before'>;

/** Refuses a `from` or `to` that is no day (the contract's pattern lets 2026-02-31 through), before any query. */
export function checkDays(query: OrderSearch): void {
  const errors: Record<string, string> = {};
  for (const key of ['from', 'to'] as const) if (query[key] !== undefined && !isDay(query[key])) errors[key] = ordersApi.noDay;
  if (Object.keys(errors).length > 0) throw new StoreRefusal(400, ordersApi.noDay, errors);
}

function conditions(websiteId: string, query: OrderSearch, timeZone: string, before: number | undefined): SQL {
  const where: SQL[] = [sql`o.website_id = ${websiteId}`];
  // A number past what the column holds bounds nothing (and is never sent to PostgreSQL, which would refuse it).
  if (before !== undefined && before <= MAX_NUMBER) where.push(sql`o.number < ${before}`);
  const q = query.q?.trim();
  if (q) {
    const number = /^#?\s*(\d{1,9})$/.exec(q);
    where.push(sql`(o.email ILIKE ${like(q)} OR o.customer_name ILIKE ${like(q)}
      OR EXISTS (SELECT 1 FROM order_lines l WHERE l.website_id = o.website_id AND l.order_id = o.id AND l.product_name ILIKE ${like(q)})
      ${number ? sql`OR o.number = ${Number(number[1])}` : sql``})`);
  }
  if (query.filter) where.push(FILTERS[query.filter]);
  if (query.from) where.push(sql`o.created_at >= (${query.from}::date::timestamp AT TIME ZONE ${timeZone})`);
  if (query.to) where.push(sql`o.created_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  return sql.join(where, sql` AND `);
}

/** Orders matching `where` (over `orders o`), newest first, at most `limit`: one statement. */
export async function selectOrders(ex: Executor, where: SQL, limit: number): Promise<ListedOrder[]> {
  const { rows } = await ex.execute(sql`SELECT ${ORDER_COLUMNS} FROM orders o ${LINE_SUMS} WHERE ${where} ORDER BY o.number DESC LIMIT ${limit}`);
  return (rows as Raw[]).map(listedOrderOf);
}

/** A page of the orders matching the search, numbered below `before`, and the `before` of the page after (null on the last). */
export async function searchOrders(
  ex: Executor,
  websiteId: string,
  query: OrderSearch,
  opts: { timeZone: string; before?: number | undefined; pageSize: number },
): Promise<{ orders: ListedOrder[]; next: number | null }> {
  checkDays(query);
  const rows = await selectOrders(ex, conditions(websiteId, query, opts.timeZone, opts.before), opts.pageSize + 1);
  const page = rows.slice(0, opts.pageSize);
  return { orders: page, next: rows.length > opts.pageSize ? page.at(-1)!.number : null };
}

/** The list's page: the orders matching the query, newest first (numbered below `before` when given); `from` and `to` are days in `timeZone`. */
export async function listOrders(ex: Executor, websiteId: string, query: OrdersQuery, timeZone = 'UTC'): Promise<{ orders: OrderRow[]; next: number | null }> {
  const { before, ...search } = query;
  const page = await searchOrders(ex, websiteId, search, { timeZone, before, pageSize: ORDERS_PAGE_SIZE });
  return { orders: page.orders.map(orderRowOf), next: page.next };
}

/** One order as the list shows it, or undefined when the store has none with that id. */
export async function orderRow(ex: Executor, websiteId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(ex, sql`o.website_id = ${websiteId} AND o.id = ${orderId}`, 1);
  return row && orderRowOf(row);
}

/** The sidebar's badge: open orders, paid or awaiting an offline payment, with a line left to send. */
export async function orderCounts(ex: Executor, websiteId: string): Promise<{ toFulfil: number }> {
  const { rows } = await ex.execute(sql`SELECT count(*)::int AS n FROM orders o
    WHERE o.website_id = ${websiteId} AND o.status = 'open' AND o.payment_status IN ('unpaid', 'authorized', 'paid') AND ${LEFT_TO_SEND}`);
  return { toFulfil: (rows[0] as { n: number }).n };
}
