/**
 * The owner's analytics report (GET /api/config/analytics, its errors pages and CSV files), fed
 * through the real measurement calls: unique visitors over a range are not the sum of daily
 * uniques; a vital's p75 comes from the range's summed histograms, not from daily percentiles;
 * form views against submissions; button clicks; devices and viewport widths, and the rollups
 * behind them equal to recounts from the raw rows; referrers and campaigns; errors a page at a
 * time; CSV quoting and formula neutralisation; range checks (400 with what is wrong); and who may
 * read it. Each test has a site of its own, so their numbers never mix.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { addDays, deviceClass, REPORT_RANGE, REPORT_TABLES, viewportBand } from '../src/domain/analytics-report';
import { dashboardReport, errorsPage, type DashboardReport } from '../src/contracts/analytics';
import { TEAM_ROLES, type TeamRole } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { analyticsApi } from '../src/messages/analytics-api';
import { format } from '../src/messages/format';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { dayIn, MEASUREMENT_TABLES } from '../src/server/modules/measurement/measurement';
import { histogramOf, percentileOf } from '../src/server/modules/measurement/measurement-histogram';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { demoDatabase, type DemoApp } from './demo-app';
import { siteNamed } from './fixtures';
import { buttonPayload, errorReport, hitData, measurementClient, performanceRecord, visitorRecord, type MeasurementClient } from './measurement-calls';
import { signedIn, type Client } from './session';

let demo: DemoApp;
let app: FastifyInstance;
let sites = 0;

const CONTACT_FORM = 'c0a7ac7f0000000000000001';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** The demo site's zone, which every copy of it keeps. */
const ZONE = 'Europe/London';

type Site = { id: string; host: string; owner: Client; visitor: MeasurementClient };

beforeAll(async () => {
  demo = await demoDatabase();
  app = await demo.start();
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

/** Reads and writes rows once every acknowledged call is in the rollups too (they are added right after each batch commits). */
const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => {
  await app.ingest.flush();
  return (await demo.database.pool.query<T>(text, params)).rows;
};
const ok = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBe(200);

/** A copy of the demo site with an ADMIN signed in, and a visitor on it. */
async function newSite(...members: [TeamRole, string][]): Promise<Site & { members: Client[] }> {
  const identifier = `report-${++sites}`;
  const loaded = loadDocument(siteNamed(identifier, `Report ${sites}`), siteDocumentSchema);
  if (!loaded.ok) throw new Error('fixture invalid');
  const { websiteId } = await writeSiteDocument(demo.database.db, loaded.document);
  const host = `${identifier}.sites.test`;
  const signIn = async (role: TeamRole, name: string) => {
    const email = `${name}-${identifier}@example.com`;
    await setRole(demo.database.db, websiteId, await createAccount(demo.database.db, email, 'report-password-1'), role);
    return signedIn(app, email, 'report-password-1', host);
  };
  const owner = await signIn(TEAM_ROLES.ADMIN, 'owner');
  const others: Client[] = [];
  for (const [role, name] of members) others.push(await signIn(role, name));
  return { id: websiteId, host, owner, visitor: await measurementClient(app, host), members: others };
}

const today = () => dayIn(ZONE);

/** Moves every measurement row of the site `days` days back, as if it had come then. */
async function moveBack(site: Site, days: number) {
  for (const table of MEASUREMENT_TABLES.map(getTableName)) await query(`UPDATE ${table} SET day = day - $2::int WHERE website_id = $1`, [site.id, days]);
}

async function report(site: Site, range = ''): Promise<DashboardReport> {
  const res = await site.owner.call('GET', `/api/config/analytics${range}`);
  ok(res);
  return dashboardReport.parse(res.json());
}

const hit = (site: Site, pagePath: string, visitor?: string, visitStart = 1_760_000_000_000, extra: Record<string, unknown> = {}, ua?: string) =>
  site.visitor.post(
    '/api/census/RecordHit',
    {
      event: 1,
      data: hitData(site.id, { pagePath, url: `http://${site.host}${pagePath}`, ...extra }),
      ...(visitor ? { ss_cvr: visitorRecord(visitor, visitStart) } : {}),
    },
    ua ? { ua } : {},
  );

/** CSV text without its byte-order mark, as lines of cells split naively (the tests' values hold no line breaks). */
async function csv(site: Site, table: string, range = ''): Promise<{ res: LightMyRequestResponse; lines: string[] }> {
  const res = await site.owner.call('GET', `/api/config/analytics/csv/${table}${range}`);
  ok(res);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return { res, lines: res.body.slice(1).split('\r\n').slice(0, -1) };
}

describe('visits and visitors', () => {
  it('counts unique visitors over a range once each, never as the sum of daily uniques', async () => {
    const site = await newSite();
    // Yesterday: ada and bo.
    ok(await hit(site, '/', 'ada', 1_760_000_000_100));
    ok(await hit(site, '/about', 'bo', 1_760_000_000_101));
    await moveBack(site, 1);
    // Today: ada again, on a new visit, and cy.
    ok(await hit(site, '/', 'ada', 1_760_000_000_200));
    ok(await hit(site, '/about', 'cy', 1_760_000_000_201));
    ok(await hit(site, '/contact', 'cy', 1_760_000_000_201));

    const yesterday = addDays(today(), -1);
    const both = await report(site, `?from=${yesterday}&to=${today()}`);
    expect(both.days).toEqual([
      { day: yesterday, visits: 2, visitors: 2, pageViews: 2 },
      { day: today(), visits: 2, visitors: 2, pageViews: 3 },
    ]);
    expect(both.totals).toEqual({ visits: 4, visitors: 3, pageViews: 5 });
    expect(both.totals.visitors).not.toBe(both.days.reduce((sum, d) => sum + d.visitors, 0));
    expect(both.pages).toEqual([
      { pagePath: '/', pageViews: 2, visits: 2 },
      { pagePath: '/about', pageViews: 2, visits: 2 },
      { pagePath: '/contact', pageViews: 1, visits: 0 },
    ]);
    expect((await report(site, `?from=${today()}&to=${today()}`)).totals).toEqual({ visits: 2, visitors: 2, pageViews: 3 });

    const { lines } = await csv(site, 'days', `?from=${yesterday}&to=${today()}`);
    expect(lines).toEqual(['Day,Visits,Unique visitors,Page views', `${yesterday},2,2,2`, `${today()},2,2,3`]);
  });

  it('covers the last 30 days up to today in the site’s time zone when no range is asked for, every day listed', async () => {
    const site = await newSite();
    ok(await hit(site, '/', 'dee'));
    const r = await report(site);
    expect(r.range).toEqual({ from: addDays(today(), 1 - REPORT_RANGE.DEFAULT_DAYS), to: today() });
    expect(r.days).toHaveLength(REPORT_RANGE.DEFAULT_DAYS);
    expect(r.days.at(-1)).toEqual({ day: today(), visits: 1, visitors: 1, pageViews: 1 });
    expect(r.days.slice(0, -1).every((d) => d.visits === 0 && d.visitors === 0 && d.pageViews === 0)).toBe(true);
  });
});

describe('devices and viewports', () => {
  it('counts visits and page views by device class and viewport band, in rollups equal to recounts from the hits', async () => {
    const site = await newSite();
    ok(await hit(site, '/', 'phone', 1_760_000_000_300, { viewportInnerWidth: 390, userAgent: PHONE_UA }));
    ok(await hit(site, '/about', 'phone', 1_760_000_000_300, { viewportInnerWidth: 390, userAgent: PHONE_UA }));
    ok(await hit(site, '/', 'laptop', 1_760_000_000_301, { viewportInnerWidth: 1366 }));
    ok(await hit(site, '/', 'unknown', 1_760_000_000_302, { viewportInnerWidth: null, userAgent: null }));
    const r = await report(site);
    expect(r.devices).toEqual([
      { device: 'desktop', label: 'Desktop', visits: 1, pageViews: 1 },
      { device: 'mobile', label: 'Phone', visits: 1, pageViews: 2 },
      { device: 'unknown', label: 'Unknown', visits: 1, pageViews: 1 },
    ]);
    expect(r.viewports).toEqual([
      { band: 360, label: '360–479 px', visits: 1, pageViews: 2 },
      { band: 1280, label: '1280–1439 px', visits: 1, pageViews: 1 },
      { band: -1, label: 'Unknown', visits: 1, pageViews: 1 },
    ]);
    // The rollup is what a recount of the raw hits by the same rules gives.
    const hits = await query<{ day: string; user_agent: string | null; viewport_inner_width: number | null; event: number; new_visit: boolean }>(
      'SELECT day::text, user_agent, viewport_inner_width, event, new_visit FROM census_hits WHERE website_id = $1',
      [site.id],
    );
    const recount = new Map<string, { pageViews: number; visits: number }>();
    for (const h of hits) {
      const k = [h.day, deviceClass(h.user_agent, h.viewport_inner_width), viewportBand(h.viewport_inner_width)].join('|');
      const entry = recount.get(k) ?? { pageViews: 0, visits: 0 };
      entry.pageViews += h.event === 1 ? 1 : 0;
      entry.visits += h.new_visit ? 1 : 0;
      recount.set(k, entry);
    }
    const rollup = await query<{ k: string; page_views: number; visits: number }>(
      "SELECT concat_ws('|', day::text, device, viewport_band) AS k, page_views::int, visits::int FROM device_daily WHERE website_id = $1",
      [site.id],
    );
    expect(new Map(rollup.map((r) => [r.k, { pageViews: r.page_views, visits: r.visits }]))).toEqual(recount);
    expect((await csv(site, 'devices')).lines).toEqual(['Device,Visits,Page views', 'Desktop,1,1', 'Phone,1,2', 'Unknown,1,1']);
  });
});

describe('forms and buttons', () => {
  it('sets each form’s views in the range against its submissions in the range, by name', async () => {
    const site = await newSite();
    for (let i = 0; i < 4; i++) ok(await site.visitor.post('/api/census/form-render', { formId: CONTACT_FORM, visitorCookie: '', pagePath: '/contact' }));
    ok(await site.visitor.post('/api/census/form-render', { formId: 'f0f0f0f0f0f0f0f0f0f0f0f0', visitorCookie: '', pagePath: '/old' }));
    const submit = (id: number, daysAgo: number) =>
      query(
        `INSERT INTO form_submissions (id, website_id, form_id, fields, values, page, emails, created_at)
         VALUES ($1, $2, $3, '[]', '{}', '{"pagePath":"/contact"}', '{}', now() - make_interval(days => $4))`,
        [id, site.id, CONTACT_FORM, daysAgo],
      );
    await submit(800_001, 0);
    await submit(800_002, 2);
    await submit(800_003, 45);
    const r = await report(site);
    expect(r.forms).toEqual([
      { formId: CONTACT_FORM, name: 'Write to the studio', views: 4, submissions: 2 },
      { formId: 'f0f0f0f0f0f0f0f0f0f0f0f0', name: 'Removed form', views: 1, submissions: 0 },
      { formId: 'c0a7ac7f0000000000000014', name: 'Send us a message', views: 0, submissions: 0 },
    ]);
    // The newsletter sign-up is not a form of the forms feature, so it has no row; the 45-day-old submission is out of range.
    expect((await report(site, `?from=${addDays(today(), -89)}&to=${today()}`)).forms[0]!.submissions).toBe(3);
    expect((await csv(site, 'forms')).lines).toEqual([
      'Form,Form id,Views,Submissions,Submissions per view',
      `Write to the studio,${CONTACT_FORM},4,2,50.0%`,
      'Removed form,f0f0f0f0f0f0f0f0f0f0f0f0,1,0,0.0%',
      'Send us a message,c0a7ac7f0000000000000014,0,0,',
    ]);
  });

  it('counts each button’s renders and clicks with its latest text and address, in rollups equal to recounts', async () => {
    const site = await newSite();
    const shop = buttonPayload({ id: 'b07700000000000000000001', buttonText: 'Shop now', clickthroughUrl: '/shop' });
    const visit = buttonPayload({ id: 'b07700000000000000000002', buttonText: 'Visit us', clickthroughUrl: '/about' });
    for (let i = 0; i < 3; i++) ok(await site.visitor.post('/api/census/button-render', { ...shop, pagePath: '/' }));
    ok(await site.visitor.post('/api/census/button-click', { ...shop, pagePath: '/' }));
    ok(await site.visitor.post('/api/census/button-click', { ...shop, buttonText: 'Shop the sale', pagePath: '/' }));
    ok(await site.visitor.post('/api/census/button-render', { ...visit, pagePath: '/' }));
    const r = await report(site);
    expect(r.buttons).toEqual([
      { buttonId: 'b07700000000000000000001', text: 'Shop the sale', link: '/shop', renders: 3, clicks: 2 },
      { buttonId: 'b07700000000000000000002', text: 'Visit us', link: '/about', renders: 1, clicks: 0 },
    ]);
    const recount = await query('SELECT kind, target_id, count(*)::int AS n FROM census_events WHERE website_id = $1 GROUP BY 1, 2 ORDER BY 1, 2', [site.id]);
    expect(
      await query('SELECT kind, target_id, sum(count)::int AS n FROM census_target_daily WHERE website_id = $1 GROUP BY 1, 2 ORDER BY 1, 2', [site.id]),
    ).toEqual(recount);
  });
});

describe('Core Web Vitals', () => {
  it('reads each page’s p75 from the range’s summed histograms, not from daily percentiles, and rates it by web-vitals’ thresholds', async () => {
    const site = await newSite();
    const send = async (pagePath: string, metric: string, values: number[]) => {
      const { pageLoadId } = (await site.visitor.get('/api/1/performance/settings')).json() as { pageLoadId: string };
      ok(
        await site.visitor.post(
          '/api/1/performance/records',
          values.map((v) => performanceRecord(pageLoadId, metric, v, { pagePath })),
          { as: 'text' },
        ),
      );
    };
    // Yesterday the home page was fast; today it was slow.
    const yesterdayLcp = [900, 1000, 1100, 1200, 1300, 1400, 1500, 1600];
    const todayLcp = [3900, 4100, 4300, 4500];
    await send('/', 'rum-lcp', yesterdayLcp);
    await send('/', 'rum-cls', [0, 0.02, 0.05, 0.3]);
    await moveBack(site, 1);
    await send('/', 'rum-lcp', todayLcp);
    await send('/about', 'rum-lcp', [1800, 1900, 2000, 2100]);
    await send('/about', 'rum-inp', [150, 250, 600, 700]);

    const yesterday = addDays(today(), -1);
    const r = await report(site, `?from=${yesterday}&to=${today()}`);
    const home = r.vitals.find((v) => v.pagePath === '/')!;
    const expected = percentileOf(histogramOf([...yesterdayLcp, ...todayLcp]), 75)!;
    expect(home.metrics.LCP).toMatchObject({ p75: expected, samples: 12, rating: 'needs-improvement', ratingLabel: 'Needs improvement' });
    // The 9th of 12 values (3900) lies in its bucket, whose upper bound is under 2% above it.
    expect(expected).toBeGreaterThanOrEqual(3900);
    expect(expected).toBeLessThan(3900 * 1.02);
    const dailyMean = (percentileOf(histogramOf(yesterdayLcp), 75)! + percentileOf(histogramOf(todayLcp), 75)!) / 2;
    expect(Math.abs(home.metrics.LCP!.p75 - dailyMean)).toBeGreaterThan(500);
    expect(home.metrics.CLS).toMatchObject({ p75: percentileOf(histogramOf([0, 0.02, 0.05, 0.3]), 75), rating: 'good', display: '0.05' });
    const about = r.vitals.find((v) => v.pagePath === '/about')!;
    expect(about.metrics.INP).toMatchObject({ p75: percentileOf(histogramOf([150, 250, 600, 700]), 75), rating: 'poor', ratingLabel: 'Poor' });
    expect(about.metrics.LCP?.rating).toBe('good');
    // The site's row first: every page's values together.
    expect(r.vitals[0]).toMatchObject({
      pagePath: null,
      metrics: { LCP: { p75: percentileOf(histogramOf([...yesterdayLcp, ...todayLcp, 1800, 1900, 2000, 2100]), 75), samples: 16 } },
    });
    expect(r.thresholds.LCP).toEqual([2500, 4000]);
    // Today alone: only the slow loads.
    const todays = (await report(site, `?from=${today()}&to=${today()}`)).vitals.find((v) => v.pagePath === '/')!;
    expect(todays.metrics.LCP).toMatchObject({ p75: percentileOf(histogramOf(todayLcp), 75), rating: 'poor' });

    const { lines } = await csv(site, 'vitals', `?from=${yesterday}&to=${today()}`);
    expect(lines[0]).toBe('Page,Metric,75th percentile,Unit,Rating,Samples');
    expect(lines).toContain(`/about,INP,${Number(about.metrics.INP!.p75.toPrecision(4))},ms,Poor,4`);
  });
});

describe('referrers, campaigns and errors', () => {
  it('lists referrers (not the site’s own pages) and campaigns from the Track pixel, and errors newest first a page at a time with their stacks', async () => {
    const site = await newSite();
    const track = (landing: string, refer?: string) =>
      site.visitor.get(`/api/track/Track?${new URLSearchParams({ landing: `http://${site.host}${landing}`, ...(refer ? { refer } : {}) })}`);
    ok(await track('/', 'https://search.example/?q=pots'));
    ok(await track('/about', 'https://search.example/other'));
    ok(await track('/'));
    // A step from one of the site's pages to another is not a referral.
    ok(await track('/about', `http://${site.host}/`));
    expect((await report(site)).referrers).toEqual([
      { referrerHost: 'search.example', hits: 2 },
      { referrerHost: '', hits: 1 },
    ]);
    ok(await site.visitor.get(`/api/track/Track?${new URLSearchParams({ landing: `http://${site.host}/`, source: 'news', campaign: 'spring' })}`));
    expect((await report(site)).campaigns).toEqual([
      { source: 'news', campaign: 'spring', subcampaign: '', channel: '', subchannel: '', variation: '', mkwid: '', hits: 1 },
    ]);

    const headers = { 'x-csrf-token': site.visitor.crumb };
    const reports = Array.from({ length: 25 }, (_, i) =>
      errorReport(site.id, { message: `failure ${i}`, stack: `Error: failure ${i}\n    at f (http://${site.host}/assets/a.js:${i}:1)` }),
    );
    ok(await site.visitor.post('/api/events/RecordJavascriptErrors', reports.slice(0, 20), { as: 'json', headers }));
    ok(await site.visitor.post('/api/events/RecordJavascriptErrors', reports.slice(20), { as: 'json', headers }));
    const page = async (query: string) => {
      const res = await site.owner.call('GET', `/api/config/analytics/errors${query}`);
      ok(res);
      return errorsPage.parse(res.json());
    };
    const first = await page('');
    expect(first.errors).toHaveLength(20);
    expect(first.errors[0]).toMatchObject({
      message: 'failure 24',
      stack: `Error: failure 24\n    at f (http://${site.host}/assets/a.js:24:1)`,
      url: 'http://localhost/about',
      line: 1,
      column: 2,
    });
    expect(first.next).toBe(first.errors[19]!.cursor);
    const second = await page(`?before=${encodeURIComponent(first.next!)}`);
    expect(second.errors.map((e) => e.message)).toEqual(['failure 4', 'failure 3', 'failure 2', 'failure 1', 'failure 0']);
    expect(second.next).toBeNull();
    const { lines } = await csv(site, 'errors');
    expect(lines).toHaveLength(1 + 25);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,failure 24,http:\/\/localhost\/about,/);
    expect(lines[1]).toContain(`,"Error: failure 24\n    at f (http://${site.host}/assets/a.js:24:1)"`);
  });
});

describe('CSV files', () => {
  it('quote by RFC 4180 and neutralise cells a spreadsheet would run as formulas', async () => {
    const site = await newSite();
    const nasty = buttonPayload({ id: 'b07700000000000000000003', buttonText: '=HYPERLINK("http://evil.example","Click")', clickthroughUrl: '/a,b' });
    ok(await site.visitor.post('/api/census/button-click', { ...nasty, pagePath: '/' }));
    ok(
      await site.visitor.post('/api/census/button-click', buttonPayload({ id: 'b07700000000000000000004', buttonText: '@SUM(1+1)', clickthroughUrl: '-2+3' })),
    );
    ok(await site.visitor.get(`/api/track/Track?${new URLSearchParams({ landing: `http://${site.host}/`, source: '+cmd|calc', campaign: 'say "hi"' })}`));
    const { res, lines } = await csv(site, 'buttons');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-${sites}-analytics-buttons-${addDays(today(), -29)}-${today()}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(lines).toEqual([
      'Button text,Goes to,Button id,Shown,Clicks,Clicks per view',
      `"'=HYPERLINK(""http://evil.example"",""Click"")","/a,b",b07700000000000000000003,0,1,`,
      `'@SUM(1+1),'-2+3,b07700000000000000000004,0,1,`,
    ]);
    expect((await csv(site, 'campaigns')).lines[1]).toBe(`'+cmd|calc,"say ""hi""",,,,,,1`);
  });
});

describe('ranges and roles', () => {
  it('refuses a range that is not two dates, ends before it starts or covers more than 400 days, with what is wrong', async () => {
    const site = await newSite();
    const cases: [string, string, string][] = [
      ['?from=2025-02-30', analyticsApi.from, 'from'],
      ['?from=yesterday', analyticsApi.from, 'from'],
      ['?to=2025-1-5', analyticsApi.to, 'to'],
      ['?from=2025-01-01&from=2025-01-02', analyticsApi.from, 'from'],
      ['?from=2025-03-02&to=2025-03-01', analyticsApi.order, 'from'],
      ['?from=2024-01-01&to=2025-02-04', format(analyticsApi.tooLong, { maxDays: REPORT_RANGE.MAX_DAYS }), 'from'],
    ];
    for (const [range, message, field] of cases) {
      for (const path of ['/api/config/analytics', '/api/config/analytics/errors', '/api/config/analytics/csv/pages']) {
        const res = await site.owner.call('GET', `${path}${range}`);
        expect(res.statusCode, `${path}${range}`).toBe(400);
        expect(res.json()).toMatchObject({ error: message, errors: { [field]: message } });
      }
    }
    // 400 days exactly is a report.
    ok(await site.owner.call('GET', '/api/config/analytics?from=2024-01-01&to=2025-02-03'));
    for (const cursor of ['not-a-cursor', '2025-13-45.5', '2025-01-01.x', '2025-01-01.1234567890123456789']) {
      const bad = await site.owner.call('GET', `/api/config/analytics/errors?before=${cursor}`);
      expect(bad.statusCode, cursor).toBe(400);
      expect(bad.json().error).toBe(analyticsApi.before);
    }
    const table = await site.owner.call('GET', '/api/config/analytics/csv/passwords');
    expect(table.statusCode).toBe(404);
    expect(table.json().error).toBe(format(analyticsApi.noTable, { tables: REPORT_TABLES.join(', ') }));
  });

  it('answers the roles that may read analytics, refuses the others (403) and anonymous callers (401)', async () => {
    const site = await newSite([TEAM_ROLES.REPORTING, 'reporting'], [TEAM_ROLES.EDITOR, 'editor'], [TEAM_ROLES.BILLING, 'billing']);
    const [reporting, editor, billing] = site.members as [Client, Client, Client];
    ok(await hit(site, '/', 'eve'));
    for (const path of ['/api/config/analytics', '/api/config/analytics/errors', '/api/config/analytics/csv/pages']) {
      ok(await site.owner.call('GET', path));
      ok(await reporting.call('GET', path));
      expect((await editor.call('GET', path)).statusCode).toBe(403);
      expect((await billing.call('GET', path)).statusCode).toBe(403);
      const anonymous = await app.inject({ method: 'GET', url: path, headers: { host: site.host } });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(((await reporting.call('GET', '/api/config/analytics')).json() as DashboardReport).totals.visits).toBe(1);
  });
});
