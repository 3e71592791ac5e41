/**
 * Every registered route (pages, files, the seed calls, the config area's calls), found from the
 * app itself, so a route added later is covered without editing this file. Each gets, signed in
 * as an ADMIN with the crumb so that nothing stops the request early for want of a role:
 *
 * - a NUL in its path or query, and (for state-changing methods) in its JSON body: 400, naming
 *   where it was; the seed's SaveFormSubmission keeps its own shape (`errors` by field);
 * - a hostile Host header of each shape: 400 before anything else runs;
 * - for API calls, `Cache-Control: no-store` on whatever it answers;
 * - never a 5xx, and no answer that carries SQL, a stack trace or a file path.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../src/domain/routes';
import { TEAM_ROLES } from '../src/domain/roles';
import type { RegisteredRoute } from '../src/server/app';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { demoDatabase, type DemoApp } from './demo-app';
import { signedIn, type Client } from './session';

let demo: DemoApp;
let app: FastifyInstance;
let admin: Client;
let routes: RegisteredRoute[];

const PASSWORD = 'route-walk-password-1';

beforeAll(async () => {
  demo = await demoDatabase();
  await setRole(demo.database.db, demo.websiteId, await createAccount(demo.database.db, 'walker@example.com', PASSWORD), TEAM_ROLES.ADMIN);
  app = await demo.start();
  admin = await signedIn(app, 'walker@example.com', PASSWORD);
  // `app.all` also answers methods no browser sends (PROPFIND, TRACE …): the walk takes the ones that carry calls.
  routes = app.registeredRoutes.filter((r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

/** The route's address with each parameter (and wildcard) filled in with `value`. */
function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, value);
}

const SQL =
  /\b(?:select\b[\s\S]{0,200}\bfrom|insert\s+into|update\b[\s\S]{0,100}\bset|delete\s+from)\b|failed query|syntax error at|violates .* constraint|\bparams:/i;
const STACK = /\n\s+at\s|\bat [\w.<>]+ \(|\.(?:ts|js|tsx):\d+|node_modules|\/work\//;

/** Nothing internal in an answer: no SQL in data answers, no stack or file path in any. */
function expectNothingInternal(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const isPage = String(res.headers['content-type'] ?? '').startsWith('text/html');
  if (!isPage) expect(res.body, what).not.toMatch(SQL);
  expect(res.body, what).not.toMatch(STACK);
}

async function send(method: string, url: string, opts: { host?: string; body?: unknown; client?: Client } = {}): Promise<LightMyRequestResponse> {
  const c = opts.client ?? admin;
  const headers: Record<string, string> = { host: opts.host ?? 'localhost', cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (method !== 'GET') headers['x-csrf-token'] = c.cookies.get('crumb') ?? '';
  return app.inject({ method: method as 'GET', url, headers, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
}

describe('every route', () => {
  it('is found: pages, seed calls and config calls are all in the walk', () => {
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const expected of [`GET /*`, `POST ${API_PATHS.SAVE_FORM_SUBMISSION}`, `GET /api/config/site`, `PUT /api/config/site`, `POST /api/auth/Login`])
      expect(urls).toContain(expected);
    expect(routes.length).toBeGreaterThan(60);
  });

  it('refuses a NUL in the path or query with 400, whatever the route', async () => {
    for (const route of routes) {
      const hasParam = /[:*]/.test(route.url);
      const url = hasParam ? fill(route.url, 'a%00b') : `${route.url}?q=a%00b`;
      const res = await send(route.method, url, route.method === 'GET' ? {} : { body: {} });
      expectNothingInternal(res, `${route.method} ${url}`);
      expect(res.statusCode, `${route.method} ${url}: ${res.body.slice(0, 200)}`).toBe(400);
    }
  });

  it('refuses a NUL anywhere in a JSON body with 400 naming where it is; SaveFormSubmission answers in its own shape', async () => {
    const body = { a: 'x\u0000y', nested: { list: ['ok', 'z\u0000'] }, 'k\u0000': 1 };
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      // A webhook's address names a provider that sends them; its body, read as signed bytes, is refused for its signature.
      const url = fill(route.url.replace(':provider', 'test'), 'x');
      const res = await send(route.method, url, { body });
      const what = `${route.method} ${url}: ${res.body.slice(0, 200)}`;
      expectNothingInternal(res, what);
      // The account pages' POST reads no body at all: it only sends the visitor back to the page (303).
      if (res.statusCode === 303 && route.url.startsWith('/account/')) continue;
      expect(res.statusCode, what).toBe(400);
      const answer = res.json() as { error: string; errors?: Record<string, string> };
      expect(answer.error, what).toEqual(expect.any(String));
      if (route.url === API_PATHS.SAVE_FORM_SUBMISSION) expect(Object.keys(answer.errors ?? {}).sort()).toEqual(['a', 'k\\0', 'nested.list.1'].sort());
    }
  });

  it('refuses a hostile Host header with 400 before anything runs', async () => {
    const hosts = [
      'demo.localhost:3000@attacker.example',
      'attacker.example/phish',
      'attacker .example',
      'localhost:99999',
      'localhost:abc',
      'a..b',
      '[::1',
      'x\u0001y',
    ];
    for (const route of routes) {
      for (const host of hosts) {
        const url = fill(route.url, 'x');
        const res = await send(route.method, url, { host, ...(route.method === 'GET' ? {} : { body: {} }) });
        expectNothingInternal(res, `${route.method} ${url} Host ${host}`);
        expect(res.statusCode, `${route.method} ${url} Host ${JSON.stringify(host)}`).toBe(400);
      }
    }
  });

  it('answers every API call with Cache-Control: no-store, the config calls included', async () => {
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/'));
    expect(apiRoutes.filter((r) => app.configRoutes.some((c) => c.url === r.url && c.method === r.method))).toHaveLength(app.configRoutes.length);
    let c = admin;
    for (const route of apiRoutes) {
      const url = fill(route.url, '1');
      const res = await send(route.method, url, { client: c, ...(route.method === 'GET' ? {} : { body: {} }) });
      // A call that ended the session (Logout) must not hide the rest: sign in again.
      if ((res.cookies as { name: string; maxAge?: number }[]).some((k) => k.name === 'op_session' && k.maxAge === 0))
        c = await signedIn(app, 'walker@example.com', PASSWORD);
      expectNothingInternal(res, `${route.method} ${url}`);
      expect(res.headers['cache-control'], `${route.method} ${url} (${res.statusCode})`).toBe('no-store');
    }
    await demo.database.pool.query('DELETE FROM rate_limits');
  });
});
