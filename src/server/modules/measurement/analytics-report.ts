/**
 * The owner's analytics report over a range of site days: totals, a series per day, top pages,
 * referrers, campaigns, devices and viewport widths, form views against submissions, button clicks,
 * Core Web Vitals at the 75th percentile per page, and the latest JavaScript errors; and each of its
 * tables as CSV (./csv.ts rules).
 *
 * Every figure comes from the rollups that ingestion keeps (services/ingest.ts) or from a raw table
 * through its primary key's (website_id, day, …) order, so a report reads the days it covers and
 * never scans a site's raw rows. A report first adds every queued batch to the rollups (`rollUp`),
 * so it shows every acknowledged call:
 * - unique visitors over the range are COUNT(DISTINCT) of the days' visitor sets (visitor_days),
 *   never a sum of daily uniques: a visitor who came on two days is one visitor;
 * - a vital's p75 is read from the histogram buckets of every day and page in the range, summed
 *   (vitals_daily), by the nearest-rank rule of services/measurement-histogram.ts: exact to the
 *   bucket (under 2% above the value), never an average of daily percentiles. It is rated by
 *   web-vitals' thresholds, the ones the visitor runtime rates single values by;
 * - submissions come from form_submissions by their time, between the range's first and last
 *   midnight in the site's time zone.
 * The dashboard's queries run in one read-only snapshot, so its totals and series agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import {
  CAMPAIGN_FIELDS,
  DEVICE_CLASSES,
  DEVICE_LABELS,
  ERRORS_PAGE_SIZE,
  REPORT_TOP_ROWS,
  REPORT_VITALS,
  RATING_LABELS,
  formatVital,
  viewportBandLabel,
  type ReportTable,
} from '../../../domain/analytics-report';
import type {
  ButtonRow,
  CampaignRow,
  DashboardReport,
  DayRow,
  DeviceRow,
  ErrorRow,
  ErrorsPage,
  FormRow,
  PageRow,
  ReferrerRow,
  ReportRange,
  ViewportRow,
  VitalsRow,
} from '../../../contracts/analytics';
import { rating, THRESHOLDS } from '../../../domain/vitals';
import { CSV_BOM, csvRow } from '../../http/csv';
import { listFormsAndLists } from '../forms';
import { rollUp } from './rollups';
import { bucketUpperBound } from './measurement-histogram';
import { analyticsReport } from '../../../messages/analytics-report';

const n = (v: unknown) => Number(v ?? 0);

async function rows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** The range's rows of a rollup keyed (website_id, day, …). */
const inRange = (websiteId: string, range: ReportRange) => sql`website_id = ${websiteId} AND day BETWEEN ${range.from}::date AND ${range.to}::date`;
const limited = (limit: number | undefined) => (limit === undefined ? sql`` : sql`LIMIT ${limit}`);

/**
 * Unique visitors over the whole range: the distinct visitors of the days' visitor sets, counted
 * once (COUNT(DISTINCT), written as a count of groups so PostgreSQL hashes them rather than sorting
 * every row of the range: a third faster over 90 busy days, bench/dashboard.ts).
 */
export async function uniqueVisitors(db: Executor, websiteId: string, range: ReportRange): Promise<number> {
  const [row] = await rows<{ visitors: string }>(
    db,
    sql`SELECT count(*) AS visitors FROM (SELECT visitor_hash FROM visitor_days WHERE ${inRange(websiteId, range)} GROUP BY visitor_hash) v`,
  );
  return n(row?.visitors);
}

/** Every day of the range, days without data included: visits, that day's unique visitors, page views. */
export async function dailySeries(db: Executor, websiteId: string, range: ReportRange): Promise<DayRow[]> {
  const found = await rows<{ day: string; visits: string | null; page_views: string | null; visitors: string | null }>(
    db,
    sql`SELECT d.day::text AS day, p.visits, p.page_views, v.visitors
        FROM (SELECT ${range.from}::date + i AS day FROM generate_series(0, ${range.to}::date - ${range.from}::date) AS i) d
        LEFT JOIN (SELECT day, sum(visits) AS visits, sum(page_views) AS page_views FROM page_daily_stats WHERE ${inRange(websiteId, range)} GROUP BY day) p ON p.day = d.day
        LEFT JOIN (SELECT day, count(*) AS visitors FROM visitor_days WHERE ${inRange(websiteId, range)} GROUP BY day) v ON v.day = d.day
        ORDER BY d.day`,
  );
  return found.map((r) => ({ day: r.day, visits: n(r.visits), visitors: n(r.visitors), pageViews: n(r.page_views) }));
}

/** Pages by page views ('' is the page of calls that named none). */
export async function topPages(db: Executor, websiteId: string, range: ReportRange, limit?: number): Promise<PageRow[]> {
  const found = await rows<{ page_path: string; page_views: string; visits: string }>(
    db,
    sql`SELECT page_path, sum(page_views) AS page_views, sum(visits) AS visits FROM page_daily_stats WHERE ${inRange(websiteId, range)}
        GROUP BY page_path HAVING sum(page_views) + sum(visits) > 0 ORDER BY sum(page_views) DESC, sum(visits) DESC, page_path ${limited(limit)}`,
  );
  return found.map((r) => ({ pagePath: r.page_path, pageViews: n(r.page_views), visits: n(r.visits) }));
}

/** Track hits by referrer host ('' for none: direct visits and referrers the browser withheld). */
export async function referrers(db: Executor, websiteId: string, range: ReportRange, limit?: number): Promise<ReferrerRow[]> {
  const found = await rows<{ referrer_host: string; hits: string }>(
    db,
    sql`SELECT referrer_host, sum(hits) AS hits FROM referrer_daily WHERE ${inRange(websiteId, range)} GROUP BY referrer_host ORDER BY sum(hits) DESC, referrer_host ${limited(limit)}`,
  );
  return found.map((r) => ({ referrerHost: r.referrer_host, hits: n(r.hits) }));
}

/** Track hits by campaign parameters; landings without any campaign parameter are left out. */
export async function campaigns(db: Executor, websiteId: string, range: ReportRange, limit?: number): Promise<CampaignRow[]> {
  const columns = sql.raw(CAMPAIGN_FIELDS.join(', '));
  const found = await rows<Record<(typeof CAMPAIGN_FIELDS)[number], string> & { hits: string }>(
    db,
    sql`SELECT ${columns}, sum(hits) AS hits FROM campaign_daily WHERE ${inRange(websiteId, range)} AND concat(${columns}) <> ''
        GROUP BY ${columns} ORDER BY sum(hits) DESC, ${columns} ${limited(limit)}`,
  );
  return found.map((r) => ({
    ...(Object.fromEntries(CAMPAIGN_FIELDS.map((f) => [f, r[f]])) as Record<(typeof CAMPAIGN_FIELDS)[number], string>),
    hits: n(r.hits),
  }));
}

/** Visits and page views by device class, in DEVICE_CLASSES order, classes without any left out. */
export async function devices(db: Executor, websiteId: string, range: ReportRange): Promise<DeviceRow[]> {
  const found = await rows<{ device: string; visits: string; page_views: string }>(
    db,
    sql`SELECT device, sum(visits) AS visits, sum(page_views) AS page_views FROM device_daily WHERE ${inRange(websiteId, range)} GROUP BY device`,
  );
  return DEVICE_CLASSES.flatMap((device) => {
    const r = found.find((f) => f.device === device);
    return r ? [{ device, label: DEVICE_LABELS[device], visits: n(r.visits), pageViews: n(r.page_views) }] : [];
  });
}

/** Visits and page views by viewport width band, narrowest first, unknown widths last. */
export async function viewports(db: Executor, websiteId: string, range: ReportRange): Promise<ViewportRow[]> {
  const found = await rows<{ viewport_band: number; visits: string; page_views: string }>(
    db,
    sql`SELECT viewport_band, sum(visits) AS visits, sum(page_views) AS page_views FROM device_daily WHERE ${inRange(websiteId, range)}
        GROUP BY viewport_band ORDER BY viewport_band < 0, viewport_band`,
  );
  return found.map((r) => ({ band: r.viewport_band, label: viewportBandLabel(r.viewport_band), visits: n(r.visits), pageViews: n(r.page_views) }));
}

/**
 * Each form of the site with its views (form-render counts) and the submissions received in the
 * range, by views; `on` runs the range's queries (the dashboard's snapshot), `db` reads the forms' names.
 */
export async function formsReport(db: Db, websiteId: string, range: ReportRange, timeZone: string, on: Executor = db): Promise<FormRow[]> {
  const views = await rows<{ target_id: string; views: string }>(
    on,
    sql`SELECT target_id, sum(count) AS views FROM census_target_daily WHERE ${inRange(websiteId, range)} AND kind = 'form-render' GROUP BY target_id`,
  );
  const submissions = await rows<{ form_id: string; submissions: string }>(
    on,
    sql`SELECT form_id, count(*) AS submissions FROM form_submissions
        WHERE website_id = ${websiteId}
          AND created_at >= (${range.from}::date::timestamp AT TIME ZONE ${timeZone})
          AND created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})
        GROUP BY form_id`,
  );
  const { forms } = await listFormsAndLists(db, websiteId);
  const names = new Map(forms.map((f) => [f.formId, f.name]));
  const viewsOf = new Map(views.map((v) => [v.target_id, n(v.views)]));
  const submissionsOf = new Map(submissions.map((s) => [s.form_id, n(s.submissions)]));
  const ids = new Set([...names.keys(), ...viewsOf.keys(), ...submissionsOf.keys()]);
  return [...ids]
    .map((formId) => ({ formId, name: names.get(formId) ?? 'Removed form', views: viewsOf.get(formId) ?? 0, submissions: submissionsOf.get(formId) ?? 0 }))
    .sort((a, b) => b.views - a.views || b.submissions - a.submissions || a.name.localeCompare(b.name));
}

/** Buttons by clicks, with their renders and their latest text and address in the range. */
export async function buttons(db: Executor, websiteId: string, range: ReportRange, limit?: number): Promise<ButtonRow[]> {
  const found = await rows<{ target_id: string; label: string; link: string; renders: string; clicks: string }>(
    db,
    sql`SELECT target_id,
               (array_agg(label ORDER BY day DESC, kind))[1] AS label,
               (array_agg(link ORDER BY day DESC, kind))[1] AS link,
               sum(count) FILTER (WHERE kind = 'button-render') AS renders,
               sum(count) FILTER (WHERE kind = 'button-click') AS clicks
        FROM census_target_daily WHERE ${inRange(websiteId, range)} AND kind IN ('button-render', 'button-click')
        GROUP BY target_id ORDER BY sum(count) FILTER (WHERE kind = 'button-click') DESC NULLS LAST, target_id ${limited(limit)}`,
  );
  return found.map((r) => ({ buttonId: r.target_id, text: r.label, link: r.link, renders: n(r.renders), clicks: n(r.clicks) }));
}

const VITAL_OF_METRIC = new Map<string, (typeof REPORT_VITALS)[number]>(REPORT_VITALS.map((v) => [v.metric, v]));

/**
 * Each page's p75 per vital, and the site's (pagePath null, first), from the range's histograms
 * summed per page and metric: the p75 is the upper bound of the first bucket whose running count
 * reaches ceil(0.75 × samples), as percentileOf reads it. Pages by their samples, most first.
 */
export async function vitals(db: Executor, websiteId: string, range: ReportRange, limit?: number): Promise<VitalsRow[]> {
  const metrics = REPORT_VITALS.map((v) => v.metric);
  const found = await rows<{ page_path: string | null; metric: string; samples: string; p75_bucket: number }>(
    db,
    sql`WITH summed AS (
          SELECT page_path, metric, bucket, sum(count) AS n FROM vitals_daily
          WHERE ${inRange(websiteId, range)} AND metric IN (${sql.join(
            metrics.map((m) => sql`${m}`),
            sql`, `,
          )})
          GROUP BY GROUPING SETS ((page_path, metric, bucket), (metric, bucket))),
        running AS (
          SELECT page_path, metric, bucket,
                 sum(n) OVER (PARTITION BY page_path, metric ORDER BY bucket) AS running,
                 sum(n) OVER (PARTITION BY page_path, metric) AS samples
          FROM summed)
        SELECT page_path, metric, max(samples) AS samples, min(bucket) FILTER (WHERE running >= ceil(0.75 * samples)) AS p75_bucket
        FROM running GROUP BY page_path, metric`,
  );
  const pages = new Map<string | null, VitalsRow>();
  for (const r of found) {
    const vital = VITAL_OF_METRIC.get(r.metric)!;
    const row = pages.get(r.page_path) ?? { pagePath: r.page_path, samples: 0, metrics: {} };
    const p75 = bucketUpperBound(r.p75_bucket);
    const rated = rating(vital.name, p75);
    row.metrics[vital.name] = { p75, display: formatVital(vital.name, p75), rating: rated, ratingLabel: RATING_LABELS[rated], samples: n(r.samples) };
    row.samples = Math.max(row.samples, n(r.samples));
    pages.set(r.page_path, row);
  }
  const site = pages.get(null);
  pages.delete(null);
  const byPage = [...pages.values()].sort((a, b) => b.samples - a.samples || (a.pagePath ?? '').localeCompare(b.pagePath ?? ''));
  return [...(site ? [site] : []), ...(limit === undefined ? byPage : byPage.slice(0, limit))];
}

/* ---------- JavaScript errors ---------- */

/** An error's place in the newest-first order: its site day and id. */
const cursorOf = (day: string, id: number) => `${day}.${id}`;
export const ERROR_CURSOR = /^(\d{4}-\d{2}-\d{2})\.(\d{1,18})$/;

/** The range's errors, newest first, `size` at a time after `before` (a cursor of the previous page). */
export async function recentErrors(
  db: Executor,
  websiteId: string,
  range: ReportRange,
  opts: { before?: string | undefined; size?: number } = {},
): Promise<ErrorsPage> {
  const size = opts.size ?? ERRORS_PAGE_SIZE;
  const at = opts.before ? ERROR_CURSOR.exec(opts.before) : null;
  const after = at ? sql`AND (day, id) < (${at[1]}::date, ${at[2]}::bigint)` : sql``;
  const found = await rows<Omit<ErrorRow, 'cursor' | 'receivedAt'> & { day: string; id: string; receivedAt: Date | string }>(
    db,
    sql`SELECT day::text AS day, id, received_at AS "receivedAt", message, stack, url, file, line, "column", user_agent AS "userAgent" FROM javascript_errors
        WHERE ${inRange(websiteId, range)} ${after} ORDER BY javascript_errors.day DESC, id DESC LIMIT ${size + 1}`,
  );
  const errors = found
    .slice(0, size)
    .map(({ day, id, receivedAt, ...error }) => ({ cursor: cursorOf(day, Number(id)), receivedAt: new Date(receivedAt).toISOString(), ...error }));
  return { errors, next: found.length > size ? errors[errors.length - 1]!.cursor : null };
}

/* ---------- the dashboard and its CSV files ---------- */

/** The dashboard's figures, read in one snapshot once every acknowledged call is in the rollups. */
export async function dashboardReport(db: Db, websiteId: string, range: ReportRange, timeZone: string): Promise<DashboardReport> {
  await rollUp(db, { wait: true });
  return db.transaction(
    async (tx) => {
      const days = await dailySeries(tx, websiteId, range);
      const totals = {
        visits: days.reduce((sum, d) => sum + d.visits, 0),
        visitors: await uniqueVisitors(tx, websiteId, range),
        pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
      };
      return {
        range,
        timeZone,
        totals,
        days,
        pages: await topPages(tx, websiteId, range, REPORT_TOP_ROWS),
        referrers: await referrers(tx, websiteId, range, REPORT_TOP_ROWS),
        campaigns: await campaigns(tx, websiteId, range, REPORT_TOP_ROWS),
        devices: await devices(tx, websiteId, range),
        viewports: await viewports(tx, websiteId, range),
        forms: await formsReport(db, websiteId, range, timeZone, tx),
        buttons: await buttons(tx, websiteId, range, REPORT_TOP_ROWS),
        vitals: await vitals(tx, websiteId, range, REPORT_TOP_ROWS),
        thresholds: THRESHOLDS,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** 12.5% as the CSV shows a rate; empty when nothing was shown. */
const rate = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '');
const pageName = (path: string | null) => (path === null ? 'All pages' : path === '' ? '(no page named)' : path);
const ERRORS_CSV_BATCH = 500;

/** One table of the report over the range, every row, as CSV lines (the first with the byte-order mark and the header). */
export async function* reportCsv(db: Db, websiteId: string, range: ReportRange, timeZone: string, table: ReportTable): AsyncGenerator<string> {
  await rollUp(db, { wait: true });
  const lines = (header: string[], body: string[][]) => CSV_BOM + [header, ...body].map(csvRow).join('');
  switch (table) {
    case 'days':
      yield lines(
        ['Day', 'Visits', 'Unique visitors', 'Page views'],
        (await dailySeries(db, websiteId, range)).map((d) => [d.day, String(d.visits), String(d.visitors), String(d.pageViews)]),
      );
      return;
    case 'pages':
      yield lines(
        ['Page', 'Page views', analyticsReport.visitsStartedHere],
        (await topPages(db, websiteId, range)).map((p) => [pageName(p.pagePath), String(p.pageViews), String(p.visits)]),
      );
      return;
    case 'referrers':
      yield lines(
        ['Referrer', 'Visits'],
        (await referrers(db, websiteId, range)).map((r) => [r.referrerHost || '(direct or unknown)', String(r.hits)]),
      );
      return;
    case 'campaigns':
      yield lines(
        ['Source', 'Campaign', 'Subcampaign', 'Channel', 'Subchannel', 'Variation', 'Keyword id (mkwid)', 'Visits'],
        (await campaigns(db, websiteId, range)).map((c) => [...CAMPAIGN_FIELDS.map((f) => c[f]), String(c.hits)]),
      );
      return;
    case 'devices':
      yield lines(
        ['Device', 'Visits', 'Page views'],
        (await devices(db, websiteId, range)).map((d) => [d.label, String(d.visits), String(d.pageViews)]),
      );
      return;
    case 'viewports':
      yield lines(
        ['Viewport width', 'Visits', 'Page views'],
        (await viewports(db, websiteId, range)).map((v) => [v.label, String(v.visits), String(v.pageViews)]),
      );
      return;
    case 'forms':
      yield lines(
        ['Form', 'Form id', 'Views', 'Submissions', analyticsReport.submissionsPerView],
        (await formsReport(db, websiteId, range, timeZone)).map((f) => [
          f.name,
          f.formId,
          String(f.views),
          String(f.submissions),
          rate(f.submissions, f.views),
        ]),
      );
      return;
    case 'buttons':
      yield lines(
        ['Button text', 'Goes to', 'Button id', 'Shown', 'Clicks', analyticsReport.clicksPerView],
        (await buttons(db, websiteId, range)).map((b) => [b.text, b.link, b.buttonId, String(b.renders), String(b.clicks), rate(b.clicks, b.renders)]),
      );
      return;
    case 'vitals':
      yield lines(
        ['Page', 'Metric', '75th percentile', 'Unit', 'Rating', 'Samples'],
        (await vitals(db, websiteId, range)).flatMap((row) =>
          REPORT_VITALS.flatMap((v) => {
            const value = row.metrics[v.name];
            return value ? [[pageName(row.pagePath), v.name, String(Number(value.p75.toPrecision(4))), v.unit, value.ratingLabel, String(value.samples)]] : [];
          }),
        ),
      );
      return;
    case 'errors': {
      yield CSV_BOM + csvRow(['Received at (UTC)', 'Message', 'Page address', 'File', 'Line', 'Column', 'Browser', 'Stack']);
      let before: string | undefined;
      for (;;) {
        const page = await recentErrors(db, websiteId, range, { before, size: ERRORS_CSV_BATCH });
        if (page.errors.length) {
          yield page.errors
            .map((e) =>
              csvRow([
                e.receivedAt,
                e.message,
                e.url,
                e.file ?? '',
                e.line === null ? '' : String(e.line),
                e.column === null ? '' : String(e.column),
                e.userAgent ?? '',
                e.stack,
              ]),
            )
            .join('');
        }
        if (!page.next) return;
        before = page.next;
      }
    }
  }
}
