/**
 * The site's captcha (seed 001 §5; issue 4 item 5): ALTCHA challenges signed with the site's own
 * key and checked with altcha-lib (a valid solution passes once, then is replayed; a tampered,
 * expired or other site's solution is invalid), the config calls that choose the captcha (the
 * secret never answered, each change dropping cached pages so the form's container follows), and
 * reCAPTCHA checked against a local stand-in for Google's siteverify (RECAPTCHA_VERIFY_URL), with
 * Google's script allowed by the CSP only on pages that render its container.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { TEAM_ROLES } from '../src/domain/roles';
import { MASKED_SECRET } from '../src/domain/secrets';
import { loadDocument } from '../src/document/load';
import { CAPTCHA_CHALLENGE_LIMIT, CAPTCHA_CHALLENGE_LIMITED } from '../src/server/modules/sites/routes/captcha';
import { unseal } from '../src/server/secrets/sealed';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import {
  ALTCHA_ALGORITHM,
  ALTCHA_CHALLENGE_TTL_MS,
  ALTCHA_COST,
  ALTCHA_COUNTER_RANGE,
  altchaChallenge,
  chooseAltcha,
  pruneSpentCaptchas,
  verifyCaptcha,
} from '../src/server/modules/sites/captcha';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { siteNamed } from './fixtures';
import { client, signedIn } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let otherId: string;
let siteverify: Server;
let siteverifyUrl: string;
const siteverifyCalls: URLSearchParams[] = [];

const OTHER_HOST = 'other.sites.test';

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  const loaded = loadDocument(siteNamed('other', 'Other'), siteDocumentSchema);
  if (!loaded.ok) throw new Error('fixture invalid');
  otherId = (await writeSiteDocument(database.db, loaded.document)).websiteId;
  const owner = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await setRole(database.db, websiteId, owner, TEAM_ROLES.ADMIN);
  app = await demo.start();
  // Google's siteverify, as far as these tests need it: the secret and token decide the answer.
  siteverify = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      siteverifyCalls.push(form);
      const token = form.get('response');
      const answer =
        form.get('secret') !== RECAPTCHA_SECRET
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : token === 'google-says-duplicate'
            ? { success: false, 'error-codes': ['timeout-or-duplicate'] }
            : { success: token?.startsWith('good-') === true, ...(token?.startsWith('good-') ? {} : { 'error-codes': ['invalid-input-response'] }) };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  siteverifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => siteverify?.close(resolve));
  await database?.drop();
});

const RECAPTCHA_SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
const RECAPTCHA_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';

const owner = () => signedIn(app, 'owner@example.com', 'owner-password-1');

/** What the widget sends as captchaKey: base64 of JSON {challenge, solution}. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function challengeFor(host: string): Promise<Challenge> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Challenge>();
}

async function contentVersion(id = websiteId): Promise<number> {
  return Number((await database.pool.query<{ v: string }>('SELECT content_version AS v FROM websites WHERE id = $1', [id])).rows[0]!.v);
}

/** The contact page as a visitor gets it (the page cache drops it when the site changes). */
async function contactPage(host = 'localhost') {
  return app.inject({ method: 'GET', url: '/contact', headers: { host } });
}

const hasCaptchaContainer = (html: string) => /<div class="form-captcha" data-captcha-provider="[a-z]+" data-captcha-site-key="[^"]+"><\/div>/.test(html);

describe('the ALTCHA challenge', () => {
  it('is not offered while the site has no captcha', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
  });

  it('is signed, expires in ten minutes, costs what the decision says and is never cached', async () => {
    await chooseAltcha(database.db, websiteId, null);
    const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<Challenge>();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: ALTCHA_ALGORITHM, cost: ALTCHA_COST });
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = challenge.parameters.expiresAt! * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(ALTCHA_CHALLENGE_TTL_MS - 5_000);
    expect(expiresInMs).toBeLessThanOrEqual(ALTCHA_CHALLENGE_TTL_MS);
    // The secret counter lies in the range: the solver finds it by counting up from 0.
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution!.counter).toBeGreaterThanOrEqual(ALTCHA_COUNTER_RANGE.min);
    expect(solution!.counter).toBeLessThanOrEqual(ALTCHA_COUNTER_RANGE.max);
  });
});

describe('verifyCaptcha with ALTCHA', () => {
  let valid: string;

  beforeAll(async () => {
    await chooseAltcha(database.db, websiteId, null);
    valid = await solved(await challengeFor('localhost'));
  });

  it('asks nothing of a site without a captcha (it renders none)', async () => {
    await expect(verifyCaptcha(database.db, otherId, undefined)).resolves.toEqual({ ok: true });
  });

  it('answers missing without a solution, and invalid for one that is not a payload', async () => {
    await expect(verifyCaptcha(database.db, websiteId, undefined)).resolves.toEqual({ ok: false, reason: 'missing' });
    await expect(verifyCaptcha(database.db, websiteId, '')).resolves.toEqual({ ok: false, reason: 'missing' });
    for (const junk of ['not base64 at all', Buffer.from('{"a":1}').toString('base64'), Buffer.from('[]').toString('base64'), 'x'.repeat(20_000)]) {
      await expect(verifyCaptcha(database.db, websiteId, junk)).resolves.toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('accepts a solved challenge once, then answers replayed', async () => {
    await expect(verifyCaptcha(database.db, websiteId, valid)).resolves.toEqual({ ok: true });
    await expect(verifyCaptcha(database.db, websiteId, valid)).resolves.toEqual({ ok: false, reason: 'replayed' });
    const { rows } = await database.pool.query('SELECT expires_at FROM captcha_spent');
    expect(rows.length).toBe(1);
  });

  it('refuses a tampered solution or challenge as invalid', async () => {
    const challenge = await challengeFor('localhost');
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const send = (c: unknown, s: unknown) =>
      verifyCaptcha(database.db, websiteId, Buffer.from(JSON.stringify({ challenge: c, solution: s })).toString('base64'));
    await expect(send(challenge, { ...solution, derivedKey: solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) })).resolves.toEqual({
      ok: false,
      reason: 'invalid',
    });
    // A cheaper challenge the visitor made up: the signature no longer matches.
    await expect(send({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution)).resolves.toEqual({ ok: false, reason: 'invalid' });
    await expect(send({ ...challenge, signature: undefined }, solution)).resolves.toEqual({ ok: false, reason: 'invalid' });
    await expect(send({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'MD5' } }, solution)).resolves.toEqual({
      ok: false,
      reason: 'invalid',
    });
    // The untouched one still passes.
    await expect(send(challenge, solution)).resolves.toEqual({ ok: true });
  });

  it("refuses a solution of another site's challenge as invalid", async () => {
    await chooseAltcha(database.db, otherId, null);
    const theirs = await solved(await challengeFor(OTHER_HOST));
    await expect(verifyCaptcha(database.db, websiteId, theirs)).resolves.toEqual({ ok: false, reason: 'invalid' });
    // …while it is good on its own site.
    await expect(verifyCaptcha(database.db, otherId, theirs)).resolves.toEqual({ ok: true });
  });

  it('refuses a solved challenge that has expired', async () => {
    const old = await altchaChallenge(database.db, websiteId, Date.now() - ALTCHA_CHALLENGE_TTL_MS - 1000);
    await expect(verifyCaptcha(database.db, websiteId, await solved(old!))).resolves.toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses solutions made for a key the site no longer has', async () => {
    const challenge = await challengeFor('localhost');
    const pending = await solved(challenge);
    const a = await signedIn(app, 'owner@example.com', 'owner-password-1');
    expect((await a.call('DELETE', '/api/config/captcha')).statusCode).toBe(200);
    expect((await a.call('PUT', '/api/config/captcha', { provider: 'altcha' })).statusCode).toBe(200);
    await expect(verifyCaptcha(database.db, websiteId, pending)).resolves.toEqual({ ok: false, reason: 'invalid' });
  });

  it('prunes spent solutions once their challenge has expired, and only those', async () => {
    await database.pool.query(`INSERT INTO captcha_spent (challenge_hash, expires_at) VALUES ('old-one', now() - interval '1 minute')`);
    const before = (await database.pool.query('SELECT count(*)::int AS n FROM captcha_spent')).rows[0].n as number;
    await expect(pruneSpentCaptchas(database.db)).resolves.toBe(1);
    expect((await database.pool.query('SELECT count(*)::int AS n FROM captcha_spent')).rows[0].n).toBe(before - 1);
    // The valid solution of the test above is still spent.
    await expect(verifyCaptcha(database.db, websiteId, valid)).resolves.toMatchObject({ ok: false });
  });
});

describe('the captcha settings (GET, PUT, DELETE /api/config/captcha)', () => {
  it('turns the captcha on and off; pages follow at once, and the secret is never answered', async () => {
    const a = await owner();
    await a.call('DELETE', '/api/config/captcha');
    expect((await a.call('GET', '/api/config/captcha')).json()).toEqual({ provider: null, siteKey: null });
    // covers 001-5.36 (pages follow once the server hears of the change, as the checks below wait for)
    await expect.poll(async () => hasCaptchaContainer((await contactPage()).body)).toBe(false);

    const version = await contentVersion();
    const on = await a.call('PUT', '/api/config/captcha', { provider: 'altcha' });
    expect(on.statusCode, on.body).toBe(200);
    const { siteKey } = on.json<{ siteKey: string }>();
    expect(on.json()).toEqual({ provider: 'altcha', siteKey: expect.stringMatching(/^altcha_[0-9a-f]{24}$/) });
    expect(await contentVersion()).toBe(version + 1);
    const { rows } = await database.pool.query<{ secret: string }>('SELECT secret FROM site_captcha WHERE website_id = $1', [websiteId]);
    expect(on.body).not.toContain(unseal(rows[0]!.secret));
    await expect.poll(async () => (await contactPage()).body).toContain(`data-captcha-provider="altcha" data-captcha-site-key="${siteKey}"`);

    // Choosing it again keeps the key, so challenges being solved stay good.
    expect((await a.call('PUT', '/api/config/captcha', { provider: 'altcha' })).json()).toEqual({ provider: 'altcha', siteKey });
    expect((await a.call('GET', '/api/config/captcha')).json()).toEqual({ provider: 'altcha', siteKey });

    const off = await a.call('DELETE', '/api/config/captcha');
    expect(off.json()).toEqual({ provider: null, siteKey: null });
    await expect.poll(async () => hasCaptchaContainer((await contactPage()).body)).toBe(false);
    const activity = (
      await database.pool.query(`SELECT action FROM activity_log WHERE website_id = $1 AND action LIKE 'settings.captcha%' ORDER BY id`, [websiteId])
    ).rows.map((r) => r.action);
    expect(activity).toEqual(expect.arrayContaining(['settings.captcha_updated', 'settings.captcha_removed']));
  });

  it('takes reCAPTCHA keys, keeps the secret when a save leaves it out, and refuses malformed ones with a message per field', async () => {
    const a = await owner();
    await a.call('PUT', '/api/config/captcha', { provider: 'altcha' });
    const noSecret = await a.call('PUT', '/api/config/captcha', { provider: 'recaptcha', siteKey: RECAPTCHA_SITE_KEY });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().errors).toHaveProperty('secret');
    const badKey = await a.call('PUT', '/api/config/captcha', { provider: 'recaptcha', siteKey: 'has spaces <b>', secret: RECAPTCHA_SECRET });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors).toHaveProperty('siteKey');
    expect((await a.call('PUT', '/api/config/captcha', { provider: 'hcaptcha' })).statusCode).toBe(400);
    expect((await a.call('GET', '/api/config/captcha')).json()).toMatchObject({ provider: 'altcha' });

    const saved = await a.call('PUT', '/api/config/captcha', { provider: 'recaptcha', siteKey: RECAPTCHA_SITE_KEY, secret: RECAPTCHA_SECRET });
    expect(saved.json()).toEqual({ provider: 'recaptcha', siteKey: RECAPTCHA_SITE_KEY, secret: MASKED_SECRET });
    expect(saved.body).not.toContain(RECAPTCHA_SECRET);
    const again = await a.call('PUT', '/api/config/captcha', { provider: 'recaptcha', siteKey: RECAPTCHA_SITE_KEY });
    expect(again.statusCode).toBe(200);
    const { rows } = await database.pool.query<{ secret: string }>('SELECT secret FROM site_captcha WHERE website_id = $1', [websiteId]);
    expect(unseal(rows[0]!.secret)).toBe(RECAPTCHA_SECRET);
    expect((await a.call('GET', '/api/config/captcha')).body).not.toContain(RECAPTCHA_SECRET);
  });
});

describe('reCAPTCHA', () => {
  beforeAll(async () => {
    const a = await signedIn(app, 'owner@example.com', 'owner-password-1');
    await a.call('PUT', '/api/config/captcha', { provider: 'recaptcha', siteKey: RECAPTCHA_SITE_KEY, secret: RECAPTCHA_SECRET });
  });

  it("checks a token with siteverify (RECAPTCHA_VERIFY_URL), the site's secret and the visitor's address, once", async () => {
    vi.stubEnv('RECAPTCHA_VERIFY_URL', siteverifyUrl);
    siteverifyCalls.length = 0;
    await expect(verifyCaptcha(database.db, websiteId, 'good-token-1', { remoteIp: '203.0.113.9' })).resolves.toEqual({ ok: true });
    expect(Object.fromEntries(siteverifyCalls[0]!)).toEqual({ secret: RECAPTCHA_SECRET, response: 'good-token-1', remoteip: '203.0.113.9' });
    // The second use never reaches Google: it is refused here.
    await expect(verifyCaptcha(database.db, websiteId, 'good-token-1')).resolves.toEqual({ ok: false, reason: 'replayed' });
    expect(siteverifyCalls.length).toBe(1);
    await expect(verifyCaptcha(database.db, websiteId, 'google-says-duplicate')).resolves.toEqual({ ok: false, reason: 'replayed' });
    await expect(verifyCaptcha(database.db, websiteId, 'bad-token')).resolves.toEqual({ ok: false, reason: 'invalid' });
    await expect(verifyCaptcha(database.db, websiteId, undefined)).resolves.toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses every token while Google cannot be reached, rather than letting them through', async () => {
    vi.stubEnv('RECAPTCHA_VERIFY_URL', 'http://127.0.0.1:9/siteverify');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(verifyCaptcha(database.db, websiteId, 'good-token-2')).resolves.toEqual({ ok: false, reason: 'invalid' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("allows Google's script in the CSP only on pages that render a reCAPTCHA container", async () => {
    const page = await contactPage();
    expect(page.body).toContain(`data-captcha-provider="recaptcha" data-captcha-site-key="${RECAPTCHA_SITE_KEY}"`);
    const scriptSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc(String(page.headers['content-security-policy']))).toContain(' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/');
    const home = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(String(home.headers['content-security-policy'])).not.toContain('google');
    // A site on the built-in captcha never allows it.
    const other = await contactPage(OTHER_HOST);
    expect(other.body).toContain('data-captcha-provider="altcha"');
    expect(String(other.headers['content-security-policy'])).not.toContain('google');
    expect(scriptSrc(String(other.headers['content-security-policy']))).toMatch(/^script-src 'self'( 'sha256-[^']+')*$/);
  });
});

describe('anonymous visitors', () => {
  it('cannot read or change the captcha settings', async () => {
    const visitor = await client(app);
    expect((await visitor.call('GET', '/api/config/captcha')).statusCode).toBe(401);
    expect((await visitor.call('PUT', '/api/config/captcha', { provider: 'altcha' })).statusCode).toBe(401);
  });
});

describe('the challenge limit', () => {
  it('answers 429 with Retry-After past the limit per address and site, and holds back no one else', async () => {
    await chooseAltcha(database.db, websiteId, null);
    await chooseAltcha(database.db, otherId, null);
    const fetchChallenge = (host: string, remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host }, remoteAddress });
    for (let i = 0; i < CAPTCHA_CHALLENGE_LIMIT.max; i++) expect((await fetchChallenge('localhost', '203.0.113.9')).statusCode).toBe(200);
    const refused = await fetchChallenge('localhost', '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: CAPTCHA_CHALLENGE_LIMITED });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CAPTCHA_CHALLENGE_LIMIT.windowMs / 1000);
    // Another address on this site, and this address on another site, still get challenges.
    expect((await fetchChallenge('localhost', '203.0.113.10')).statusCode).toBe(200);
    expect((await fetchChallenge(OTHER_HOST, '203.0.113.9')).statusCode).toBe(200);
  });
});
