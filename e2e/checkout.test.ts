/**
 * Checkout in Chromium, on a copy of the demo's shop (GBP; UK and worldwide shipping; a mug, a
 * workshop, a gift card and a recipe booklet), in test mode as a new store on the embedded database
 * starts: the cart page's Checkout button to the checkout page (through the top window, out of a
 * frame); the seed's alert when cookies cannot be written or there is no cart; the checkout form (a
 * US ZIP code of exactly five digits, the shipping options of the address, no shipping step for a
 * workshop); placing orders with the test provider (success, a decline then success, the detour
 * and back, a double click making one order), a bank transfer awaiting payment, a digital product's
 * download and a gift card's code; express checkout's Purchase; the page at a phone's width without
 * a layout shift.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { addToCart, fillUkAddress } from './checkout-form';
import { changeSiteDocument, desktop, islandsReady, layoutShift, ownerApi, siteForFile, sqlOn, visitorContext } from './harness';

const env = siteForFile();
const SHOP = '/shop';
const INSTRUCTIONS = 'Pay to Clay & Co, sort code 00-00-00, account 12345678, with your order number.';

beforeAll(async () => {
  const owner = await ownerApi(env.site());
  await owner.call('PUT', '/api/config/store/payments', {
    testMode: true,
    manualMethods: [{ method: 'bank_transfer', enabled: true, instructions: INSTRUCTIONS }],
    cancelUnpaidDays: 7,
  });
}, 120_000);

/** Adds what the product page at `slug` has chosen, and waits for the page to say so. */
const add = (page: Page, slug: string, choose?: (page: Page) => Promise<unknown>) => addToCart(page, env.site().url, slug, choose);

/** A fresh shopper's page with `slug` in the cart, on the checkout page, its form ready. */
async function atCheckout(context: BrowserContext, ...slugs: string[]): Promise<Page> {
  const page = await context.newPage();
  for (const slug of slugs) await add(page, slug);
  await page.goto(`${env.site().url}/checkout`);
  await islandsReady(page, ['checkout-page']);
  return page;
}

async function fillContact(page: Page, email = `shopper+${env.site().tag}@example.com`) {
  await page.getByRole('textbox', { name: 'Email for your receipt' }).fill(email);
}

const place = (page: Page) => page.getByRole('button', { name: 'Place order' });
const ordersOf = async (email: string) =>
  sqlOn(env.site(), 'SELECT number, payment_status FROM orders WHERE website_id = $1 AND email = $2', [env.site().websiteId, email]);

describe('going to checkout', () => {
  // covers 000-1.08, 000-2.01, 000-2.32
  it('leads from the cart page’s Checkout button to the checkout page (page type 201), the form drawn without a shift', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await add(page, 'harbour-mug');
    await page.goto(`${env.site().url}/cart`);
    await islandsReady(page, ['cart-page']);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${env.site().url}/checkout`);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await page.locator('main').getAttribute('class')).toContain('page-type-201');
    await islandsReady(page, ['checkout-page']);
    expect(await layoutShift(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('region', { name: 'Order summary' }).getByText('Harbour mug').waitFor();
    await page.getByRole('group', { name: 'Delivery address' }).waitFor();
    await page.getByText('Test mode: no money is taken').waitFor();
    await context.close();
  });

  // covers 000-2.03, 000-8.09, 001-4.83
  it('alerts in the seed’s words, with one Okay button, and stays on the cart page when the cookies are gone', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await add(page, 'harbour-mug');
    await page.goto(`${env.site().url}/cart`);
    await islandsReady(page, ['cart-page']);
    await context.clearCookies();
    await page.getByRole('button', { name: 'Checkout' }).click();
    const alert = page
      .getByRole('alertdialog')
      .filter({ hasText: 'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.' });
    await alert.waitFor();
    expect(await alert.getByRole('button').allTextContents()).toEqual(['Okay']);
    await alert.getByRole('button', { name: 'Okay' }).click();
    expect(page.url()).toBe(`${env.site().url}/cart`);
    await context.close();
  });

  // covers 000-5.58, 001-5.13
  it('tests cookies by writing one and reading it back: a browser that drops written cookies gets the alert', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await add(page, 'harbour-mug');
    // The cart's cookies came from the server; the page can no longer write one of its own.
    await page.addInitScript(() => {
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      Object.defineProperty(Document.prototype, 'cookie', { get: cookie.get, set: () => undefined, configurable: true });
    });
    await page.goto(`${env.site().url}/cart`);
    await islandsReady(page, ['cart-page']);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('alertdialog').filter({ hasText: 'We cannot continue to checkout.' }).waitFor();
    expect(page.url()).toBe(`${env.site().url}/cart`);
    await context.close();
  });

  // covers 000-2.02
  it('leaves a frame: the cart page in a frame sends the top window to checkout', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await add(page, 'harbour-mug');
    await page.route(`${env.site().url}/framed-cart`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Framed</title><iframe src="/cart" title="Cart" width="1200" height="800"></iframe>',
      }),
    );
    await page.goto(`${env.site().url}/framed-cart`);
    const frame = page.frameLocator('iframe[title="Cart"]');
    await frame.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${env.site().url}/checkout`);
    await context.close();
  });
});

describe('the checkout form', () => {
  // covers 000-5.01
  it('refuses a US ZIP code of other than five digits, saying so, and takes 12345; the shipping options follow the address', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await atCheckout(context, 'harbour-mug');
    await fillContact(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Shopper');
    await page.getByRole('textbox', { name: 'Street address', exact: true }).fill('1 Main Street');
    await page.getByRole('textbox', { name: 'Town or city' }).fill('Springfield');
    await page.getByRole('combobox', { name: 'Country or territory' }).selectOption({ label: 'United States' });
    await page.getByRole('combobox', { name: 'Region or state' }).selectOption({ label: 'Illinois' });
    await page.getByRole('radio', { name: /International/ }).check();
    await page.getByRole('textbox', { name: 'Test card number' }).fill('4242 4242 4242 4242');
    const zip = page.getByRole('textbox', { name: 'Postcode' });
    const refusal = page.getByText('A US ZIP code is exactly 5 digits.');
    for (const bad of ['1234', '123456', '1234a']) {
      await zip.fill(bad);
      await place(page).click();
      await refusal.waitFor();
      expect(await zip.getAttribute('aria-invalid')).toBe('true');
    }
    await page.route('**/api/commerce/checkout/place*', (route) => route.fulfill({ status: 409, json: { error: 'Held for the test', reason: 'cartChanged' } }));
    await zip.fill('12345');
    await place(page).click();
    await page.getByRole('alert').filter({ hasText: 'Held for the test' }).waitFor();
    expect(await refusal.count()).toBe(0);
    expect(await zip.getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it('has no shipping step for a workshop, and a friendly word for an empty cart', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await atCheckout(context, 'wheel-workshop');
    await page.getByRole('region', { name: 'Order summary' }).getByText('Wheel-throwing workshop').waitFor();
    expect(await page.getByRole('group', { name: 'Delivery address' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Shipping method' }).count()).toBe(0);
    const empty = await context.newPage();
    await context.clearCookies();
    await empty.goto(`${env.site().url}/checkout`);
    await empty.getByText('Your cart is empty').waitFor();
    expect(await empty.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(SHOP);
    await context.close();
  });

  it('fits a phone’s width', async () => {
    const context = await visitorContext(env.browser(), env.site(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await atCheckout(context, 'harbour-mug');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await layoutShift(page)).toBe(0);
    await context.close();
  });
});

describe('placing an order', () => {
  // covers 000-1.09, 000-2.32
  it('buys a mug with the test card and shows the order confirmed with its number', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await atCheckout(context, 'harbour-mug');
    const email = `mug+${env.site().tag}@example.com`;
    await fillContact(page, email);
    await fillUkAddress(page);
    await page.getByRole('textbox', { name: 'Test card number' }).fill('4242 4242 4242 4242');
    await place(page).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
    const [order] = await ordersOf(email);
    await page.getByText(`Order number ${String(order!.number)}`).waitFor();
    await page.getByText('Test mode: no money is taken').waitFor();
    expect(await page.locator('main').getAttribute('class')).toContain('page-type-202');
    // The cart was bought: the header's cart says so on the order page.
    const cart = page.getByRole('banner').locator('a.cart-indicator');
    await expect.poll(async () => ((await cart.textContent()) ?? '').replace(/\s+/g, ' ').trim()).toBe('Cart 0 items');
    await context.close();
  });

  it('places one order for a double click on Place order', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await atCheckout(context, 'harbour-mug');
    const email = `twice+${env.site().tag}@example.com`;
    await fillContact(page, email);
    await fillUkAddress(page);
    await page.getByRole('textbox', { name: 'Test card number' }).fill('4242 4242 4242 4242');
    await place(page).dblclick();
    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
    expect(await ordersOf(email)).toHaveLength(1);
    await context.close();
  });

  it('says a card was declined, and places the order with another card', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await atCheckout(context, 'harbour-mug');
    const email = `declined+${env.site().tag}@example.com`;
    await fillContact(page, email);
    await fillUkAddress(page);
    const card = page.getByRole('textbox', { name: 'Test card number' });
    await card.fill('4000 0000 0000 0002');
    await place(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /declined/i })
      .waitFor();
    expect(await ordersOf(email)).toHaveLength(0);
    await card.fill('4242 4242 4242 4242');
    await place(page).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
    expect(await ordersOf(email)).toHaveLength(1);
    await context.close();
  });

  it('goes on the provider’s detour and comes back to the order confirmed', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await atCheckout(context, 'harbour-mug');
    await fillContact(page, `detour+${env.site().tag}@example.com`);
    await fillUkAddress(page);
    await page.getByRole('textbox', { name: 'Test card number' }).fill('4000 0025 0000 3155');
    await place(page).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
    await context.close();
  });

  // covers 000-2.32
  it('takes a bank transfer: order received (207) with how to pay', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await atCheckout(context, 'harbour-mug');
    await fillContact(page, `transfer+${env.site().tag}@example.com`);
    await fillUkAddress(page);
    await page.getByRole('radio', { name: 'Bank transfer' }).check();
    await page.getByText(INSTRUCTIONS).waitFor();
    await place(page).click();
    await page.getByRole('heading', { name: 'Thank you! We have received your order' }).waitFor();
    await page.getByText(INSTRUCTIONS).waitFor();
    expect(await page.locator('main').getAttribute('class')).toContain('page-type-207');
    await context.close();
  });

  // covers 000-1.09
  it('sells the recipe booklet and a gift card with no shipping step: the booklet’s download link opens its file, the gift card’s code is shown', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await add(page, 'glaze-recipe-booklet');
    await add(page, 'gift-card');
    await page.goto(`${env.site().url}/checkout`);
    await islandsReady(page, ['checkout-page']);
    expect(await page.getByRole('group', { name: 'Delivery address' }).count()).toBe(0);
    await fillContact(page, `digital+${env.site().tag}@example.com`);
    await page.getByRole('textbox', { name: 'Test card number' }).fill('4242 4242 4242 4242');
    await place(page).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
    const link = page.getByRole('link', { name: 'Download Glaze recipe booklet' });
    const res = await context.request.get(`${env.site().url}${await link.getAttribute('href')}`);
    expect(res.status()).toBe(200);
    expect((await res.body()).length).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Your order' }).getByRole('listitem').filter({ hasText: 'Gift card' }).waitFor();
    // covers 000-1.09 (a gift card's code, shown on the token-gated order page)
    await page
      .getByRole('region', { name: 'Your gift card codes' })
      .getByText(/^Gift card: [2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/)
      .waitFor();
    await context.close();
  });
});

describe('express checkout', () => {
  // covers 000-3.22
  it('shows Purchase on product pages and goes straight to checkout with the item', async () => {
    await changeSiteDocument(env.site(), (doc) => {
      const store = doc.store as { settings: Record<string, unknown> };
      store.settings = { ...store.settings, expressCheckout: true };
    });
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await page.goto(`${env.site().url}${SHOP}/espresso-cup`);
    await page.locator('.product-detail[data-stock-known]').waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.waitForURL(`${env.site().url}/checkout`);
    await page.getByRole('region', { name: 'Order summary' }).getByText('Espresso cup').waitFor();
    await context.close();
  });
});
