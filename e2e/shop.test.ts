/**
 * A shopper on a shop (test/shop-fixture.ts): filters by a category, sorts by price in the browser,
 * picks a variant and sees its photo and price, sees a sold-out choice say so and a low stock
 * counted, enlarges the product's images in the gallery's lightbox, opens a quick view (which sends its census call); the same price reads differently on an
 * en-US and a de-DE site, and as 1,234.56 with the currency-formatting flag off. The pages pass axe
 * with no serious violation and nothing shifts as they load; a product page runs at most 25 KB of
 * JavaScript before interaction, and a page without a commerce block runs none of the shop's code.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP, withShop } from '../test/shop-fixture';
import { seriousViolations } from './axe';
import {
  changeSiteDocument,
  createTestSite,
  desktop,
  islandsReady,
  layoutShift,
  ownerApi,
  recordScripts,
  siteForFile,
  visitorContext,
  type TestSite,
} from './harness';

const env = siteForFile();
let german: TestSite;

beforeAll(async () => {
  await changeSiteDocument(env.site(), (doc) => withShop(doc));
  german = await createTestSite('shop-de', { mail: false });
  await changeSiteDocument(german, (doc) => {
    withShop(doc);
    doc.settings = { ...doc.settings, locale: 'de-DE' };
  });
}, 180_000);

async function open(path: string, site: TestSite = env.site()): Promise<Page> {
  const context = await visitorContext(env.browser(), site, desktop);
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`);
  return page;
}

const cardNames = (page: Page) => page.locator('.product-list .product-card-name').allTextContents();

describe('a shopper on the shop', () => {
  it('filters by a category and sorts by price', async () => {
    const page = await open(SHOP.path);
    await islandsReady(page, ['shop']);
    expect(await layoutShift(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await cardNames(page)).toEqual(['Speckled Mug', 'Stacking Bowl', 'Tall Vase', 'Studio Tour', 'Water Jug']);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price, low to high' });
    expect(await cardNames(page)).toEqual(['Studio Tour', 'Speckled Mug', 'Water Jug', 'Stacking Bowl', 'Tall Vase']);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price, high to low' });
    expect(await cardNames(page)).toEqual(['Tall Vase', 'Stacking Bowl', 'Water Jug', 'Speckled Mug', 'Studio Tour']);

    await page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Bowls' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bowls' }).waitFor();
    expect(await cardNames(page)).toEqual(['Stacking Bowl', 'Water Jug']);
    expect(await page.title()).toBe('Bowls — Pottery — Juniper Ceramics');
    await page.context().close();
  });

  it('picks a variant and sees its photo and price; a sold-out choice says so, and few left are counted', async () => {
    const page = await open(`${SHOP.path}/speckled-mug`);
    await page.locator('.product-detail[data-stock-known]').waitFor();
    expect(await layoutShift(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    const glaze = page.getByRole('combobox', { name: 'Glaze' });
    const main = page.locator('.product-slide.is-main img');
    expect(await main.getAttribute('alt')).toBe('Mugs on a shelf');
    await expect.poll(() => page.locator('.product-price').textContent()).toBe('$28.00');

    const ash = glaze.getByRole('option', { name: 'Ash (sold out)' });
    expect(await ash.isDisabled()).toBe(true);
    await glaze.selectOption('Moss');
    expect(await page.locator('.product-price').textContent()).toBe('$32.00');
    expect(await main.getAttribute('alt')).toBe('A moss-glazed mug');
    expect(await page.getByRole('definition').first().textContent()).toBe('1.1 lbs');

    // A small image becomes the large one; the large one opens the gallery's lightbox.
    await page.locator('.product-slide:not(.is-main) img[alt="Glaze test tiles"]').click();
    expect(await main.getAttribute('alt')).toBe('Glaze test tiles');
    await main.click();
    const lightbox = page.getByRole('dialog', { name: 'Images of Speckled Mug' });
    await lightbox.waitFor();
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await page.context().close();

    const bowl = await open(`${SHOP.path}/stacking-bowl`);
    await bowl.getByText('Only 3 left').waitFor();
    await bowl.context().close();
  });

  // covers 000-7.22
  it('opens a quick view from a card, which sends its census call with no payload', async () => {
    const page = await open(SHOP.path);
    await islandsReady(page, ['shop']);
    const census = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/census/RecordQuickView/${SHOP.mug}`);
    await page.locator('.product-card').first().hover();
    await page.getByRole('button', { name: 'Quick view: Speckled Mug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick view: Speckled Mug' });
    await dialog.waitFor();
    expect((await census).postData()).toBeNull();
    await dialog.locator('.product-detail[data-stock-known]').waitFor();
    await dialog.getByRole('combobox', { name: 'Glaze' }).selectOption('Moss');
    expect(await dialog.locator('.product-price').textContent()).toBe('$32.00');
    await dialog.getByRole('button', { name: 'Close quick view' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('a shopper on a phone', () => {
  it('gets shop and product pages with no serious axe violation and nothing shifting, at 390 px', async () => {
    const context = await visitorContext(env.browser(), env.site(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    for (const path of [SHOP.path, `${SHOP.path}/speckled-mug`]) {
      await page.goto(`${env.site().url}${path}`);
      await islandsReady(page);
      expect(await layoutShift(page), path).toBe(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  });
});

describe('money on two sites', () => {
  // covers 000-3.21, 001-9.93
  it('formats the same price for an en-US and a de-DE site, and as 1,234.56 with the flag off', async () => {
    const price = async (site: TestSite) => {
      const page = await open(`${SHOP.path}/tall-vase`, site);
      const text = await page.locator('.product-price').textContent();
      await page.context().close();
      return text;
    };
    expect(await price(env.site())).toBe('$1,234.56');
    expect(await price(german)).toBe('1.234,56\u00a0$');
    await (await ownerApi(german)).call('POST', '/api/labs/circle', { features: [] });
    await expect.poll(() => price(german), { timeout: 10_000 }).toBe('$1,234.56');
  });
});

describe('JavaScript on shop pages', () => {
  it('runs at most 25 KB on a product page before interaction, and none of the shop’s code where no product is shown', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const measure = async (path: string) => {
      const page = await context.newPage();
      const scripts = recordScripts(page);
      await page.goto(`${env.site().url}${path}`);
      await page.waitForLoadState('networkidle');
      const read = await scripts.read();
      const bodies = await Promise.all(read.external.map(async (e) => (await context.request.get(`${env.site().url}${e.url}`)).text()));
      await page.close();
      return { total: read.total, bodies };
    };
    const product = await measure(`${SHOP.path}/speckled-mug`);
    expect(product.total).toBeLessThanOrEqual(25 * 1024);
    expect(product.bodies.some((b) => b.includes('product-availability'))).toBe(true);
    for (const path of ['/contact', '/about', '/blocks/gallery']) {
      const other = await measure(path);
      expect(
        other.bodies.filter((b) => b.includes('product-availability') || b.includes('Quick view')),
        path,
      ).toEqual([]);
    }
    await context.close();
  });
});
