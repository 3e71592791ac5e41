/**
 * The cookie banner and consent in Chromium (seed 000 §2, §3, §4, §5, §9 and the consent rules of
 * docs/decisions/, the area "Consent and measurement"): the demo site's first visit, Accept and
 * Decline with the consent cookie's value and lifetime, when the banner stays away, every variant,
 * theme, CTA variant and position with the seed's defaults, axe-core in each, the restrictive
 * policy clearing tracking cookies, a decline clearing them at once, 'Cookie settings' reopening
 * the banner, Global Privacy Control counting as a decline until Accept, the visitor cookies after
 * consent, the config area's preview-forced banner, and a tour showing a visitor who declines never
 * receives an identifier.
 */
import type { Browser, BrowserContext, Cookie, Page, Request } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveCookieBanner, type CookieBannerSettings } from '../src/domain/cookie-banner';
import { RESTRICTIVE_POLICY_COOKIES } from '../src/domain/cookies';
import { TRACKING_COOKIES, TRACKING_STORAGE_PREFIX } from '../src/runtime/consent';
import { cookieBannerClasses } from '../src/ui/page-contract/cookie-banner-view';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, islandsReady, ownerApi, siteForFile, visitorContext } from './harness';

const env = siteForFile();

const DEFAULT_TEXT =
  'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.';
const DAY = 24 * 3600;
/** Chromium caps every cookie's lifetime at 400 days. */
const CHROMIUM_MAX_COOKIE_DAYS = 400;
/** The demo site's own settings (sites/demo/site.json). */
const DEMO: CookieBannerSettings = {
  isCookieBannerEnabled: true,
  isRestrictiveCookiePolicyEnabled: true,
  cookieBannerAcceptType: 'OPT_IN_AND_OUT',
  cookieBannerCtaVariant: 'BUTTON',
};
/** Strictly necessary cookies: consent, the crumb, and the server's team, customer and page-unlock sessions. */
const NECESSARY_COOKIES = new Set(['ss_cookieAllowed', 'crumb', 'op_session', 'op_member', 'op_unlocked']);
const VISITOR_RECORD = /^[A-Za-z0-9._~-]+\|[1-9][0-9]*\|[1-9][0-9]*\|[1-9][0-9]*\|[1-9][0-9]*$/;

const url = (path: string) => `${env.site().url}${path}`;
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const cookieSettings = (page: Page) => page.getByRole('button', { name: 'Cookie settings' });
const cookiesOf = async (context: BrowserContext) => new Map((await context.cookies()).map((c) => [c.name, c]));

/** A visitor who has not answered yet; bypassCSP lets the accessibility check inject axe-core. */
async function freshContext(browser: Browser = env.browser(), extra: Parameters<Browser['newContext']>[0] = {}) {
  return browser.newContext({ ...desktop, bypassCSP: true, ...extra });
}

/** Tells the page it is hidden (as a tab switched away), and visible again. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

/** A page whose cookie-banner island has run (it shows the footer's 'Cookie settings'). */
async function openPage(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url(path));
  await cookieSettings(page).waitFor();
  return page;
}

/**
 * Saves the site's banner settings and waits until the published pages show them: through the
 * config area's call, or — for settings that call refuses but a site document may carry (a bar
 * given a corner) — through the document's import.
 */
async function useBanner(settings: CookieBannerSettings, through: 'api' | 'document' = 'api'): Promise<void> {
  if (through === 'api') await (await ownerApi(env.site())).call('PUT', '/api/config/cookie-banner', settings);
  else await changeSiteDocument(env.site(), (doc) => void (doc.settings.cookieBanner = settings));
  const marker = settings.isCookieBannerEnabled ? `class="${cookieBannerClasses(resolveCookieBanner(settings))}"` : '';
  const policy = `"restrictive":${settings.isRestrictiveCookiePolicyEnabled === true}`;
  await expect
    .poll(
      async () => {
        const html = await (await fetch(url('/'))).text();
        return html.includes(policy) && html.includes(marker) && html.includes('op-cookie-banner') === (settings.isCookieBannerEnabled === true);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

afterAll(async () => {
  // The next file's server is its own; this only keeps a failed test from leaving odd settings to a rerun.
  await useBanner(DEMO).catch(() => undefined);
});

/** Seconds since the epoch a cookie is expected to expire, compared within two minutes. */
function expectExpiry(cookie: Cookie | undefined, seconds: number) {
  expect(cookie, 'cookie missing').toBeDefined();
  expect(Math.abs(cookie!.expires - (Date.now() / 1000 + seconds))).toBeLessThan(120);
}

describe('the demo site’s first visit', () => {
  // covers 000-1.04, 000-4.25, 000-9.13, 000-9.14, 000-9.15
  it('shows the banner with the default texts, Accept and Decline as buttons a keyboard reaches, with no serious accessibility violation', async () => {
    await useBanner(DEMO);
    const context = await freshContext();
    const page = await openPage(context);
    await banner(page).waitFor();
    expect(await banner(page).getByText(DEFAULT_TEXT, { exact: true }).isVisible()).toBe(true);
    expect(await banner(page).getByRole('button', { name: 'Accept', exact: true }).textContent()).toBe('Accept');
    expect(await banner(page).getByRole('button', { name: 'Decline', exact: true }).textContent()).toBe('Decline');
    // The banner is the last thing on the page: Shift+Tab from the start reaches Accept, then Decline.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Decline');
    expect(await seriousViolations(page)).toEqual([]);
    // No answer yet under the restrictive policy: no consent cookie, no tracking cookie.
    expect([...(await cookiesOf(context)).keys()].filter((n) => !NECESSARY_COOKIES.has(n))).toEqual([]);
    expect((await cookiesOf(context)).has('ss_cookieAllowed')).toBe(false);
    await context.close();
  });

  // covers 000-3.64, 000-4.27, 000-4.29, 000-4.31, 000-9.10, 000-9.11
  it('stores ss_cookieAllowed=true for 30 days on Accept and removes the banner', async () => {
    const context = await freshContext();
    const page = await openPage(context);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await page.locator('#op-cookie-banner').count()).toBe(0);
    const consent = (await cookiesOf(context)).get('ss_cookieAllowed');
    expect(consent?.value).toBe('true');
    expect(consent?.path).toBe('/');
    expectExpiry(consent, 30 * DAY);
    await context.close();
  });

  // covers 000-4.28, 000-4.29
  it('stores ss_cookieAllowed=false on Decline, from the keyboard too, and removes the banner', async () => {
    const context = await freshContext();
    const page = await openPage(context);
    await banner(page).getByRole('button', { name: 'Decline' }).focus();
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    const consent = (await cookiesOf(context)).get('ss_cookieAllowed');
    expect(consent?.value).toBe('false');
    expectExpiry(consent, 30 * DAY);
    await context.close();
  });

  // covers 000-4.26, 000-2.31
  it('stays away when the visitor answered before (true or false) and with sqsscreenshot=true', async () => {
    for (const value of ['true', 'false']) {
      const context = await freshContext();
      await context.addCookies([{ name: 'ss_cookieAllowed', value, url: url('/') }]);
      const page = await openPage(context, '/about');
      expect(await banner(page).count(), value).toBe(0);
      await context.close();
    }
    const context = await freshContext();
    const page = await openPage(context, '/?sqsscreenshot=true');
    expect(await banner(page).count()).toBe(0);
    // The same visitor without the flag is asked.
    await page.goto(url('/'));
    await banner(page).waitFor();
    await context.close();
  });
});

describe('how the banner looks', () => {
  type Look = {
    settings: CookieBannerSettings;
    where: 'top' | 'bottom' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
    background: string;
    through?: 'api' | 'document';
  };
  const DARK = 'rgb(27, 31, 35)';
  const LIGHT = 'rgb(255, 255, 255)';
  const looks: [string, Look][] = [
    [
      'a dark bar at the top with text links',
      {
        settings: {
          cookieBannerVariant: 'BAR',
          cookieBannerPosition: 'TOP',
          cookieBannerTheme: 'DARK',
          cookieBannerCtaVariant: 'TEXT',
          cookieBannerAcceptType: 'OPT_IN_AND_OUT',
        },
        where: 'top',
        background: DARK,
      },
    ],
    [
      'a light bar at the bottom with a button',
      {
        settings: { cookieBannerVariant: 'BAR', cookieBannerPosition: 'BOTTOM', cookieBannerTheme: 'LIGHT', cookieBannerCtaVariant: 'BUTTON' },
        where: 'bottom',
        background: LIGHT,
      },
    ],
    [
      'a bar given a top corner, at the top',
      {
        settings: { cookieBannerVariant: 'BAR', cookieBannerPosition: 'TOP_RIGHT', cookieBannerTheme: 'LIGHT', cookieBannerCtaVariant: 'ICON' },
        where: 'top',
        background: LIGHT,
        through: 'document',
      },
    ],
    [
      'a light popup top left with an icon',
      {
        settings: {
          cookieBannerVariant: 'POPUP',
          cookieBannerPosition: 'TOP_LEFT',
          cookieBannerTheme: 'LIGHT',
          cookieBannerCtaVariant: 'ICON',
          cookieBannerAcceptType: 'OPT_IN_AND_OUT',
        },
        where: 'top-left',
        background: LIGHT,
      },
    ],
    [
      'a dark popup top right with buttons',
      {
        settings: {
          cookieBannerVariant: 'POPUP',
          cookieBannerPosition: 'TOP_RIGHT',
          cookieBannerTheme: 'DARK',
          cookieBannerCtaVariant: 'BUTTON',
          cookieBannerAcceptType: 'OPT_IN_AND_OUT',
        },
        where: 'top-right',
        background: DARK,
      },
    ],
    [
      'a dark popup bottom right with an icon',
      {
        settings: { cookieBannerVariant: 'POPUP', cookieBannerPosition: 'BOTTOM_RIGHT', cookieBannerTheme: 'DARK', cookieBannerCtaVariant: 'ICON' },
        where: 'bottom-right',
        background: DARK,
      },
    ],
    [
      'a light popup bottom left with text links and custom texts',
      {
        settings: {
          cookieBannerVariant: 'POPUP',
          cookieBannerPosition: 'BOTTOM_LEFT',
          cookieBannerTheme: 'LIGHT',
          cookieBannerCtaVariant: 'TEXT',
          cookieBannerAcceptType: 'OPT_IN_AND_OUT',
          cookieBannerText: 'We count visits.',
          cookieBannerCtaText: 'Fine',
          cookieBannerOptOutCtaText: 'No thanks',
        },
        where: 'bottom-left',
        background: LIGHT,
      },
    ],
    // covers 000-4.41
    ['a popup without a position, bottom left', { settings: { cookieBannerVariant: 'POPUP' }, where: 'bottom-left', background: DARK }],
    // covers 000-4.33, 000-4.34, 000-4.35, 000-4.36, 000-4.38
    ['the defaults: a dark bar at the bottom, an icon, Accept only', { settings: {}, where: 'bottom', background: DARK }],
  ];

  // covers 000-3.35, 000-3.36, 000-3.37, 000-4.37, 000-4.39, 000-4.40
  it.each(looks)('draws %s, with no serious accessibility violation', async (_name, { settings, where, background, through }) => {
    await useBanner({ isCookieBannerEnabled: true, ...settings }, through);
    const shown = resolveCookieBanner(settings);
    const context = await freshContext();
    const page = await openPage(context);
    const region = banner(page);
    await region.waitFor();
    const box = (await region.boundingBox())!;
    const viewport = page.viewportSize()!;
    const edges = {
      top: Math.round(box.y),
      bottom: Math.round(viewport.height - box.y - box.height),
      left: Math.round(box.x),
      right: Math.round(viewport.width - box.x - box.width),
    };
    if (where === 'top' || where === 'bottom') {
      expect(edges[where], where).toBe(0);
      expect(edges.left).toBe(0);
      expect(box.width).toBeGreaterThan(viewport.width - 20);
    } else {
      const [vertical, horizontal] = where.split('-') as ['top' | 'bottom', 'left' | 'right'];
      expect(edges[vertical], where).toBe(16);
      expect(edges[horizontal], where).toBe(16);
      expect(box.width).toBeLessThanOrEqual(380);
    }
    expect(await region.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(background);
    expect(await region.getByText(shown.text, { exact: true }).isVisible()).toBe(true);
    const accept = region.getByRole('button', { name: shown.ctaText, exact: true });
    if (shown.ctaVariant === 'ICON') {
      expect(await accept.locator('svg').isVisible()).toBe(true);
      expect((await accept.boundingBox())!.width).toBe(44);
    } else {
      expect(await accept.evaluate((el) => (el as HTMLElement).innerText)).toBe(shown.ctaText);
      const look = await accept.evaluate((el) => ({ underline: getComputedStyle(el).textDecorationLine, fill: getComputedStyle(el).backgroundColor }));
      if (shown.ctaVariant === 'TEXT') expect(look).toEqual({ underline: 'underline', fill: 'rgba(0, 0, 0, 0)' });
      else expect(look.fill).not.toBe('rgba(0, 0, 0, 0)');
    }
    const decline = region.getByRole('button', { name: shown.optOutCtaText, exact: true });
    expect(await decline.count()).toBe(shown.acceptType === 'OPT_IN_AND_OUT' ? 1 : 0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the restrictive policy', () => {
  const planted = [...TRACKING_COOKIES].map((name) => ({
    name,
    value: name === 'ss_cvr' ? 'planted|1700000000000|1700000000000|1700000000000|3' : name === 'ss_cvt' ? '1700000000000' : 'planted',
  }));

  async function plantedContext(consent?: 'true' | 'false') {
    const context = await freshContext();
    await context.addCookies([...planted, ...(consent ? [{ name: 'ss_cookieAllowed', value: consent }] : [])].map((c) => ({ ...c, url: url('/') })));
    // A stored analytics id from an earlier visit, planted once before the first page runs.
    await context.addInitScript((key) => {
      if (!sessionStorage.getItem('planted')) {
        localStorage.setItem(key, '{"id":"planted"}');
        sessionStorage.setItem('planted', '1');
      }
    }, `${TRACKING_STORAGE_PREFIX}aid`);
    return context;
  }

  const storedKeys = (page: Page) => page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)), TRACKING_STORAGE_PREFIX);

  // covers 000-4.32, 000-9.12
  it('clears the nine cookies, the analytics and session cookies and stored identifiers on every load while consent is not true', async () => {
    await useBanner(DEMO);
    for (const consent of [undefined, 'false'] as const) {
      const context = await plantedContext(consent);
      const page = await openPage(context, '/about');
      const left = [...(await cookiesOf(context)).keys()];
      for (const name of [...RESTRICTIVE_POLICY_COOKIES, 'ss_aid', 'SS_SESSION_ID']) expect(left, `${name} with consent ${consent}`).not.toContain(name);
      expect(left.filter((n) => !NECESSARY_COOKIES.has(n))).toEqual([]);
      expect(await storedKeys(page)).toEqual([]);
      await context.close();
    }
  });

  it('keeps them for a visitor who accepted', async () => {
    const context = await plantedContext('true');
    const page = await openPage(context, '/about');
    const left = await cookiesOf(context);
    for (const name of ['SS_MATTR', 'user_segment', 'ss_cid', 'ss_cpvisit', 'ss_cvisit', 'SS_lastvisit']) expect(left.get(name)?.value, name).toBe('planted');
    expect(await storedKeys(page)).toEqual([`${TRACKING_STORAGE_PREFIX}aid`]);
    await context.close();
  });

  it('clears them at once when a visitor who accepted declines through Cookie settings, which reopens the banner', async () => {
    await useBanner(DEMO);
    const context = await visitorContext(env.browser(), env.site(), { ...desktop, bypassCSP: true });
    const page = await openPage(context, '/about');
    await expect.poll(async () => (await cookiesOf(context)).get('ss_cvr')?.value, { timeout: 10_000 }).toMatch(VISITOR_RECORD);
    await context.addCookies(['SS_MATTR', 'user_segment'].map((name) => ({ name, value: 'planted', url: url('/') })));
    expect(await banner(page).count()).toBe(0);
    await cookieSettings(page).click();
    await banner(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Decline');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    // No reload: the decline itself cleared them, and focus went back to where the visitor was.
    const left = await cookiesOf(context);
    expect(left.get('ss_cookieAllowed')?.value).toBe('false');
    expect([...left.keys()].filter((n) => !NECESSARY_COOKIES.has(n))).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cookie settings');
    await cookieSettings(page).click();
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    expect((await cookiesOf(context)).get('ss_cookieAllowed')?.value).toBe('true');
    await context.close();
  });
});

describe('Global Privacy Control', () => {
  /** A browser sending the GPC signal: the header and navigator.globalPrivacyControl. */
  async function gpcContext() {
    const context = await freshContext(env.browser(), { extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true }));
    return context;
  }

  it('counts as a decline until the visitor accepts, on a site without the restrictive policy', async () => {
    await useBanner({ ...DEMO, isRestrictiveCookiePolicyEnabled: false });
    // Without the signal and without the policy, tracking starts at the first visit while the banner informs.
    const plain = await freshContext();
    const informed = await openPage(plain);
    await banner(informed).waitFor();
    await expect.poll(async () => (await cookiesOf(plain)).get('ss_cvr')?.value, { timeout: 10_000 }).toMatch(VISITOR_RECORD);
    await plain.close();

    const context = await gpcContext();
    await context.addCookies([{ name: 'ss_cvr', value: 'planted|1700000000000|1700000000000|1700000000000|3', url: url('/') }]);
    const page = await openPage(context);
    await banner(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect([...(await cookiesOf(context)).keys()].filter((n) => !NECESSARY_COOKIES.has(n))).toEqual([]);
    await page.goto(url('/about'));
    await page.waitForLoadState('networkidle');
    expect([...(await cookiesOf(context)).keys()].filter((n) => !NECESSARY_COOKIES.has(n))).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await page.reload();
    await expect.poll(async () => (await cookiesOf(context)).get('ss_cvr')?.value, { timeout: 10_000 }).toMatch(VISITOR_RECORD);
    await context.close();
    await useBanner(DEMO);
  });
});

describe('the visitor cookies after consent', () => {
  const count = (value: string | undefined) => Number(value?.split('|')[4]);

  // covers 000-3.61, 000-3.62, 000-4.22, 000-4.23, 000-4.24, 000-5.02, 000-5.03, 000-9.08, 000-9.09
  it('writes ss_cvr (an id and four positive integers, 2 years) and ss_cvt (a positive integer, 30 minutes); a missing visit token counts one new visit', async () => {
    await useBanner(DEMO);
    const context = await visitorContext(env.browser(), env.site(), desktop);
    // Chromium keeps no cookie longer than 400 days (RFC 6265bis), so the two years show in what
    // the page writes; the stored expiry is the browser's cap.
    await context.addInitScript(() => {
      const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      const writes: string[] = [];
      Object.assign(window, { cookieWrites: writes });
      Object.defineProperty(document, 'cookie', {
        configurable: true,
        get: () => native.get!.call(document) as string,
        set: (value: string) => {
          writes.push(value);
          native.set!.call(document, value);
        },
      });
    });
    const page = await context.newPage();
    await page.goto(url('/'));
    await expect.poll(async () => (await cookiesOf(context)).get('ss_cvr')?.value, { timeout: 10_000 }).toMatch(VISITOR_RECORD);
    let jar = await cookiesOf(context);
    expect(jar.get('ss_cvt')?.value).toMatch(/^[1-9][0-9]*$/);
    const writes = await page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
    expect(writes.find((w) => w.startsWith('ss_cvr='))).toContain(`; max-age=${730 * DAY};`);
    expect(writes.find((w) => w.startsWith('ss_cvt='))).toContain(`; max-age=${30 * 60};`);
    expectExpiry(jar.get('ss_cvr'), Math.min(730, CHROMIUM_MAX_COOKIE_DAYS) * DAY);
    expectExpiry(jar.get('ss_cvt'), 30 * 60);
    const first = jar.get('ss_cvr')!.value;
    expect(count(first)).toBe(1);

    // The same visit goes on: the count stays.
    await page.goto(url('/about'));
    await page.waitForLoadState('networkidle');
    expect(count((await cookiesOf(context)).get('ss_cvr')?.value)).toBe(1);

    // No visit token: a new visit, the count exactly one higher, the same visitor.
    await context.clearCookies({ name: 'ss_cvt' });
    await page.reload();
    await expect.poll(async () => (await cookiesOf(context)).get('ss_cvt')?.value, { timeout: 10_000 }).toMatch(/^[1-9][0-9]*$/);
    jar = await cookiesOf(context);
    expect(count(jar.get('ss_cvr')?.value)).toBe(2);
    expect(jar.get('ss_cvr')!.value.split('|')[0]).toBe(first.split('|')[0]);

    // A malformed record is replaced, never trusted.
    await context.addCookies([{ name: 'ss_cvr', value: 'not|a|record', url: url('/') }]);
    await page.reload();
    await expect.poll(async () => (await cookiesOf(context)).get('ss_cvr')?.value, { timeout: 10_000 }).toMatch(VISITOR_RECORD);
    expect(count((await cookiesOf(context)).get('ss_cvr')?.value)).toBe(1);
    await context.close();
  });
});

describe('the config area’s preview', () => {
  // covers 000-4.30
  it('draws the banner as the settings change, forced for preview so its buttons do nothing, and saving reaches the site', async () => {
    await useBanner(DEMO);
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto(url('/config/'));
    await page.getByLabel('Email').fill(env.site().owner.email);
    await page.getByLabel('Password').fill(env.site().owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Cookie banner' }).click();
    await page.getByRole('heading', { name: 'Cookie banner', level: 1 }).waitFor();
    const preview = page.getByRole('group', { name: 'Preview' }).getByRole('region', { name: 'Cookie consent' });
    await preview.waitFor();
    expect(await preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(27, 31, 35)');

    await page.getByLabel('Theme').selectOption({ label: 'Light' });
    await page.getByLabel('Layout').selectOption({ label: 'Popup in a corner' });
    await page.getByLabel('Position').selectOption({ label: 'Top right' });
    await page.getByLabel('Banner text', { exact: true }).fill('We count visits, nothing more.');
    await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await preview.getAttribute('class')).toContain('cookie-banner-popup cookie-banner-top-right');
    expect(await preview.getByText('We count visits, nothing more.').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await preview.getByRole('button', { name: 'Accept' }).click();
    await preview.getByRole('button', { name: 'Decline' }).click();
    expect(await preview.isVisible()).toBe(true);
    expect((await cookiesOf(context)).has('ss_cookieAllowed')).toBe(false);

    await page.getByRole('button', { name: 'Save cookie banner settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await context.close();

    const visitor = await freshContext();
    const site = await openPage(visitor);
    await banner(site).getByText('We count visits, nothing more.').waitFor();
    expect(await banner(site).getAttribute('class')).toBe(
      'cookie-banner cookie-banner-popup cookie-banner-top-right cookie-banner-light cookie-banner-cta-button',
    );
    await visitor.close();
    await useBanner(DEMO);
  });
});

describe('a visitor who declines', () => {
  /** Names under which a request could carry a visitor, session, analytics or member identifier. */
  const IDENTIFIER_FIELDS = new Set([
    'ss_cvr',
    'ss_cvt',
    'visitorcookie',
    'ss_aid',
    'analyticsid',
    'ss_session_id',
    'sessionid',
    'visitorid',
    'marketing_id',
    'memberaccountid',
  ]);
  const TOUR = ['/', '/about', '/journal', '/journal/spring-glazes', '/blocks/button', '/blocks/accordion', '/contact', '/no-such-page'];

  /** Every name-value pair in a value: query strings, form bodies and JSON, also JSON inside a field. */
  function pairs(text: string, out: [string, unknown][] = []): [string, unknown][] {
    const walk = (value: unknown) => {
      if (typeof value === 'string') {
        const trimmed = value.trim();
        if (trimmed.startsWith('{') || trimmed.startsWith('[')) pairs(trimmed, out);
        return;
      }
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          out.push([k, v]);
          walk(v);
        }
      }
    };
    try {
      walk(JSON.parse(text) as unknown);
      return out;
    } catch {
      // Not JSON: read it as a query string or form body.
    }
    for (const [k, v] of new URLSearchParams(text)) {
      out.push([k, v]);
      walk(v);
    }
    return out;
  }

  /** What a request gives away: a visitor record anywhere, or a non-empty value under an identifier's name. */
  function identifiersIn(request: Request): string[] {
    const target = new URL(request.url());
    const texts = [target.search.slice(1), request.postData() ?? ''];
    const found: string[] = [];
    for (const text of texts) {
      let plain = text;
      try {
        plain = decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        // Keep the raw text.
      }
      if (/[A-Za-z0-9._~-]+\|[1-9][0-9]*\|[1-9][0-9]*\|[1-9][0-9]*\|[1-9][0-9]*/.test(plain)) found.push(`visitor record in ${target.pathname}`);
      for (const [name, value] of pairs(text)) {
        if (IDENTIFIER_FIELDS.has(name.toLowerCase()) && value !== null && value !== undefined && value !== '')
          found.push(`${name}=${String(value)} in ${target.pathname}`);
      }
    }
    return found;
  }

  /** Tours the demo site and reports every identifier it finds in cookies, storage and requests. */
  async function tour(context: BrowserContext, before?: (page: Page) => Promise<void>): Promise<string[]> {
    const found: string[] = [];
    const requests: Request[] = [];
    context.on('request', (r) => requests.push(r));
    const page = await context.newPage();
    await page.goto(url('/'));
    if (before) await before(page);
    const records = () => requests.filter((r) => new URL(r.url()).pathname === '/api/1/performance/records').length;
    for (const path of TOUR) {
      await page.goto(url(path));
      await page.waitForLoadState('networkidle');
      // The measurement island listens for the page hiding once it has run, which a busy machine may leave until after the network is idle.
      await islandsReady(page);
      // What waits for the page to hide (its performance records) goes when it is hidden. Hidden
      // here rather than left, as a leaving page's requests are not shown to the test: wait for that call.
      const sentBefore = records();
      await hide(page);
      await expect.poll(records, { message: `performance records from ${path}` }).toBeGreaterThan(sentBefore);
      const stored = await page.evaluate(() => [
        ...Object.keys(localStorage).map((k) => `localStorage ${k}`),
        ...Object.keys(sessionStorage).map((k) => `sessionStorage ${k}`),
      ]);
      found.push(...stored.map((s) => `${s} on ${path}`));
      for (const c of await context.cookies()) if (!NECESSARY_COOKIES.has(c.name)) found.push(`cookie ${c.name} on ${path}`);
    }
    await page.close();
    for (const r of requests) found.push(...identifiersIn(r));
    return [...new Set(found)];
  }

  it('never receives a tracking cookie or stored identifier, and no request carries one: before answering, after Decline, and with GPC', async () => {
    await useBanner(DEMO);
    const undecided = await freshContext();
    expect(await tour(undecided)).toEqual([]);
    await undecided.close();

    const declined = await freshContext();
    expect(
      await tour(declined, async (page) => {
        await cookieSettings(page).waitFor();
        await banner(page).getByRole('button', { name: 'Decline' }).click();
      }),
    ).toEqual([]);
    await declined.close();

    await useBanner({ ...DEMO, isRestrictiveCookiePolicyEnabled: false });
    const gpc = await freshContext(env.browser(), { extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await gpc.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true }));
    expect(await tour(gpc)).toEqual([]);
    await gpc.close();
    await useBanner(DEMO);
  });

  it('would be caught: the same tour after Accept finds the identifiers a consenting visitor carries', async () => {
    await useBanner(DEMO);
    const accepted = await freshContext();
    const found = await tour(accepted, async (page) => {
      await cookieSettings(page).waitFor();
      await banner(page).getByRole('button', { name: 'Accept' }).click();
    });
    expect(found).toEqual(expect.arrayContaining(['cookie ss_cvr on /about', 'cookie ss_cvt on /about', 'visitor record in /api/census/RecordHit']));
    await accepted.close();
  });
});
