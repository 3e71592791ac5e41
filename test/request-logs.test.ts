/**
 * The request log as an operator reads it (LOG_LEVEL=info): one JSON line per answer with the
 * method, the path without its query, the status, the time taken and the request id, and nothing a
 * caller sent that could open an account or name a person. Real calls carrying passwords (team
 * sign-in, password change, a customer's sign-in), tokens (a reset link, the crumb, a customer's
 * xsrfToken, a form's webhook secret, the metrics token), session cookies, query strings and
 * addresses are made with the log written to a stream; the whole log is then searched for each.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { requestPasswordReset } from '../src/server/modules/accounts/passwords/password-resets';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { demoDatabase, type DemoApp } from './demo-app';

const ADDRESS = '198.51.100.23';
const FORWARDED = '203.0.113.99';
const PASSWORD = 'kiln-glaze-password-1';
const NEW_PASSWORD = 'new-kiln-glaze-password-2';
const RESET_PASSWORD = 'reset-kiln-glaze-password-3';
const CUSTOMER_PASSWORD = 'customer-kiln-password-4';
const METRICS_TOKEN = 'metrics-secret-token-5b1e0c44a9';
const QUERY_WORD = 'private-campaign-word';
const FORM_ID = 'c0a7ac7f0000000000000001';

let demo: DemoApp;
let app: FastifyInstance;
let log = '';
let calls = 0;
/** Every value that must not reach the log, by what it is. */
const secrets = new Map<string, string>();

/** A browser of its own behind a proxy: a cookie jar, its address, and X-Forwarded-For on every call. */
function browser() {
  const jar = new Map<string, string>();
  return {
    jar,
    async call(method: 'GET' | 'POST' | 'PUT', url: string, body?: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
      const sent: Record<string, string> = {
        host: 'localhost',
        'x-forwarded-for': FORWARDED,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
        ...headers,
      };
      if (jar.size > 0) sent.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (method !== 'GET') sent['x-csrf-token'] = jar.get('crumb') ?? '';
      calls++;
      const res = await app.inject({ method, url, headers: sent, remoteAddress: ADDRESS, ...(body ? { payload: body } : {}) });
      for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
        if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
        else {
          jar.set(c.name, c.value);
          secrets.set(`cookie ${c.name}`, c.value);
        }
      }
      return res;
    },
  };
}

beforeAll(async () => {
  demo = await demoDatabase();
  const { db } = demo.database;
  await setRole(db, demo.websiteId, await createAccount(db, 'potter@example.com', PASSWORD), TEAM_ROLES.ADMIN);
  await createVerifiedSiteUser(db, demo.websiteId, 'buyer@example.com', CUSTOMER_PASSWORD);
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  app = await buildApp({
    database: demo.database,
    assets: loadClientAssets(),
    appDomain: 'sites.test',
    serveDefaultSite: true,
    logLevel: 'info',
    logStream: stream,
    metricsToken: METRICS_TOKEN,
  });
  await app.siteChanges.ready;
  for (const [what, value] of Object.entries({ PASSWORD, NEW_PASSWORD, RESET_PASSWORD, CUSTOMER_PASSWORD, METRICS_TOKEN, QUERY_WORD, ADDRESS, FORWARDED }))
    secrets.set(what, value);
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

type Line = Record<string, unknown>;
const lines = (): Line[] =>
  log
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);

describe('the request log', () => {
  it('holds no password, token, session id, cookie, address or query string of the calls it logs', async () => {
    const owner = browser();
    expect((await owner.call('GET', `/?utm_campaign=${QUERY_WORD}`)).statusCode).toBe(200);
    secrets.set('crumb', owner.jar.get('crumb')!);
    expect((await owner.call('POST', '/api/auth/Login', { email: 'potter@example.com', password: PASSWORD })).statusCode).toBe(200);
    const secret = await owner.call('POST', `/api/config/forms/${FORM_ID}/webhook-secret`, {});
    expect(secret.statusCode, secret.body).toBe(200);
    secrets.set('webhook secret', secret.json().webhookSecret);
    const changed = await owner.call('POST', '/api/auth/Password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    // A refused sign-in logs the same line: the password it carried is not in it either.
    expect((await browser().call('POST', '/api/auth/Login', { email: 'potter@example.com', password: `${PASSWORD}-wrong` })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    secrets.set('wrong password', `${PASSWORD}-wrong`);

    let token = '';
    await requestPasswordReset(demo.database.db, demo.websiteId, 'potter@example.com', (t) => (token = t));
    secrets.set('reset token', token);
    const resetter = browser();
    expect((await resetter.call('GET', `/config/reset-password?token=${token}`)).statusCode).toBe(200);
    const reset = await resetter.call('POST', '/api/auth/PasswordReset/Complete', { token, password: RESET_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);

    const customer = browser();
    await customer.call('GET', '/');
    const session = await customer.call('POST', '/api/site-users/account/session', { email: 'buyer@example.com', password: CUSTOMER_PASSWORD });
    expect(session.statusCode, session.body).toBe(200);
    secrets.set('xsrfToken', session.json().xsrfToken);
    expect((await customer.call('GET', '/api/site-users/account', undefined, { 'x-csrf-token': session.json().xsrfToken })).statusCode).toBe(200);

    expect((await browser().call('GET', '/api/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(200);

    expect(secrets.size).toBeGreaterThan(14);
    for (const [what, value] of secrets) {
      expect(value.length, what).toBeGreaterThan(6);
      expect(log.includes(value), `${what} is in the log`).toBe(false);
    }
    expect(log).not.toMatch(/cookie|authorization|x-csrf-token|remoteAddress|"ip"|\?/i);
  });

  it('writes one line per answer: method, path without query, status, time taken and request id', () => {
    const requests = lines().filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(calls);
    for (const line of requests) {
      expect(Object.keys(line).sort()).toEqual(['hostname', 'level', 'method', 'msg', 'path', 'pid', 'requestId', 'responseTimeMs', 'status', 'time']);
      expect(line.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(line.responseTimeMs).toEqual(expect.any(Number));
      expect(line.path).toMatch(/^\/[^?]*$/);
    }
    expect(new Set(requests.map((l) => l.requestId)).size).toBe(requests.length);
    expect(requests).toContainEqual(expect.objectContaining({ method: 'GET', path: '/config/reset-password', status: 200 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/auth/Login', status: 200 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'GET', path: '/', status: 200 }));
  });

  it('keeps the request id on the line of a failure, the one the caller was given, and no secret with it', async () => {
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    const name = new URL(demo.database.url).pathname.slice(1);
    const c = browser();
    await c.call('GET', '/');
    const before = log.length;
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const res = await c.call('POST', '/api/auth/Login', { email: 'potter@example.com', password: RESET_PASSWORD });
      expect(res.statusCode).toBe(500);
      const { requestId } = res.json() as { requestId: string };
      const failure = lines().find((l) => l.msg === 'request failed');
      expect(failure?.requestId).toBe(requestId);
      expect(failure).toMatchObject({ method: 'POST', path: '/api/auth/Login' });
      expect(lines().find((l) => l.msg === 'request' && l.requestId === requestId)).toMatchObject({ status: 500 });
      for (const [what, value] of secrets) expect(log.slice(before).includes(value), `${what} is in the log`).toBe(false);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  });
});
