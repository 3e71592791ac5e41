/**
 * Attempt limits hold against guesses sent in parallel: every try is counted before the password
 * or code is checked, so a burst cannot pass a "limit reached?" check made before any of it was
 * counted. Team sign-in (10 per account, 50 per address in 15 minutes), customer sign-in (the
 * same), and two-factor codes on one ticket (5 per account in 15 minutes). Every 429 carries
 * Retry-After.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { base32Decode, totp } from '../src/server/modules/accounts/two-factor/totp';
import { demoDatabase, type DemoApp } from './demo-app';
import { client, signedIn } from './session';

let demo: DemoApp;
let app: FastifyInstance;

beforeAll(async () => {
  demo = await demoDatabase();
  for (const name of ['target', 'spray', 'coded']) {
    await setRole(demo.database.db, demo.websiteId, await createAccount(demo.database.db, `${name}@example.com`, `${name}-password-1`), TEAM_ROLES.EDITOR);
  }
  await createVerifiedSiteUser(demo.database.db, demo.websiteId, 'shopper@example.com', 'shopper-password-1');
  app = await demo.start();
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

function statuses(results: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

function expectRetryAfter(results: LightMyRequestResponse[]) {
  for (const r of results.filter((x) => x.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in limits against parallel guesses', () => {
  it('lets 10 of 200 parallel wrong passwords for one account be checked and refuses the rest with 429 and Retry-After', async () => {
    const c = await client(app);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => c.call('POST', '/api/auth/Login', { email: 'target@example.com', password: 'wrong-guess' })),
    );
    expect(statuses(results)).toEqual({ 401: 10, 429: 190 });
    expectRetryAfter(results);
    // The right password is refused too until the window ends.
    expect((await c.call('POST', '/api/auth/Login', { email: 'target@example.com', password: 'target-password-1' })).statusCode).toBe(429);
  });

  it('limits one address to 50 tries across accounts, even in parallel', async () => {
    const c = await client(app);
    await demo.database.pool.query('DELETE FROM rate_limits');
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        c.call('POST', '/api/auth/Login', { email: `nobody-${i}@example.com`, password: 'wrong-guess' }, { remoteAddress: '203.0.113.7' }),
      ),
    );
    expect(statuses(results)).toEqual({ 401: 50, 429: 70 });
    expectRetryAfter(results);
  });

  it('lets 10 of 60 parallel customer sign-ins be checked', async () => {
    await demo.database.pool.query('DELETE FROM rate_limits');
    const c = await client(app);
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        c.call('POST', '/api/site-users/account/session', { email: 'shopper@example.com', password: 'wrong-guess', rememberMe: false }),
      ),
    );
    expect(statuses(results)).toEqual({ 401: 10, 429: 50 });
    expectRetryAfter(results);
  });

  it('a right password gives its try back to the address', async () => {
    await demo.database.pool.query('DELETE FROM rate_limits');
    for (let i = 0; i < 51; i++) await signedIn(app, 'spray@example.com', 'spray-password-1');
    const c = await client(app);
    expect((await c.call('POST', '/api/auth/Login', { email: 'spray@example.com', password: 'wrong-guess' })).statusCode).toBe(401);
  });
});

describe('two-factor codes against parallel guesses', () => {
  it('checks 5 of 300 parallel wrong codes on one ticket and refuses the rest with 429 and Retry-After', async () => {
    await demo.database.pool.query('DELETE FROM rate_limits');
    const owner = await signedIn(app, 'coded@example.com', 'coded-password-1');
    const { secret } = (await owner.call('POST', '/api/auth/TwoFactor/Begin')).json() as { secret: string };
    expect((await owner.call('POST', '/api/auth/TwoFactor/Confirm', { code: totp(base32Decode(secret), Date.now()) })).statusCode).toBe(200);
    await demo.database.pool.query('DELETE FROM rate_limits');

    const c = await client(app);
    const { ticket } = (await c.call('POST', '/api/auth/Login', { email: 'coded@example.com', password: 'coded-password-1' })).json() as { ticket: string };
    const right = totp(base32Decode(secret), Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const results = await Promise.all(Array.from({ length: 300 }, () => c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: wrong })));
    expect(statuses(results)).toEqual({ 401: 5, 429: 295 });
    expectRetryAfter(results);
  });
});
