/**
 * Keeping an account safe, for team members and customers: the rule for new passwords (length, the
 * list of common passwords, not the email or the site's name) wherever a password is chosen;
 * changing the password with the current one; the account's sessions (browser and system, this
 * device marked, one signed out by an opaque id, every other one signed out); other sessions ended
 * when the password or two-factor sign-in changes, and every session after a reset by link; the
 * emails that tell of each change, linking to the site's own address; two-factor recovery codes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { smtpSettings } from '../src/server/jobs/schema';
import { TEAM_ROLES } from '../src/domain/roles';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { EMAIL_JOB, emailHandler } from '../src/server/mail/mailer';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { base32Decode, totp } from '../src/server/modules/accounts/two-factor/totp';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { linkIn, mailFor, startMailbox, textOf, type Mailbox } from './mailbox';
import { client, signedIn, type Client } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let worker: Worker;
let mailbox: Mailbox;
let websiteId: string;

const FIREFOX_WINDOWS = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' };
const SAFARI_IPHONE = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};
const SITE = 'http://demo.sites.test';
const WEAK = ['1234567890', 'password12', 'aaaaaaaaaa'];
const COMMON = 'This password is one of the most common passwords, so it is among the first anyone would try. Choose another, such as a few unrelated words.';
const PASSPHRASE = 'correct kiln glaze at dawn';

const realNow = Date.now.bind(Date);
let offsetMs = 0;
/** The code an app shows one step later than the last code asked for. */
function freshCode(secret: string): string {
  offsetMs += 30_000;
  return totp(base32Decode(secret), Date.now());
}

beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  mailbox = await startMailbox();
  await database.db.insert(smtpSettings).values({ websiteId, host: '127.0.0.1', port: mailbox.port, secure: false, fromAddress: 'studio@example.com' });
  app = await demo.start();
  worker = startWorker(database, { [EMAIL_JOB]: emailHandler(database, { allowPrivate: true }) }, { pollMs: 50, backoff: () => 20, log: () => undefined });
});
afterEach(async () => {
  await database.pool.query('DELETE FROM rate_limits');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await worker?.stop();
  await app?.close();
  await mailbox?.stop();
  await database?.drop();
});

async function teamMember(name: string): Promise<{ email: string; password: string }> {
  const email = `${name}@example.com`;
  const password = `${name}-password-1`;
  await setRole(database.db, websiteId, await createAccount(database.db, email, password), TEAM_ROLES.EDITOR);
  return { email, password };
}

const mailsTo = (address: string) => mailbox.received.filter((m) => m.to.includes(address));

/** Waits for a mail to the address with this subject. */
async function mailAbout(address: string, subject: string): Promise<{ body: string }> {
  await expect.poll(() => mailsTo(address).some((m) => m.headers.get('subject') === subject), { timeout: 10_000 }).toBe(true);
  return { body: textOf(mailsTo(address).find((m) => m.headers.get('subject') === subject)!) };
}

type Listed = { id: string; browser: string; system: string; signedInAt: string; lastSeenAt: string; current: boolean };

describe('the rule for new passwords', () => {
  it('refuses 1234567890, password12 and aaaaaaaaaa with a clear message wherever a customer chooses one, and accepts a long passphrase', async () => {
    const visitor = await client(app);
    for (const password of [...WEAK, 'PASSWORD12']) {
      const res = await visitor.call('POST', '/api/site-users/account', { email: 'weak@example.com', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toBe(COMMON);
    }
    const short = await visitor.call('POST', '/api/site-users/account', { email: 'weak@example.com', password: 'kiln7' });
    expect(short.json().error).toBe('Choose a password of at least 8 characters; 12 or more is better.');
    const long = await visitor.call('POST', '/api/site-users/account', { email: 'weak@example.com', password: 'x'.repeat(129) });
    expect(long.json().error).toBe('Choose a password of at most 128 characters.');
    const ownEmail = await visitor.call('POST', '/api/site-users/account', { email: 'weak@example.com', password: 'Weak@Example.com' });
    expect(ownEmail.json().error).toBe('Choose a password that is not your email address.');
    const siteName = await visitor.call('POST', '/api/site-users/account', { email: 'weak@example.com', password: 'juniper ceramics' });
    expect(siteName.json().error).toBe('Choose a password that is not the name of the site.');
    const ok = await visitor.call('POST', '/api/site-users/account', { email: 'weak@example.com', password: PASSPHRASE });
    expect(ok.statusCode, ok.body).toBe(200);
    const longest = await visitor.call('POST', '/api/site-users/account', { email: 'weak@example.com', password: `${PASSPHRASE} `.repeat(5).slice(0, 128) });
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('refuses common passwords for team members too: at a reset by link and when joining by invitation', async () => {
    const { email } = await teamMember('resetter');
    const asker = await client(app);
    await asker.call('POST', '/api/auth/PasswordReset', { email });
    const token = linkIn(await mailFor(mailbox, email), '/config/reset-password', SITE);
    for (const password of WEAK) {
      const res = await asker.call('POST', '/api/auth/PasswordReset/Complete', { token, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toBe(COMMON);
    }
    expect((await asker.call('POST', '/api/auth/PasswordReset/Complete', { token, password: PASSPHRASE })).statusCode).toBe(200);
    await signedIn(app, email, PASSPHRASE);

    const owner = await signedIn(app, email, PASSPHRASE);
    await setRole(database.db, websiteId, (await database.pool.query('SELECT id FROM accounts WHERE email = $1', [email])).rows[0].id, TEAM_ROLES.ADMIN);
    expect((await owner.call('POST', '/api/config/team/invitations', { email: 'joiner@example.com', role: TEAM_ROLES.VIEWER })).statusCode).toBe(200);
    const invitation = linkIn(await mailFor(mailbox, 'joiner@example.com'), '/config/invitation', SITE);
    const refused = await (await client(app)).call('POST', '/api/auth/AcceptInvitation', { token: invitation, password: 'password12' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(COMMON);
  });
});

describe("a team member's password", () => {
  it('changes with the current password; every other session ends, this one stays, and an email tells of it', async () => {
    const { email, password } = await teamMember('changer');
    const here = await signedIn(app, email, password, 'localhost', FIREFOX_WINDOWS);
    const elsewhere = await signedIn(app, email, password, 'localhost', SAFARI_IPHONE);

    const wrong = await here.call('POST', '/api/auth/Password', { currentPassword: 'not-my-password', newPassword: PASSPHRASE });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Your current password is not right.' });
    for (const weak of WEAK) {
      const res = await here.call('POST', '/api/auth/Password', { currentPassword: password, newPassword: weak });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().errors, weak).toEqual({ newPassword: COMMON });
    }
    const mine = await here.call('POST', '/api/auth/Password', { currentPassword: password, newPassword: email });
    expect(mine.json().errors).toEqual({ newPassword: 'Choose a password that is not your email address.' });
    const missing = await here.call('POST', '/api/auth/Password', { newPassword: PASSPHRASE });
    expect(missing.json().errors).toEqual({ currentPassword: 'Enter your current password.' });
    expect((await elsewhere.call('GET', '/api/auth/Me')).statusCode).toBe(200);

    const changed = await here.call('POST', '/api/auth/Password', { currentPassword: password, newPassword: PASSPHRASE });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await here.call('GET', '/api/auth/Me')).statusCode).toBe(200);
    expect((await elsewhere.call('GET', '/api/auth/Me')).statusCode).toBe(401);
    expect((await (await client(app)).call('POST', '/api/auth/Login', { email, password })).statusCode).toBe(401);
    await signedIn(app, email, PASSPHRASE);

    const mail = await mailAbout(email, 'Your password was changed');
    expect(mail.body).toContain('Everywhere else you were signed in has been signed out');
    // The link is the site's own address, never the request's (localhost here).
    expect(mail.body).toContain(`${SITE}/config/`);
    expect(mail.body).not.toContain('localhost');
  });

  it('limits tries at the current password: the 6th in 15 minutes answers 429 with Retry-After, even when right', async () => {
    const { email, password } = await teamMember('guesser');
    const c = await signedIn(app, email, password);
    for (let i = 0; i < 5; i++)
      expect((await c.call('POST', '/api/auth/Password', { currentPassword: `guess-${i}`, newPassword: PASSPHRASE })).statusCode).toBe(400);
    const limited = await c.call('POST', '/api/auth/Password', { currentPassword: password, newPassword: PASSPHRASE });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toBe('Too many wrong passwords. Please wait a few minutes and try again.');
  });

  it('ends every session after a reset by emailed link, and emails that the password was changed', async () => {
    const { email, password } = await teamMember('forgetful');
    const before = await signedIn(app, email, password);
    const asker = await client(app);
    await asker.call('POST', '/api/auth/PasswordReset', { email });
    const token = linkIn(await mailFor(mailbox, email), '/config/reset-password', SITE);
    expect((await asker.call('POST', '/api/auth/PasswordReset/Complete', { token, password: PASSPHRASE })).statusCode).toBe(200);
    expect((await before.call('GET', '/api/auth/Me')).statusCode).toBe(401);
    const mail = await mailAbout(email, 'Your password was changed');
    expect(mail.body).toContain('with a reset link sent to this address');
    expect(mail.body).toContain('Everywhere you were signed in has been signed out.');
  });
});

describe("a team member's sessions", () => {
  it('lists browser, system, sign-in time and last seen, marks this device, and names sessions by opaque ids', async () => {
    const { email, password } = await teamMember('lister');
    const here = await signedIn(app, email, password, 'localhost', FIREFOX_WINDOWS);
    const phone = await signedIn(app, email, password, 'localhost', SAFARI_IPHONE);
    const res = await here.call('GET', '/api/auth/Sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json() as { sessions: Listed[] };
    expect(sessions).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        browser: 'Firefox',
        system: 'Windows',
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: true,
      },
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        browser: 'Safari',
        system: 'iOS',
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: false,
      },
    ]);
    // Neither the cookie value nor the stored hash is ever the id.
    const { rows } = await database.pool.query('SELECT s.id_hash FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = $1', [email]);
    for (const s of sessions) {
      expect(rows.map((r: { id_hash: string }) => r.id_hash)).not.toContain(s.id);
      expect([here.cookies.get('op_session'), phone.cookies.get('op_session')]).not.toContain(s.id);
      expect(rows.some((r: { id_hash: string }) => r.id_hash.includes(s.id))).toBe(false);
    }
    expect((await (await client(app)).call('GET', '/api/auth/Sessions')).statusCode).toBe(401);
  });

  it('signs one other session out, but never another account’s, and never without the crumb', async () => {
    const { email, password } = await teamMember('tidy');
    const here = await signedIn(app, email, password, 'localhost', FIREFOX_WINDOWS);
    const phone = await signedIn(app, email, password, 'localhost', SAFARI_IPHONE);
    const stranger = await teamMember('stranger');
    const theirs = await signedIn(app, stranger.email, stranger.password);
    const theirId = ((await theirs.call('GET', '/api/auth/Sessions')).json() as { sessions: Listed[] }).sessions[0]!.id;
    expect((await here.call('DELETE', `/api/auth/Sessions/${theirId}`)).statusCode).toBe(404);
    expect((await theirs.call('GET', '/api/auth/Me')).statusCode).toBe(200);

    const phoneId = ((await here.call('GET', '/api/auth/Sessions')).json() as { sessions: Listed[] }).sessions.find((s) => !s.current)!.id;
    const noCrumb = await here.call('DELETE', `/api/auth/Sessions/${phoneId}`, undefined, { crumb: false });
    expect(noCrumb.statusCode).toBe(403);
    expect((await here.call('DELETE', `/api/auth/Sessions/${phoneId}`)).statusCode).toBe(200);
    expect((await phone.call('GET', '/api/auth/Me')).statusCode).toBe(401);
    expect((await here.call('GET', '/api/auth/Me')).statusCode).toBe(200);
    expect((await here.call('DELETE', `/api/auth/Sessions/${phoneId}`)).statusCode).toBe(404);
  });

  it('signs out everywhere else in one call', async () => {
    const { email, password } = await teamMember('everywhere');
    const here = await signedIn(app, email, password);
    const others = [await signedIn(app, email, password), await signedIn(app, email, password)];
    const res = await here.call('POST', '/api/auth/Sessions/EndOthers', {});
    expect(res.json()).toEqual({ ended: 2 });
    for (const other of others) expect((await other.call('GET', '/api/auth/Me')).statusCode).toBe(401);
    expect((await here.call('GET', '/api/auth/Sessions')).json().sessions).toHaveLength(1);
  });
});

describe('two-factor changes and recovery codes', () => {
  /** Turns two-factor sign-in on from `c`; answers the secret and the recovery codes. */
  async function turnOn(c: Client): Promise<{ secret: string; codes: string[] }> {
    const { secret } = (await c.call('POST', '/api/auth/TwoFactor/Begin')).json() as { secret: string };
    const confirmed = await c.call('POST', '/api/auth/TwoFactor/Confirm', { code: freshCode(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, codes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  async function ticketFor(email: string, password: string): Promise<{ c: Client; ticket: string }> {
    const c = await client(app);
    const res = await c.call('POST', '/api/auth/Login', { email, password });
    expect(res.json().twoFactorRequired).toBe(true);
    return { c, ticket: res.json().ticket };
  }

  it('turning it on ends every other session, keeps this one, and emails; turning it off does the same', async () => {
    const { email, password } = await teamMember('twofactor');
    const here = await signedIn(app, email, password);
    const elsewhere = await signedIn(app, email, password);
    const { secret } = await turnOn(here);
    expect((await here.call('GET', '/api/auth/Me')).json()).toMatchObject({ twoFactor: true, recoveryCodesLeft: 10 });
    expect((await elsewhere.call('GET', '/api/auth/Me')).statusCode).toBe(401);
    const on = await mailAbout(email, 'Two-factor sign-in was turned on');
    expect(on.body).toContain(`${SITE}/config/`);

    const { c: again, ticket } = await ticketFor(email, password);
    expect((await again.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: freshCode(secret) })).statusCode).toBe(200);
    const off = await here.call('POST', '/api/auth/TwoFactor/Disable', { password, code: freshCode(secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await here.call('GET', '/api/auth/Me')).json()).toMatchObject({ twoFactor: false, recoveryCodesLeft: null });
    expect((await again.call('GET', '/api/auth/Me')).statusCode).toBe(401);
    await mailAbout(email, 'Two-factor sign-in was turned off');
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM recovery_codes r JOIN accounts a ON a.id = r.account_id WHERE a.email = $1', [
      email,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('makes 10 typeable codes, stored only hashed; each signs in once in place of the app’s code', async () => {
    const { email, password } = await teamMember('recoverer');
    const here = await signedIn(app, email, password);
    const { codes } = await turnOn(here);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    const { rows } = await database.pool.query('SELECT code_hash FROM recovery_codes r JOIN accounts a ON a.id = r.account_id WHERE a.email = $1', [email]);
    expect(rows).toHaveLength(10);
    for (const { code_hash } of rows as { code_hash: string }[]) for (const code of codes) expect(code_hash).not.toContain(code.replace('-', ''));

    // Typed in capitals with a space instead of the hyphen, as a person might.
    const { c, ticket } = await ticketFor(email, password);
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    const signed = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: typed });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await c.call('GET', '/api/auth/Me')).json()).toMatchObject({ recoveryCodesLeft: 9 });

    const { c: c2, ticket: ticket2 } = await ticketFor(email, password);
    const reused = await c2.call('POST', '/api/auth/Login/TwoFactor', { ticket: ticket2, code: codes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('That recovery code is not right, or it was already used. Each recovery code works once.');
    const malformed = await c2.call('POST', '/api/auth/Login/TwoFactor', { ticket: ticket2, code: 'not-a-code' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toBe('Enter the 6-digit code from your authenticator app, or one of your recovery codes (such as abcd-2345).');
    expect((await c2.call('POST', '/api/auth/Login/TwoFactor', { ticket: ticket2, code: codes[1] })).statusCode).toBe(200);
  });

  it('counts recovery codes against the same limit as the app’s codes: 429 with Retry-After after 5 wrong tries', async () => {
    const { email, password } = await teamMember('bruteforce');
    const { codes, secret } = await turnOn(await signedIn(app, email, password));
    const { c, ticket } = await ticketFor(email, password);
    for (let i = 0; i < 3; i++) expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: 'aaaa-aaaa' })).statusCode).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: totp(base32Decode(secret), Date.now() + 10 * 60_000) })).statusCode).toBe(401);
    const limited = await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: codes[0] });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('makes a new set with the password, which replaces the old one, and emails of it', async () => {
    const { email, password } = await teamMember('renewer');
    const here = await signedIn(app, email, password);
    const { codes: first } = await turnOn(here);
    const wrong = await here.call('POST', '/api/auth/TwoFactor/RecoveryCodes', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'Your current password is not right.' });
    const renewed = await here.call('POST', '/api/auth/TwoFactor/RecoveryCodes', { password });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const second = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(second).toHaveLength(10);
    expect(second.filter((code) => first.includes(code))).toEqual([]);
    await mailAbout(email, 'New recovery codes were made');

    const { c, ticket } = await ticketFor(email, password);
    expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: first[0] })).statusCode).toBe(401);
    expect((await c.call('POST', '/api/auth/Login/TwoFactor', { ticket, code: second[0] })).statusCode).toBe(200);
    const off = await (await signedIn(app, 'lister@example.com', 'lister-password-1')).call('POST', '/api/auth/TwoFactor/RecoveryCodes', {
      password: 'lister-password-1',
    });
    expect(off.statusCode).toBe(409);
  });

  it('lets a recovery code stand in for the app’s code when turning two-factor off', async () => {
    const { email, password } = await teamMember('lostphone');
    const here = await signedIn(app, email, password);
    const { codes } = await turnOn(here);
    const off = await here.call('POST', '/api/auth/TwoFactor/Disable', { password, code: codes[3] });
    expect(off.statusCode, off.body).toBe(200);
  });
});

describe("a customer's password and sessions", () => {
  async function customer(email: string, password: string, headers: Record<string, string> = {}): Promise<{ c: Client; xsrf: Record<string, string> }> {
    const c = await client(app, 'localhost', headers);
    const res = await c.call('POST', '/api/site-users/account/session', { email, password });
    expect(res.statusCode, res.body).toBe(200);
    return { c, xsrf: { 'x-siteuser-xsrf-token': res.json().xsrfToken } };
  }

  it('changes with the current password; every other session ends, this one stays, and an email tells of it', async () => {
    await createVerifiedSiteUser(database.db, websiteId, 'shopper@example.com', 'shopper-password-1');
    const here = await customer('shopper@example.com', 'shopper-password-1', FIREFOX_WINDOWS);
    const elsewhere = await customer('shopper@example.com', 'shopper-password-1', SAFARI_IPHONE);
    const body = { currentPassword: 'shopper-password-1', newPassword: PASSPHRASE };

    expect((await here.c.call('PUT', '/api/site-users/account/password', body)).statusCode).toBe(403);
    const wrong = await here.c.call('PUT', '/api/site-users/account/password', { ...body, currentPassword: 'nope-nope-nope' }, { headers: here.xsrf });
    expect(wrong.json().errors).toEqual({ currentPassword: 'Your current password is not right.' });
    for (const weak of WEAK) {
      const res = await here.c.call('PUT', '/api/site-users/account/password', { ...body, newPassword: weak }, { headers: here.xsrf });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().errors, weak).toEqual({ newPassword: COMMON });
    }
    const changed = await here.c.call('PUT', '/api/site-users/account/password', body, { headers: here.xsrf });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await here.c.call('GET', '/api/site-users/account')).statusCode).toBe(200);
    expect((await elsewhere.c.call('GET', '/api/site-users/account')).statusCode).toBe(401);
    await customer('shopper@example.com', PASSPHRASE);

    const mail = await mailAbout('shopper@example.com', 'Your password was changed');
    expect(mail.body).toContain('your account on Juniper Ceramics');
    expect(mail.body).toContain(`${SITE}/account/forgot-password`);
  });

  it('limits tries at the current password with Retry-After', async () => {
    await createVerifiedSiteUser(database.db, websiteId, 'guessing@example.com', 'guessing-password-1');
    const { c, xsrf } = await customer('guessing@example.com', 'guessing-password-1');
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.call('PUT', '/api/site-users/account/password', { currentPassword: `guess-${i}`, newPassword: PASSPHRASE }, { headers: xsrf })).statusCode,
      ).toBe(400);
    }
    const limited = await c.call(
      'PUT',
      '/api/site-users/account/password',
      { currentPassword: 'guessing-password-1', newPassword: PASSPHRASE },
      { headers: xsrf },
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ends every session after a reset by emailed link, and emails that the password was changed', async () => {
    await createVerifiedSiteUser(database.db, websiteId, 'reset-me@example.com', 'reset-me-password-1');
    const before = await customer('reset-me@example.com', 'reset-me-password-1');
    const visitor = await client(app);
    await visitor.call('POST', '/api/site-users/account/password-reset', { email: 'reset-me@example.com' });
    const token = linkIn(await mailFor(mailbox, 'reset-me@example.com'), '/account/reset-password', SITE);
    expect((await visitor.call('POST', '/api/site-users/account/password-reset/complete', { token, password: 'password12' })).json().error).toBe(COMMON);
    expect((await visitor.call('POST', '/api/site-users/account/password-reset/complete', { token, password: PASSPHRASE })).statusCode).toBe(200);
    expect((await before.c.call('GET', '/api/site-users/account')).statusCode).toBe(401);
    await mailAbout('reset-me@example.com', 'Your password was changed');
  });

  it('lists the sessions with this device marked, signs one out by its id (only their own) and every other one', async () => {
    await createVerifiedSiteUser(database.db, websiteId, 'devices@example.com', 'devices-password-1');
    await createVerifiedSiteUser(database.db, websiteId, 'neighbour@example.com', 'neighbour-password-1');
    const here = await customer('devices@example.com', 'devices-password-1', FIREFOX_WINDOWS);
    const phone = await customer('devices@example.com', 'devices-password-1', SAFARI_IPHONE);
    const third = await customer('devices@example.com', 'devices-password-1');
    const neighbour = await customer('neighbour@example.com', 'neighbour-password-1');

    const { sessions } = (await here.c.call('GET', '/api/site-users/account/sessions')).json() as { sessions: Listed[] };
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ browser: 'Firefox', system: 'Windows', current: true });
    const phoneId = sessions.find((s) => s.browser === 'Safari')!.id;
    const neighbourId = ((await neighbour.c.call('GET', '/api/site-users/account/sessions')).json() as { sessions: Listed[] }).sessions[0]!.id;

    expect((await here.c.call('DELETE', `/api/site-users/account/sessions/${phoneId}`)).statusCode).toBe(403);
    expect((await here.c.call('DELETE', `/api/site-users/account/sessions/${neighbourId}`, undefined, { headers: here.xsrf })).statusCode).toBe(404);
    expect((await neighbour.c.call('GET', '/api/site-users/account')).statusCode).toBe(200);
    expect((await here.c.call('DELETE', `/api/site-users/account/sessions/${phoneId}`, undefined, { headers: here.xsrf })).statusCode).toBe(200);
    expect((await phone.c.call('GET', '/api/site-users/account')).statusCode).toBe(401);

    const others = await here.c.call('POST', '/api/site-users/account/sessions/end-others', {}, { headers: here.xsrf });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await third.c.call('GET', '/api/site-users/account')).statusCode).toBe(401);
    expect((await here.c.call('GET', '/api/site-users/account')).statusCode).toBe(200);
  });
});
