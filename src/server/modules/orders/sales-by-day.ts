/**
 * Sales per site day, as the analytics dashboard reads them (src/domain/sales-figures.ts says
 * which orders are sales): a statement over this module's `orders` table that a caller places in
 * its own query as a common table expression, so the dashboard reads its sales and its product
 * views in one statement while the orders table stays this module's. It goes through the orders'
 * (website_id, created_at) index, bucketed by the site day the order was placed on.
 *
 * Columns: `day` (date), `revenue` (the sales' totals less their refunds, in the store's currency),
 * `orders` (the sales), `test_orders` and `other_currency_orders` (left out, for the dashboard's note).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CANCELED_ORDER, SALE_PAYMENT_STATUSES } from '../../../domain/sales-figures';

/** A constant written into the statement, as the planner needs a partial index's values. */
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

export function salesByDaySql(input: { websiteId: string; from: string; to: string; timeZone: string; currency: string }): SQL {
  const { websiteId, from, to, timeZone, currency } = input;
  const sale = sql`NOT test_mode AND currency = ${currency}`;
  return sql`SELECT (created_at AT TIME ZONE ${timeZone})::date AS day,
             sum(total_cents - refunded_cents) FILTER (WHERE ${sale}) AS revenue,
             count(*) FILTER (WHERE ${sale}) AS orders,
             count(*) FILTER (WHERE test_mode) AS test_orders,
             count(*) FILTER (WHERE NOT test_mode AND currency <> ${currency}) AS other_currency_orders
      FROM orders
      WHERE website_id = ${websiteId}
        AND created_at >= (${from}::date::timestamp AT TIME ZONE ${timeZone})
        AND created_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone})
        AND status <> ${literal(CANCELED_ORDER)}
        AND payment_status IN (${sql.join(SALE_PAYMENT_STATUSES.map(literal), sql`, `)})
      GROUP BY 1`;
}
