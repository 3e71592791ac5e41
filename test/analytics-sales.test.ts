/**
 * The analytics dashboard's sales (GET /api/config/analytics/sales): orders of every kind placed
 * in a week and in the week before it (paid, authorised, unpaid, cancelled, voided, refunded in
 * part and in whole, in test mode, in another currency, either side of the week's first midnight
 * in the site's time zone), and product views made through the real measurement calls (product
 * page views and quick views, beside views that are not of products) give exactly the figures
 * src/domain/sales-figures.ts defines, each week its own; in two SQL statements whatever the range.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getTableName } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { salesReport, type SalesReport } from '../src/contracts/analytics';
import { addDays } from '../src/domain/analytics-report';
import { RECORD_TYPES } from '../src/domain/record-types';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { analyticsApi } from '../src/messages/analytics-api';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { dayIn, MEASUREMENT_TABLES } from '../src/server/modules/measurement/measurement';
import { salesReport as readSales, salesStatement } from '../src/server/modules/measurement/sales-report';
import type { orders } from '../src/server/modules/orders/schema';
import { demoDatabase, type DemoApp } from './demo-app';
import { siteNamed } from './fixtures';
import { hitData, measurementClient, visitorRecord, type MeasurementClient } from './measurement-calls';
import { writeOrder } from './placed-order';
import { signedIn, type Client } from './session';
import { statementsDuring } from './statements';

let demo: DemoApp;
let app: FastifyInstance;
let sites = 0;

/** The demo site's zone and its store's currency, which every copy of it keeps. */
const ZONE = 'Europe/London';
const CURRENCY = 'GBP';

type Site = { id: string; host: string; owner: Client; visitor: MeasurementClient };

beforeAll(async () => {
  demo = await demoDatabase();
  app = await demo.start();
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => {
  await app.ingest.flush();
  return (await demo.database.pool.query<T>(text, params)).rows;
};
const ok = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBe(200);

/** A copy of the demo site (its shop in GBP) with an ADMIN signed in, and a visitor on it. */
async function newSite(): Promise<Site> {
  const identifier = `sales-${++sites}`;
  const loaded = loadDocument(siteNamed(identifier, `Sales ${sites}`), siteDocumentSchema);
  if (!loaded.ok) throw new Error('fixture invalid');
  const { websiteId } = await writeSiteDocument(demo.database.db, loaded.document);
  const host = `${identifier}.sites.test`;
  const email = `owner-${identifier}@example.com`;
  await setRole(demo.database.db, websiteId, await createAccount(demo.database.db, email, 'sales-password-1'), TEAM_ROLES.ADMIN);
  return { id: websiteId, host, owner: await signedIn(app, email, 'sales-password-1', host), visitor: await measurementClient(app, host) };
}

async function sales(site: Site, range: { from: string; to: string }): Promise<SalesReport> {
  const res = await site.owner.call('GET', `/api/config/analytics/sales?from=${range.from}&to=${range.to}`);
  ok(res);
  return salesReport.parse(res.json());
}

/** The instant `minutes` after the site day's midnight in its zone (before it when negative). */
async function at(day: string, minutes: number): Promise<string> {
  const [row] = await query<{ at: string }>(`SELECT to_json(($1::date::timestamp AT TIME ZONE $2) + make_interval(mins => $3)) #>> '{}' AS at`, [
    day,
    ZONE,
    minutes,
  ]);
  return row!.at;
}

let numbers = 5000;
/** An order of one line for `cents`, placed at `createdAt`, paid by card unless `more` says otherwise. */
function order(site: Site, cents: number, createdAt: string, more: Partial<typeof orders.$inferInsert> = {}) {
  return writeOrder(demo.database.db, site.id, [{ name: 'Harbour mug', productType: 'PHYSICAL', quantity: 1, unitPriceCents: cents }], {
    number: ++numbers,
    currency: CURRENCY,
    paymentStatus: 'paid',
    createdAt,
    ...more,
  });
}

const NOON = 12 * 60;
const PRODUCT_HIT = { recordType: RECORD_TYPES.PRODUCT, itemId: 'a1b2c3d4e5f6a1b2c3d4e5f6', collectionId: 'c0a7ac7f00000000000000aa' };

/** Product views as the runtime sends them: `pages` page views of product pages, `quick` quick views, and views that are not of products. */
async function views(site: Site, pages: number, quick: number) {
  const page = (pagePath: string) => ({ pagePath, url: `http://${site.host}${pagePath}` });
  for (let i = 0; i < pages; i++) {
    const res = await site.visitor.post('/api/census/RecordHit', {
      event: 1,
      data: hitData(site.id, { ...page('/shop/harbour-mug'), ...PRODUCT_HIT }),
      ss_cvr: visitorRecord(`shopper-${i}`, 1_760_000_000_000 + i),
    });
    ok(res);
  }
  for (let i = 0; i < quick; i++) ok(await site.visitor.post(`/api/census/RecordQuickView/${PRODUCT_HIT.itemId}`));
  // Not product views: a page that is not a product's, and a site search on a product page.
  ok(await site.visitor.post('/api/census/RecordHit', { event: 1, data: hitData(site.id, { ...page('/about'), recordType: RECORD_TYPES.PAGE }) }));
  ok(await site.visitor.post('/api/census/RecordHit', { event: 2, data: hitData(site.id, { ...page('/shop/harbour-mug'), ...PRODUCT_HIT, query: 'mug' }) }));
}

/** Moves every measurement row of the site `days` days back, as if it had come then. */
async function moveBack(site: Site, days: number) {
  for (const table of MEASUREMENT_TABLES.map(getTableName)) await query(`UPDATE ${table} SET day = day - $2::int WHERE website_id = $1`, [site.id, days]);
}

describe('the sales on the analytics dashboard', () => {
  it('count paid and authorised orders less their refunds against product views, each week its own, test and other-currency orders left out', async () => {
    const site = await newSite();
    const today = dayIn(ZONE);
    const week = { from: addDays(today, -6), to: today };
    const before = { from: addDays(today, -13), to: addDays(today, -7) };

    // The week before: two sales, one refunded in whole (an order still, with no revenue), the last
    // just before the week's first midnight; 2 product page views and 2 quick views.
    await order(site, 3300, await at(addDays(today, -10), NOON));
    await order(site, 2000, await at(addDays(today, -9), NOON), { paymentStatus: 'refunded', refundedCents: 2000 });
    await order(site, 1200, await at(week.from, -10));
    await views(site, 2, 2);
    await moveBack(site, 8);

    // This week: sales paid, authorised and refunded in part (the first just after its first
    // midnight), and orders that are not sales.
    await order(site, 700, await at(week.from, 10));
    await order(site, 2500, await at(addDays(today, -3), NOON), { paymentStatus: 'authorized' });
    await order(site, 4800, await at(addDays(today, -1), NOON));
    await order(site, 6000, await at(addDays(today, -1), NOON + 30), { refundedCents: 1500 });
    await order(site, 3000, await at(addDays(today, -1), NOON), { paymentStatus: 'unpaid', provider: 'manual', paymentMethod: 'bank_transfer' });
    await order(site, 3100, await at(addDays(today, -1), NOON), {
      paymentStatus: 'voided',
      status: 'canceled',
      provider: 'manual',
      paymentMethod: 'bank_transfer',
    });
    await order(site, 5200, await at(addDays(today, -2), NOON), { paymentStatus: 'authorized', status: 'canceled' });
    await order(site, 9900, await at(addDays(today, -2), NOON), { testMode: true });
    await order(site, 9800, await at(addDays(today, -2), NOON), { testMode: true, paymentStatus: 'unpaid', provider: 'manual' });
    await order(site, 1000, await at(addDays(today, -2), NOON), { currency: 'USD' });
    await views(site, 6, 3);

    const now = await sales(site, week);
    expect(now).toMatchObject({ range: week, timeZone: ZONE, currency: CURRENCY, testOrders: 1, otherCurrencyOrders: 1 });
    expect(now.totals).toEqual({
      revenueCents: 700 + 2500 + 4800 + 4500,
      orders: 4,
      averageOrderCents: 3125,
      productPageViews: 6,
      quickViews: 3,
      conversionPercent: 44.4,
    });
    expect(now.days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(week.from, i)));
    expect(now.days.filter((d) => d.orders > 0 || d.productPageViews > 0 || d.quickViews > 0)).toEqual([
      { day: week.from, revenueCents: 700, orders: 1, productPageViews: 0, quickViews: 0 },
      { day: addDays(today, -3), revenueCents: 2500, orders: 1, productPageViews: 0, quickViews: 0 },
      { day: addDays(today, -1), revenueCents: 9300, orders: 2, productPageViews: 0, quickViews: 0 },
      { day: today, revenueCents: 0, orders: 0, productPageViews: 6, quickViews: 3 },
    ]);

    const then = await sales(site, before);
    expect(then).toMatchObject({ testOrders: 0, otherCurrencyOrders: 0 });
    expect(then.totals).toEqual({ revenueCents: 4500, orders: 3, averageOrderCents: 1500, productPageViews: 2, quickViews: 2, conversionPercent: 75 });
    expect(then.days.find((d) => d.day === addDays(today, -8))).toMatchObject({ productPageViews: 2, quickViews: 2 });
    expect(then.days.find((d) => d.day === before.to)).toMatchObject({ revenueCents: 1200, orders: 1 });

    // Both weeks together are the sum of the two.
    const both = await sales(site, { from: before.from, to: week.to });
    expect(both.totals).toMatchObject({ revenueCents: 12_500 + 4500, orders: 7, productPageViews: 8, quickViews: 5, conversionPercent: 53.8 });
  });

  it('answer a site without sales or views with zeros, no average and no conversion, every day listed', async () => {
    const site = await newSite();
    const today = dayIn(ZONE);
    const res = await site.owner.call('GET', '/api/config/analytics/sales');
    ok(res);
    const answer = salesReport.parse(res.json());
    expect(answer.range).toEqual({ from: addDays(today, -29), to: today });
    expect(answer.days).toHaveLength(30);
    expect(answer.totals).toEqual({ revenueCents: 0, orders: 0, averageOrderCents: null, productPageViews: 0, quickViews: 0, conversionPercent: null });
    expect(answer).toMatchObject({ testOrders: 0, otherCurrencyOrders: 0 });
  });

  it('read in two SQL statements, the store’s currency and the days, whatever the range and the orders, writing nothing', async () => {
    const site = await newSite();
    const today = dayIn(ZONE);
    for (let i = 0; i < 30; i++) await order(site, 100 + i, await at(addDays(today, -i), 60 + i));
    await views(site, 3, 1);
    await app.ingest.flush();
    for (const days of [1, 90, 400]) {
      const range = { from: addDays(today, 1 - days), to: today };
      // The app's rollup sweep may run meanwhile and add statements of its own: the fewest of three reads are the call's.
      const reads = [];
      for (let i = 0; i < 3; i++) reads.push(await statementsDuring(() => readSales(demo.database.db, site.id, range, ZONE)));
      const read = reads.sort((a, b) => a.count - b.count)[0]!;
      expect(read.count, read.statements.join('\n')).toBe(2);
      expect(read.statements.join('\n')).not.toMatch(/\b(insert|update|delete)\b/i);
    }
    expect((await readSales(demo.database.db, site.id, { from: addDays(today, -399), to: today }, ZONE)).totals).toMatchObject({
      orders: 30,
      productPageViews: 3,
    });
  });

  it('reads the product views through partial indexes of only them, and the orders through their time, never a scan of the site’s rows', async () => {
    const site = await newSite();
    const today = dayIn(ZONE);
    // The indexes as src/server/modules/measurement/schema.ts declares them (made here until a migration has made them).
    await query(`CREATE INDEX IF NOT EXISTS census_hits_product_views ON census_hits (website_id, day) WHERE event = 1 AND record_type = 5`);
    await query(`CREATE INDEX IF NOT EXISTS census_events_quick_views ON census_events (website_id, day) WHERE kind = 'quick-view'`);
    const plan = await demo.database.db.transaction(async (tx) => {
      // With so few rows the planner would read whole tables: forbidding that shows which indexes the statement can use.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN ${salesStatement(site.id, { from: addDays(today, -89), to: today }, ZONE, CURRENCY)}`,
      );
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using census_hits_product_views/);
    expect(plan).toMatch(/Index (Only )?Scan using census_events_quick_views/);
    expect(plan).toMatch(/Scan (using|on) orders_created/);
    expect(plan).not.toMatch(/Seq Scan|census_hits_pkey|census_events_pkey/);
  });

  it('refuses the ranges the report refuses, with what is wrong', async () => {
    const site = await newSite();
    const res = await site.owner.call('GET', '/api/config/analytics/sales?from=2026-03-10&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: analyticsApi.order, errors: { from: analyticsApi.order } });
  });
});
