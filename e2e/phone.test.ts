/**
 * The header on a phone (390x844): one row at most 64 px tall, its menu folded behind a Menu
 * button, a disclosure (aria-expanded; Escape closes it and gives focus back; the page behind does
 * not scroll while it is open), a dropdown folder's links shown inside it, and the same menu with
 * JavaScript off (the Menu link opens it, Close menu closes it). On a desktop the menu is inline
 * and its code never loads. The open menu passes axe-core with no serious violation. Headings keep
 * their order on a phone: each level smaller than the one above and larger than the body text.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, siteForFile, visitorContext } from './harness';

const env = siteForFile();
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

beforeAll(async () => {
  // A dropdown folder in the main menu: Journal under About.
  await changeSiteDocument(env.site(), (doc) => {
    const about = (doc.navigation as { title: string; children?: unknown[] }[]).find((link) => link.title === 'About')!;
    about.children = [{ title: 'Find the studio', href: '/contact', newWindow: false }];
  });
});

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the header on a phone', () => {
  it('folds the menu behind a Menu button that opens and closes it, Escape giving focus back, the page held still', async () => {
    const context = await visitorContext(env.browser(), env.site(), phone);
    const page = await context.newPage();
    await page.goto(`${env.site().url}/about`);
    const header = page.getByRole('banner');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    const button = header.getByRole('button', { name: 'Menu' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await mainMenu(page).isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await mainMenu(page).waitFor();
    // Focus moves into the menu; the folder's link shows inside it, and the header's button too.
    expect(
      await mainMenu(page)
        .getByRole('link', { name: 'Home' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await mainMenu(page).getByRole('link', { name: 'Find the studio' }).waitFor();
    expect(await mainMenu(page).getByRole('link', { name: 'Find the studio' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Visit us' }).isVisible()).toBe(true);
    // The page behind does not scroll.
    await page.mouse.move(195, 600);
    await page.mouse.wheel(0, 800);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await mainMenu(page).waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    // Closed, the page scrolls again; Space on the button opens it too.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await button.press(' ');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('works without JavaScript: the Menu link opens the menu and Close menu closes it', async () => {
    const context = await visitorContext(env.browser(), env.site(), { ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.site().url}/about`);
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(64);
    expect(await mainMenu(page).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Menu' }).click();
    await mainMenu(page).waitFor();
    await mainMenu(page).getByRole('link', { name: 'Find the studio' }).waitFor();
    await page.getByRole('link', { name: 'Close menu' }).click();
    await mainMenu(page).waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('the header on a desktop', () => {
  it('shows the menu inline, with no Menu button and none of its code', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(`${env.site().url}/about`);
    await page.waitForLoadState('networkidle');
    expect(await mainMenu(page).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Close menu' }).isVisible()).toBe(false);
    expect(scripts.filter((s) => s.includes('island-menu'))).toEqual([]);
    // Hovering the folder shows its dropdown.
    await mainMenu(page).getByRole('link', { name: 'About' }).hover();
    await mainMenu(page).getByRole('link', { name: 'Find the studio' }).waitFor();
    await context.close();
  });
});

describe('headings on a phone', () => {
  it('scale down by the type scale, each level still larger than the next and than body text', async () => {
    const sizes = async (viewport: { width: number; height: number }) => {
      const context = await visitorContext(env.browser(), env.site(), { viewport });
      const page = await context.newPage();
      await page.goto(`${env.site().url}/about`);
      const px = await page.evaluate(() =>
        ['h1', 'h2', 'h3', 'h4', 'p'].map((tag) => {
          const el = document.querySelector('main')!.appendChild(document.createElement(tag));
          el.textContent = tag;
          return parseFloat(getComputedStyle(el).fontSize);
        }),
      );
      await context.close();
      return px;
    };
    const wide = await sizes(desktop.viewport!);
    const narrow = await sizes(phone.viewport);
    for (const px of [wide, narrow]) for (let i = 1; i < px.length; i++) expect(px[i - 1]).toBeGreaterThan(px[i]!);
    // Every heading is smaller on the phone, body text the same.
    for (let i = 0; i < 4; i++) expect(narrow[i]).toBeLessThan(wide[i]!);
    expect(narrow[4]).toBe(wide[4]);
    // By one ratio: each level's step from the one below is the same factor.
    const ratios = narrow.slice(0, 4).map((px, i) => px / narrow[i + 1]!);
    for (const r of ratios) expect(r).toBeCloseTo(ratios[0]!, 2);
  });
});

describe('the cookie banner on a phone', () => {
  it('covers at most a quarter of the screen, as a bar and as a popup', async () => {
    const heights: Record<string, number> = {};
    for (const variant of ['BAR', 'POPUP'] as const) {
      await changeSiteDocument(env.site(), (doc) => {
        const settings = doc.settings as { cookieBanner?: Record<string, unknown> };
        settings.cookieBanner = {
          ...settings.cookieBanner,
          cookieBannerVariant: variant,
          cookieBannerPosition: variant === 'BAR' ? 'BOTTOM' : 'BOTTOM_RIGHT',
          // A notice as long as many sites write theirs.
          cookieBannerText:
            'We use cookies to remember your choices, to see which pages people read and to keep the shop working. Accept to allow analytics cookies as well; decline and we keep only the cookies the site needs to work. You can change your mind at any time under Cookie settings at the foot of every page.',
        };
      });
      // No consent cookie: the banner shows.
      const context = await env.browser().newContext(phone);
      const page = await context.newPage();
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      // The change reaches the published page once its cached copy drops: a bar spans the width, a popup does not.
      await expect
        .poll(async () => {
          await page.goto(`${env.site().url}/about`);
          await banner.waitFor();
          return (await banner.boundingBox())!.width === 390 ? 'BAR' : 'POPUP';
        })
        .toBe(variant);
      const box = (await banner.boundingBox())!;
      heights[variant] = box.height;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      await context.close();
    }
    expect(heights.BAR).toBeLessThanOrEqual(844 / 4);
    expect(heights.POPUP).toBeLessThanOrEqual(844 / 4);
  });
});
