/**
 * A customer's orders and the owner's Customers screen in Chromium, on a copy of the demo shop in
 * test mode: a customer signs in, buys a mug with the test card, and finds it under "Your orders"
 * on their account page, its link opening the order's page; the owner finds that customer on Store
 * → Customers by their email, opens them at their own address and sees the order, linked to its
 * page under Orders; "Export CSV" downloads the rows the screen shows. The account page, the list
 * and the customer pass axe and fit a 390 px phone; SCREENSHOTS=dir keeps a picture of each at
 * 1280 and 390 px. (Signing in and the account page's other parts: ./customers.test.ts.)
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_CSV_COLUMNS } from '../src/contracts/customers';
import { seriousViolations } from './axe';
import { fillUkAddress } from './checkout-form';
import { picture } from './pictures';
import { addCustomer, desktop, downloadedBytes, islandsReady, ownerApi, signInAsOwner, siteForFile, sqlOn, visitorContext, type Account } from './harness';

const env = siteForFile();
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const NAME = 'Ada Customer';

let customer: Account;
let orderNumber: number;

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  const owner = await ownerApi(env.site());
  await owner.call('PUT', '/api/config/store/payments', { testMode: true, manualMethods: [], cancelUnpaidDays: 7 });
  customer = await addCustomer(env.site(), NAME, 'ada');
}, 120_000);

/** A browser of its own for the customer, signed in through the sign-in form. */
async function customerPage(viewport: BrowserContextOptions = desktop) {
  const context = await visitorContext(env.browser(), env.site(), { ...viewport, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${env.site().url}/account/login`);
  await islandsReady(page, ['customer-account']);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  return { page, close: () => context.close() };
}

async function ownerPage(viewport: BrowserContextOptions = desktop) {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...viewport, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return { page, close: () => context.close() };
}

/** The table's rows as they read: each row's cells' text. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await expect.poll(() => table.getAttribute('aria-busy')).not.toBe('true');
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll<HTMLElement>('th, td')].map((c) => c.innerText.replace(/\s+/g, ' ').trim())));
}

describe('a customer’s orders', () => {
  it('a signed-in customer buys a mug and finds it in their account, linked to its page', { timeout: 120_000 }, async () => {
    const { page, close } = await customerPage();
    await page.goto(`${env.site().url}/shop/harbour-mug`);
    await page.locator('.product-detail[data-stock-known]').waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Added to cart' }).waitFor();
    await page.goto(`${env.site().url}/checkout`);
    await islandsReady(page, ['checkout-page']);
    expect(await page.getByRole('textbox', { name: 'Email for your receipt' }).inputValue()).toBe(customer.email);
    await fillUkAddress(page);
    await page.getByRole('textbox', { name: 'Test card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
    const [row] = await sqlOn(env.site(), 'SELECT number, site_user_id FROM orders WHERE website_id = $1 AND email = $2', [
      env.site().websiteId,
      customer.email,
    ]);
    expect(row!.site_user_id).toBeTruthy();
    orderNumber = Number(row!.number);

    await page.goto(`${env.site().url}/account`);
    const orders = page.getByRole('list', { name: 'Your orders' });
    const item = orders.getByRole('listitem').filter({ hasText: `Order ${orderNumber}` });
    await item.waitFor();
    expect(await orders.getByRole('listitem').count()).toBe(1);
    await item.getByText('Paid').waitFor();
    await item.getByText('Test', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'account-orders-1280');
    await item.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await page.getByRole('heading', { level: 1, name: 'We are getting your order ready' }).waitFor();
    await page.getByText(`Order number ${orderNumber}`).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.site().url}/account`);
    await orders.getByRole('link', { name: `Order ${orderNumber}` }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await picture(page, 'account-orders-390');
    await close();
  });

  it('the owner finds the customer by email on Customers, opens them and sees the order; the CSV is the screen’s rows', { timeout: 120_000 }, async () => {
    expect(orderNumber).toBeGreaterThan(0);
    const { page, close } = await ownerPage();
    await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL(`${env.site().url}/config/store/customers`);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const all = await tableRows(page, 'Customers');

    await page.getByRole('searchbox', { name: 'Search' }).fill(customer.email);
    await page.waitForURL(`${env.site().url}/config/store/customers?q=${encodeURIComponent(customer.email)}`);
    await expect.poll(async () => (await tableRows(page, 'Customers')).length).toBe(1);
    const [found] = await tableRows(page, 'Customers');
    expect(found).toEqual([`${NAME} ${customer.email}`, 'Account', '1 order', '£0.00', expect.stringMatching(/\d/)]);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'customers-1280');

    // The CSV of this search, and of no search: the rows the screen shows, in its order.
    const download = async () => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
      const lines = (await downloadedBytes(file))
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      return lines.map((l) => l.split(','));
    };
    const searched = await download();
    expect(searched[0]).toEqual([...CUSTOMER_CSV_COLUMNS]);
    expect(searched.slice(1).map((cells) => cells.slice(0, 4))).toEqual([[NAME, customer.email, 'Account', '1']]);

    await page.getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/config\/store\/customers\/a-[A-Za-z0-9_-]+$/);
    const [listed] = await tableRows(page, `Orders of ${NAME}`);
    expect(listed).toEqual([`#${orderNumber}`, expect.any(String), 'Paid Test', expect.stringMatching(/£/)]);
    const link = page.getByRole('link', { name: `#${orderNumber}` });
    expect(await link.getAttribute('href')).toMatch(/^\/config\/store\/orders\/[A-Za-z0-9_-]+$/);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'customer-1280');

    await page.goBack();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.waitForURL(`${env.site().url}/config/store/customers`);
    await expect.poll(async () => (await tableRows(page, 'Customers')).length).toBe(all.length);
    const everyone = await download();
    const shown = await tableRows(page, 'Customers');
    expect(everyone.length - 1).toBe(shown.length);
    // Each row's name (or its email when it has none) leads the screen's first cell.
    expect(shown.map((cells, i) => cells[0]!.startsWith(everyone[i + 1]![0] || everyone[i + 1]![1]!))).toEqual(shown.map(() => true));
    await close();
  });

  it('the list and the customer fit a 390 px phone, a card a row', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage(phone);
    await page.goto(`${env.site().url}/config/store/customers?q=${encodeURIComponent(customer.email)}`);
    await expect.poll(async () => (await tableRows(page, 'Customers')).length).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'customers-390');
    await page.getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await page.getByRole('link', { name: `#${orderNumber}` }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'customer-390');
    await close();
  });
});
