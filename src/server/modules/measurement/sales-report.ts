/**
 * The analytics dashboard's sales over a range of site days (GET /api/config/analytics/sales):
 * each day's sales (src/domain/sales-figures.ts says which orders are) and product views, the
 * range's figures from them, and how many orders were left out for being in test mode or in
 * another currency than the store's.
 *
 * Two statements, whatever the range and however many orders: the store's currency, then one
 * statement that reads
 * - the orders placed between the range's first and last midnight in the site's time zone, through
 *   their (website_id, created_at) index, bucketed by the site day they were placed on: the orders
 *   module's own statement (`salesByDaySql`), placed here as a common table expression;
 * - the product pages' page views (census hits of event 1 with record type PRODUCT) and the quick
 *   views (census counts of kind quick-view) from the raw rows through partial indexes on
 *   (website_id, day), so only those rows are read, never a scan of the site's raw rows. Raw rows
 *   are committed before their call is answered, so unlike the rollups nothing has to be rolled up
 *   first, and the call writes nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ReportRange, SalesReport } from '../../../contracts/analytics';
import { salesTotals, type SalesDay } from '../../../domain/sales-figures';
import { storeSettingsOf } from '../catalogue';
import { salesByDaySql } from '../orders';
import { PRODUCT_VIEW_HITS, QUICK_VIEW_EVENTS } from './schema';

const n = (v: unknown) => Number(v ?? 0);
/** Constants written into the statement, so the planner matches them to the partial indexes' predicates. */
const literal = (value: string | number) => sql.raw(typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`);

type Row = {
  day: string;
  revenue: string | null;
  orders: string | null;
  test_orders: string | null;
  other_currency_orders: string | null;
  page_views: string | null;
  quick_views: string | null;
};

/** The statement that reads the range's days (Row), in the store's `currency`. */
export function salesStatement(websiteId: string, range: ReportRange, timeZone: string, currency: string): SQL {
  const inDays = sql`website_id = ${websiteId} AND day BETWEEN ${range.from}::date AND ${range.to}::date`;
  return sql`WITH days AS (SELECT ${range.from}::date + i AS day FROM generate_series(0, ${range.to}::date - ${range.from}::date) AS i),
    placed AS (${salesByDaySql({ websiteId, from: range.from, to: range.to, timeZone, currency })}),
    page_views AS (
      SELECT day, count(*) AS n FROM census_hits
      WHERE ${inDays} AND event = ${literal(PRODUCT_VIEW_HITS.event)} AND record_type = ${literal(PRODUCT_VIEW_HITS.recordType)}
      GROUP BY day),
    quick_views AS (SELECT day, count(*) AS n FROM census_events WHERE ${inDays} AND kind = ${literal(QUICK_VIEW_EVENTS.kind)} GROUP BY day)
    SELECT d.day::text AS day, p.revenue, p.orders, p.test_orders, p.other_currency_orders, v.n AS page_views, q.n AS quick_views
    FROM days d
    LEFT JOIN placed p ON p.day = d.day
    LEFT JOIN page_views v ON v.day = d.day
    LEFT JOIN quick_views q ON q.day = d.day
    ORDER BY d.day`;
}

export async function salesReport(db: Executor, websiteId: string, range: ReportRange, timeZone: string): Promise<SalesReport> {
  const { selectedCurrency: currency } = await storeSettingsOf(db, websiteId);
  const { rows } = await db.execute<Row>(salesStatement(websiteId, range, timeZone, currency));
  const days: SalesDay[] = rows.map((r) => ({
    day: r.day,
    revenueCents: n(r.revenue),
    orders: n(r.orders),
    productPageViews: n(r.page_views),
    quickViews: n(r.quick_views),
  }));
  return {
    range,
    timeZone,
    currency,
    totals: salesTotals(days),
    days,
    testOrders: rows.reduce((sum, r) => sum + n(r.test_orders), 0),
    otherCurrencyOrders: rows.reduce((sum, r) => sum + n(r.other_currency_orders), 0),
  };
}
