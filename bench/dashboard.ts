/**
 * The analytics dashboard benchmark (a section of `npm run bench`; BENCH_ONLY=dashboard runs it
 * alone): the demo site on its own embedded PostgreSQL, given one million measurement events over
 * the last 90 days (600,000 page views in 200,000 visits of 60,000 visitors on 40 pages, 250,000
 * button and form counts, 100,000 vitals, 30,000 Track hits and 20,000 JavaScript errors), written
 * straight into the raw tables by INSERT … SELECT generate_series, and the rollups derived from
 * them by the rules ingestion follows (services/ingest.ts). Then each query of the dashboard
 * (services/analytics-report.ts) is timed over the last 30 and the last 90 days: the median of
 * BENCH_DASHBOARD_RUNS (7) runs after one to warm up, in milliseconds. Timings are printed, never
 * asserted.
 */
import path from 'node:path';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { connect, runMigrations, type Database } from '../src/db/client';
import { DATA_MIGRATIONS } from '../src/server/modules/content';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { deviceClass, lastDays, VIEWPORT_BANDS, NO_VIEWPORT } from '../src/domain/analytics-report';
import type { ReportRange } from '../src/contracts/analytics';
import { loadDocument } from '../src/document/load';
import {
  buttons,
  campaigns,
  dailySeries,
  dashboardReport,
  devices,
  formsReport,
  recentErrors,
  referrers,
  reportCsv,
  topPages,
  uniqueVisitors,
  viewports,
  vitals,
} from '../src/server/modules/measurement/analytics-report';
import { BUCKET_MIN, GROWTH, LAST_BUCKET } from '../src/server/modules/measurement/measurement-histogram';
import { dayIn } from '../src/server/modules/measurement/measurement';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { demoDocument } from '../test/fixtures';

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 7);
const DAYS = 90;
const VISITORS = 60_000;
const VISITS = 200_000;
const HITS_PER_VISIT = 3;
const PAGES = 40;
/** Rows per INSERT, so progress shows as it goes. */
const CHUNK = 100_000;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];
/** Viewport widths seen with each agent. */
const WIDTHS = [
  [1280, 1440, 1920, 1366],
  [390, 414, 375, 360],
  [820, 1024, 768, 834],
];
const BUTTONS = [
  ['37a025169b0ee060e5a5427b', 'Visit the studio', '/about'],
  ['f23536c7984a5435f2cb3954', 'Read the journal', '/journal'],
  ['ffe12d4685d04283a2d5ac05', 'Read the FAQ', '/blocks/accordion'],
];
const CONTACT_FORM = 'c0a7ac7f0000000000000001';

type Step = { label: string; rows: number; sql: (from: number, to: number) => string };

/** A SQL array literal of texts. */
const texts = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;

/** The raw tables' rows, `i` numbering them; each visit (k) has its day, visitor, agent and width. */
function rawSteps(websiteId: string, today: string): Step[] {
  const site = `'${websiteId}'`;
  const visitDay = (k: string) => `'${today}'::date - (${k} % ${DAYS})::int`;
  const visitor = (k: string) => `left(md5(((${k} * 7919) % ${VISITORS})::text), 22)`;
  const agent = (k: string) => `(CASE WHEN ${k} % 10 < 6 THEN 1 WHEN ${k} % 10 < 9 THEN 2 ELSE 3 END)`;
  const page = (i: string) => `(CASE WHEN ${i} % ${PAGES} = 0 THEN '/' ELSE '/journal/post-' || (${i} % ${PAGES}) END)`;
  const hits = VISITS * HITS_PER_VISIT;
  return [
    {
      label: 'census hits (page views)',
      rows: hits,
      sql: (from, to) => `
        INSERT INTO census_hits (website_id, day, event, visitor_hash, visit_start, new_visit, page_path, url, user_agent, viewport_inner_width, viewport_inner_height, extra)
        SELECT ${site}, ${visitDay('k')}, 1, ${visitor('k')}, 1700000000000 + k, i % ${HITS_PER_VISIT} = 0, p, 'http://localhost' || p,
               (${texts(AGENTS)})[${agent('k')}], (ARRAY[${WIDTHS.map((w) => `ARRAY[${w.join(', ')}]`).join(', ')}])[${agent('k')}][1 + k % 4], 800, '{}'
        FROM generate_series(${from}, ${to}) AS i, LATERAL (SELECT i / ${HITS_PER_VISIT} AS k, ${page('(i * 13)')} AS p) v`,
    },
    {
      label: 'button and form counts',
      rows: 250_000,
      sql: (from, to) => `
        INSERT INTO census_events (website_id, day, kind, visitor_hash, page_path, target_id, data)
        SELECT ${site}, ${visitDay('i')}, kind, ${visitor('i')}, '/', target,
               CASE WHEN kind LIKE 'button-%' THEN jsonb_build_object('id', target, 'buttonText', (${texts(BUTTONS.map((b) => b[1]!))})[1 + i % 3], 'clickthroughUrl', (${texts(BUTTONS.map((b) => b[2]!))})[1 + i % 3]) ELSE '{}' END
        FROM generate_series(${from}, ${to}) AS i,
             LATERAL (SELECT CASE WHEN i % 25 < 12 THEN 'button-render' WHEN i % 25 < 15 THEN 'button-click' WHEN i % 25 < 23 THEN 'form-render' ELSE 'overlay' END AS kind) k,
             LATERAL (SELECT CASE WHEN kind LIKE 'button-%' THEN (${texts(BUTTONS.map((b) => b[0]!))})[1 + i % 3] WHEN kind = 'form-render' THEN '${CONTACT_FORM}' ELSE 'popup-1' END AS target) t`,
    },
    {
      label: 'performance records (vitals)',
      rows: 100_000,
      sql: (from, to) => `
        INSERT INTO performance_records (website_id, day, page_load_id, app, event, name, value, page_path, client_timestamp, data)
        SELECT ${site}, ${visitDay('i / 5')}, 'load-' || (i / 5), 'frontsite', 'page_speed', m.name,
               m.scale * (0.3 + 2 * random() ^ 2), ${page('(i / 5)')}, 1760000000000, '{}'
        FROM generate_series(${from}, ${to}) AS i,
             LATERAL (SELECT (ARRAY['rum-lcp', 'rum-inp', 'rum-cls', 'rum-fcp', 'rum-ttfb'])[1 + i % 5] AS name, (ARRAY[2500, 200, 0.1, 1800, 800])[1 + i % 5] AS scale) m`,
    },
    {
      label: 'Track hits (referrers, campaigns)',
      rows: 30_000,
      sql: (from, to) => `
        INSERT INTO track_hits (website_id, day, visitor_hash, landing, page_path, refer, referrer_host, source, campaign)
        SELECT ${site}, ${visitDay('i')}, ${visitor('i')}, 'http://localhost/', '/', '', r.host,
               CASE WHEN i % 4 = 0 THEN 'news' END, CASE WHEN i % 4 = 0 THEN 'spring-' || (i % 12) END
        FROM generate_series(${from}, ${to}) AS i,
             LATERAL (SELECT (ARRAY['', 'search.example', 'social.example', 'news.example', 'blog' || (i % 200) || '.example'])[1 + i % 5] AS host) r`,
    },
    {
      label: 'JavaScript errors',
      rows: 20_000,
      sql: (from, to) => `
        INSERT INTO javascript_errors (website_id, day, event, app, url, user_agent, message, stack, file, line, "column", custom, client_timestamp)
        SELECT ${site}, ${visitDay('i')}, 'javascript_error', 'frontsite', 'http://localhost/', '${AGENTS[0]}', 'TypeError: x' || (i % 30) || ' is not a function',
               repeat('    at f (http://localhost/assets/a.js:1:' || i || E')\\n', 12), 'http://localhost/assets/a.js', 1, i % 500, '{}', 1760000000000
        FROM generate_series(${from}, ${to}) AS i`,
    },
  ];
}

/** The rollups, derived from the raw rows by ingestion's rules. */
function rollupSteps(websiteId: string): { label: string; sql: string }[] {
  const mine = `website_id = '${websiteId}'`;
  const deviceOf = `CASE user_agent ${AGENTS.map((a) => `WHEN '${a}' THEN '${deviceClass(a, null)}'`).join(' ')} ELSE 'unknown' END`;
  const bandOf = `coalesce((SELECT max(b) FROM unnest(ARRAY[${VIEWPORT_BANDS.join(', ')}]) AS b WHERE b <= viewport_inner_width), ${NO_VIEWPORT})`;
  return [
    { label: 'visit_starts', sql: `INSERT INTO visit_starts SELECT DISTINCT website_id, day, visitor_hash, visit_start FROM census_hits WHERE ${mine}` },
    { label: 'visitor_days', sql: `INSERT INTO visitor_days SELECT DISTINCT website_id, day, visitor_hash FROM census_hits WHERE ${mine}` },
    {
      label: 'page_daily_stats',
      sql: `INSERT INTO page_daily_stats (website_id, day, page_path, page_views, visits, form_renders, button_renders, button_clicks, overlay_views, quick_views)
            SELECT website_id, day, page_path, sum(v), sum(s), sum(f), sum(br), sum(bc), sum(o), 0 FROM (
              SELECT website_id, day, page_path, count(*) AS v, count(*) FILTER (WHERE new_visit) AS s, 0 AS f, 0 AS br, 0 AS bc, 0 AS o FROM census_hits WHERE ${mine} GROUP BY 1, 2, 3
              UNION ALL
              SELECT website_id, day, page_path, 0, 0, count(*) FILTER (WHERE kind = 'form-render'), count(*) FILTER (WHERE kind = 'button-render'),
                     count(*) FILTER (WHERE kind = 'button-click'), count(*) FILTER (WHERE kind = 'overlay') FROM census_events WHERE ${mine} GROUP BY 1, 2, 3) c
            GROUP BY 1, 2, 3`,
    },
    {
      label: 'device_daily',
      sql: `INSERT INTO device_daily (website_id, day, device, viewport_band, page_views, visits)
            SELECT website_id, day, ${deviceOf}, ${bandOf}, count(*), count(*) FILTER (WHERE new_visit) FROM census_hits WHERE ${mine} GROUP BY 1, 2, 3, 4`,
    },
    {
      label: 'census_target_daily',
      sql: `INSERT INTO census_target_daily (website_id, day, kind, target_id, label, link, count)
            SELECT website_id, day, kind, target_id, coalesce(max(data ->> 'buttonText'), ''), coalesce(max(data ->> 'clickthroughUrl'), ''), count(*)
            FROM census_events WHERE ${mine} GROUP BY 1, 2, 3, 4`,
    },
    {
      label: 'vitals_daily',
      sql: `INSERT INTO vitals_daily (website_id, day, page_path, metric, bucket, count)
            SELECT website_id, day, page_path, name, b, count(*) FROM performance_records,
                   LATERAL (SELECT CASE WHEN value <= ${BUCKET_MIN} THEN 0 ELSE least(${LAST_BUCKET}, ceil(ln(value / ${BUCKET_MIN}) / ln(${GROWTH})))::int END AS b) x
            WHERE ${mine} GROUP BY 1, 2, 3, 4, 5`,
    },
    {
      label: 'referrer_daily',
      sql: `INSERT INTO referrer_daily SELECT website_id, day, referrer_host, count(*) FROM track_hits WHERE ${mine} GROUP BY 1, 2, 3`,
    },
    {
      label: 'campaign_daily',
      sql: `INSERT INTO campaign_daily (website_id, day, source, campaign, subcampaign, channel, subchannel, variation, mkwid, hits)
            SELECT website_id, day, coalesce(source, ''), coalesce(campaign, ''), '', '', '', '', '', count(*) FROM track_hits WHERE ${mine} GROUP BY 1, 2, 3, 4`,
    },
  ];
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function generate(database: Database, websiteId: string, today: string): Promise<void> {
  const started = performance.now();
  let written = 0;
  for (const step of rawSteps(websiteId, today)) {
    for (let from = 0; from < step.rows; from += CHUNK) {
      await database.pool.query(step.sql(from, Math.min(step.rows, from + CHUNK) - 1));
      written += Math.min(CHUNK, step.rows - from);
      process.stdout.write(`\r  raw events: ${written.toLocaleString('en')} of 1,000,000 (${step.label}) ${seconds(started)}      `);
    }
  }
  process.stdout.write('\n');
  for (const step of rollupSteps(websiteId)) {
    process.stdout.write(`\r  rollups: ${step.label} ${seconds(started)}                         `);
    await database.pool.query(step.sql);
  }
  process.stdout.write(`\r  rollups: done ${seconds(started)}                              \n  vacuum analyze…`);
  await database.pool.query('VACUUM ANALYZE');
  process.stdout.write(` done, ${seconds(started)} in all\n`);
}

/** The median of RUNS runs of `run`, after one to warm up, in milliseconds. */
async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Reads a CSV file as it streams out; its length in characters. */
async function drain(lines: AsyncIterable<string>): Promise<number> {
  let length = 0;
  for await (const chunk of lines) length += chunk.length;
  return length;
}

export async function dashboardBench(dataDir: string): Promise<void> {
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'dashboard') });
  const database = connect(pg.url, 4);
  try {
    await runMigrations(database, DATA_MIGRATIONS);
    const loaded = loadDocument(demoDocument(), siteDocumentSchema);
    if (!loaded.ok) throw new Error('the demo document is invalid');
    const { websiteId } = await writeSiteDocument(database.db, loaded.document, { makeDefault: true });
    const { timeZone } = loaded.document.settings;
    const today = dayIn(timeZone);
    console.log(`Analytics dashboard over one million events (${DAYS} days, ${VISITORS.toLocaleString('en')} visitors), median of ${RUNS} runs:`);
    await generate(database, websiteId, today);

    const { db } = database;
    const queries: [string, (r: ReportRange) => Promise<unknown>][] = [
      ['unique visitors (COUNT DISTINCT)', (r) => uniqueVisitors(db, websiteId, r)],
      ['visits by day', (r) => dailySeries(db, websiteId, r)],
      ['top pages', (r) => topPages(db, websiteId, r, 20)],
      ['referrers', (r) => referrers(db, websiteId, r, 20)],
      ['campaigns', (r) => campaigns(db, websiteId, r, 20)],
      ['devices', (r) => devices(db, websiteId, r)],
      ['viewport sizes', (r) => viewports(db, websiteId, r)],
      ['forms: views and submissions', (r) => formsReport(db, websiteId, r, timeZone)],
      ['buttons', (r) => buttons(db, websiteId, r, 20)],
      ['Core Web Vitals p75', (r) => vitals(db, websiteId, r, 20)],
      ['recent errors (first page)', (r) => recentErrors(db, websiteId, r)],
      ['the whole dashboard call', (r) => dashboardReport(db, websiteId, r, timeZone)],
      ['CSV of every error', (r) => drain(reportCsv(db, websiteId, r, timeZone, 'errors'))],
    ];
    const ranges = [lastDays(today, 30), lastDays(today, DAYS)];
    console.log(`${'query'.padEnd(34)} ${'30 days'.padStart(10)} ${`${DAYS} days`.padStart(10)}`);
    for (const [name, run] of queries) {
      const times: number[] = [];
      for (const range of ranges) times.push(await median(() => run(range)));
      console.log(`${name.padEnd(34)} ${times.map((t) => `${t.toFixed(1)} ms`.padStart(10)).join(' ')}`);
    }
  } finally {
    await database.close();
    await pg.stop();
  }
}
