/**
 * What an operator and a load balancer see: GET /api/metrics (Prometheus text, refused to every
 * caller without METRICS_TOKEN, wherever it seems to come from; METRICS_LISTEN's listener of its
 * own on a loopback address), GET
 * /api/health/live and GET /api/health/ready (503 while the database is unreachable, while a
 * migration is missing, and while the server shuts down).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { metricsListener } from '../src/server/operator/routes';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { operations } from '../src/messages/operations';
import { demoDatabase, type DemoApp } from './demo-app';

const TOKEN = 'metrics-token-0123456789abcdef';
const OUTSIDE = '203.0.113.7';

let demo: DemoApp;
let app: FastifyInstance;

beforeAll(async () => {
  demo = await demoDatabase();
  app = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, metricsToken: TOKEN });
  await app.siteChanges.ready;
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

const metrics = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/api/metrics', headers: { host: 'localhost', ...headers }, remoteAddress });

/** The samples of a Prometheus text answer, by metric name, each with its labels and value. */
function samples(text: string): Map<string, { labels: Record<string, string>; value: number }[]> {
  const found = new Map<string, { labels: Record<string, string>; value: number }[]>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(m, `not a Prometheus sample line: ${line}`).toBeTruthy();
    const labels = Object.fromEntries([...(m![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
    const value = Number(m![3]);
    expect(Number.isNaN(value) && m![3] !== 'NaN', line).toBe(false);
    found.set(m![1]!, [...(found.get(m![1]!) ?? []), { labels, value }]);
  }
  return found;
}

function expectRefused(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: message });
  expect(res.body).not.toContain('http_requests_total');
}

describe('GET /api/metrics', () => {
  it('refuses a caller from another machine without the token, or with a wrong one', async () => {
    expectRefused(await metrics({}, OUTSIDE), operations.metricsTokenRequired);
    expectRefused(await metrics({ authorization: `Bearer ${TOKEN}x` }, OUTSIDE), operations.metricsTokenWrong);
    expectRefused(await metrics({ authorization: TOKEN }, OUTSIDE), operations.metricsTokenRequired);
  });

  it('refuses a caller on this machine without the token too, whatever a proxy in front of it added or left out', async () => {
    expectRefused(await metrics(), operations.metricsTokenRequired);
    const proxies = {
      forwarded: 'for=198.51.100.2',
      'x-forwarded-for': '',
      via: '1.1 proxy',
      'x-client-ip': '198.51.100.2',
      'cf-connecting-ip': '198.51.100.2',
      'true-client-ip': '198.51.100.2',
      'x-original-forwarded-for': '198.51.100.2',
    };
    for (const [header, value] of Object.entries(proxies)) {
      for (const address of ['127.0.0.1', '::1']) expectRefused(await metrics({ [header]: value }, address), operations.metricsTokenRequired);
    }
  });

  it('serves no one at /api/metrics when METRICS_TOKEN is unset, and METRICS_LISTEN serves them on a listener of their own', async () => {
    const open = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
    try {
      const outside = await open.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { host: 'localhost', authorization: `Bearer ${TOKEN}` },
        remoteAddress: OUTSIDE,
      });
      expectRefused(outside, operations.metricsTokenUnset);
      const proxied = await open.inject({ method: 'GET', url: '/api/metrics', headers: { host: 'localhost', 'x-forwarded-for': OUTSIDE } });
      expectRefused(proxied, operations.metricsTokenUnset);
      expectRefused(
        await open.inject({ method: 'GET', url: '/api/metrics', headers: { host: 'localhost' }, remoteAddress: '::1' }),
        operations.metricsTokenUnset,
      );

      const listener = await metricsListener(open, demo.database, { host: '127.0.0.1', port: 0 });
      try {
        const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
        const scrape = await fetch(`${base}/metrics`);
        expect(scrape.status).toBe(200);
        expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        expect(samples(await scrape.text()).has('db_pool_connections')).toBe(true);
        expect((await fetch(`${base}/`)).status).toBe(404);
        expect((await fetch(`${base}/api/health/live`)).status).toBe(404);
      } finally {
        listener.close();
      }
    } finally {
      await open.close();
    }
  });

  it('answers Prometheus text with the token, holding requests by route pattern, latency, the pool and the job queue', async () => {
    await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    await app.inject({ method: 'GET', url: '/about?utm_source=mail', headers: { host: 'localhost' } });
    await app.inject({ method: 'GET', url: '/api/no-such-call', headers: { host: 'localhost' } });
    await demo.database.pool.query(
      `INSERT INTO jobs (kind, payload, status, delivery_key) VALUES ('email', '{}', 'pending', $1), ('email', '{}', 'failed', $2)`,
      [randomBytes(8).toString('hex'), randomBytes(8).toString('hex')],
    );

    const res = await metrics({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': OUTSIDE }, OUTSIDE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const found = samples(res.body);

    const requests = found.get('http_requests_total') ?? [];
    const page = requests.find((s) => s.labels.route === '/*' && s.labels.method === 'GET' && s.labels.status === '200');
    expect(page?.value).toBeGreaterThanOrEqual(2);
    expect(requests.find((s) => s.labels.route === '/api/*' && s.labels.status === '404')?.value).toBe(1);
    // The route pattern, never the address a caller chose.
    expect(requests.some((s) => s.labels.route!.includes('about') || s.labels.route!.includes('utm'))).toBe(false);

    const latency = found.get('http_request_duration_seconds_count') ?? [];
    expect(latency.find((s) => s.labels.route === '/*')?.value).toBeGreaterThanOrEqual(2);
    expect(found.get('http_request_duration_seconds_bucket')?.some((s) => s.labels.le === '+Inf')).toBe(true);

    const pool = Object.fromEntries((found.get('db_pool_connections') ?? []).map((s) => [s.labels.state, s.value]));
    expect(Object.keys(pool).sort()).toEqual(['idle', 'total', 'waiting']);
    expect(pool.total).toBeGreaterThanOrEqual(1);

    const queue = Object.fromEntries((found.get('job_queue_jobs') ?? []).map((s) => [s.labels.status, s.value]));
    expect(queue).toEqual({ pending: 1, running: 0, failed: 1 });

    for (const name of ['page_cache_requests_total', 'ingest_batch_calls', 'ingest_commit_wait_seconds', 'job_failures_total']) {
      expect(res.body, name).toContain(`# TYPE ${name} `);
    }
    // The app built by a test has no process metrics; main.ts adds them.
    expect(found.has('process_cpu_user_seconds_total')).toBe(false);
  });
});

describe('health checks', () => {
  it('live answers 200 while the process runs, ready answers 200 with the database migrated', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health/live', headers: { host: 'localhost' }, remoteAddress: OUTSIDE });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ live: true });
    // A load balancer keeps no cookies: a probe's answer sets none.
    expect(live.headers['set-cookie']).toBeUndefined();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'localhost' }, remoteAddress: OUTSIDE });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
    expect(ready.headers['set-cookie']).toBeUndefined();
  });

  it('is not shadowed by a site page and needs no site: an unknown host gets the same answers', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/live', headers: { host: 'nobody.example' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'nobody.example' } })).statusCode).toBe(200);
  });

  it('ready answers 503 while a schema or a data migration is missing, and 200 once it is back', async () => {
    const ready = () => app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'localhost' } });
    const { pool } = demo.database;
    const last = (await pool.query('SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1')).rows[0];
    await pool.query('DELETE FROM drizzle.__drizzle_migrations WHERE id = $1', [last.id]);
    let res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, reason: operations.migrationsPending });
    await pool.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [last.id, last.hash, last.created_at]);
    expect((await ready()).statusCode).toBe(200);

    const data = (await pool.query('SELECT name, applied_at FROM drizzle.__data_migrations')).rows;
    await pool.query('DELETE FROM drizzle.__data_migrations');
    res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, reason: operations.migrationsPending });
    for (const row of data) await pool.query('INSERT INTO drizzle.__data_migrations (name, applied_at) VALUES ($1, $2)', [row.name, row.applied_at]);
    expect((await ready()).statusCode).toBe(200);
  });

  it('ready answers 503 while the database refuses connections or was never migrated, and 200 once it is back', async () => {
    const other = await demoDatabase();
    const server = await other.start();
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    const name = new URL(other.database.url).pathname.slice(1);
    const ready = () => server.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'localhost' } });
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      let res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: operations.databaseUnreachable });
      expect((await server.inject({ method: 'GET', url: '/api/health/live', headers: { host: 'localhost' } })).statusCode).toBe(200);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      expect((await ready()).statusCode).toBe(200);

      await other.database.pool.query('DROP SCHEMA drizzle CASCADE');
      res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: operations.migrationsPending });
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await server.close();
      await other.database.drop();
    }
  });

  it('ready answers 503 once the server is shutting down, live still 200', async () => {
    const draining = await demo.start();
    try {
      draining.markDraining();
      const res = await draining.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: operations.draining });
      expect((await draining.inject({ method: 'GET', url: '/api/health/live', headers: { host: 'localhost' } })).statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });
});
