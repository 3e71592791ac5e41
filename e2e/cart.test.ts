/**
 * A shopper's cart in Chromium, on the shop of test/shop-fixture.ts with a digital booklet, a gift
 * card, a sold-out plate, an add-to-cart block, a minimum subtotal of $50, two discount codes, UK and worldwide
 * shipping and UK VAT included in prices: adding a product of each type from its page (and the
 * block that reads 'Order Now'), the header's indicator counting them with their subtotal; the cart
 * page's quantity stepper and Remove; a code that applies and one that does not, with its reason;
 * shipping options following the country; the minimum-subtotal message; two tabs in step; the
 * cart page without JavaScript; and the cart page's module blocked.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP, withShop } from '../test/shop-fixture';
import { seriousViolations } from './axe';
import { changeSiteDocument, desktop, islandsReady, layoutShift, siteForFile, visitorContext } from './harness';

const env = siteForFile();
const id = (n: number) => `f1f1f1f1f1f1f1f1f1f1f1${n.toString(16).padStart(2, '0')}`;

beforeAll(async () => {
  await changeSiteDocument(env.site(), (doc) => {
    withShop(doc);
    const store = doc.store as { products: Record<string, unknown>[]; settings: Record<string, unknown> };
    store.settings = { ...store.settings, minimumSubtotalCents: 5000 };
    const product = (n: number, slug: string, name: string, productType: string, variants: unknown[], more: Record<string, unknown> = {}) => ({
      id: id(n),
      shopId: SHOP.shopId,
      slug,
      name,
      productType,
      status: 1,
      createdAt: '2026-01-02T00:00:00Z',
      variants,
      ...more,
    });
    store.products.push(
      product(6, 'sold-out-plate', 'Sold-out plate', 'PHYSICAL', [{ id: id(7), priceCents: 1800, qtyInStock: 0 }]),
      product(1, 'glaze-booklet', 'Glaze booklet', 'DIGITAL', [{ id: id(2), priceCents: 1200, unlimited: true }]),
      product(
        3,
        'gift-card',
        'Gift card',
        'GIFT_CARD',
        [
          { id: id(4), priceCents: 2500, unlimited: true, optionValues: [{ optionName: 'Amount', value: '$25' }] },
          { id: id(5), priceCents: 5000, unlimited: true, optionValues: [{ optionName: 'Amount', value: '$50' }] },
        ],
        { options: [{ name: 'Amount', values: ['$25', '$50'] }] },
      ),
    );
    Object.assign(doc.store as object, {
      coupons: [
        { id: id(10), code: 'WELCOME10', kind: 'PERCENT', percentOff: 10 },
        { id: id(11), code: 'SUMMER', kind: 'FIXED_AMOUNT', amountOffCents: 500, endsAt: '2020-01-01T00:00:00Z' },
      ],
      shippingZones: [
        { id: id(20), name: 'United Kingdom', countries: ['GB'], rates: [{ id: id(21), name: 'Royal Mail', kind: 'FLAT', amountCents: 500 }] },
        { id: id(22), name: 'Worldwide', countries: ['*'], rates: [{ id: id(23), name: 'International', kind: 'FLAT', amountCents: 2500 }] },
      ],
      tax: { pricesIncludeTax: true, originCountry: 'GB', rules: [{ id: id(30), name: 'VAT', country: 'GB', ratePercent: 20 }] },
    });
    doc.pages.push({
      id: id(40),
      pageType: 2,
      path: '/order',
      title: 'Order',
      status: 1,
      sections: [
        {
          id: id(41),
          blocks: [{ id: id(42), type: 32, data: { productId: SHOP.jug }, layout: { desktop: { x: 0, y: 0, w: 6, h: 3 } } }],
        },
      ],
    });
  });
}, 180_000);

const indicator = (page: Page) => page.getByRole('banner').locator('a.cart-indicator');
/** The indicator's words as read: "Cart 2 items $64.00" (the noun is read, not shown). */
const indicatorName = async (page: Page) => ((await indicator(page).textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.site().url}${path}`);
  return page;
}

/** Adds what the product page at `path` has chosen, and waits for the page to say so. */
async function addFromProductPage(page: Page, path: string, choose?: (page: Page) => Promise<void>) {
  await page.goto(`${env.site().url}${SHOP.path}/${path}`);
  await page.locator('.product-detail[data-stock-known]').waitFor();
  await choose?.(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'Added to cart' }).waitFor();
}

describe('adding to the cart', () => {
  // covers 000-1.09, 000-9.52, 001-9.87, 001-1.08, 001-2.15, 001-2.16, 001-4.98
  it('adds a physical, a service, a digital and a gift card product, and the block reading Order Now; the indicator counts them with their subtotal', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await open(context, `${SHOP.path}/speckled-mug`);
    await islandsReady(page, ['cart-indicator']);
    expect(await indicator(page).getAttribute('data-empty')).toBe('');
    expect(await indicatorName(page)).toBe('Cart 0 items');

    await addFromProductPage(page, 'speckled-mug');
    await expect.poll(() => indicatorName(page)).toBe('Cart 1 item $28.00');
    expect(await indicator(page).getAttribute('data-empty')).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Cart 1 item $28.00', exact: true }).waitFor();
    await addFromProductPage(page, 'studio-tour');
    await expect.poll(() => indicatorName(page)).toBe('Cart 2 items $28.00');
    await addFromProductPage(page, 'glaze-booklet');
    await expect.poll(() => indicatorName(page)).toBe('Cart 3 items $40.00');
    await addFromProductPage(page, 'gift-card', (p) =>
      p
        .getByRole('combobox', { name: 'Amount' })
        .selectOption('$50')
        .then(() => undefined),
    );
    await expect.poll(() => indicatorName(page)).toBe('Cart 4 items $90.00');

    await page.goto(`${env.site().url}/order`);
    const order = page.getByRole('button', { name: 'Order Now' });
    await order.click();
    await page.getByRole('status').filter({ hasText: 'Added to cart' }).getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(`${env.site().url}/cart`);
    await expect.poll(() => indicatorName(page)).toBe('Cart 5 items $126.00');
    const names = await page.locator('[data-cart-root] .cart-line-name').allTextContents();
    expect(names.sort()).toEqual(['Gift card', 'Glaze booklet', 'Speckled Mug', 'Studio Tour', 'Water Jug']);
    await context.close();
  });

  it('adds from a quick view, and the shop page’s indicator counts it', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await open(context, SHOP.path);
    await islandsReady(page, ['shop', 'cart-indicator']);
    await page.locator('.product-card').first().hover();
    await page.getByRole('button', { name: 'Quick view: Speckled Mug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick view: Speckled Mug' });
    await dialog.locator('.product-detail[data-stock-known]').waitFor();
    await dialog.getByRole('combobox', { name: 'Glaze' }).selectOption('Moss');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Added to cart' }).waitFor();
    await expect.poll(() => indicatorName(page)).toBe('Cart 1 item $32.00');
    await context.close();
  });

  it('offers no add for a product that is sold out', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await open(context, `${SHOP.path}/sold-out-plate`);
    await page.locator('.product-detail[data-stock-known]').waitFor();
    await page.getByText('Sold out').waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('the cart page', () => {
  // covers 000-1.05, 000-2.16, 001-2.17
  it('is its own module, mounted on the cart root: the stepper and Remove change the cart at once, and the indicator follows', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const scripts: string[] = [];
    context.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    const page = await context.newPage();
    // A hydration that does not match the server's markup is a console error.
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await addFromProductPage(page, 'stacking-bowl');
    expect(scripts.filter((s) => s.startsWith('/assets/island-cart-page-'))).toEqual([]);
    await page.goto(`${env.site().url}/cart`);
    await islandsReady(page, ['cart-page']);
    expect(scripts.filter((s) => s.startsWith('/assets/island-cart-page-'))).toHaveLength(1);
    const root = page.locator('div.cart-page[data-cart-root]');
    await root.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
    const line = root.getByRole('listitem').filter({ hasText: 'Stacking Bowl' });
    await line.getByText('Only 3 left').waitFor();
    // The island takes over the server's markup without moving anything.
    expect(await layoutShift(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await line.getByRole('button', { name: 'Increase the quantity of Stacking Bowl' }).click();
    await expect.poll(() => line.getByRole('spinbutton', { name: 'Quantity of Stacking Bowl' }).inputValue()).toBe('2');
    expect(await line.locator('.cart-line-total').textContent()).toBe('$84.00');
    await expect.poll(() => indicatorName(page)).toBe('Cart 2 items $84.00');
    await line.getByRole('button', { name: 'Decrease the quantity of Stacking Bowl' }).click();
    await expect.poll(() => indicatorName(page)).toBe('Cart 1 item $42.00');

    await line.getByRole('button', { name: 'Remove item: Stacking Bowl' }).click();
    await root.getByText('Your cart is empty').waitFor();
    await expect.poll(() => indicatorName(page)).toBe('Cart 0 items');
    expect(await root.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(SHOP.path);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a code that applies and lists one that does not with its reason', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await addFromProductPage(page, 'water-jug');
    await page.goto(`${env.site().url}/cart`);
    await islandsReady(page, ['cart-page']);
    const code = page.getByRole('textbox', { name: 'Discount code' });
    await code.fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code WELCOME10: $3.60 off').waitFor();
    const totals = page.getByRole('region', { name: 'Order summary' });
    expect(await totals.getByRole('definition').allTextContents()).toEqual(['$36.00', '−$3.60', '$32.40']);

    await code.fill('SUMMER');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code SUMMER: This code has expired').waitFor();
    await page.getByRole('button', { name: 'Remove code WELCOME10' }).click();
    await page.getByText('Code WELCOME10: $3.60 off').waitFor({ state: 'detached' });
    expect(await totals.getByRole('definition').allTextContents()).toEqual(['$36.00', '$36.00']);
    await context.close();
  });

  it('offers the shipping options of the country chosen, with VAT included in the UK', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await addFromProductPage(page, 'water-jug');
    await page.goto(`${env.site().url}/cart`);
    await islandsReady(page, ['cart-page']);
    const country = page.getByRole('combobox', { name: 'Country or territory' });
    await country.selectOption({ label: 'United Kingdom' });
    const options = page.getByRole('group', { name: 'Shipping options' });
    await options.getByRole('radio', { name: /Royal Mail/ }).waitFor();
    expect(await options.getByRole('radio').count()).toBe(1);
    await page.getByText('Including VAT $6.00').waitFor();

    await country.selectOption({ label: 'France' });
    await options.getByRole('radio', { name: /International/ }).waitFor();
    expect(await options.getByRole('radio', { name: /Royal Mail/ }).count()).toBe(0);
    await options.getByRole('radio', { name: /International/ }).check();
    const totals = page.getByRole('region', { name: 'Order summary' });
    await expect.poll(() => totals.getByRole('definition').last().textContent()).toBe('$61.00');
    await context.close();
  });

  it('says what the order subtotal must reach, and stops saying it once the cart reaches it', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await addFromProductPage(page, 'speckled-mug');
    await page.goto(`${env.site().url}/cart`);
    await islandsReady(page, ['cart-page']);
    const minimum = page.getByText('To check out, your order subtotal must be $50.00 or more.');
    await minimum.waitFor();
    await page.getByRole('button', { name: 'Increase the quantity of Speckled Mug' }).click();
    await minimum.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('two tabs', () => {
  // covers 001-3.02
  it('keep their indicators in step: a change in one shows its count and subtotal in the other', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const jug = await open(context, `${SHOP.path}/water-jug`);
    const mug = await open(context, `${SHOP.path}/speckled-mug`);
    await islandsReady(mug, ['cart-indicator']);
    await addFromProductPage(jug, 'water-jug');
    await expect.poll(() => indicatorName(mug)).toBe('Cart 1 item $36.00');
    await addFromProductPage(mug, 'speckled-mug');
    await expect.poll(() => indicatorName(jug)).toBe('Cart 2 items $64.00');
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('the cart page works through its forms: more of a line, then Remove', async () => {
    const scripted = await visitorContext(env.browser(), env.site(), desktop);
    const page = await scripted.newPage();
    await addFromProductPage(page, 'water-jug');
    const cookies = await scripted.cookies();
    await scripted.close();

    const context = await visitorContext(env.browser(), env.site(), { ...desktop, javaScriptEnabled: false });
    await context.addCookies(cookies);
    const plain = await open(context, '/cart');
    const line = plain.getByRole('listitem').filter({ hasText: 'Water Jug' });
    expect(await line.getByRole('spinbutton', { name: 'Quantity of Water Jug' }).inputValue()).toBe('1');
    await line.getByRole('button', { name: 'Increase the quantity of Water Jug' }).click();
    await plain.waitForURL(`${env.site().url}/cart`);
    expect(await plain.getByRole('listitem').filter({ hasText: 'Water Jug' }).getByRole('spinbutton').inputValue()).toBe('2');
    expect(await plain.locator('.cart-line-total').textContent()).toBe('$72.00');

    await plain.getByRole('textbox', { name: 'Discount code' }).fill('WELCOME10');
    await plain.getByRole('button', { name: 'Apply' }).click();
    await plain.getByText('Code WELCOME10: $7.20 off').waitFor();

    await plain.getByRole('button', { name: 'Remove item: Water Jug' }).click();
    await plain.getByText('Your cart is empty').waitFor();
    await context.close();
  });
});

describe('the cart page’s module blocked', () => {
  // covers 000-8.30
  it('is a console warning only: the page shows the cart as the server drew it', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await addFromProductPage(page, 'water-jug');
    await page.route('**/assets/island-cart-page-*', (route) => route.abort());
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${env.site().url}/cart`);
    await expect.poll(() => warnings.some((w) => w.includes('island failed to load'))).toBe(true);
    expect(errors).toEqual([]);
    await page.getByRole('listitem').filter({ hasText: 'Water Jug' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('on a phone', () => {
  it('fits a phone’s width with a cart: the header keeps the count (the subtotal is read out) and the cart page scrolls only down', async () => {
    const context = await visitorContext(env.browser(), env.site(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await addFromProductPage(page, 'speckled-mug');
    for (const path of [`${SHOP.path}/speckled-mug`, '/cart']) {
      await page.goto(`${env.site().url}${path}`);
      await expect.poll(() => indicatorName(page)).toBe('Cart 1 item $28.00');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
