/**
 * Two-factor sign-in with an authenticator app: setting it up (begin, confirm with a first code),
 * signing in with password then code through a short-lived ticket, codes good once, wrong codes
 * limited per account, the ticket's expiry, turning it off with password and code, and the crumb on
 * every call. Codes are computed here from the secret the server hands out, as an app would; the
 * clock (Date.now) moves one 30-second step per code so each code is a fresh one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { unseal } from '../src/server/secrets/sealed';
import { base32Decode, totp } from '../src/server/modules/accounts/two-factor/totp';
import { freshDatabase } from './db';
import { demoDocument } from './fixtures';
import { client, signedIn, type Client } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;

const realNow = Date.now.bind(Date);
let offsetMs = 0;
/** The code an app shows one step later than the last code asked for. */
function freshCode(secret: string): string {
  offsetMs += 30_000;
  return totp(base32Decode(secret), Date.now());
}

const WRONG = 'That code is not right. Enter the code your authenticator app shows now.';
const USED = 'That code has already been used. Wait for the next code and enter it.';

beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
  database = await freshDatabase();
  const loaded = loadDocument(demoDocument(), siteDocumentSchema);
  if (!loaded.ok) throw new Error('demo invalid');
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  for (const [name, role] of [
    ['owner', TEAM_ROLES.ADMIN],
    ['viewer', TEAM_ROLES.VIEWER],
    ['guesser', TEAM_ROLES.EDITOR],
    ['leaver', TEAM_ROLES.STORE_MANAGER],
  ] as const) {
    await setRole(database.db, websiteId, await createAccount(database.db, `${name}@example.com`, `${name}-password-1`), role);
  }
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
});
afterEach(async () => {
  await database.pool.query('DELETE FROM rate_limits');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
  await database?.drop();
});

/** Signs in and sets two-factor up; answers the secret. */
async function enrol(email: string, password: string): Promise<string> {
  const c = await signedIn(app, email, password);
  const begun = await c.call('POST', '/api/auth/TwoFactor/Begin');
  expect(begun.statusCode, begun.body).toBe(200);
  const { secret } = begun.json() as { secret: string };
  const confirmed = await c.call('POST', '/api/auth/TwoFactor/Confirm', { code: freshCode(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return secret;
}

async function passwordStep(c: Client, email: string, password: string): Promise<string> {
  const res = await c.call('POST', '/api/auth/Login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
  return (res.json() as { ticket: string }).ticket;
}

describe('setting two-factor sign-in up', () => {
  it('begins with a pending secret and its otpauth address, and is on only after a right first code', async () => {
    const c = await signedIn(app, 'owner@example.com', 'owner-password-1');
    expect((await c.call('GET', '/api/auth/Me')).json()).toMatchObject({ twoFactor: false });

    const begun = await c.call('POST', '/api/auth/TwoFactor/Begin');
    expect(begun.statusCode).toBe(200);
    const { secret, uri } = begun.json() as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/OpenPress:owner@example.com?secret=${secret}&issuer=OpenPress`);
    const { rows } = await database.pool.query('SELECT totp_secret, totp_enabled_at FROM accounts WHERE email = $1', ['owner@example.com']);
    // The seed is stored sealed, never as the app's key.
    expect(rows[0]).toEqual({ totp_secret: expect.stringMatching(/^sealed:v1:/), totp_enabled_at: null });
    expect(rows[0].totp_secret).not.toContain(secret);
    expect(unseal(rows[0].totp_secret)).toBe(secret);

    // Pending is not on: the password alone still signs in.
    await signedIn(app, 'owner@example.com', 'owner-password-1');

    const malformed = await c.call('POST', '/api/auth/TwoFactor/Confirm', { code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ code: 'Enter the 6-digit code from your authenticator app.' });
    const wrong = await c.call('POST', '/api/auth/TwoFactor/Confirm', { code: totp(base32Decode(secret), Date.now() + 10 * 60_000) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: WRONG });
    expect((await c.call('GET', '/api/auth/Me')).json()).toMatchObject({ twoFactor: false });

    const code = freshCode(secret);
    const confirmed = await c.call('POST', '/api/auth/TwoFactor/Confirm', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ twoFactor: true, recoveryCodes: expect.any(Array) });
    expect((await c.call('GET', '/api/auth/Me')).json()).toMatchObject({ twoFactor: true });

    const again = await c.call('POST', '/api/auth/TwoFactor/Begin');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Two-factor sign-in is already on. Turn it off before setting it up again.');
  });

  it('is open to every role, and needs a signed-in account', async () => {
    const anonymous = await client(app);
    const refused = await anonymous.call('POST', '/api/auth/TwoFactor/Begin');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ loginRequired: true });
    const viewer = await signedIn(app, 'viewer@example.com', 'viewer-password-1');
    expect((await viewer.call('POST', '/api/auth/TwoFactor/Begin')).statusCode).toBe(200);
    const noPending = await (await signedIn(app, 'guesser@example.com', 'guesser-password-1')).call('POST', '/api/auth/TwoFactor/Confirm', { code: '123456' });
    expect(noPending.statusCode).toBe(409);
    expect(noPending.json().error).toBe('Start setting up two-factor sign-in first.');
  });

  it('refuses every state-changing two-factor call without the crumb', async () => {
    const c = await signedIn(app, 'viewer@example.com', 'viewer-password-1');
    for (const [url, body] of [
      ['/api/auth/TwoFactor/Begin', {}],
      ['/api/auth/TwoFactor/Confirm', { code: '123456' }],
      ['/api/auth/TwoFactor/Disable', { password: 'viewer-password-1', code: '123456' }],
      ['/api/auth/Login/TwoFactor', { ticket: 'x', code: '123456' }],
    ] as const) {
      const res = await c.call('POST', url, body, { crumb: false });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().crumbFail, url).toBe(true);
    }
  });
});

describe('signing in with two-factor on', () => {
  let secret: string;
  beforeAll(async () => {
    secret = await enrol('viewer@example.com', 'viewer-password-1');
  });

  it('answers a ticket, not a session, for the right password; the code then signs in as Login does', async () => {
    const c = await client(app);
    const res = await c.call('POST', '/api/auth/Login', { email: 'viewer@example.com', password: 'viewer-password-1' });
    expect(res.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
    expect(res.cookies).toEqual([]);
    expect(c.cookies.has('op_session')).toBe(false);
    expect((await c.call('GET', '/api/auth/Me')).statusCode).toBe(401);

    const wrong = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket: res.json().ticket, code: totp(base32Decode(secret), Date.now() + 10 * 60_000) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: WRONG });
    expect(c.cookies.has('op_session')).toBe(false);

    // The wrong code did not use the ticket up.
    const ok = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket: res.json().ticket, code: freshCode(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ account: { email: 'viewer@example.com' }, role: TEAM_ROLES.VIEWER });
    const cookies = ok.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
    expect(cookies.find((x) => x.name === 'op_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const lastId = cookies.find((x) => x.name === 'ss_lastid');
    expect(JSON.parse(Buffer.from(lastId!.value, 'base64').toString('utf8'))).toMatchObject({ identifier: 'demo' });
    expect((await c.call('GET', '/api/auth/Me')).json()).toMatchObject({ account: { email: 'viewer@example.com' }, twoFactor: true });
  });

  it('refuses a code already used, and a ticket that has signed in once', async () => {
    const c = await client(app);
    const ticket = await passwordStep(c, 'viewer@example.com', 'viewer-password-1');
    const code = freshCode(secret);
    expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code })).statusCode).toBe(200);

    const other = await client(app);
    const replayed = await other.call('POST', '/api/auth/Login/TwoFactor', {
      ticket: await passwordStep(other, 'viewer@example.com', 'viewer-password-1'),
      code,
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ error: USED });
    expect(other.cookies.has('op_session')).toBe(false);

    const reused = await other.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: freshCode(secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: 'This sign-in is no longer valid. Enter your email and password again.', problem: 'ticketInvalid' });
  });

  it('refuses an expired ticket with a clear message', async () => {
    const c = await client(app);
    const ticket = await passwordStep(c, 'viewer@example.com', 'viewer-password-1');
    offsetMs += 5 * 60_000;
    const late = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: freshCode(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: 'Your sign-in took too long. Enter your email and password again.', problem: 'ticketExpired' });
    expect(c.cookies.has('op_session')).toBe(false);
  });

  it('refuses a forged or altered ticket', async () => {
    const c = await client(app);
    const ticket = await passwordStep(c, 'viewer@example.com', 'viewer-password-1');
    const [id, expires, mac] = ticket.split('.');
    const owner = (await database.pool.query('SELECT id FROM accounts WHERE email = $1', ['owner@example.com'])).rows[0].id as string;
    for (const forged of [
      `${Buffer.from(owner).toString('base64url')}.${expires}.${mac}`,
      `${id}.${Number(expires) + 3_600_000}.${mac}`,
      `${id}.${expires}.${mac!.slice(1)}A`,
      'nonsense',
    ]) {
      const res = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket: forged, code: freshCode(secret) });
      expect(res.statusCode, forged).toBe(401);
      expect(res.json().problem, forged).toBe('ticketInvalid');
    }
  });

  it('limits wrong codes per account: after 5 in 15 minutes even the right code answers 429', async () => {
    const guesserSecret = await enrol('guesser@example.com', 'guesser-password-1');
    const c = await client(app);
    const ticket = await passwordStep(c, 'guesser@example.com', 'guesser-password-1');
    const wrong = totp(base32Decode(guesserSecret), Date.now() + 10 * 60_000);
    for (let i = 0; i < 5; i++) expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: wrong })).statusCode).toBe(401);
    const limited = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: freshCode(guesserSecret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too many wrong codes. Please wait a few minutes and try again.');
    expect(c.cookies.has('op_session')).toBe(false);
    // Another account is not held back by this one's guesses.
    const other = await client(app);
    const otherTicket = await passwordStep(other, 'viewer@example.com', 'viewer-password-1');
    expect((await other.call('POST', '/api/auth/Login/TwoFactor', { ticket: otherTicket, code: freshCode(secret) })).statusCode).toBe(200);
  });

  it('also limits wrong codes to 20 a day per account', async () => {
    const c = await client(app);
    const ticket = await passwordStep(c, 'viewer@example.com', 'viewer-password-1');
    const wrong = totp(base32Decode(secret), Date.now() + 10 * 60_000);
    for (let quarter = 0; quarter < 4; quarter++) {
      for (let i = 0; i < 5; i++) expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: wrong })).statusCode).toBe(401);
      // As if 15 minutes had passed: the short window's counter is gone.
      await database.pool.query(`DELETE FROM rate_limits WHERE key LIKE 'two-factor-account:%'`);
    }
    const limited = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: freshCode(secret) });
    expect(limited.statusCode).toBe(429);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs both the password and a right code', async () => {
    const secret = await enrol('leaver@example.com', 'leaver-password-1');
    const c = await client(app);
    const ticket = await passwordStep(c, 'leaver@example.com', 'leaver-password-1');
    expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: freshCode(secret) })).statusCode).toBe(200);

    const wrongPassword = await c.call('POST', '/api/auth/TwoFactor/Disable', { password: 'not-the-password', code: freshCode(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe('Your password is not right.');
    const wrongCode = await c.call('POST', '/api/auth/TwoFactor/Disable', {
      password: 'leaver-password-1',
      code: totp(base32Decode(secret), Date.now() + 10 * 60_000),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe(WRONG);
    const missing = await c.call('POST', '/api/auth/TwoFactor/Disable', { code: freshCode(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: 'Enter your password.' });
    expect((await c.call('GET', '/api/auth/Me')).json()).toMatchObject({ twoFactor: true });

    const off = await c.call('POST', '/api/auth/TwoFactor/Disable', { password: 'leaver-password-1', code: freshCode(secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ twoFactor: false });
    expect((await c.call('GET', '/api/auth/Me')).json()).toMatchObject({ twoFactor: false });
    const { rows } = await database.pool.query('SELECT totp_secret, totp_enabled_at, totp_last_step FROM accounts WHERE email = $1', ['leaver@example.com']);
    expect(rows[0]).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    // The password alone signs in again.
    await signedIn(app, 'leaver@example.com', 'leaver-password-1');
    const twice = await c.call('POST', '/api/auth/TwoFactor/Disable', { password: 'leaver-password-1', code: freshCode(secret) });
    expect(twice.statusCode).toBe(409);
  });
});
