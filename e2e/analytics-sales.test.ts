/**
 * The analytics dashboard's sales in Chromium, on a copy of the demo's shop (GBP): a visitor opens
 * a product's page and another product's quick view; an order paid in full and one placed in test
 * mode are in the store; the owner opens Analytics and sees the sale in the Sales part (revenue,
 * orders, average order value, conversion from the two product views), the note that the test
 * order is left out, and the revenue chart with its numbers as a table, for a preset's dates too;
 * refused dates are said once, the sales shown staying; axe-core finds no serious violation, at a
 * desktop's width and a phone's.
 *
 * The orders are written with SQL: the demo's store is in test mode, so an order placed through
 * its checkout is a test order, which the dashboard leaves out by design (checkout has journeys of
 * its own). Screenshots of the Sales part: /tmp/analytics-sales-1280.png and -390.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { desktop, islandsReady, siteForFile, sqlOn, visitorContext } from './harness';
import { settle, signInTeamMember } from './measure-capture';

const env = siteForFile();
const base = () => env.site().url;

const stored = async (table: string, where: string) =>
  (await sqlOn(env.site(), `SELECT count(*)::int AS n FROM ${table} WHERE website_id = $1 AND ${where}`, [env.site().websiteId]))[0]!.n;

/** An order of the demo's mug, placed now and paid, in the store's currency. */
async function paidOrder(number: number, totalCents: number, testMode: boolean) {
  const id = `${env.site().tag}-order-${number}`;
  await sqlOn(
    env.site(),
    `INSERT INTO orders (website_id, id, number, attempt_id, cart_id, email, customer_name, currency, subtotal_cents, discount_cents,
       shipping_cents, tax_cents, total_cents, prices_include_tax, payment_status, provider, payment_method, test_mode, access_token_hash)
     VALUES ($1, $2, $3, $2, $2, 'ada@example.com', 'Ada Shopper', 'GBP', $4, 0, 0, 0, $4, true, 'paid', 'test', 'card', $5, $2)`,
    [env.site().websiteId, id, number, totalCents, testMode],
  );
}

/** The owner on the Analytics screen at `width` pixels, the sales loaded. */
async function salesAt(width: number): Promise<Page> {
  const context = await env.browser().newContext({ ...desktop, viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await signInTeamMember(page, base(), env.site().owner);
  await page.goto(`${base()}/config/analytics`);
  await page.getByRole('list', { name: 'Sales figures' }).waitFor();
  return page;
}

describe('the sales on the analytics dashboard', () => {
  it('shows the owner a sale with its revenue, conversion from product views and chart, a test order left out, and passes axe', async () => {
    const visitor = await visitorContext(env.browser(), env.site());
    const shopper = await visitor.newPage();
    await shopper.goto(`${base()}/shop/harbour-mug`);
    await settle(shopper);
    await shopper.goto(`${base()}/shop`);
    await islandsReady(shopper, ['shop']);
    await shopper.locator('.product-card').filter({ hasText: 'Harbour mug' }).hover();
    await shopper.getByRole('button', { name: 'Quick view: Harbour mug' }).click();
    await shopper.getByRole('dialog', { name: 'Quick view: Harbour mug' }).waitFor();
    await expect.poll(() => stored('census_events', "kind = 'quick-view'"), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => stored('census_hits', 'event = 1 AND record_type = 5'), { timeout: 15_000 }).toBe(1);
    await visitor.close();
    await paidOrder(9001, 4800, false);
    await paidOrder(9002, 9900, true);

    const page = await salesAt(1280);
    const sales = page.getByRole('region', { name: 'Sales' });
    expect(await sales.getByRole('list', { name: 'Sales figures' }).getByRole('listitem').allTextContents()).toEqual([
      '£48.00 revenue',
      '1 order',
      '£48.00 average order value',
      '50.0% conversion from product views',
    ]);
    await sales.getByText('1 order placed in test mode is left out of these figures: test payments take no money.').waitFor();
    await sales.getByText(/1 view of a product page and 1 quick view\.$/).waitFor();

    const chart = sales.getByRole('img', { name: /^Revenue by day: £48\.00 from 1 order from .+; the best day was .+, with £48\.00\.$/ });
    await chart.waitFor();
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await sales.getByText('Show the numbers').click();
    const numbers = sales.getByRole('table', { name: 'Revenue by day' });
    expect(await numbers.getByRole('row').count()).toBe(31);
    expect(await numbers.getByRole('row').last().getByRole('cell').allTextContents()).toEqual(['£48.00']);
    expect(await seriousViolations(page)).toEqual([]);
    await sales.screenshot({ path: '/tmp/analytics-sales-1280.png' });

    // A preset asks for the sales of its own dates.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => sales.getByRole('table', { name: 'Revenue by day' }).getByRole('row').count()).toBe(8);
    // Dates the server refuses: the report says so once, and the sales of the dates shown stay.
    await page.getByLabel('From', { exact: true }).fill('2025-03-10');
    await page.getByLabel('To', { exact: true }).fill('2025-03-01');
    await page.getByRole('button', { name: 'Show these dates' }).click();
    await page.getByRole('alert').filter({ hasText: 'The range must start on or before the day it ends.' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Show these dates' }).isEnabled()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await sales.getByRole('list', { name: 'Sales figures' }).getByRole('listitem').first().textContent()).toBe('£48.00 revenue');
    await page.context().close();

    const phone = await salesAt(390);
    const narrow = phone.getByRole('region', { name: 'Sales' });
    await narrow.getByRole('img', { name: /^Revenue by day: / }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    // Nothing in the part is wider than the phone's screen.
    expect(await narrow.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await narrow.screenshot({ path: '/tmp/analytics-sales-390.png' });
    await phone.context().close();
  });
});
