/**
 * Customers on a published site (seed 001 §3, §7): sign-up with an emailed verification link, the
 * session call answering an xsrfToken, the account, password reset, sign-out with cloneCart; and
 * the pages they unlock: members-only pages (access denied, 106) and password pages (lock screen
 * 103, then protected content 105). Also which page-level islands a team member, a visitor on an
 * escape-key-login site, and anyone else get.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { siteUsers } from '../src/server/modules/accounts/schema/customers';
import { smtpSettings } from '../src/server/jobs/schema';
import { TEAM_ROLES } from '../src/domain/roles';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { EMAIL_JOB, emailHandler } from '../src/server/mail/mailer';
import { DEMO_WHOLESALE_PASSWORD } from '../src/server/demo';
import { CRUMB_FAIL_MESSAGE } from '../src/server/plugins/crumb';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { writeSiteDocument, updateSiteSettings } from '../src/server/modules/content/sites/sites';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { siteNamed } from './fixtures';
import { linkIn, mailFor, startMailbox, type Mailbox } from './mailbox';
import { client, signedIn, type Client } from './session';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let worker: Worker;
let mailbox: Mailbox;
let websiteId: string;
let ownerId: string;

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  mailbox = await startMailbox();
  await database.db.insert(smtpSettings).values({ websiteId, host: '127.0.0.1', port: mailbox.port, secure: false, fromAddress: 'studio@example.com' });
  await createVerifiedSiteUser(database.db, websiteId, 'member@example.com', 'member-password-1');
  ownerId = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await setRole(database.db, websiteId, ownerId, TEAM_ROLES.ADMIN);
  const viewer = await createAccount(database.db, 'viewer@example.com', 'viewer-password-1');
  await setRole(database.db, websiteId, viewer, TEAM_ROLES.VIEWER);
  app = await demo.start();
  worker = startWorker(database, { [EMAIL_JOB]: emailHandler(database, { allowPrivate: true }) }, { pollMs: 50, backoff: () => 20, log: () => undefined });
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await mailbox?.stop();
  await database?.drop();
});

async function member(email = 'member@example.com', password = 'member-password-1', rememberMe = false): Promise<{ c: Client; xsrfToken: string }> {
  const c = await client(app);
  const res = await c.call('POST', '/api/site-users/account/session', { email, password, rememberMe });
  expect(res.statusCode, res.body).toBe(200);
  return { c, xsrfToken: res.json().xsrfToken };
}

describe('customer accounts', () => {
  // covers 001-3.76, 001-7.26
  it('signs in with email, password and rememberMe; the answer carries an xsrfToken and sets a session cookie', async () => {
    const c = await client(app);
    const res = await c.call('POST', '/api/site-users/account/session', { email: 'Member@Example.com', password: 'member-password-1', rememberMe: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().xsrfToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = (res.cookies as { name: string; httpOnly?: boolean; maxAge?: number; sameSite?: string }[]).find((k) => k.name === 'op_member');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 3600 });
    const account = await c.call('GET', '/api/site-users/account');
    expect(account.json().account).toEqual({ email: 'member@example.com', displayName: null });

    const brief = await client(app);
    const session = await brief.call('POST', '/api/site-users/account/session', { email: 'member@example.com', password: 'member-password-1' });
    const short = (session.cookies as { name: string; maxAge?: number }[]).find((k) => k.name === 'op_member');
    expect(short?.maxAge).toBeUndefined();
  });

  it('posts the account forms to their own page, which answers 303 back to it: no field ever lands in an address', async () => {
    const page = await app.inject({ method: 'GET', url: '/account/login?returnTo=%2Fmembers' });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toMatch(/<form class="account-form"[^>]* method="post"/);
    for (const [url, body, type] of [
      ['/account/login?returnTo=%2Fmembers', 'email=member%40example.com&password=member-password-1', 'application/x-www-form-urlencoded'],
      ['/account/signup', '------x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n------x--\r\n', 'multipart/form-data; boundary=----x'],
      ['/account/forgot-password', '', 'text/plain'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': type } });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe(url);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a wrong password, an unknown address, malformed input and a missing crumb, with clear messages', async () => {
    const c = await client(app);
    const wrong = await c.call('POST', '/api/site-users/account/session', { email: 'member@example.com', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Email or password is incorrect.');
    const unknown = await c.call('POST', '/api/site-users/account/session', { email: 'nobody@example.com', password: 'whatever-1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('Email or password is incorrect.');
    const malformed = await c.call('POST', '/api/site-users/account/session', { email: 'not-an-email', password: 'x', rememberMe: 'yes' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toMatchObject({ email: 'Enter an email address such as name@example.com.' });
    const noCrumb = await c.call('POST', '/api/site-users/account/session', { email: 'member@example.com', password: 'member-password-1' }, { crumb: false });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json()).toMatchObject({ crumbFail: true, error: CRUMB_FAIL_MESSAGE });
    expect(c.cookies.has('op_member')).toBe(false);
  });

  it('limits failed sign-ins per address', async () => {
    await createVerifiedSiteUser(database.db, websiteId, 'limited@example.com', 'limited-password-1');
    const c = await client(app);
    for (let i = 0; i < 10; i += 1)
      expect((await c.call('POST', '/api/site-users/account/session', { email: 'limited@example.com', password: `wrong-${i}` })).statusCode).toBe(401);
    const blocked = await c.call('POST', '/api/site-users/account/session', { email: 'limited@example.com', password: 'limited-password-1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('signs up with an emailed verification link; sign-in waits for it', async () => {
    const visitor = await client(app);
    const short = await visitor.call('POST', '/api/site-users/account', { email: 'new@example.com', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Choose a password of at least 8 characters; 12 or more is better.');
    const res = await visitor.call('POST', '/api/site-users/account', { email: 'new@example.com', password: 'a-new-password', displayName: 'Nia' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Check your email: we sent you a link to confirm your address.');
    const early = await visitor.call('POST', '/api/site-users/account/session', { email: 'new@example.com', password: 'a-new-password' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe('Confirm your email address first: open the link we emailed you when you signed up.');

    const mail = await mailFor(mailbox, 'new@example.com');
    expect(mail.headers.get('subject')).toBe('Confirm your email for Juniper Ceramics');
    // Links come from the site's own address, not the request's (here localhost).
    const token = linkIn(mail, '/account/verify', 'http://demo.sites.test');
    // Opening the link only shows a button: a mail scanner fetching it changes nothing.
    const page = await visitor.call('GET', `/account/verify?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my email');
    expect((await database.db.select().from(siteUsers).where(eq(siteUsers.email, 'new@example.com')))[0]?.verifiedAt).toBeNull();

    const verified = await visitor.call('POST', '/api/site-users/account/verify', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().xsrfToken).toBeTruthy();
    expect((await visitor.call('GET', '/api/site-users/account')).json().account).toEqual({ email: 'new@example.com', displayName: 'Nia' });
    const again = await (await client(app)).call('POST', '/api/site-users/account/verify', { token });
    expect(again.statusCode).toBe(400);
    expect((await member('new@example.com', 'a-new-password')).xsrfToken).toBeTruthy();
  });

  it('answers a sign-up for an address with an account like any other, and tells the address owner by email', async () => {
    const before = mailbox.received.filter((m) => m.to.includes('member@example.com')).length;
    const res = await (await client(app)).call('POST', '/api/site-users/account', { email: 'member@example.com', password: 'someone-else-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Check your email: we sent you a link to confirm your address.');
    const mail = await mailFor(mailbox, 'member@example.com', before + 1);
    expect(mail.headers.get('subject')).toBe('Your account on Juniper Ceramics');
    expect((await member()).xsrfToken).toBeTruthy();
  });

  it('changes the account only with the session’s xsrf token in its header', async () => {
    const { c, xsrfToken } = await member();
    const without = await c.call('PUT', '/api/site-users/account', { displayName: 'Mo' });
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toBe('Your sign-in could not be confirmed for this change. Reload the page and try again.');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/site-users/account',
      headers: {
        host: 'localhost',
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': c.cookies.get('crumb')!,
        'x-siteuser-xsrf-token': xsrfToken,
      },
      payload: { displayName: 'Mo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.call('GET', '/api/site-users/account')).json().account.displayName).toBe('Mo');
  });

  // covers 001-7.28
  it('signs out with DELETE and cloneCart; the session is over', async () => {
    const { c } = await member();
    const bad = await c.call('DELETE', '/api/site-users/account/session?cloneCart=maybe');
    expect(bad.statusCode).toBe(400);
    const res = await c.call('DELETE', '/api/site-users/account/session?cloneCart=false');
    expect(res.statusCode, res.body).toBe(200);
    expect(c.cookies.has('op_member')).toBe(false);
    expect((await c.call('GET', '/api/site-users/account')).statusCode).toBe(401);
  });

  it('resets a forgotten password by email; the old sessions end', async () => {
    await createVerifiedSiteUser(database.db, websiteId, 'forgetful@example.com', 'old-password-1');
    const { c: old } = await member('forgetful@example.com', 'old-password-1');
    const visitor = await client(app);
    const ask = await visitor.call('POST', '/api/site-users/account/password-reset', { email: 'forgetful@example.com' });
    expect(ask.json().message).toBe('If an account uses this email, a link to reset its password is on its way.');
    const nobody = await visitor.call('POST', '/api/site-users/account/password-reset', { email: 'nobody@example.com' });
    expect(nobody.json()).toEqual(ask.json());
    const token = linkIn(await mailFor(mailbox, 'forgetful@example.com'), '/account/reset-password', 'http://demo.sites.test');
    const res = await visitor.call('POST', '/api/site-users/account/password-reset/complete', { token, password: 'new-password-22' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await old.call('GET', '/api/site-users/account')).statusCode).toBe(401);
    expect((await member('forgetful@example.com', 'new-password-22')).xsrfToken).toBeTruthy();
    const reused = await visitor.call('POST', '/api/site-users/account/password-reset/complete', { token, password: 'another-password-3' });
    expect(reused.statusCode).toBe(400);
  });

  it('serves the account pages: sign-in for visitors, the account for customers', async () => {
    const visitor = await client(app);
    const home = await visitor.call('GET', '/account');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/account/login?returnTo=%2Faccount');
    const login = await visitor.call('GET', '/account/login?returnTo=/members');
    expect(login.body).toContain('data-account-form="login"');
    expect(login.body).toContain('data-return-to="/members"');
    expect(login.headers['cache-control']).toBe('private, no-store');
    const offsite = await visitor.call('GET', '/account/login?returnTo=//evil.example/');
    expect(offsite.body).toContain('data-return-to="/account"');
    const { c } = await member();
    const own = await c.call('GET', '/account');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Signed in as <strong>member@example.com</strong>');
  });
});

describe('members-only and password pages', () => {
  it('refuses a members-only page to visitors with the access-denied page (106), and shows it to a signed-in customer', async () => {
    const visitor = await client(app);
    const denied = await visitor.call('GET', '/members');
    expect(denied.statusCode).toBe(403);
    expect(denied.body).toContain('page-type-106');
    expect(denied.body).toContain('href="/account/login?returnTo=%2Fmembers"');
    expect(denied.body).not.toContain('Next kiln opening');
    const { c } = await member();
    const shown = await c.call('GET', '/members');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Next kiln opening');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    // What the customer saw was not kept for the next visitor.
    expect((await visitor.call('GET', '/members')).statusCode).toBe(403);
  });

  it('locks a password page (103) until its password is given, then shows it as protected content (105)', async () => {
    const visitor = await client(app);
    const locked = await visitor.call('GET', '/wholesale');
    expect(locked.statusCode).toBe(403);
    expect(locked.body).toContain('page-type-103');
    expect(locked.body).toContain('This page is protected by a password.');
    expect(locked.body).not.toContain('Espresso cup');
    const pageId = /data-lock-page="([0-9a-f]{24})"/.exec(locked.body)![1]!;
    const wrong = await visitor.call('POST', '/api/page-access/unlock', { pageId, password: 'guess' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('That password is not right. Please try again.');
    expect(visitor.cookies.has('op_unlocked')).toBe(false);
    const right = await visitor.call('POST', '/api/page-access/unlock', { pageId, password: DEMO_WHOLESALE_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    const open = await visitor.call('GET', '/wholesale');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('page-type-105');
    expect(open.body).toContain('Espresso cup');
    // Another visitor, or a forged cookie, is still locked out.
    expect((await (await client(app)).call('GET', '/wholesale')).statusCode).toBe(403);
    visitor.cookies.set('op_unlocked', `${pageId}:aaaaaaaa:9999999999.forged`);
    expect((await visitor.call('GET', '/wholesale')).statusCode).toBe(403);
  });

  it("keeps a password page's unlock and its try limit to its own site: a copy of the site with the same page and password accepts neither", async () => {
    const loaded = loadDocument(siteNamed('wholesale-copy', 'Wholesale copy'), siteDocumentSchema);
    if (!loaded.ok) throw new Error('fixture invalid');
    await writeSiteDocument(database.db, loaded.document);
    const host = 'wholesale-copy.sites.test';
    // Someone who knows the demo's password unlocks it, then carries the signed cookie to the copy.
    const visitor = await client(app);
    const locked = await visitor.call('GET', '/wholesale');
    const pageId = /data-lock-page="([0-9a-f]{24})"/.exec(locked.body)![1]!;
    expect((await visitor.call('POST', '/api/page-access/unlock', { pageId, password: DEMO_WHOLESALE_PASSWORD })).statusCode).toBe(200);
    const copyVisitor = await client(app, host);
    expect(/data-lock-page="([0-9a-f]{24})"/.exec((await copyVisitor.call('GET', '/wholesale')).body)?.[1]).toBe(pageId);
    copyVisitor.cookies.set('op_unlocked', visitor.cookies.get('op_unlocked')!);
    expect((await copyVisitor.call('GET', '/wholesale')).statusCode).toBe(403);
    // Ten wrong tries on the copy leave the demo's own limit untouched.
    for (let i = 0; i < 10; i++) expect((await copyVisitor.call('POST', '/api/page-access/unlock', { pageId, password: `guess-${i}` })).statusCode).toBe(401);
    expect((await copyVisitor.call('POST', '/api/page-access/unlock', { pageId, password: 'guess-10' })).statusCode).toBe(429);
    const other = await client(app);
    expect((await other.call('POST', '/api/page-access/unlock', { pageId, password: 'guess' })).statusCode).toBe(401);
  });

  it('answers 404 for unlocking a page that has no password, and 400 for a malformed id', async () => {
    const visitor = await client(app);
    const home = await visitor.call('GET', '/');
    expect(home.statusCode).toBe(200);
    expect((await visitor.call('POST', '/api/page-access/unlock', { pageId: '382dbd3fdb905ed4c21a9aaa', password: 'x' })).statusCode).toBe(404);
    expect((await visitor.call('POST', '/api/page-access/unlock', { pageId: 'nope', password: 'x' })).statusCode).toBe(400);
  });

  it('keeps restricted pages out of the sitemap', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost' } });
    expect(sitemap.body).toContain('/about');
    expect(sitemap.body).not.toContain('/members');
    expect(sitemap.body).not.toContain('/wholesale');
  });
});

describe('page-level behaviour by visitor', () => {
  const islandOf = (html: string, name: string) => new RegExp(`<div hidden="" data-island="${name}"[^>]*>`).exec(html)?.[0];

  // covers 000-1.11
  it('gives a signed-in team member the team-member island with the role and site flags', async () => {
    const owner = await signedIn(app, 'owner@example.com', 'owner-password-1');
    const html = (await owner.call('GET', '/about')).body;
    expect(islandOf(html, 'team-member')).toContain(`data-role="${TEAM_ROLES.ADMIN}"`);
    expect(islandOf(html, 'team-member')).toContain('data-developer-mode="false"');
    const viewer = await signedIn(app, 'viewer@example.com', 'viewer-password-1');
    expect(islandOf((await viewer.call('GET', '/about')).body, 'team-member')).toContain(`data-role="${TEAM_ROLES.VIEWER}"`);
    const anonymous = (await (await client(app)).call('GET', '/about')).body;
    expect(islandOf(anonymous, 'team-member')).toBeUndefined();
    expect(islandOf(anonymous, 'escape-login')).toBeUndefined();
  });

  // covers 000-6.07
  it('gives visitors the escape-key sign-in only on a site that allows it', async () => {
    const aboutFor = async (c: Client) => (await c.call('GET', '/about')).body;
    expect(islandOf(await aboutFor(await client(app)), 'escape-login')).toBeUndefined();
    await updateSiteSettings(database.db, websiteId, { escapeKeyLogin: true }, ownerId);
    // The change reaches the app through the database's notification.
    await expect.poll(async () => islandOf(await aboutFor(await client(app)), 'escape-login'), { timeout: 5000 }).toBeDefined();
    const ownerHtml = await aboutFor(await signedIn(app, 'owner@example.com', 'owner-password-1'));
    expect(islandOf(ownerHtml, 'escape-login')).toBeUndefined();
    expect(islandOf(ownerHtml, 'team-member')).toBeDefined();
    await updateSiteSettings(database.db, websiteId, { escapeKeyLogin: false }, ownerId);
    await expect.poll(async () => islandOf(await aboutFor(await client(app)), 'escape-login'), { timeout: 5000 }).toBeUndefined();
  });
});
