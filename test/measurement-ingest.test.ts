/**
 * Measurement ingestion (issue 5): every call of seed 000 §7 and seed 001 §7 stores what it
 * acknowledges, with the seed's fields; RecordEvent and RecordJavascriptErrors need the crumb;
 * no IP address is stored; crawlers are answered and not counted; the limit per address (429),
 * the body limits (413); a batch the database refuses leaves nothing (503); retention; days in
 * the site's time zone; and the rollups equal recounts from the raw rows, unique visitors over a
 * range being COUNT(DISTINCT), never a sum of days.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { websites } from '../src/server/modules/sites/schema/sites';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { INGEST_LIMIT } from '../src/server/modules/measurement/routes/measurement';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { dayIn, DEFAULT_ANALYTICS_RETENTION_DAYS, MEASUREMENT_TABLES, pruneMeasurement } from '../src/server/modules/measurement/measurement';
import { bucketOf } from '../src/server/modules/measurement/measurement-histogram';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { demoDatabase, type DemoApp } from './demo-app';
import { siteNamed } from './fixtures';
import {
  buttonPayload,
  CRAWLER_UA,
  envelope,
  errorReport,
  hitData,
  measurementClient,
  performanceRecord,
  visitorRecord,
  type MeasurementClient,
} from './measurement-calls';
import { signedIn } from './session';

let demo: DemoApp;
let app: FastifyInstance;
let siteId: string;
let eastId: string;
let westId: string;
let visitor: MeasurementClient;

/** A site at UTC+14 and one at UTC−11: at any moment at least one of them is not on UTC's date. */
const EAST = { identifier: 'kiritimati', zone: 'Pacific/Kiritimati' };
const WEST = { identifier: 'pago', zone: 'Pacific/Pago_Pago' };

async function importZoned(identifier: string, zone: string): Promise<string> {
  const doc = siteNamed(identifier, identifier);
  doc.settings.timeZone = zone;
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error('fixture invalid');
  return (await writeSiteDocument(demo.database.db, loaded.document)).websiteId;
}

beforeAll(async () => {
  demo = await demoDatabase();
  siteId = demo.websiteId;
  eastId = await importZoned(EAST.identifier, EAST.zone);
  westId = await importZoned(WEST.identifier, WEST.zone);
  const owner = await createAccount(demo.database.db, 'owner@example.com', 'owner-password-1');
  await setRole(demo.database.db, siteId, owner, TEAM_ROLES.ADMIN);
  app = await demo.start();
  visitor = await measurementClient(app);
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

const today = () => dayIn('UTC');
/** Reads once every acknowledged call is in the rollups too (they are added right after each batch commits). */
const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => {
  await app.ingest.flush();
  return (await demo.database.pool.query<T>(text, params)).rows;
};
const countOf = async (table: string, where = 'true', params: unknown[] = []) =>
  Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params))[0]!.n);
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
};
let nextIp = 0;
/** A fresh address per test, so the limit per address never carries over. */
const freshIp = () => `198.51.100.${++nextIp}`;

describe('census calls', () => {
  // covers 000-7.13, 000-3.44, 000-3.78
  it('stores a form-encoded RecordHit (event, data as JSON text, ss_cvr) with the seed payload fields, and counts its page view and visit', async () => {
    const ip = freshIp();
    const data = hitData(siteId, { pagePath: '/hit-fields', url: 'http://localhost/hit-fields', query: 'celadon' });
    const res = await visitor.post('/api/census/RecordHit', { event: 1, data, ss_cvr: visitorRecord('fieldsvisitor', 1_760_000_000_001, 3) }, { ip });
    ok(res);
    expect(res.json()).toEqual({});
    const [row] = await query('SELECT * FROM census_hits WHERE page_path = $1', ['/hit-fields']);
    expect(row).toMatchObject({
      website_id: siteId,
      event: 1,
      url: 'http://localhost/hit-fields',
      title: 'About the studio',
      template_id: 'openpress-1',
      website_locale: 'en-US',
      member_locale: 'en-GB',
      user_agent: data.userAgent,
      client_date: '1760000000000',
      viewport_inner_width: 1280,
      viewport_inner_height: 800,
      screen_width: 1920,
      screen_height: 1080,
      page_permission_type_value: 1,
      local_storage_supported: true,
      query_string: 'ref=home',
      referrer: 'https://search.example/?q=pots',
      visit_start: '1760000000001',
      visit_count: '3',
      new_visit: true,
      extra: { query: 'celadon' },
    });
    expect(row!.visitor_hash).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(row)).not.toContain('fieldsvisitor');
    const [stats] = await query('SELECT page_views::int, visits::int FROM page_daily_stats WHERE website_id = $1 AND page_path = $2', [siteId, '/hit-fields']);
    expect(stats).toEqual({ page_views: 1, visits: 1 });
  });

  // covers 000-3.78
  it('takes the census event types 1, 2, 10, 20 and 21, counts only 1 as a page view, and refuses any other', async () => {
    const ip = freshIp();
    const data = hitData(siteId, { pagePath: '/event-types', url: 'http://localhost/event-types' });
    for (const event of [1, 2, 10, 20, 21]) ok(await visitor.post('/api/census/RecordHit', { event, data }, { ip }));
    for (const event of [0, 3, 11, 22, 'view', 1.5]) {
      const res = await visitor.post('/api/census/RecordHit', { event, data }, { ip });
      expect(res.statusCode, String(event)).toBe(400);
      expect(res.json().error).toMatch(/^This measurement call could not be read: event /);
    }
    expect(await countOf('census_hits', "page_path = '/event-types'")).toBe(5);
    const [stats] = await query('SELECT page_views::int FROM page_daily_stats WHERE page_path = $1', ['/event-types']);
    expect(stats).toEqual({ page_views: 1 });
  });

  // covers 000-5.02
  it('refuses a hit that is not the seed payload (a visitor record not in the seed format included), with what is wrong', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ event: 1 }, /data/],
      [{ event: 1, data: '{not json' }, /data is not JSON text/],
      [{ event: 1, data: hitData(siteId, { url: 'javascript:alert(1)' }) }, /data\.url must be an http or https address/],
      [{ event: 1, data: hitData(siteId, { viewportInnerWidth: -4 }) }, /data\.viewportInnerWidth/],
      [{ event: 1, data: hitData(siteId), ss_cvr: 'not-a-record' }, /ss_cvr must be a visitor record/],
      [{ event: 1, data: hitData(siteId), extra: 'x' }, /Unrecognized key/],
    ];
    for (const [body, message] of cases) {
      const res = await visitor.post('/api/census/RecordHit', body, { ip: freshIp() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  // covers 000-3.42, 000-3.43, 000-7.14, 000-7.15
  it('stores button-render and button-click with the button payload and counts them on the page the context names', async () => {
    const ip = freshIp();
    const record = visitorRecord('buttonvisitor', 1_760_000_000_002);
    ok(await visitor.post('/api/census/button-render', { ...buttonPayload(), visitorCookie: record, pagePath: '/buttons', websiteId: siteId }, { ip }));
    ok(
      await visitor.post(
        '/api/census/button-click',
        { ...buttonPayload({ context: 2, newWindow: true }), visitorCookie: record, pagePath: '/buttons' },
        { ip },
      ),
    );
    const rows = await query<{ kind: string; target_id: string; data: Record<string, unknown>; visitor_hash: string }>(
      'SELECT kind, target_id, data, visitor_hash FROM census_events WHERE page_path = $1 ORDER BY id',
      ['/buttons'],
    );
    expect(rows.map((r) => [r.kind, r.target_id])).toEqual([
      ['button-render', 'b0770000000000000000000a'],
      ['button-click', 'b0770000000000000000000a'],
    ]);
    expect(rows[1]!.data).toMatchObject({
      id: 'b0770000000000000000000a',
      buttonText: 'Shop now',
      clickthroughUrl: '/shop',
      alignment: 'center',
      size: 'medium',
      newWindow: true,
      context: 2,
    });
    expect(rows[0]!.data).not.toHaveProperty('visitorCookie');
    expect(rows[0]!.visitor_hash).toBe(rows[1]!.visitor_hash);
    const [stats] = await query('SELECT button_renders::int, button_clicks::int FROM page_daily_stats WHERE page_path = $1', ['/buttons']);
    expect(stats).toEqual({ button_renders: 1, button_clicks: 1 });
    for (const bad of [{ context: 3 }, { id: '' }, { newWindow: 'maybe' }]) {
      expect((await visitor.post('/api/census/button-click', buttonPayload(bad), { ip })).statusCode).toBe(400);
    }
  });

  // covers 000-7.18, 000-7.20, 000-7.22
  it('stores form-render (formId, visitorCookie), overlay and RecordQuickView (no payload)', async () => {
    const ip = freshIp();
    ok(
      await visitor.post(
        '/api/census/form-render',
        { formId: 'c0a7ac7f0000000000000001', visitorCookie: visitorRecord('formvisitor', 1_760_000_000_003), pagePath: '/contact-render' },
        { ip },
      ),
    );
    ok(await visitor.post('/api/census/overlay', { id: 'popup-1', version: 3, visitorCookie: '', pagePath: '/contact-render' }, { ip }));
    ok(await visitor.post('/api/census/RecordQuickView/c0a7ac7f00000000000000aa', undefined, { ip }));
    const rows = await query<{ kind: string; target_id: string; page_path: string; data: unknown }>(
      "SELECT kind, target_id, page_path, data FROM census_events WHERE kind IN ('form-render', 'overlay', 'quick-view') ORDER BY id",
    );
    expect(rows).toEqual([
      {
        kind: 'form-render',
        target_id: 'c0a7ac7f0000000000000001',
        page_path: '/contact-render',
        data: { formId: 'c0a7ac7f0000000000000001', pagePath: '/contact-render' },
      },
      { kind: 'overlay', target_id: 'popup-1', page_path: '/contact-render', data: { id: 'popup-1', version: '3', pagePath: '/contact-render' } },
      { kind: 'quick-view', target_id: 'c0a7ac7f00000000000000aa', page_path: '', data: {} },
    ]);
    const [stats] = await query('SELECT form_renders::int, overlay_views::int FROM page_daily_stats WHERE page_path = $1', ['/contact-render']);
    expect(stats).toEqual({ form_renders: 1, overlay_views: 1 });
    expect((await visitor.post('/api/census/form-render', { visitorCookie: '' }, { ip })).statusCode).toBe(400);
    expect((await visitor.post('/api/census/RecordQuickView/has%20space', undefined, { ip })).statusCode).toBe(400);
    expect((await visitor.post('/api/census/RecordQuickView/abc', { some: 'payload' }, { ip })).statusCode).toBe(400);
  });

  // covers 001-7.05, 001-7.06, 000-7.36
  it('answers the Track pixel with a 1×1 GIF that is never cached, and stores its landing, referrer and campaign (not rk)', async () => {
    const ip = freshIp();
    const params = new URLSearchParams({
      landing: 'http://localhost/spring?source=news&campaign=spring',
      refer: 'https://Social.Example/post/1',
      rk: '123456789',
      lang: 'en-GB',
      screen: '1920x1080',
      source: 'news',
      campaign: 'spring',
      mkwid: 'kw1',
    });
    const res = await visitor.get(`/api/track/Track?${params}`, { ip });
    ok(res);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const [row] = await query('SELECT * FROM track_hits WHERE page_path = $1', ['/spring']);
    expect(row).toMatchObject({
      landing: params.get('landing'),
      refer: 'https://Social.Example/post/1',
      referrer_host: 'social.example',
      lang: 'en-GB',
      screen: '1920x1080',
      source: 'news',
      campaign: 'spring',
      subcampaign: null,
      mkwid: 'kw1',
    });
    expect(JSON.stringify(row)).not.toContain('123456789');
    expect(await query('SELECT hits::int FROM referrer_daily WHERE referrer_host = $1', ['social.example'])).toEqual([{ hits: 1 }]);
    expect(await query("SELECT source, campaign, subcampaign, mkwid, hits::int FROM campaign_daily WHERE campaign = 'spring'")).toEqual([
      { source: 'news', campaign: 'spring', subcampaign: '', mkwid: 'kw1', hits: 1 },
    ]);
    const bad = await visitor.get('/api/track/Track?refer=x&rk=1', { ip });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/landing/);
  });
});

describe('event calls', () => {
  // covers 001-7.17, 001-7.18, 001-7.19, 001-3.54, 001-3.46, 001-3.47
  it('stores v1/events sent by beacon (form-encoded) or XHR (JSON) with 200, keeping the analytics id only hashed', async () => {
    const ip = freshIp();
    ok(await visitor.post('/api/v1/events', envelope(siteId), { ip, as: 'form' }));
    ok(await visitor.post('/api/v1/events', { ...envelope(siteId), commonData: JSON.parse(envelope(siteId).commonData) as unknown }, { ip, as: 'json' }));
    const rows = await query<Record<string, unknown>>('SELECT * FROM analytics_events ORDER BY id');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ custom_schema_name: 'frontsite_page_view', action: 'view', object_type: 'page', custom_data: { layout: 'wide' } });
    expect(rows[0]!.common_data).toMatchObject({ actor: 'visitor', object_display_name: 'About the studio', page_query_params: { ref: 'home' } });
    expect(rows[0]!.analytics_id_hash).toBe(rows[1]!.analytics_id_hash);
    expect(JSON.stringify(rows)).not.toContain('a1d0000000000000000000000000000f');
    for (const [common, message] of [
      [{ actor: undefined }, /commonData\.actor/],
      [{ action: 7 }, /commonData\.action/],
      [{ destination_url: 12 }, /commonData\.destination_url/],
    ] as const) {
      const res = await visitor.post('/api/v1/events', envelope(siteId, common), { ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await visitor.post('/api/v1/events', { ...envelope(siteId), customData: '[1' }, { ip })).statusCode).toBe(400);
  });

  // covers 001-7.14, 001-7.15, 001-7.16
  it('stores RecordEvent only with the crumb cookie value (form-encoded crumb, event, data, or the JSON variant)', async () => {
    const ip = freshIp();
    const event = { event: 'system_network_error', data: { urlRequested: 'http://localhost/api/x' } };
    ok(await visitor.post('/api/events/RecordEvent', { crumb: visitor.crumb, ...event }, { ip }));
    ok(await visitor.post('/api/events/RecordEvent', { crumb: visitor.crumb, ...event }, { ip, as: 'json' }));
    for (const crumb of [undefined, 'forged.crumb', `${visitor.crumb}x`]) {
      const res = await visitor.post('/api/events/RecordEvent', { crumb, ...event }, { ip });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ crumbFail: true, crumb: expect.any(String), error: expect.any(String) });
    }
    // A crumb that matches no cookie: a page on another site cannot make the call.
    const res = await app.inject({
      method: 'POST',
      url: '/api/events/RecordEvent',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ crumb: visitor.crumb, ...event }),
    });
    expect(res.statusCode).toBe(403);
    const rows = await query('SELECT event, data FROM recorded_events');
    expect(rows).toEqual([event, event]);
  });

  // covers 000-7.07, 000-7.08, 000-3.32, 000-3.33, 000-9.06, 000-9.04
  it('stores error reports only with the anti-forgery header, cuts stacks at 5000 characters, and takes at most 20 a call', async () => {
    const ip = freshIp();
    const url = '/api/events/RecordJavascriptErrors';
    const reports = [errorReport(siteId), errorReport(null, { message: 'second', stack: 's'.repeat(10_000) })];
    const withHeader = { ip, as: 'json' as const, headers: { 'x-csrf-token': visitor.crumb } };
    expect((await visitor.post(url, reports, { ip, as: 'json' })).statusCode).toBe(403);
    expect((await visitor.post(url, reports, { ...withHeader, headers: { 'x-csrf-token': 'forged.crumb' } })).statusCode).toBe(403);
    expect((await visitor.post(`${url}?crumb=${encodeURIComponent(visitor.crumb)}`, reports, { ip, as: 'json' })).statusCode).toBe(403);
    expect(await countOf('javascript_errors')).toBe(0);
    ok(await visitor.post(url, reports, withHeader));
    const rows = await query<Record<string, unknown>>(
      'SELECT event, app, url, user_agent, template_id, message, stack, file, line, "column", custom, client_timestamp FROM javascript_errors ORDER BY id',
    );
    expect(rows[0]).toMatchObject({
      event: 'javascript_error',
      app: 'frontsite',
      url: 'http://localhost/about',
      template_id: 'openpress-1',
      message: 'x is not a function',
      file: 'http://localhost/assets/a.js',
      line: 1,
      column: 2,
      custom: {},
      client_timestamp: '1760000000000',
    });
    expect((rows[1]!.stack as string).length).toBe(5000);
    const twenty = Array.from({ length: 20 }, () => errorReport(siteId));
    ok(await visitor.post(url, twenty, withHeader));
    const over = await visitor.post(url, [...twenty, errorReport(siteId)], withHeader);
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatch(/at most 20 reports/);
    expect(await countOf('javascript_errors')).toBe(22);
  });

  // covers 001-7.01, 001-3.34
  it('stores each Trace event of the data field (a JSON array of pageUrl, type, data)', async () => {
    const ip = freshIp();
    const events = [
      { pageUrl: 'http://localhost/about', type: 'census-1', data: { event: 1 } },
      { pageUrl: 'http://localhost/about', type: 'track', data: null },
    ];
    ok(await visitor.post('/api/events/Trace', { data: events }, { ip }));
    expect(await query('SELECT page_url AS "pageUrl", type, data FROM trace_events ORDER BY id')).toEqual(events);
    expect((await visitor.post('/api/events/Trace', { data: [{ pageUrl: 'x' }] }, { ip })).statusCode).toBe(400);
    expect((await visitor.post('/api/events/Trace', { data: [] }, { ip })).statusCode).toBe(400);
  });
});

describe('performance calls', () => {
  // covers 001-7.08, 001-7.09, 001-7.11, 001-7.12, 001-7.13, 001-3.56, 001-3.57, 001-3.58
  it('hands out a fresh pageLoadId per page load and stores rum- records sent as text/plain JSON, with their vitals buckets', async () => {
    const ip = freshIp();
    const settings = await visitor.get('/api/1/performance/settings', { ip });
    ok(settings);
    const { pageLoadId } = settings.json() as { pageLoadId: string };
    expect(pageLoadId).toEqual(expect.any(String));
    expect((await visitor.get('/api/1/performance/settings', { ip })).json().pageLoadId).not.toBe(pageLoadId);
    const list = [
      performanceRecord(pageLoadId, 'rum-lcp', 2400, { pagePath: '/perf' }),
      performanceRecord(pageLoadId, 'rum-cls', 0.05, { pagePath: '/perf' }),
      { ...performanceRecord(pageLoadId, 'rum-image', 120), event: 'image' },
    ];
    ok(await visitor.post('/api/1/performance/records', list, { ip, as: 'text' }));
    ok(await visitor.post('/api/1/performance/records', [performanceRecord(pageLoadId, 'rum-lcp', 2450, { pagePath: '/perf' })], { ip, as: 'json' }));
    const rows = await query('SELECT page_load_id, app, event, name, value, page_path FROM performance_records ORDER BY id');
    expect(rows).toEqual([
      { page_load_id: pageLoadId, app: 'frontsite', event: 'page_speed', name: 'rum-lcp', value: 2400, page_path: '/perf' },
      { page_load_id: pageLoadId, app: 'frontsite', event: 'page_speed', name: 'rum-cls', value: 0.05, page_path: '/perf' },
      { page_load_id: pageLoadId, app: 'frontsite', event: 'image', name: 'rum-image', value: 120, page_path: '' },
      { page_load_id: pageLoadId, app: 'frontsite', event: 'page_speed', name: 'rum-lcp', value: 2450, page_path: '/perf' },
    ]);
    // 2400 and 2450 lie in different 2% buckets; the image record has no vitals bucket.
    expect(await query("SELECT metric, bucket, count::int FROM vitals_daily WHERE page_path = '/perf' ORDER BY metric, bucket")).toEqual([
      { metric: 'rum-cls', bucket: bucketOf(0.05), count: 1 },
      { metric: 'rum-lcp', bucket: bucketOf(2400), count: 1 },
      { metric: 'rum-lcp', bucket: bucketOf(2450), count: 1 },
    ]);
    for (const [records, message] of [
      [[performanceRecord('made-up.id', 'rum-lcp', 1)], /pageLoadId this site did not hand out/],
      [[performanceRecord(pageLoadId, 'lcp', 1)], /must start with rum-/],
      [[{ ...performanceRecord(pageLoadId, 'rum-lcp', 1), event: 'click' }], /event/],
      [[performanceRecord(pageLoadId, 'rum-lcp', -1)], /value/],
      [[], /at least one record/],
    ] as const) {
      const res = await visitor.post('/api/1/performance/records', records, { ip, as: 'text' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });
});

describe('what every call checks', () => {
  it('refuses a body that names another site', async () => {
    const ip = freshIp();
    const other = eastId;
    const headers = { 'x-csrf-token': visitor.crumb };
    const calls: [string, unknown, 'form' | 'json' | 'text'][] = [
      ['/api/census/RecordHit', { event: 1, data: hitData(other) }, 'form'],
      ['/api/census/button-click', { ...buttonPayload(), websiteId: other }, 'form'],
      ['/api/census/form-render', { formId: 'f', websiteId: other }, 'form'],
      ['/api/v1/events', envelope(other), 'form'],
      ['/api/events/RecordEvent', { crumb: visitor.crumb, event: 'e', data: { websiteId: other } }, 'form'],
      ['/api/events/RecordJavascriptErrors', [errorReport(siteId), errorReport(other)], 'json'],
    ];
    for (const [url, body, as] of calls) {
      const res = await visitor.post(url, body, { ip, as, headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'This call names another site than the one it was sent to.' });
    }
    // The same hit sent to that site's own host is its own.
    const east = await measurementClient(app, `${EAST.identifier}.sites.test`);
    ok(await east.post('/api/census/RecordHit', { event: 1, data: hitData(other, { pagePath: '/east' }) }, { ip }));
    expect(await query("SELECT website_id FROM census_hits WHERE page_path = '/east'")).toEqual([{ website_id: other }]);
  });

  it('counts days in the site’s time zone', async () => {
    const ip = freshIp();
    for (const [site, id] of [
      [EAST, eastId],
      [WEST, westId],
    ] as const) {
      const client = await measurementClient(app, `${site.identifier}.sites.test`);
      const before = dayIn(site.zone);
      ok(await client.post('/api/census/RecordHit', { event: 1, data: hitData(id, { pagePath: '/zoned' }) }, { ip }));
      const after = dayIn(site.zone);
      const [row] = await query<{ day: string }>("SELECT day::text AS day FROM census_hits WHERE website_id = $1 AND page_path = '/zoned'", [id]);
      expect([before, after]).toContain(row!.day);
    }
    // At least one of the two zones is on another date than UTC right now, so a UTC day would fail above.
    expect(dayIn(EAST.zone) !== today() || dayIn(WEST.zone) !== today()).toBe(true);
  });

  it('answers a known crawler 202 and stores and counts nothing of it', async () => {
    const ip = freshIp();
    const tables = await Promise.all(MEASUREMENT_TABLES.map((t) => countOf(getTableName(t))));
    const crawler = { ip, ua: CRAWLER_UA, headers: { 'x-csrf-token': visitor.crumb } };
    for (const [url, body, as] of [
      ['/api/census/RecordHit', { event: 1, data: hitData(siteId, { pagePath: '/crawled' }) }, 'form'],
      ['/api/census/button-click', buttonPayload(), 'form'],
      ['/api/v1/events', envelope(siteId), 'form'],
      ['/api/events/RecordJavascriptErrors', [errorReport(siteId)], 'json'],
    ] as const) {
      const res = await visitor.post(url, body, { ...crawler, as });
      expect(res.statusCode, url).toBe(202);
    }
    const pixel = await visitor.get('/api/track/Track?landing=http%3A%2F%2Flocalhost%2Fcrawled', crawler);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(await Promise.all(MEASUREMENT_TABLES.map((t) => countOf(getTableName(t))))).toEqual(tables);
  });

  it('refuses calls past the limit per address and site with 429, and stores exactly the ones within it', async () => {
    const ip = freshIp();
    const data = hitData(siteId, { pagePath: '/limited' });
    const answers = await Promise.all(Array.from({ length: INGEST_LIMIT.max + 5 }, () => visitor.post('/api/census/RecordHit', { event: 1, data }, { ip })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(INGEST_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: 'Too many measurement calls from this address. Please try again in a minute.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countOf('census_hits', "page_path = '/limited'")).toBe(INGEST_LIMIT.max);
    expect(await query("SELECT page_views::int FROM page_daily_stats WHERE page_path = '/limited'")).toEqual([{ page_views: INGEST_LIMIT.max }]);
    // Another address is not held back.
    ok(await visitor.post('/api/census/RecordHit', { event: 1, data }, { ip: freshIp() }));
  });

  it('refuses a body past its limit with 413 and a message', async () => {
    const ip = freshIp();
    const big = await visitor.post('/api/census/RecordHit', { event: 1, data: hitData(siteId, { filler: 'x'.repeat(70_000) }) }, { ip });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'This measurement call is too large.' });
    const reports = Array.from({ length: 20 }, () => errorReport(siteId, { stack: 's'.repeat(14_000) }));
    const bigReports = await visitor.post('/api/events/RecordJavascriptErrors', reports, { ip, as: 'json', headers: { 'x-csrf-token': visitor.crumb } });
    expect(bigReports.statusCode).toBe(413);
    const unknownType = await visitor.post('/api/census/RecordHit', '<hit/>', { ip, as: 'raw', contentType: 'application/xml' });
    expect(unknownType.statusCode).toBe(415);
    expect(unknownType.json().error).toEqual(expect.any(String));
  });

  it('answers 503 when the database refuses a batch, and keeps nothing of it', async () => {
    const ip = freshIp();
    const before = {
      hits: await countOf('census_hits'),
      visits: await countOf('visit_starts'),
      visitors: await countOf('visitor_days'),
      pages: await query('SELECT * FROM page_daily_stats ORDER BY page_path'),
    };
    await query('ALTER TABLE census_hits ADD CONSTRAINT refuse_hits CHECK (false) NOT VALID');
    try {
      const res = await visitor.post(
        '/api/census/RecordHit',
        { event: 1, data: hitData(siteId, { pagePath: '/refused' }), ss_cvr: visitorRecord('refusedvisitor', 1_760_000_000_009) },
        { ip },
      );
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'This service is temporarily unavailable. Please try again later.' });
    } finally {
      await query('ALTER TABLE census_hits DROP CONSTRAINT refuse_hits');
    }
    expect({
      hits: await countOf('census_hits'),
      visits: await countOf('visit_starts'),
      visitors: await countOf('visitor_days'),
      pages: await query('SELECT * FROM page_daily_stats ORDER BY page_path'),
    }).toEqual(before);
  });
});

describe('stored data', () => {
  it('unique visitors over a range are a COUNT(DISTINCT) of the days’ visitor sets, never a sum of daily uniques', async () => {
    const ip = freshIp();
    const send = (id: string, visit: number) =>
      visitor.post('/api/census/RecordHit', { event: 1, data: hitData(siteId, { pagePath: '/range' }), ss_cvr: visitorRecord(id, visit) }, { ip });
    // Day one: ada and bo. Moved a day back, as if they came yesterday.
    ok(await send('ada', 1_760_000_000_100));
    ok(await send('bo', 1_760_000_000_101));
    for (const table of ['census_hits', 'visitor_days', 'visit_starts', 'page_daily_stats']) {
      await query(
        `UPDATE ${table} SET day = day - 1 WHERE website_id = $1 AND day = $2 AND ${table === 'visitor_days' || table === 'visit_starts' ? `visitor_hash IN (SELECT visitor_hash FROM census_hits WHERE page_path = '/range')` : "page_path = '/range'"}`,
        [siteId, today()],
      );
    }
    // Day two: ada again (a new visit) and cy.
    ok(await send('ada', 1_760_000_000_200));
    ok(await send('cy', 1_760_000_000_201));
    const range = [dayIn('UTC', new Date(Date.now() - 86_400_000)), today()];
    const hashes = `visitor_hash IN (SELECT visitor_hash FROM census_hits WHERE page_path = '/range')`;
    const [{ unique }] = (await query<{ unique: number }>(
      `SELECT count(DISTINCT visitor_hash)::int AS unique FROM visitor_days WHERE website_id = $1 AND day BETWEEN $2 AND $3 AND ${hashes}`,
      [siteId, ...range],
    )) as [{ unique: number }];
    const daily = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM visitor_days WHERE website_id = $1 AND day BETWEEN $2 AND $3 AND ${hashes} GROUP BY day ORDER BY day`,
      [siteId, ...range],
    );
    const [{ raw }] = (await query<{ raw: number }>(`SELECT count(DISTINCT visitor_hash)::int AS raw FROM census_hits WHERE page_path = '/range'`)) as [
      { raw: number },
    ];
    expect(unique).toBe(3);
    expect(raw).toBe(3);
    expect(daily.map((d) => d.n)).toEqual([2, 2]);
    expect(await query("SELECT sum(visits)::int AS visits, sum(page_views)::int AS views FROM page_daily_stats WHERE page_path = '/range'")).toEqual([
      { visits: 4, views: 4 },
    ]);
  });

  it('counts a visit once, however many hits it has, and an anonymous visitor once a day', async () => {
    const ip = freshIp();
    const data = hitData(siteId, { pagePath: '/visits' });
    const record = visitorRecord('dee', 1_760_000_000_300, 2);
    await Promise.all([1, 2, 3].map(() => visitor.post('/api/census/RecordHit', { event: 1, data, ss_cvr: record }, { ip })));
    ok(await visitor.post('/api/census/RecordHit', { event: 1, data, ss_cvr: visitorRecord('dee', 1_760_000_000_400, 3) }, { ip }));
    ok(await visitor.post('/api/census/RecordHit', { event: 1, data }, { ip }));
    ok(await visitor.post('/api/census/RecordHit', { event: 10, data }, { ip }));
    ok(await visitor.post('/api/census/RecordHit', { event: 1, data }, { ip, ua: 'Mozilla/5.0 (Macintosh) Safari/605.1.15' }));
    expect(await query("SELECT page_views::int, visits::int FROM page_daily_stats WHERE page_path = '/visits'")).toEqual([{ page_views: 6, visits: 4 }]);
    expect(await countOf('census_hits', "page_path = '/visits' AND new_visit")).toBe(4);
    expect(await countOf('(SELECT DISTINCT visitor_hash FROM census_hits WHERE page_path = $1) v', 'true', ['/visits'])).toBe(3);
  });

  it('never stores an IP address, in any table', async () => {
    const ip = '203.0.113.77';
    const marker = 'ip-marker-title';
    const headers = { 'x-csrf-token': visitor.crumb };
    ok(await visitor.post('/api/census/RecordHit', { event: 1, data: hitData(siteId, { title: marker }) }, { ip }));
    ok(await visitor.post('/api/census/button-render', { ...buttonPayload(), buttonText: marker }, { ip }));
    ok(await visitor.post('/api/v1/events', envelope(siteId, { object_display_name: marker }), { ip }));
    ok(await visitor.post('/api/events/RecordEvent', { crumb: visitor.crumb, event: 'e', data: { marker } }, { ip }));
    ok(await visitor.post('/api/events/RecordJavascriptErrors', [errorReport(siteId, { message: marker })], { ip, as: 'json', headers }));
    ok(await visitor.post('/api/events/Trace', { data: [{ pageUrl: 'http://localhost/', type: marker, data: {} }] }, { ip }));
    ok(await visitor.get(`/api/track/Track?landing=${encodeURIComponent(`http://localhost/${marker}`)}`, { ip }));
    const { pageLoadId } = (await visitor.get('/api/1/performance/settings', { ip })).json() as { pageLoadId: string };
    ok(await visitor.post('/api/1/performance/records', [performanceRecord(pageLoadId, 'rum-fcp', 900, { pagePath: `/${marker}` })], { ip, as: 'text' }));
    const tables = [...MEASUREMENT_TABLES.map(getTableName), 'measurement_limits', 'measurement_salts', 'rate_limits'];
    for (const table of tables) {
      expect(await countOf(`${table} t`, 't::text LIKE $1', [`%${ip}%`]), table).toBe(0);
    }
    // The search itself works: the marker sent in each call is found in its table.
    for (const table of [
      'census_hits',
      'census_events',
      'analytics_events',
      'recorded_events',
      'javascript_errors',
      'trace_events',
      'track_hits',
      'performance_records',
    ]) {
      expect(await countOf(`${table} t`, 't::text LIKE $1', [`%${marker}%`]), table).toBeGreaterThan(0);
    }
  });

  it('keeps rollups equal to recounts from the raw rows', async () => {
    const pages = await query<Record<string, number | string>>(`
      SELECT website_id, day::text, page_path, page_views::int, visits::int, form_renders::int, button_renders::int, button_clicks::int, overlay_views::int, quick_views::int
      FROM page_daily_stats ORDER BY 1, 2, 3`);
    const recount = await query<Record<string, number | string>>(`
      WITH hits AS (
        SELECT website_id, day, page_path, count(*) FILTER (WHERE event = 1) AS page_views, count(*) FILTER (WHERE new_visit) AS visits,
               0 AS form_renders, 0 AS button_renders, 0 AS button_clicks, 0 AS overlay_views, 0 AS quick_views
        FROM census_hits GROUP BY 1, 2, 3
        UNION ALL
        SELECT website_id, day, page_path, 0, 0, count(*) FILTER (WHERE kind = 'form-render'), count(*) FILTER (WHERE kind = 'button-render'),
               count(*) FILTER (WHERE kind = 'button-click'), count(*) FILTER (WHERE kind = 'overlay'), count(*) FILTER (WHERE kind = 'quick-view')
        FROM census_events GROUP BY 1, 2, 3)
      SELECT website_id, day::text, page_path, sum(page_views)::int AS page_views, sum(visits)::int AS visits, sum(form_renders)::int AS form_renders,
             sum(button_renders)::int AS button_renders, sum(button_clicks)::int AS button_clicks, sum(overlay_views)::int AS overlay_views, sum(quick_views)::int AS quick_views
      FROM hits GROUP BY 1, 2, 3
      HAVING sum(page_views + visits + form_renders + button_renders + button_clicks + overlay_views + quick_views) > 0
      ORDER BY 1, 2, 3`);
    expect(pages.length).toBeGreaterThan(10);
    expect(pages).toEqual(recount);
    // A visit is counted by exactly one hit.
    expect(await countOf('census_hits', 'new_visit')).toBe(await countOf('(SELECT DISTINCT website_id, day, visitor_hash, visit_start FROM census_hits) v'));
    expect(await countOf('visitor_days')).toBe(await countOf('(SELECT DISTINCT website_id, day, visitor_hash FROM census_hits) v'));
    // Vitals: the buckets of the page_speed records' values.
    const records = await query<{ website_id: string; day: string; page_path: string; name: string; value: number }>(
      "SELECT website_id, day::text, page_path, name, value FROM performance_records WHERE event = 'page_speed' AND value IS NOT NULL",
    );
    const expected = new Map<string, number>();
    for (const r of records) {
      const k = [r.website_id, r.day, r.page_path, r.name, bucketOf(r.value)].join('|');
      expected.set(k, (expected.get(k) ?? 0) + 1);
    }
    const vitals = await query<{ k: string; count: number }>(
      "SELECT concat_ws('|', website_id, day::text, page_path, metric, bucket) AS k, count::int FROM vitals_daily",
    );
    expect(new Map(vitals.map((v) => [v.k, v.count]))).toEqual(expected);
    expect(await query('SELECT referrer_host, sum(hits)::int AS n FROM referrer_daily GROUP BY 1 ORDER BY 1')).toEqual(
      await query('SELECT referrer_host, count(*)::int AS n FROM track_hits GROUP BY 1 ORDER BY 1'),
    );
    expect(await query('SELECT source, campaign, sum(hits)::int AS n FROM campaign_daily GROUP BY 1, 2 ORDER BY 1, 2')).toEqual(
      await query("SELECT coalesce(source, '') AS source, coalesce(campaign, '') AS campaign, count(*)::int AS n FROM track_hits GROUP BY 1, 2 ORDER BY 1, 2"),
    );
  });
});

describe('retention', () => {
  it('PUT /api/config/site sets analyticsRetentionDays (1 to 3650, null for the default)', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    expect((await owner.call('PUT', '/api/config/site', { analyticsRetentionDays: 30 })).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/config/site')).json().analyticsRetentionDays).toBe(30);
    for (const bad of [0, 3651, 1.5, '30']) {
      const res = await owner.call('PUT', '/api/config/site', { analyticsRetentionDays: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.analyticsRetentionDays).toContain('from 1 to 3650');
    }
    expect((await owner.call('PUT', '/api/config/site', { analyticsRetentionDays: null })).statusCode).toBe(200);
    expect((await owner.call('GET', '/api/config/site')).json()).not.toHaveProperty('analyticsRetentionDays');
  });

  it(`deletes raw rows and rollups older than the site's retention (${DEFAULT_ANALYTICS_RETENTION_DAYS} days when unset), old salts and ended windows`, async () => {
    const tables = MEASUREMENT_TABLES.map(getTableName);
    const kept = async (id: string) => Promise.all(tables.map((t) => countOf(t, 'website_id = $1', [id])));
    // The east site's rows, moved back 40 days: within the default retention.
    for (const t of tables) await query(`UPDATE ${t} SET day = day - 40 WHERE website_id = $1`, [eastId]);
    const east = await kept(eastId);
    expect(east.filter((n) => n > 0).length).toBeGreaterThanOrEqual(4);
    // The demo site's rows of one page, moved back past 400 days.
    await query(`UPDATE census_hits SET day = day - ${DEFAULT_ANALYTICS_RETENTION_DAYS + 2} WHERE website_id = $1 AND page_path = '/hit-fields'`, [siteId]);
    await query("INSERT INTO measurement_salts (day, salt) VALUES ((now() AT TIME ZONE 'UTC')::date - 3, 'old')");
    await query("INSERT INTO measurement_limits (website_id, client_hash, hits, window_ends_at) VALUES ($1, 'ended', 1, now() - interval '1 minute')", [
      siteId,
    ]);
    const demoBefore = await countOf('census_hits', 'website_id = $1', [siteId]);
    await pruneMeasurement(demo.database.db);
    expect(await kept(eastId)).toEqual(east);
    expect(await countOf('census_hits', 'website_id = $1', [siteId])).toBe(demoBefore - 1);
    expect(await countOf('measurement_salts', "salt = 'old'")).toBe(0);
    expect(await countOf('measurement_salts')).toBeGreaterThan(0);
    expect(await countOf('measurement_limits', "client_hash = 'ended'")).toBe(0);
    // With 30 days of retention, the east site's 40-day-old data goes, rollups included.
    const [row] = await demo.database.db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, eastId));
    await demo.database.db
      .update(websites)
      .set({ settings: { ...row!.settings, analyticsRetentionDays: 30 } })
      .where(eq(websites.id, eastId));
    await pruneMeasurement(demo.database.db);
    expect((await kept(eastId)).every((n) => n === 0)).toBe(true);
    expect(await countOf('census_hits', 'website_id = $1', [siteId])).toBe(demoBefore - 1);
  });
});
