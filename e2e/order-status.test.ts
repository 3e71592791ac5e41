/**
 * After the order, in Chromium, on a copy of the demo's shop in test mode: the shopper follows
 * their order from the link in its confirmation email to its status page (page type 211), being got
 * ready; the owner sends it with a carrier and tracking number; the shopper's "on its way" email
 * links to the carrier, and the status page now shows the parcel and its tracking link, at desktop
 * and phone widths, with no layout shift and no serious axe violation. The team's order email
 * preview (page type 301) shows each email, and is nothing to a visitor.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { addToCart, fillUkAddress } from './checkout-form';
import type { Received } from '../test/mailbox';
import { desktop, islandsReady, layoutShift, mailFor, ownerApi, siteForFile, signInAsOwner, sqlOn, visitorContext } from './harness';
import { picture } from './pictures';

const env = siteForFile();
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

beforeAll(async () => {
  const owner = await ownerApi(env.site());
  await owner.call('PUT', '/api/config/store/payments', { testMode: true, manualMethods: [], cancelUnpaidDays: 7 });
}, 120_000);

/** A multipart mail's body as a reader sees it: its quoted-printable parts' soft line breaks joined and =XX decoded as UTF-8. */
function decoded(mail: Received): string {
  const joined = mail.body.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The order status link in a mail's text. */
function statusLinkIn(text: string): string {
  const found = /https?:\/\/\S+\/commerce\/orders\/[A-Za-z0-9_-]+/.exec(text);
  if (!found) throw new Error(`no order status link in:\n${text}`);
  return found[0];
}

/** The link's path on the file's site (the mail names the site's own address; the browser reaches it on the test server). */
const onSite = (link: string) => `${env.site().url}${new URL(link).pathname}`;

async function buyMug(page: Page, email: string) {
  await addToCart(page, env.site().url, 'harbour-mug');
  await page.goto(`${env.site().url}/checkout`);
  await islandsReady(page, ['checkout-page']);
  await page.getByRole('textbox', { name: 'Email for your receipt' }).fill(email);
  await fillUkAddress(page);
  await page.getByRole('textbox', { name: 'Test card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
}

describe('following an order', () => {
  // covers 000-2.32 (order status 211)
  it('from its email to its status page, then to its parcel’s tracking once the owner sends it', async () => {
    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    const email = `follow+${env.site().tag}@example.com`;
    await buyMug(page, email);

    const link = statusLinkIn(decoded(await mailFor(email)));
    await page.goto(onSite(link));
    await page.getByRole('heading', { level: 1, name: 'We are getting your order ready' }).waitFor();
    expect(await page.locator('main').getAttribute('class')).toContain('page-type-211');
    await page.getByText('Harbour mug').first().waitFor();

    const [order] = await sqlOn(env.site(), 'SELECT id, number FROM orders WHERE website_id = $1 AND email = $2', [env.site().websiteId, email]);
    const owner = await ownerApi(env.site());
    const detail = await owner.call<{ order: { lines: { position: number; quantity: number }[] } }>('GET', `/api/config/store/orders/${String(order!.id)}`);
    const lines = detail.order.lines;
    await owner.call('POST', `/api/config/store/orders/${String(order!.id)}/fulfilments`, {
      lines: lines.map((l) => ({ position: l.position, quantity: l.quantity })),
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456785GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB',
    });

    const onItsWay = decoded(await mailFor(email, 2));
    expect(onItsWay).toContain('Tracking number: RM123456785GB');
    expect(onItsWay).toContain('Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB');
    expect(new URL(statusLinkIn(onItsWay)).pathname).toBe(new URL(link).pathname);

    await page.goto(onSite(link));
    await page.getByRole('heading', { level: 1, name: 'Your order is on its way' }).waitFor();
    const parcels = page.getByRole('region', { name: 'Parcels' });
    await parcels.getByText('Tracking number RM123456785GB').waitFor();
    expect(await parcels.getByRole('link', { name: 'Track this parcel' }).getAttribute('href')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB',
    );
    expect(await layoutShift(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'order-status-desktop');
    // The receipt, for the shopper's records: the tax per rate.
    await page.getByRole('link', { name: 'Receipt for your records' }).click();
    await page.getByRole('heading', { level: 1, name: /^Receipt for order \d+$/ }).waitFor();
    await page.getByRole('heading', { name: 'Tax by rate' }).waitFor();
    await page.getByRole('cell', { name: /20%$/ }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'receipt-desktop');
    await context.close();

    const small = await visitorContext(env.browser(), env.site(), phone);
    const onPhone = await small.newPage();
    await onPhone.goto(onSite(link));
    await onPhone.getByRole('heading', { level: 1, name: 'Your order is on its way' }).waitFor();
    expect(await onPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await picture(onPhone, 'order-status-phone');
    await small.close();
  });
});

describe('the order email preview', () => {
  // covers 000-2.32 (commerce email preview 301)
  it('shows the team each order email about a sample order, and is nothing to a visitor', async () => {
    const visitor = await visitorContext(env.browser(), env.site(), desktop);
    const stranger = await visitor.newPage();
    const refused = await stranger.goto(`${env.site().url}/commerce/email-preview`);
    expect(refused?.status()).toBe(404);
    await visitor.close();

    const context = await visitorContext(env.browser(), env.site(), desktop);
    const page = await context.newPage();
    await signInAsOwner(page, env.site());
    // A team member opening a site page is shown it in the config area's frame: `noredirect` keeps this test on the page itself.
    await page.goto(`${env.site().url}/commerce/email-preview?noredirect`);
    await page.getByRole('heading', { level: 1, name: 'Order email preview' }).waitFor();
    expect(await page.locator('main').getAttribute('class')).toContain('page-type-301');
    const emails = page.getByRole('navigation', { name: 'Emails' });
    await emails.getByRole('link', { name: 'Order on its way' }).click();
    await page.getByRole('heading', { level: 2, name: 'Order on its way' }).waitFor();
    await page.getByText(/^Subject: Your order 1001 from .* is on its way$/).waitFor();
    const frame = page.frameLocator('iframe.email-preview-frame');
    await frame.getByText('Carrier: Royal Mail').waitFor();
    await page.getByText('Plain-text version').click();
    await page
      .getByText(/Tracking number: AB123456789GB/)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'email-preview-desktop');
    await context.close();
  });
});
