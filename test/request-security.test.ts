/**
 * Request-level promises: NUL refused at each entry point an attacker found (400, no SQL); an
 * unexpected failure answered with a generic message and a request id; open redirects closed;
 * the crumb bound to a team member's session; state-changing calls from another site refused;
 * Secure cookies and HSTS behind a trusted TLS proxy only; each cookie set once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { hashedIp } from '../src/server/rate-limits/rate-limit';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { loadDocument } from '../src/document/load';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { demoDatabase, type DemoApp } from './demo-app';
import { siteNamed } from './fixtures';
import { client, signedIn, type Client } from './session';

let demo: DemoApp;
let app: FastifyInstance;
let owner: Client;

const LIST_ID = 'ffff00000000000000000000';
const SQL = /select|insert|update|delete|from|where|params|failed query|\$\d/i;

beforeAll(async () => {
  demo = await demoDatabase();
  await setRole(demo.database.db, demo.websiteId, await createAccount(demo.database.db, 'owner@example.com', 'owner-password-1'), TEAM_ROLES.ADMIN);
  await createVerifiedSiteUser(demo.database.db, demo.websiteId, 'shopper@example.com', 'shopper-password-1');
  const other = loadDocument(siteNamed('other', 'Other', ['shop.other.example']), siteDocumentSchema);
  if (!other.ok) throw new Error('fixture invalid');
  await writeSiteDocument(demo.database.db, other.document);
  app = await demo.start();
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

function expectRefusedNul(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(res.body, what).not.toMatch(SQL);
}

describe('a NUL character', () => {
  it('is refused with 400 and no SQL at every entry point that leaked a statement', async () => {
    const visitor = await client(app);
    const shopper = await client(app);
    const signIn = await shopper.call('POST', '/api/site-users/account/session', {
      email: 'shopper@example.com',
      password: 'shopper-password-1',
      rememberMe: false,
    });
    const xsrf = (signIn.json() as { xsrfToken: string }).xsrfToken;
    const cases: [string, Promise<LightMyRequestResponse>][] = [
      ['customer sign-up', visitor.call('POST', '/api/site-users/account', { email: 'new@example.com', password: 'a-long-pass\u0000word', displayName: 'N' })],
      ['customer sign-in', visitor.call('POST', '/api/site-users/account/session', { email: 'shopper@example.com\u0000', password: 'x', rememberMe: false })],
      ['newsletter name', visitor.call('POST', '/api/newsletter/subscribe', { listId: LIST_ID, email: 'n@example.com', name: 'A\u0000' })],
      ['file path', visitor.call('GET', '/s/a%00b')],
      ['page path', visitor.call('GET', '/%00')],
      ['account path', visitor.call('GET', '/account/%00')],
      ['submission search', owner.call('GET', '/api/config/forms/c0a7ac7f0000000000000001/submissions?q=%00')],
      ['submission page', owner.call('GET', '/api/config/forms/c0a7ac7f0000000000000001/submissions?after=%00')],
      ['subscriber search', owner.call('GET', `/api/config/newsletter/${LIST_ID}/subscribers?q=%00`)],
      ['subscriber delete', owner.call('DELETE', `/api/config/newsletter/${LIST_ID}/subscribers/a%00b`)],
      ['site settings', owner.call('PUT', '/api/config/site', { title: 'Juniper\u0000' })],
      ['header and footer', owner.call('PUT', '/api/site-header-footer', { header: {}, footer: { text: 'x\u0000' } })],
    ];
    for (const [what, pending] of cases) expectRefusedNul(await pending, what);
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/site-users/account',
      headers: {
        host: 'localhost',
        cookie: [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': shopper.cookies.get('crumb')!,
        'x-siteuser-xsrf-token': xsrf,
      },
      payload: { displayName: 'Shop\u0000per' },
    });
    expectRefusedNul(profile, 'customer profile');
  });
});

describe('an unexpected failure', () => {
  it('answers 500 with a generic message and a request id, never the statement, its values or a stack', async () => {
    await demo.database.pool.query('ALTER TABLE activity_log RENAME TO activity_log_away');
    try {
      const res = await owner.call('GET', '/api/config/activity');
      expect(res.statusCode).toBe(500);
      const body = res.json() as { error: string; requestId: string };
      expect(body).toEqual({ error: 'Something went wrong on our side. Please try again in a moment.', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(res.body).not.toMatch(/activity_log|select|from|at |\.ts/i);
    } finally {
      await demo.database.pool.query('ALTER TABLE activity_log_away RENAME TO activity_log');
    }
  });
});

describe('redirect targets', () => {
  it('keeps the trailing-slash redirect on the site, whatever the path starts with', async () => {
    for (const [url, location] of [
      ['//attacker.example/', '/attacker.example'],
      ['///attacker.example/x/', '/attacker.example/x'],
      ['/about/?a=1', '/about?a=1'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // A backslash in the path, sent as is over a real connection (a URL parser would turn it into '/').
    const listening = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/\\attacker.example/', headers: { host: 'localhost' } }, (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          })
          .on('error', reject);
      });
      expect(answer).toEqual({ status: 404, location: undefined });
    } finally {
      await listening.close();
    }
  });

  it('sends a signed-in customer only to a path on the site after sign-in, and never answers 500 for a control character', async () => {
    const shopper = await client(app);
    await shopper.call('POST', '/api/site-users/account/session', { email: 'shopper@example.com', password: 'shopper-password-1', rememberMe: false });
    for (const returnTo of [
      '%2F%09%2Fattacker.example%2Fphish',
      '%2F%0A%2Fattacker.example',
      '%2F%5Cattacker.example',
      'https%3A%2F%2Fattacker.example%2F',
      '%2F%2Fattacker.example',
    ]) {
      const res = await shopper.call('GET', `/account/login?returnTo=${returnTo}`);
      expect(res.statusCode, returnTo).toBe(302);
      expect(res.headers.location, returnTo).toBe('/account');
    }
    const onSite = await shopper.call('GET', '/account/login?returnTo=%2Fmembers%3Fa%3D1');
    expect(onSite.headers.location).toBe('/members?a=1');
  });

  it("renders a visitor's sign-in form with only a path on the site to return to", async () => {
    const res = await app.inject({ method: 'GET', url: '/account/login?returnTo=%2F%09%2Fattacker.example%2Fphish', headers: { host: 'localhost' } });
    expect(res.body).toContain('data-return-to="/account"');
    expect(res.body).not.toContain('attacker');
  });
});

describe('the crumb', () => {
  it("is bound to the team member's session: a crumb fetched elsewhere and planted in their browser is refused", async () => {
    const attacker = await client(app);
    const planted = attacker.cookies.get('crumb')!;
    const victim = await signedIn(app, 'owner@example.com', 'owner-password-1');
    expect(victim.cookies.get('crumb')).not.toBe(planted);
    victim.cookies.set('crumb', planted);
    const res = await victim.call('PUT', '/api/config/site', { tagline: 'Planted' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ crumbFail: true });
    // The fresh crumb it sets is the session's own, and works.
    expect((await victim.call('PUT', '/api/config/site', { tagline: 'Mine' })).statusCode).toBe(200);
  });

  it('is replaced at sign-in and at sign-out', async () => {
    const c = await client(app);
    const anonymous = c.cookies.get('crumb');
    await c.call('POST', '/api/auth/Login', { email: 'owner@example.com', password: 'owner-password-1' });
    const bound = c.cookies.get('crumb');
    expect(bound).not.toBe(anonymous);
    await c.call('POST', '/api/auth/Logout');
    expect(c.cookies.get('crumb')).not.toBe(bound);
    expect((await c.call('POST', '/api/auth/Login', { email: 'owner@example.com', password: 'wrong-password' })).statusCode).toBe(401);
  });
});

describe('calls from another site', () => {
  const put = (headers: Record<string, string>) =>
    app.inject({
      method: 'PUT',
      url: '/api/config/site',
      headers: {
        host: 'localhost',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': owner.cookies.get('crumb')!,
        ...headers,
      },
      payload: { tagline: 'Cross' },
    });

  it('are refused with 403 when the Origin is not the site, or the browser says cross-site', async () => {
    for (const headers of [
      { origin: 'https://attacker.example' } as Record<string, string>,
      { origin: 'http://other.sites.test' },
      { origin: 'http://shop.other.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await put(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ error: 'This request came from another site, so it was refused.' });
    }
  });

  it('pass from the site itself: the host called, its identifier address, and no Origin at all', async () => {
    for (const headers of [
      { origin: 'http://localhost' } as Record<string, string>,
      { origin: 'http://demo.sites.test' },
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      expect((await put(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('cookies', () => {
  it('sets each cookie once per answer', async () => {
    const c = await client(app);
    const res = await c.call('POST', '/api/auth/Login', { email: 'owner@example.com', password: 'owner-password-1' });
    const names = (res.headers['set-cookie'] as string[]).map((line) => line.split('=')[0]);
    expect(names.sort()).toEqual(['crumb', 'op_session', 'ss_lastid']);
  });
});

describe('behind a TLS proxy', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    proxied = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, trustProxy: '10.0.0.1' });
  });
  afterAll(async () => proxied?.close());

  const signIn = (remoteAddress: string, forwarded: Record<string, string>) =>
    proxied.inject({
      method: 'POST',
      url: '/api/auth/Login',
      remoteAddress,
      headers: { host: 'localhost', ...forwarded },
      payload: { email: 'owner@example.com', password: 'owner-password-1' },
    });

  it('marks cookies Secure and sends HSTS when the trusted proxy says the request came over TLS', async () => {
    const page = await proxied.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.1', headers: { host: 'localhost', 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(String(page.headers['set-cookie'])).toContain('Secure');
    const crumb = (page.cookies as { name: string; value: string }[]).find((k) => k.name === 'crumb')!.value;
    const res = await signIn('10.0.0.1', { 'x-forwarded-proto': 'https', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb });
    expect(res.statusCode).toBe(200);
    for (const line of res.headers['set-cookie'] as string[]) expect(line).toMatch(/; Secure/);
  });

  it('believes neither the scheme nor the address from anyone else', async () => {
    const page = await proxied.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.9', headers: { host: 'localhost', 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(String(page.headers['set-cookie'])).not.toContain('Secure');
  });

  it('counts attempts per client address the trusted proxy reports, and per connection otherwise', async () => {
    await demo.database.pool.query('DELETE FROM rate_limits');
    const page = await proxied.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.1', headers: { host: 'localhost' } });
    const crumb = (page.cookies as { name: string; value: string }[]).find((k) => k.name === 'crumb')!.value;
    const guess = (remoteAddress: string, forwardedFor: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/auth/Login',
        remoteAddress,
        headers: { host: 'localhost', 'x-forwarded-for': forwardedFor, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
        payload: { email: 'someone@example.com', password: 'x' },
      });
    for (const [remote, forwarded] of [
      ['10.0.0.1', '198.51.100.1'],
      ['10.0.0.1', '198.51.100.2'],
      ['203.0.113.9', '198.51.100.3'],
    ] as const) {
      expect((await guess(remote, forwarded)).statusCode).toBe(401);
    }
    const { rows } = await demo.database.pool.query<{ key: string }>("SELECT key FROM rate_limits WHERE key LIKE 'login-ip:%'");
    expect(rows.map((r) => r.key).sort()).toEqual(['198.51.100.1', '198.51.100.2', '203.0.113.9'].map((ip) => `login-ip:${hashedIp(ip)}`).sort());
  });
});
