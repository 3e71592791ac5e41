/**
 * Store → Orders in Chromium, on a copy of the demo shop in test mode with bank transfer offered:
 * a shopper buys a mug and an espresso cup with the test card, and a breakfast bowl by bank
 * transfer; the owner finds the card order by the shopper's email (the search kept in the address
 * through a reload), sends the mug with Royal Mail and its tracking number, refunds the cup back to
 * stock (the amount shown before confirming, the refund made at the test payment service), cannot
 * cancel the paid order, cancels the unpaid bank-transfer order (its bowl back in stock), and
 * exports the orders as CSV, the rows those the list shows for the same filter. The sidebar counts
 * the orders to fulfil as they change. List and order pass axe and fit a 390 px phone;
 * SCREENSHOTS=dir keeps a picture of each at 1280 and 390 px.
 */
import { mkdir } from 'node:fs/promises';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS, ORDERS_API } from '../src/contracts/orders';
import { lineRefundCents } from '../src/domain/orders/refund-amounts';
import { animationsSettled, seriousViolations } from './axe';
import { addToCart, fillUkAddress } from './checkout-form';
import { desktop, downloadedBytes, islandsReady, ownerApi, signInAsOwner, siteForFile, sqlOn, visitorContext } from './harness';

const env = siteForFile();
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 } };
const INSTRUCTIONS = 'Pay to Clay & Co, sort code 00-00-00, account 12345678, with your order number.';
const TRACKING = 'AB123456789GB';
const TRACKING_URL = `https://www.royalmail.com/track-your-item#/tracking-results/${TRACKING}`;

const cardEmail = () => `ada+${env.site().tag}@example.com`;
const transferEmail = () => `grace+${env.site().tag}@example.com`;

type Order = { id: string; number: number };
type Line = { position: number; variant_id: string; product_name: string; total_cents: number; quantity: number };

/** A picture of the page, whole; of what the window shows when a dialog is open (it stays in the window as the page scrolls). */
async function picture(page: Page, name: string, { dialog = false } = {}): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: !dialog });
}

beforeAll(async () => {
  const owner = await ownerApi(env.site());
  await owner.call('PUT', '/api/config/store/payments', {
    testMode: true,
    manualMethods: [{ method: 'bank_transfer', enabled: true, instructions: INSTRUCTIONS }],
    cancelUnpaidDays: 7,
  });
}, 120_000);

/** Adds the product at `slug` (its first choice) to the shopper's cart. */
const add = (page: Page, slug: string) => addToCart(page, env.site().url, slug);

async function placeOrder(context: BrowserContext, email: string, slugs: string[], pay: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  for (const slug of slugs) await add(page, slug);
  await page.goto(`${env.site().url}/checkout`);
  await islandsReady(page, ['checkout-page']);
  await page.getByRole('textbox', { name: 'Email for your receipt' }).fill(email);
  await fillUkAddress(page);
  await pay(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('heading', { name: /^Thank you!/ }).waitFor();
}

async function orderOf(email: string): Promise<Order> {
  const [row] = await sqlOn(env.site(), 'SELECT id, number FROM orders WHERE website_id = $1 AND email = $2', [env.site().websiteId, email]);
  return row as Order;
}

async function linesOf(order: Order): Promise<Line[]> {
  return (await sqlOn(
    env.site(),
    'SELECT position, variant_id, product_name, total_cents, quantity FROM order_lines WHERE website_id = $1 AND order_id = $2 ORDER BY position',
    [env.site().websiteId, order.id],
  )) as Line[];
}

async function stockOf(variantId: string): Promise<number> {
  const [row] = await sqlOn(env.site(), 'SELECT qty_in_stock FROM product_variants WHERE website_id = $1 AND id = $2', [env.site().websiteId, variantId]);
  return Number(row!.qty_in_stock);
}

async function toFulfil(): Promise<number> {
  return (await (await ownerApi(env.site())).call<{ toFulfil: number }>('GET', ORDERS_API.COUNTS)).toFulfil;
}

/** The sidebar's Orders entry, its name saying how many orders are to fulfil when any are. */
const ordersLink = (page: Page) => page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: /^Orders(, \d+ to fulfil)?$/ });

async function badgeSays(page: Page, count: number) {
  await expect.poll(() => ordersLink(page).getAttribute('aria-label')).toBe(count > 0 ? `Orders, ${count} to fulfil` : null);
}

async function ownerPage(viewport = desktop) {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...viewport, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return { page, close: () => context.close() };
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The list's rows as the table shows them: each order's number. */
async function listedNumbers(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Orders' });
  await expect.poll(() => table.getAttribute('aria-busy')).not.toBe('true');
  return (await table.getByRole('rowheader').allTextContents()).map((t) => t.replace(/\D/g, ''));
}

/** A CSV's rows (RFC 4180: a quoted field may hold commas, line breaks and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    i += 1;
    if (quoted) {
      if (c === '"' && next === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && next === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function exportedNumbers(page: Page): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const [header, ...rows] = csvRows((await downloadedBytes(download)).toString('utf8').replace(/^\uFEFF/, ''));
  expect(header).toEqual([...ORDER_CSV_COLUMNS]);
  return rows.map((r) => r[0]!.replace(/\D/g, ''));
}

describe('Store → Orders', () => {
  let card: Order;
  let transfer: Order;

  it('a shopper places an order of two goods by the test card and one by bank transfer', { timeout: 180_000 }, async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    await placeOrder(context, cardEmail(), ['harbour-mug', 'espresso-cup'], async (page) => {
      await page.getByRole('textbox', { name: 'Test card number' }).fill('4242 4242 4242 4242');
    });
    await context.close();
    // Another shopper, with a cart of her own.
    const other = await visitorContext(env.browser(), env.site(), desktop);
    await placeOrder(other, transferEmail(), ['breakfast-bowl'], async (page) => {
      await page.getByRole('radio', { name: 'Bank transfer' }).check();
    });
    await other.close();
    card = await orderOf(cardEmail());
    transfer = await orderOf(transferEmail());
    expect(await linesOf(card)).toHaveLength(2);
  });

  it('the owner finds the card order by email, sends one line with its tracking and refunds the other back to stock', { timeout: 180_000 }, async () => {
    const [mug, cup] = await linesOf(card);
    const cupStock = await stockOf(cup!.variant_id);
    const { page, close } = await ownerPage();
    const before = await toFulfil();
    expect(before).toBeGreaterThanOrEqual(2);
    await badgeSays(page, before);
    await ordersLink(page).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/store/orders');

    // Found by the shopper's email; the search stays in the address, so a reload keeps it.
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(cardEmail());
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(cardEmail());
    await expect.poll(() => listedNumbers(page)).toEqual([String(card.number)]);
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(cardEmail());
    await expect.poll(() => listedNumbers(page)).toEqual([String(card.number)]);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `#${card.number}`, exact: true }) });
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText('Unfulfilled', { exact: true }).waitFor();
    await row.getByText('2 items', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'orders-list-1280');

    await row.getByRole('link', { name: `#${card.number}` }).click();
    await page.getByRole('heading', { name: `Order #${card.number}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/config/store/orders/${card.id}`);
    const items = page.getByRole('table', { name: 'Items' });
    await items.getByRole('rowheader').filter({ hasText: mug!.product_name }).waitFor();
    await items.getByRole('rowheader').filter({ hasText: cup!.product_name }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Order placed').waitFor();
    // Paid: it is refunded before it can be cancelled, and the page says so.
    expect(await page.getByRole('button', { name: 'Cancel order' }).isDisabled()).toBe(true);
    await page.getByText('A paid order is refunded before it is cancelled: refund it first.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'order-detail-1280');

    // The cup refunded and back in stock, never sent: the amount shown before confirming is the line's total.
    const amount = lineRefundCents({ totalCents: cup!.total_cents, quantity: cup!.quantity, refundedQuantity: 0 }, 1);
    const shown = `£${(amount / 100).toFixed(2)}`;
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = page.getByRole('dialog', { name: 'Refund' });
    const cupLine = refund.getByRole('group', { name: new RegExp(`^${cup!.product_name}`) });
    await cupLine.getByLabel('Quantity to refund').fill('1');
    expect(await cupLine.getByRole('checkbox', { name: 'Restock' }).isChecked()).toBe(true);
    await refund
      .getByRole('status')
      .filter({ hasText: `Refund amount: ${shown}` })
      .waitFor();
    await refund.getByLabel('Reason for refund').fill('Chipped in the post');
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'order-refund-dialog-1280', { dialog: true });
    await refund.getByRole('button', { name: `Refund ${shown}` }).click();
    await refund.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `${shown} refunded.` })
      .waitFor();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByText(new RegExp(`^Refunded ${shown.replace('.', '\\.')} \\(1 × ${cup!.product_name}.*, restocked\\)$`))
      .waitFor();
    expect(await stockOf(cup!.variant_id)).toBe(cupStock + 1);
    const [refunded] = await sqlOn(env.site(), 'SELECT refunded_cents FROM orders WHERE website_id = $1 AND id = $2', [env.site().websiteId, card.id]);
    expect(refunded).toEqual({ refunded_cents: amount });
    // Made at the test payment service, against the order's payment there.
    const [made] = await sqlOn(
      env.site(),
      `SELECT r.status, r.provider_refund_id, p.provider, p.refunded_cents FROM refunds r JOIN payments p ON p.website_id = r.website_id AND p.order_id = r.order_id
        WHERE r.website_id = $1 AND r.order_id = $2`,
      [env.site().websiteId, card.id],
    );
    expect(made).toMatchObject({ status: 'succeeded', provider: 'test', refunded_cents: amount });
    expect(String(made!.provider_refund_id)).toMatch(/^re_/);
    // The mug is still to send: the order still counts.
    expect(await toFulfil()).toBe(before);
    await badgeSays(page, before);

    // The mug goes with Royal Mail, the one thing left to send: the order leaves the count to fulfil.
    await page.getByRole('button', { name: 'Fulfil items' }).click();
    const fulfil = page.getByRole('dialog', { name: 'Fulfil items' });
    const mugLine = fulfil.getByRole('group', { name: new RegExp(`^${mug!.product_name}`) });
    expect(await mugLine.getByLabel('Quantity to send').inputValue()).toBe('1');
    expect(await fulfil.getByRole('group', { name: new RegExp(`^${cup!.product_name}`) }).count()).toBe(0);
    await fulfil.getByLabel('Carrier').fill('Royal Mail');
    await fulfil.getByLabel('Tracking number').fill(TRACKING);
    await fulfil.getByLabel('Tracking URL').fill(TRACKING_URL);
    expect(await seriousViolations(page)).toEqual([]);
    await fulfil.getByRole('button', { name: 'Fulfil 1 item' }).click();
    await fulfil.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '1 item fulfilled.' }).waitFor();
    const tracking = page.getByRole('region', { name: 'Fulfilments' }).getByRole('link', { name: `Track ${TRACKING}` });
    expect(await tracking.getAttribute('href')).toBe(TRACKING_URL);
    await page.getByRole('region', { name: 'Timeline' }).getByText(`1 item fulfilled with Royal Mail, tracking ${TRACKING}`).waitFor();
    const [sent] = await sqlOn(env.site(), 'SELECT fulfilled_quantity FROM order_lines WHERE website_id = $1 AND order_id = $2 AND position = $3', [
      env.site().websiteId,
      card.id,
      mug!.position,
    ]);
    expect(sent).toEqual({ fulfilled_quantity: 1 });
    expect(await toFulfil()).toBe(before - 1);
    await badgeSays(page, before - 1);
    await page.getByText('Fulfilled', { exact: true }).first().waitFor();
    await picture(page, 'order-fulfilled-1280');

    // The team's note, kept.
    const note = page.getByRole('region', { name: 'Note' });
    await note.getByRole('textbox', { name: 'Note' }).fill('Sent the replacement cup on Monday.');
    await note.getByRole('button', { name: 'Save note' }).click();
    await note.getByRole('status').filter({ hasText: 'Note saved.' }).waitFor();
    await page.reload();
    expect(await note.getByRole('textbox', { name: 'Note' }).inputValue()).toBe('Sent the replacement cup on Monday.');
    await page.getByRole('region', { name: 'Timeline' }).getByText('Note changed').waitFor();
    await close();
  });

  it('the owner cancels the unpaid bank-transfer order, its bowl back in stock', { timeout: 120_000 }, async () => {
    const [bowl] = await linesOf(transfer);
    const bowlStock = await stockOf(bowl!.variant_id);
    const before = await toFulfil();
    const { page, close } = await ownerPage();
    await badgeSays(page, before);
    await page.goto(`${env.site().url}/config/store/orders?filter=unpaid`);
    expect(await page.getByRole('radio', { name: 'Awaiting payment' }).isChecked()).toBe(true);
    await expect.poll(() => listedNumbers(page)).toEqual([String(transfer.number)]);
    await page.getByRole('link', { name: `#${transfer.number}` }).click();
    await page.getByRole('heading', { name: `Order #${transfer.number}`, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Payment' }).getByText(INSTRUCTIONS).waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${transfer.number}?` });
    await dialog.getByText('Items not yet sent go back to stock', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Order #${transfer.number} is cancelled.` })
      .waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await stockOf(bowl!.variant_id)).toBe(bowlStock + 1);
    const after = await toFulfil();
    expect(after).toBe(before - 1);
    await badgeSays(page, after);
    // Back to the list as it was left: its filter kept.
    await page.getByRole('link', { name: 'Back to orders' }).click();
    await page.waitForURL(/\/config\/store\/orders\?filter=unpaid$/);
    await close();
  });

  it('exports as CSV the orders the list shows for the same filter', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage();
    await page.goto(`${env.site().url}/config/store/orders`);
    const all = await listedNumbers(page);
    expect(all).toEqual([String(transfer.number), String(card.number)]);
    expect(await exportedNumbers(page)).toEqual(all);
    await page.getByRole('radio', { name: 'Cancelled' }).check();
    await expect.poll(() => listedNumbers(page)).toEqual([String(transfer.number)]);
    expect(await exportedNumbers(page)).toEqual([String(transfer.number)]);
    await page.getByRole('radio', { name: 'Refunded' }).check();
    await expect.poll(() => listedNumbers(page)).toEqual([String(card.number)]);
    expect(await exportedNumbers(page)).toEqual([String(card.number)]);
    // Nothing found: the list says what to do.
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('no such order anywhere');
    await page.getByText('No orders match this search.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).last().click();
    await expect.poll(() => listedNumbers(page)).toEqual(all);
    expect(new URL(page.url()).search).toBe('');
    await close();
  });

  it('the list and an order fit a 390 px phone', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage(phone);
    await page.goto(`${env.site().url}/config/store/orders`);
    await expect.poll(() => listedNumbers(page)).toHaveLength(2);
    expect(await noOverflow(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'orders-list-390');
    await page.getByRole('link', { name: `#${card.number}` }).click();
    await page.getByRole('heading', { name: `Order #${card.number}`, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Order placed').waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'order-detail-390');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('dialog', { name: 'Refund' }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'order-refund-dialog-390', { dialog: true });
    await close();
  });

  it('the owner marks an offline order paid on its page, and may then send it', { timeout: 120_000 }, async () => {
    const email = `ida+${env.site().tag}@example.com`;
    const shopper = await visitorContext(env.browser(), env.site(), desktop);
    await placeOrder(shopper, email, ['bud-vase'], async (page) => {
      await page.getByRole('radio', { name: 'Bank transfer' }).check();
    });
    await shopper.close();
    const order = await orderOf(email);
    const { page, close } = await ownerPage();
    await page.goto(`${env.site().url}/config/store/orders/${order.id}`);
    await page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }).waitFor();
    await page.getByText('Awaiting payment', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark order #${order.number} paid?` });
    await dialog.getByText('Do this once the payment of', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Order ${order.number} is marked paid.` })
      .waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText(`Marked paid by ${env.site().owner.email}`).waitFor();
    expect(await page.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Fulfil items' }).waitFor();
    const [paid] = await sqlOn(env.site(), 'SELECT payment_status FROM orders WHERE website_id = $1 AND id = $2', [env.site().websiteId, order.id]);
    expect(paid).toEqual({ payment_status: 'paid' });
    await close();
  });
});
