/**
 * The cookie banner's settings API (seed 000 §3, §4) and the page context every published page
 * carries (src/ui/page-contract/site-context.ts): the API form with its two derived fields, the defaults a
 * site without settings answers, refused enumerations and positions naming their field, who may
 * read and change the settings, saving dropping the cached pages, and the per-visitor facts of the
 * page context never reaching another visitor through the cache.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROLES } from '../src/domain/roles';
import type { SiteContext } from '../src/ui/page-contract/site-context';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import type { freshDatabase } from './db';
import { demoDatabase } from './demo-app';
import { client, signedIn, type Client } from './session';

const PATH = '/api/config/cookie-banner';
const DEFAULT_TEXT =
  'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;

beforeAll(async () => {
  const demo = await demoDatabase();
  database = demo.database;
  websiteId = demo.websiteId;
  for (const role of ['ADMIN', 'WEBSITE_MANAGER', 'VIEWER', 'EDITOR'] as const) {
    const id = await createAccount(database.db, `${role.toLowerCase()}@example.com`, `${role}-password-1`);
    await setRole(database.db, websiteId, id, TEAM_ROLES[role]);
  }
  await createVerifiedSiteUser(database.db, websiteId, 'member@example.com', 'member-password-1');
  app = await demo.start();
  owner = await signedIn(app, 'admin@example.com', 'ADMIN-password-1');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const put = (body: unknown, as: Client = owner) => as.call('PUT', PATH, body);
const stored = async () =>
  (await database.pool.query<{ c: unknown }>(`SELECT settings->'cookieBanner' AS c FROM websites WHERE id = $1`, [websiteId])).rows[0]!.c;

/** The page context of a page's HTML. */
function contextOf(html: string): SiteContext {
  const json = /<script type="application\/json" id="op-site">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no page context');
  return JSON.parse(json) as SiteContext;
}

describe('the cookie banner settings API', () => {
  // covers 000-3.34, 000-3.39, 000-3.40
  it('answers the twelve settings and the two derived fields, the demo site’s own values and the defaults for the rest', async () => {
    const res = await owner.call('GET', PATH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      cookieBannerCtaText: 'Accept',
      cookieBannerCtaVariant: 'BUTTON',
      cookieBannerPosition: 'BOTTOM',
      cookieBannerText: DEFAULT_TEXT,
      cookieBannerTheme: 'DARK',
      cookieBannerVariant: 'BAR',
      cookieBannerOptOutCtaText: 'Decline',
      cookieBannerAcceptType: 'OPT_IN_AND_OUT',
      isCookieBannerEnabled: true,
      isRestrictiveCookiePolicyEnabled: true,
      isRestrictiveCookiePolicyAbsolute: false,
      isVisitorDataRestricted: false,
      isActivityLogEnabled: true,
      isAnalyticsCookiesDisabled: true,
    });
  });

  // covers 000-4.33, 000-4.34, 000-4.35, 000-4.36, 000-4.38
  it('answers the seed defaults for settings that are left out, and stores only what was sent', async () => {
    const res = await put({ isCookieBannerEnabled: true, cookieBannerText: '  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual({ isCookieBannerEnabled: true });
    expect((await owner.call('GET', PATH)).json()).toMatchObject({
      cookieBannerVariant: 'BAR',
      cookieBannerTheme: 'DARK',
      cookieBannerCtaVariant: 'ICON',
      cookieBannerAcceptType: 'OPT_IN',
      cookieBannerPosition: 'BOTTOM',
      cookieBannerCtaText: 'Accept',
      cookieBannerOptOutCtaText: 'Decline',
      cookieBannerText: DEFAULT_TEXT,
      isRestrictiveCookiePolicyEnabled: false,
      isAnalyticsCookiesDisabled: false,
    });
  });

  // covers 000-4.41
  it('puts a popup given no position in the bottom-left corner', async () => {
    expect((await put({ cookieBannerVariant: 'POPUP' })).json().cookieBannerPosition).toBe('BOTTOM_LEFT');
  });

  // covers 000-3.35, 000-3.36, 000-3.37, 000-3.38
  it.each([
    ['cookieBannerCtaVariant', 'LINK', 'cookieBannerCtaVariant must be TEXT, BUTTON or ICON.'],
    ['cookieBannerTheme', 'BLUE', 'cookieBannerTheme must be LIGHT or DARK.'],
    ['cookieBannerVariant', 'MODAL', 'cookieBannerVariant must be BAR or POPUP.'],
    ['cookieBannerAcceptType', 'OPT_OUT', 'cookieBannerAcceptType must be OPT_IN or OPT_IN_AND_OUT.'],
    ['cookieBannerTheme', 'dark', 'cookieBannerTheme must be LIGHT or DARK.'],
  ])('refuses %s %s with a 400 naming the field, and changes nothing', async (field, value, message) => {
    await put({ isCookieBannerEnabled: true });
    const before = await stored();
    const res = await put({ isCookieBannerEnabled: false, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, errors: { [field]: message } });
    expect(await stored()).toEqual(before);
  });

  it('accepts every value of each enumeration', async () => {
    for (const v of ['TEXT', 'BUTTON', 'ICON']) expect((await put({ cookieBannerCtaVariant: v })).json().cookieBannerCtaVariant).toBe(v);
    for (const v of ['LIGHT', 'DARK']) expect((await put({ cookieBannerTheme: v })).json().cookieBannerTheme).toBe(v);
    for (const v of ['BAR', 'POPUP']) expect((await put({ cookieBannerVariant: v })).json().cookieBannerVariant).toBe(v);
    for (const v of ['OPT_IN', 'OPT_IN_AND_OUT']) expect((await put({ cookieBannerAcceptType: v })).json().cookieBannerAcceptType).toBe(v);
  });

  // covers 000-4.37, 000-4.40
  it('accepts only TOP and BOTTOM for a bar and only the four corners for a popup', async () => {
    for (const position of ['TOP', 'BOTTOM']) expect((await put({ cookieBannerVariant: 'BAR', cookieBannerPosition: position })).statusCode).toBe(200);
    for (const position of ['TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_RIGHT']) {
      const bar = await put({ cookieBannerVariant: 'BAR', cookieBannerPosition: position });
      expect(bar.statusCode).toBe(400);
      expect(bar.json().errors).toEqual({ cookieBannerPosition: 'cookieBannerPosition must be TOP or BOTTOM for the BAR variant.' });
      const popup = await put({ cookieBannerVariant: 'POPUP', cookieBannerPosition: position });
      expect(popup.statusCode).toBe(200);
      expect(popup.json().cookieBannerPosition).toBe(position);
    }
    for (const position of ['TOP', 'BOTTOM', 'MIDDLE']) {
      const popup = await put({ cookieBannerVariant: 'POPUP', cookieBannerPosition: position });
      expect(popup.statusCode).toBe(400);
      expect(popup.json().error).toMatch(/^cookieBannerPosition must be /);
    }
    // No variant given is a bar (the default).
    expect((await put({ cookieBannerPosition: 'TOP_RIGHT' })).statusCode).toBe(400);
  });

  // covers 000-3.39
  it('keeps isActivityLogEnabled the inverse of isVisitorDataRestricted, whichever is sent', async () => {
    expect((await put({ isVisitorDataRestricted: true })).json()).toMatchObject({ isVisitorDataRestricted: true, isActivityLogEnabled: false });
    expect((await owner.call('GET', PATH)).json()).toMatchObject({ isVisitorDataRestricted: true, isActivityLogEnabled: false });
    expect((await put({ isVisitorDataRestricted: false })).json()).toMatchObject({ isVisitorDataRestricted: false, isActivityLogEnabled: true });
    expect((await put({ isActivityLogEnabled: false })).json()).toMatchObject({ isVisitorDataRestricted: true, isActivityLogEnabled: false });
    expect(await stored()).toEqual({ isVisitorDataRestricted: true });
    const contradiction = await put({ isActivityLogEnabled: true, isVisitorDataRestricted: true });
    expect(contradiction.statusCode).toBe(400);
    expect(contradiction.json().error).toBe('isActivityLogEnabled must be the inverse of isVisitorDataRestricted.');
  });

  // covers 000-3.40
  it('keeps isAnalyticsCookiesDisabled equal to isRestrictiveCookiePolicyEnabled, whichever is sent', async () => {
    expect((await put({ isRestrictiveCookiePolicyEnabled: true })).json()).toMatchObject({
      isRestrictiveCookiePolicyEnabled: true,
      isAnalyticsCookiesDisabled: true,
    });
    expect((await put({ isRestrictiveCookiePolicyEnabled: false })).json()).toMatchObject({
      isRestrictiveCookiePolicyEnabled: false,
      isAnalyticsCookiesDisabled: false,
    });
    expect((await put({ isAnalyticsCookiesDisabled: true })).json()).toMatchObject({
      isRestrictiveCookiePolicyEnabled: true,
      isAnalyticsCookiesDisabled: true,
    });
    expect(await stored()).toEqual({ isRestrictiveCookiePolicyEnabled: true });
    expect((await put({ isAnalyticsCookiesDisabled: false, isRestrictiveCookiePolicyEnabled: true })).statusCode).toBe(400);
  });

  it('refuses malformed bodies with a 4xx JSON error, never a 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{ cookieBannerColour: 'red' }, /cookieBannerColour: not a cookie banner setting/],
      [{ isCookieBannerEnabled: 'yes' }, /isCookieBannerEnabled must be true or false/],
      [{ cookieBannerCtaText: 'x'.repeat(61) }, /cookieBannerCtaText must be at most 60 characters/],
      [{ cookieBannerText: 'x'.repeat(1001) }, /cookieBannerText must be at most 1000 characters/],
      [{ cookieBannerText: 42 }, /cookieBannerText must be text/],
      [{ cookieBannerPosition: null }, /cookieBannerPosition must be /],
      [['isCookieBannerEnabled'], /JSON object/],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
    const text = await app.inject({
      method: 'PUT',
      url: PATH,
      headers: {
        host: 'localhost',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': owner.cookies.get('crumb')!,
        'content-type': 'application/json',
      },
      payload: '{not json',
    });
    expect(text.statusCode).toBe(400);
  });

  it('lets the roles that read settings read them, and only ADMIN and WEBSITE_MANAGER change them', async () => {
    const manager = await signedIn(app, 'website_manager@example.com', 'WEBSITE_MANAGER-password-1');
    const viewer = await signedIn(app, 'viewer@example.com', 'VIEWER-password-1');
    const editor = await signedIn(app, 'editor@example.com', 'EDITOR-password-1');
    expect((await manager.call('PUT', PATH, { cookieBannerTheme: 'LIGHT' })).statusCode).toBe(200);
    expect((await viewer.call('GET', PATH)).json().cookieBannerTheme).toBe('LIGHT');
    expect((await viewer.call('PUT', PATH, { cookieBannerTheme: 'DARK' })).statusCode).toBe(403);
    expect((await editor.call('GET', PATH)).statusCode).toBe(403);
    expect((await (await client(app)).call('GET', PATH)).statusCode).toBe(401);
    expect((await owner.call('GET', PATH)).json().cookieBannerTheme).toBe('LIGHT');
  });

  it('drops the cached pages when saved, so the next visitor gets the new banner', async () => {
    await put({ isCookieBannerEnabled: true, cookieBannerTheme: 'DARK' });
    const home = async () => (await (await client(app)).call('GET', '/')).body;
    await expect.poll(home, { timeout: 5000 }).toContain('cookie-banner-dark');
    expect(await home()).toContain('Cookie settings');
    await put({ isCookieBannerEnabled: true, cookieBannerTheme: 'LIGHT', cookieBannerVariant: 'POPUP', cookieBannerPosition: 'TOP_RIGHT' });
    await expect
      .poll(home, { timeout: 5000 })
      .toContain('cookie-banner cookie-banner-popup cookie-banner-top-right cookie-banner-light cookie-banner-cta-icon');
    await put({ isCookieBannerEnabled: false });
    await expect.poll(home, { timeout: 5000 }).not.toContain('op-cookie-banner');
    expect(await home()).not.toContain('Cookie settings');
  });
});

describe('the page context', () => {
  it('tells the runtime the site, the page and the policy on every published page, with no visitor facts for a visitor', async () => {
    await put({ isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true });
    const visitor = await client(app);
    await expect.poll(async () => contextOf((await visitor.call('GET', '/about')).body).restrictive, { timeout: 5000 }).toBe(true);
    expect(contextOf((await visitor.call('GET', '/about')).body)).toEqual({
      websiteId,
      templateId: 'openpress-7.1',
      websiteLocale: 'en-US',
      pageType: 2,
      tracked: true,
      restrictive: true,
      pageId: '4168c5be9ef2a547267f82ac',
      collectionId: '4168c5be9ef2a547267f82ac',
      recordType: 1,
    });
    const collection = contextOf((await visitor.call('GET', '/journal')).body);
    expect(collection).toMatchObject({ pageType: 1, collectionId: '6d07c4afa0a17c2b77ed80a0', recordType: 2, tracked: true });
    const itemHtml = (await visitor.call('GET', '/journal/spring-glazes')).body;
    expect(contextOf(itemHtml)).toMatchObject({ pageType: 50, itemId: '265b47b67699a81a2354176b', collectionId: '6d07c4afa0a17c2b77ed80a0', recordType: 3 });
    await put({ isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: false });
    await expect.poll(async () => contextOf((await visitor.call('GET', '/about')).body).restrictive, { timeout: 5000 }).toBe(false);
  });

  it('marks not-found, lock-screen and access-denied pages as not tracked', async () => {
    const visitor = await client(app);
    expect(contextOf((await visitor.call('GET', '/no-such-page')).body)).toMatchObject({ pageType: 100, tracked: false });
    expect(contextOf((await visitor.call('GET', '/wholesale')).body)).toMatchObject({ pageType: 103, tracked: false });
    expect(contextOf((await visitor.call('GET', '/members')).body)).toMatchObject({ pageType: 106, tracked: false });
  });

  it('is not tracked for a signed-in team member unless viewer-only, marks an ADMIN’s admin access, and never leaks either through the cache', async () => {
    const about = async (c: Client) => contextOf((await c.call('GET', '/about')).body);
    expect(await about(owner)).toMatchObject({ tracked: false, adminAccess: true });
    expect(await about(await signedIn(app, 'website_manager@example.com', 'WEBSITE_MANAGER-password-1'))).toMatchObject({ tracked: false });
    expect((await about(await signedIn(app, 'website_manager@example.com', 'WEBSITE_MANAGER-password-1'))).adminAccess).toBeUndefined();
    const viewer = await about(await signedIn(app, 'viewer@example.com', 'VIEWER-password-1'));
    expect(viewer.tracked).toBe(true);
    expect(viewer.adminAccess).toBeUndefined();
    const anonymous = await about(await client(app));
    expect(anonymous.tracked).toBe(true);
    expect(anonymous.adminAccess).toBeUndefined();
  });

  it('carries a signed-in customer’s account id only on pages rendered for them, which are never cached', async () => {
    const customer = await client(app);
    const session = await customer.call('POST', '/api/site-users/account/session', { email: 'member@example.com', password: 'member-password-1' });
    expect(session.statusCode, session.body).toBe(200);
    const [{ id }] = (await database.pool.query<{ id: string }>(`SELECT id FROM site_users WHERE email = 'member@example.com'`)).rows as [{ id: string }];
    const page = await customer.call('GET', '/about');
    expect(contextOf(page.body)).toMatchObject({ memberAccountId: id, tracked: true });
    expect(page.headers['cache-control']).toBe('private, no-store');
    const anonymous = await (await client(app)).call('GET', '/about');
    expect(contextOf(anonymous.body).memberAccountId).toBeUndefined();
    expect(anonymous.body).not.toContain(id);
    // A stale or forged member cookie is a visitor like any other.
    const forged = await app.inject({ method: 'GET', url: '/about', headers: { host: 'localhost', cookie: 'op_member=forged' } });
    expect(contextOf(forged.body).memberAccountId).toBeUndefined();
  });
});
