/**
 * The site badge and the mobile information bar on published pages in Chromium (seed 000 §3, §9),
 * set through the real settings call as the owner: badge none, black or white in the bottom right
 * corner; the bar none, light or dark with the site's contact details, shown at 1024 px wide and
 * not at 1025 (CSS only: also with JavaScript off), and not at all without contact details. Pages
 * with the badge and the bar pass axe-core's contrast checks.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { siteForFile, visitorContext } from './harness';

const env = siteForFile();
const CONTACT = { phone: '+44 1632 960 123', email: 'studio@juniper.example', address: '4 Quay Street, Harbourtown' };

let owner: BrowserContext;
let api: APIRequestContext;
let crumb = '';

beforeAll(async () => {
  // The owner signs in through the real calls (a crumb from a page view, then Login) and saves
  // settings as the config area does.
  owner = await visitorContext(env.browser(), env.site());
  api = owner.request;
  await api.get(`${env.site().url}/`);
  crumb = decodeURIComponent((await owner.cookies(env.site().url)).find((c) => c.name === 'crumb')!.value);
  const login = await api.post(`${env.site().url}/api/auth/Login`, {
    headers: { 'x-csrf-token': crumb },
    data: { email: env.site().owner.email, password: env.site().owner.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  // Signing in replaces the crumb with one bound to the new session.
  crumb = decodeURIComponent((await owner.cookies(env.site().url)).find((c) => c.name === 'crumb')!.value);
});
afterAll(async () => {
  await owner?.close();
});

/** Saves settings, then waits until the published home page shows the change (every cached copy drops). */
async function saveSettings(changes: Record<string, unknown>, shows: (html: string) => boolean) {
  const res = await api.put(`${env.site().url}/api/config/site`, { headers: { 'x-csrf-token': crumb }, data: changes });
  expect(res.status(), await res.text()).toBe(200);
  await expect.poll(async () => shows(await (await fetch(`${env.site().url}/`)).text()), { timeout: 5000 }).toBe(true);
}

async function open(browser: Browser, width: number, opts: { javaScriptEnabled?: boolean; bypassCSP?: boolean } = {}): Promise<Page> {
  const context = await visitorContext(browser, env.site(), { viewport: { width, height: 800 }, ...opts });
  const page = await context.newPage();
  expect((await page.goto(`${env.site().url}/`))?.status()).toBe(200);
  await page.getByRole('heading', { name: 'Hand-thrown stoneware for everyday tables' }).waitFor();
  return page;
}

const colours = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, color: style.color };
  });

describe('the site badge', () => {
  // covers 000-3.57
  it('shows no badge for type 1, a black one for type 2 and a white one for type 3, in the bottom right corner', async () => {
    await saveSettings({ badgeType: 1, infoBarStyle: 1 }, (html) => !html.includes('site-badge'));
    let page = await open(env.browser(), 1280);
    expect(await page.getByRole('link', { name: 'Made with OpenPress' }).count()).toBe(0);
    await page.context().close();

    await saveSettings({ badgeType: 2 }, (html) => html.includes('site-badge-black'));
    page = await open(env.browser(), 1280);
    const badge = page.getByRole('link', { name: 'Made with OpenPress' });
    expect(await badge.isVisible()).toBe(true);
    expect(await colours(badge)).toEqual({ background: 'rgb(0, 0, 0)', color: 'rgb(255, 255, 255)' });
    const box = (await badge.boundingBox())!;
    // 16 px (--space-3) from the right and bottom edges of the viewport, while the long page is at its top.
    expect(Math.round(1280 - (box.x + box.width))).toBe(16);
    expect(Math.round(800 - (box.y + box.height))).toBe(16);
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => Math.round(800 - ((await badge.boundingBox())!.y + (await badge.boundingBox())!.height))).toBe(16);
    await page.context().close();

    await saveSettings({ badgeType: 3 }, (html) => html.includes('site-badge-white'));
    page = await open(env.browser(), 1280);
    expect(await colours(page.getByRole('link', { name: 'Made with OpenPress' }))).toEqual({ background: 'rgb(255, 255, 255)', color: 'rgb(0, 0, 0)' });
    await page.context().close();
  });
});

describe('the mobile information bar', () => {
  // covers 000-3.58, 000-9.29
  it('shows the light or dark bar with the contact details at 1024 px wide, and not at 1025', async () => {
    await saveSettings({ badgeType: 1, infoBarStyle: 2, contact: CONTACT }, (html) => html.includes('info-bar-light'));
    let page = await open(env.browser(), 1024);
    const bar = page.getByRole('complementary', { name: 'Contact details' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: 'Call +44 1632 960 123' }).getAttribute('href')).toBe('tel:+441632960123');
    expect(await bar.getByRole('link', { name: 'Email studio@juniper.example' }).getAttribute('href')).toBe('mailto:studio@juniper.example');
    expect(await bar.getByText('4 Quay Street, Harbourtown').isVisible()).toBe(true);
    expect(await colours(bar)).toEqual({ background: 'rgb(255, 255, 255)', color: 'rgb(27, 31, 35)' });
    // At the bottom of the viewport.
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(800);
    await page.context().close();

    page = await open(env.browser(), 1025);
    expect(await page.getByRole('complementary', { name: 'Contact details' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Call +44 1632 960 123' }).isVisible()).toBe(false);
    await page.context().close();

    // A media query, not a script: the same with JavaScript off.
    page = await open(env.browser(), 1024, { javaScriptEnabled: false });
    expect(await page.getByRole('complementary', { name: 'Contact details' }).isVisible()).toBe(true);
    await page.context().close();
    page = await open(env.browser(), 1025, { javaScriptEnabled: false });
    expect(await page.getByRole('complementary', { name: 'Contact details' }).isVisible()).toBe(false);
    await page.context().close();

    await saveSettings({ infoBarStyle: 3 }, (html) => html.includes('info-bar-dark'));
    page = await open(env.browser(), 1024);
    expect(await colours(page.getByRole('complementary', { name: 'Contact details' }))).toEqual({ background: 'rgb(31, 42, 46)', color: 'rgb(245, 243, 239)' });
    await page.context().close();
  });

  // covers 000-3.58
  it('shows no bar for style 1, nor for a bar with no contact details to show', async () => {
    await saveSettings({ infoBarStyle: 1, contact: CONTACT }, (html) => !html.includes('info-bar'));
    let page = await open(env.browser(), 1024);
    expect(await page.getByRole('complementary', { name: 'Contact details' }).count()).toBe(0);
    await page.context().close();

    await saveSettings({ infoBarStyle: 2, contact: {} }, (html) => !html.includes(CONTACT.address));
    page = await open(env.browser(), 1024);
    expect(await page.getByRole('complementary', { name: 'Contact details' }).count()).toBe(0);
    await page.context().close();
  });

  it('passes axe-core with the black badge and the dark bar, and with the white badge and the light bar', async () => {
    const problems: string[] = [];
    for (const [badgeType, infoBarStyle] of [
      [2, 3],
      [3, 2],
    ] as const) {
      await saveSettings(
        { badgeType, infoBarStyle, contact: CONTACT },
        (html) => html.includes(`info-bar-${infoBarStyle === 2 ? 'light' : 'dark'}`) && html.includes('site-badge'),
      );
      const page = await open(env.browser(), 1024, { bypassCSP: true });
      problems.push(...(await seriousViolations(page)).map((v) => `badge ${badgeType}, bar ${infoBarStyle}: ${v}`));
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
