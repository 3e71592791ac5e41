/**
 * The store's customers as its orders tell them (the Customers screen, src/contracts/customers.ts)
 * and a signed-in customer's own orders (their account page).
 *
 * A customer is an account or a guest. An account's orders are those placed signed in
 * (`site_user_id`, whatever address was typed at checkout) and those placed as a guest with the
 * account's verified address (its holder reads that mailbox, where each order's link was sent);
 * a guest is the orders of one address, lowercased, that no verified account has. The accounts
 * come from the accounts module's view of them (`customerAccountsView`), so every answer is one
 * statement whatever the store holds: a page of customers, a customer, a page of their orders.
 *
 * Total spent counts the orders paid (or paid and then refunded) less their refunds, and leaves
 * out cancelled orders, those awaiting payment or only authorised (no money taken yet) and test
 * orders.
 */
import { localTime } from './orders-csv';
import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_CSV_COLUMNS, CUSTOMER_ORDERS_PAGE_SIZE, CUSTOMERS_PAGE_SIZE, type CustomerOrder, type CustomerRow } from '../../../contracts/customers';
import type { Db, Executor } from '../../../db/client';
import { currency, isCurrencyCode } from '../../../domain/commerce';
import { customers as words } from '../../../messages/customers';
import { csvRow, CSV_BOM } from '../../http/csv';
import { customerAccountsView } from '../accounts';
import { minorUnitsText } from '../catalogue';
import { orderToken, orderTokenSecret } from './order-token';
import { orderLines, orders } from './schema';

/** Whose orders: an account (by its id), or the customer who placed an order (by its id). */
export type CustomerTarget = { accountId: string } | { orderId: string };

/** Where the last page ended: its last customer and their last order's time (null for one who never ordered). */
type CustomersCursor = { id: string; lastOrderAt: string | null };

const CSV_PAGE = 500;

/** A customer id as the contract writes it (`a-{account}`, `g-{order}`), as a target. */
export function customerTarget(customerId: string): CustomerTarget {
  return customerId.startsWith('a-') ? { accountId: customerId.slice(2) } : { orderId: customerId.slice(2) };
}

function parseCustomersCursor(after: string): CustomersCursor {
  const [id = '', time = ''] = after.split('~');
  return { id, lastOrderAt: time === '' ? null : time };
}

const cursorText = (row: CustomerRow) => `${row.id}~${row.lastOrderAt ?? ''}`;

/** The text of a LIKE pattern finding `q` anywhere, its wildcards taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The CTEs every statement here starts with: `su`, the site's accounts, and `target`, the one
 * customer asked for when there is one, as an account id and the address whose guest orders are
 * theirs (the account's verified address; a guest's own).
 */
function withAccounts(websiteId: string, target: CustomerTarget | undefined): SQL {
  const accounts = sql`su AS (${customerAccountsView(websiteId)})`;
  if (!target) return sql`WITH ${accounts}`;
  const targetQuery =
    'accountId' in target
      ? sql`SELECT ${target.accountId}::text AS account_id, (SELECT email FROM su WHERE id = ${target.accountId} AND verified) AS email`
      : sql`SELECT coalesce(o.site_user_id, m.id) AS account_id,
            CASE WHEN o.site_user_id IS NULL THEN lower(o.email) ELSE (SELECT email FROM su WHERE id = o.site_user_id AND verified) END AS email
          FROM ${orders} o LEFT JOIN su m ON o.site_user_id IS NULL AND m.verified AND m.email = lower(o.email)
          WHERE o.website_id = ${websiteId} AND o.id = ${target.orderId}`;
  return sql`WITH ${accounts}, target AS (${targetQuery})`;
}

/** The orders of the target: placed signed in to its account, or as a guest with its address. */
const OF_TARGET = sql`JOIN target t ON o.site_user_id = t.account_id OR (o.site_user_id IS NULL AND lower(o.email) = t.email)`;

type ListedCustomer = Omit<CustomerRow, 'spent'> & { spent: { currency: string; cents: number | string }[]; lastCurrency: string | null };

/** Customers, the latest buyer first: a page after `after`, those `q` finds, or only the target. */
function customersSql(websiteId: string, opts: { q?: string | undefined; after?: CustomersCursor | undefined; target?: CustomerTarget; limit: number }): SQL {
  const pattern = opts.q ? containing(opts.q) : undefined;
  // Found by any of their orders' names and addresses, or by the account's.
  const orderMatched = pattern ? sql`bool_or(k.email ILIKE ${pattern} OR k.customer_name ILIKE ${pattern})` : sql`true`;
  const matched = pattern ? sql`coalesce(g.matched, false) OR coalesce(a.email ILIKE ${pattern} OR a.name ILIKE ${pattern}, false)` : sql`true`;
  const after = opts.after;
  const afterCursor = !after
    ? sql`true`
    : after.lastOrderAt === null
      ? sql`(c.last_order_at IS NULL AND c.id > ${after.id})`
      : sql`(c.last_order_at < ${after.lastOrderAt}::timestamptz OR (c.last_order_at = ${after.lastOrderAt}::timestamptz AND c.id > ${after.id}) OR c.last_order_at IS NULL)`;
  const onlyTarget = opts.target
    ? sql`EXISTS (SELECT 1 FROM target t WHERE c.account_id = t.account_id OR (t.account_id IS NULL AND c.guest_email = t.email))`
    : sql`true`;
  return sql`${withAccounts(websiteId, opts.target)},
    keyed AS (
      SELECT o.id, o.number, o.created_at, o.email, o.customer_name, o.currency, o.total_cents, o.refunded_cents, o.status, o.payment_status, o.test_mode,
        coalesce(o.site_user_id, m.id) AS account_id,
        CASE WHEN o.site_user_id IS NULL AND m.id IS NULL THEN lower(o.email) END AS guest_email,
        coalesce('a-' || coalesce(o.site_user_id, m.id), 'e-' || lower(o.email)) AS customer_key
      FROM ${orders} o
      LEFT JOIN su m ON o.site_user_id IS NULL AND m.verified AND m.email = lower(o.email)
      ${opts.target ? OF_TARGET : sql``}
      WHERE o.website_id = ${websiteId}
    ),
    spent AS (
      SELECT customer_key, jsonb_agg(jsonb_build_object('currency', currency, 'cents', cents) ORDER BY currency) AS spent
      FROM (
        SELECT customer_key, currency,
          sum(CASE WHEN status = 'open' AND NOT test_mode AND payment_status IN ('paid', 'refunded') THEN total_cents - refunded_cents ELSE 0 END) AS cents
        FROM keyed GROUP BY customer_key, currency
      ) by_currency
      GROUP BY customer_key
    ),
    grouped AS (
      SELECT k.customer_key, k.account_id, k.guest_email, count(*)::int AS order_count, max(k.created_at) AS last_order_at,
        (array_agg(k.customer_name ORDER BY k.created_at DESC, k.number DESC))[1] AS last_name,
        (array_agg(k.email ORDER BY k.created_at DESC, k.number DESC))[1] AS last_email,
        (array_agg(k.currency ORDER BY k.created_at DESC, k.number DESC))[1] AS last_currency,
        (array_agg(k.id ORDER BY k.created_at, k.number))[1] AS first_order_id,
        ${orderMatched} AS matched
      FROM keyed k GROUP BY k.customer_key, k.account_id, k.guest_email
    ),
    c AS (
      SELECT CASE WHEN coalesce(g.account_id, a.id) IS NULL THEN 'g-' || g.first_order_id ELSE 'a-' || coalesce(g.account_id, a.id) END AS id,
        coalesce(g.account_id, a.id) AS account_id, g.guest_email,
        coalesce(nullif(a.name, ''), g.last_name, '') AS name, coalesce(a.email, g.last_email) AS email,
        coalesce(g.order_count, 0) AS order_count, g.last_order_at, g.last_currency, s.spent, a.since,
        ${matched} AS matched
      FROM grouped g
      FULL JOIN (SELECT * FROM su WHERE verified) a ON a.id = g.account_id
      LEFT JOIN spent s ON s.customer_key = g.customer_key
    )
    SELECT c.id, c.account_id IS NOT NULL AS "hasAccount", c.name, c.email, c.order_count AS "orderCount",
      to_json(c.last_order_at) #>> '{}' AS "lastOrderAt", c.last_currency AS "lastCurrency", coalesce(c.spent, '[]'::jsonb) AS spent,
      to_json(c.since) #>> '{}' AS "accountSince"
    FROM c
    WHERE c.matched AND ${afterCursor} AND ${onlyTarget}
    ORDER BY c.last_order_at DESC NULLS LAST, c.id
    LIMIT ${opts.limit}`;
}

/** The amounts that count, or zero in the last order's currency when none does yet; nothing for one who never ordered. */
function customerOf(row: ListedCustomer): CustomerRow {
  const { lastCurrency, spent, ...rest } = row;
  const counted = spent.map((s) => ({ currency: s.currency, cents: Number(s.cents) })).filter((s) => s.cents !== 0);
  return { ...rest, spent: counted.length > 0 ? counted : lastCurrency ? [{ currency: lastCurrency, cents: 0 }] : [] };
}

async function customerRows(ex: Executor, query: SQL): Promise<CustomerRow[]> {
  return ((await ex.execute(query)).rows as ListedCustomer[]).map(customerOf);
}

/** A page of the store's customers (those `q` finds), the latest buyer first, and the `after` of the next page, null on the last. */
export async function listCustomers(
  ex: Executor,
  websiteId: string,
  query: { q?: string | undefined; after?: string | undefined },
  pageSize = CUSTOMERS_PAGE_SIZE,
): Promise<{ customers: CustomerRow[]; next: string | null }> {
  const after = query.after ? parseCustomersCursor(query.after) : undefined;
  const rows = await customerRows(ex, customersSql(websiteId, { q: query.q, after, limit: pageSize + 1 }));
  const page = rows.slice(0, pageSize);
  return { customers: page, next: rows.length > pageSize ? cursorText(page.at(-1)!) : null };
}

/** One customer as the list shows them, or undefined when the store has none such. */
export async function customerById(ex: Executor, websiteId: string, target: CustomerTarget): Promise<CustomerRow | undefined> {
  const [row] = await customerRows(ex, customersSql(websiteId, { target, limit: 1 }));
  return row;
}

type CustomerOrderRow = Omit<CustomerOrder, 'status' | 'paymentStatus'> & { status: string; paymentStatus: string };

/** A page of the target's orders, newest first (numbered below `before` when given), and the `before` of the next page. */
export async function customerOrders(
  ex: Executor,
  websiteId: string,
  target: CustomerTarget,
  before?: number,
  pageSize = CUSTOMER_ORDERS_PAGE_SIZE,
): Promise<{ orders: CustomerOrder[]; next: number | null }> {
  const { rows } = await ex.execute(sql`${withAccounts(websiteId, target)}
    SELECT o.id, o.number, to_json(o.created_at) #>> '{}' AS "createdAt", o.currency, o.total_cents AS "totalCents", o.refunded_cents AS "refundedCents",
      o.status, o.payment_status AS "paymentStatus", o.test_mode AS "testMode",
      (SELECT CASE WHEN count(*) = 0 THEN NULL WHEN sum(l.fulfilled_quantity) = 0 THEN 'unfulfilled' WHEN sum(l.fulfilled_quantity) < sum(l.quantity) THEN 'partial' ELSE 'fulfilled' END
        FROM ${orderLines} l WHERE l.website_id = o.website_id AND l.order_id = o.id AND l.product_type = 'PHYSICAL') AS fulfilment
    FROM ${orders} o ${OF_TARGET}
    WHERE o.website_id = ${websiteId} ${before === undefined ? sql`` : sql`AND o.number < ${before}`}
    ORDER BY o.number DESC
    LIMIT ${pageSize + 1}`);
  const page = (rows as CustomerOrderRow[]).slice(0, pageSize) as CustomerOrder[];
  return { orders: page, next: rows.length > pageSize ? page.at(-1)!.number : null };
}

/** A signed-in customer's own orders, each with the token that opens its page (derived, never stored: ./order-token.ts). */
export async function accountOrders(
  db: Db,
  websiteId: string,
  siteUserId: string,
  before?: number,
  pageSize = CUSTOMER_ORDERS_PAGE_SIZE,
): Promise<{ orders: (CustomerOrder & { token: string })[]; next: number | null }> {
  const [secret, page] = await Promise.all([orderTokenSecret(db), customerOrders(db, websiteId, { accountId: siteUserId }, before, pageSize)]);
  return { orders: page.orders.map((o) => ({ ...o, token: orderToken(secret, websiteId, o.id) })), next: page.next };
}

/** A customer's cells, in CUSTOMER_CSV_COLUMNS' order; amounts in more than one currency are listed in both cells in the same order. */
function customerCsvCells(c: CustomerRow, time: (iso: string) => string): string[] {
  const amount = (s: { currency: string; cents: number }) => minorUnitsText(s.cents, isCurrencyCode(s.currency) ? currency(s.currency).fractionDigits : 2);
  return [
    c.name,
    c.email,
    c.hasAccount ? words.account : words.guest,
    String(c.orderCount),
    c.spent.map(amount).join('; '),
    c.spent.map((s) => s.currency).join('; '),
    c.lastOrderAt ? time(c.lastOrderAt) : '',
  ];
}

/** The CSV's lines: the header, then every customer the search finds, a page of CSV_PAGE a statement. */
export function customersCsv(ex: Executor, websiteId: string, q: string | undefined, timeZone: string): AsyncGenerator<string> {
  const time = localTime(timeZone);
  return (async function* () {
    yield CSV_BOM + csvRow(CUSTOMER_CSV_COLUMNS);
    let after: string | undefined;
    do {
      const page = await listCustomers(ex, websiteId, { q, after }, CSV_PAGE);
      yield page.customers.map((c) => csvRow(customerCsvCells(c, time))).join('');
      after = page.next ?? undefined;
    } while (after !== undefined);
  })();
}
