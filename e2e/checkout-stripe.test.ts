/**
 * Paying by card through Stripe, in Chromium, on a copy of the demo's shop (GBP, UK shipping) whose
 * owner connected Stripe with test keys and offers no other way to pay. Nothing leaves the machine:
 * the shopper's browser gets Stripe.js from a local stand-in (e2e/fixtures/stripe-js-stand-in.js)
 * and Stripe's API from the test payment service the shared servers send their Stripe calls to.
 * Stripe's script is asked for only once the shopper chooses Card, and once; the card form appears
 * without a shift and passes axe; a card is confirmed and the order placed, with its payment
 * authorised at the service for the cart's total; the 3-D Secure card goes through the service's
 * authentication page and back; a declined card comes back to the checkout saying so; a card form
 * that could not load loads again; a lost connection to Stripe is said, and Place order again
 * confirms the same payment.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CartAnswer } from '../src/contracts/cart';
import type { PlaceOrderAnswer } from '../src/contracts/checkout';
import { PAYMENTS_API } from '../src/contracts/payments';
import { CHECKOUT_API } from '../src/domain/checkout/paths';
import { testCard } from '../src/domain/checkout/test-cards';
import { checkout as words } from '../src/messages/checkout';
import { paymentMethods } from '../src/messages/payment-methods';
import { seriousViolations } from './axe';
import { picture } from './pictures';
import { fillUkAddress } from './checkout-form';
import { desktop, islandsReady, layoutShift, ownerApi, siteForFile, sqlOn, visitorContext } from './harness';

const env = siteForFile();
const SHOP = '/shop';
const STAND_IN = readFileSync(path.join(import.meta.dirname, 'fixtures/stripe-js-stand-in.js'), 'utf8');

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alphanumerics = (n: number) => Array.from({ length: n }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
const keys = {
  publishableKey: `pk_test_${alphanumerics(24)}`,
  secretKey: `sk_test_${alphanumerics(24)}`,
  webhookSecret: `whsec_${alphanumerics(32)}`,
};

/** The run's test payment service, which the shared servers send Stripe's calls to (their STRIPE_API_URL, set by e2e/global-setup.ts). */
const paymentsService = () => inject('testPaymentsUrl');

beforeAll(async () => {
  const owner = await ownerApi(env.site());
  await owner.call('PUT', PAYMENTS_API.SETTINGS, { testMode: false, manualMethods: [], cancelUnpaidDays: 7 });
  await owner.call('PUT', PAYMENTS_API.STRIPE, keys);
}, 120_000);

type Shopper = {
  context: BrowserContext;
  page: Page;
  /** Every request the shopper's browser made to a Stripe host, in order. */
  stripeRequests: string[];
  /** Lets Stripe.js answer: until then its request waits (the card form shows its loading status). */
  releaseScript: () => void;
};

/**
 * A shopper whose browser reaches Stripe on this machine: Stripe.js is the stand-in, held back
 * until `releaseScript` when `holdScript` is set; Stripe's API is the test payment service.
 */
async function shopper(opts: { holdScript?: boolean; failScriptOnce?: boolean; phone?: boolean } = {}): Promise<Shopper> {
  const context = await visitorContext(
    env.browser(),
    env.site(),
    opts.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : desktop,
  );
  const stripeRequests: string[] = [];
  context.on('request', (req) => {
    if (/(^|\.)stripe\.com$/.test(new URL(req.url()).hostname)) stripeRequests.push(req.url());
  });
  let releaseScript = () => undefined as void;
  const released = opts.holdScript ? new Promise<void>((resolve) => (releaseScript = resolve)) : Promise.resolve();
  let failures = opts.failScriptOnce ? 1 : 0;
  await context.route(/^https:\/\/js\.stripe\.com\/v3\/?(\?.*)?$/, async (route) => {
    if (failures-- > 0) return route.abort('connectionrefused');
    await released;
    await route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: STAND_IN });
  });
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${paymentsService()}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  return { context, page: await context.newPage(), stripeRequests, releaseScript };
}

/**
 * Adds the mug from its page, then goes through the cart page to the checkout page, its form
 * ready; answers the policies (Content-Security-Policy) the cart and checkout pages came with.
 */
async function toCheckout({ page }: Shopper): Promise<{ cart: string; checkout: string }> {
  const policyOf = async (path: string) => (await page.goto(`${env.site().url}${path}`))?.headers()['content-security-policy'] ?? '';
  await page.goto(`${env.site().url}${SHOP}/harbour-mug`);
  await page.locator('.product-detail[data-stock-known]').waitFor();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'Added to cart' }).waitFor();
  const cart = await policyOf('/cart');
  await islandsReady(page, ['cart-page']);
  const checkout = await policyOf('/checkout');
  await islandsReady(page, ['checkout-page']);
  return { cart, checkout };
}

const cardChoice = (page: Page) => page.getByRole('radio', { name: paymentMethods.card, exact: true });
const cardNumber = (page: Page) => page.getByRole('textbox', { name: 'Card number' });
const place = (page: Page) => page.getByRole('button', { name: words.placeOrder });
const confirmed = (page: Page) => page.getByRole('heading', { name: 'Thank you! Your order is confirmed' });

async function fillUkOrder(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email for your receipt' }).fill(email);
  await fillUkAddress(page);
}

/** The shopper's cart as the server prices it now. */
const cartOf = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/commerce/cart')).json()) as { cart: CartAnswer }).cart);

/** What the page asked of Stripe.js (the stand-in keeps it). */
type StandInRecord = {
  keys: string[];
  elementsOptions: { mode: string; amount: number; currency: string; captureMethod: string; appearance: { theme: string } }[];
  elementOptions: unknown[];
  updates: { amount: number }[];
};
const standIn = (page: Page) => page.evaluate(() => (window as unknown as { StripeStandIn: StandInRecord }).StripeStandIn);

const ordersOf = (email: string) =>
  sqlOn(env.site(), 'SELECT number, payment_status FROM orders WHERE website_id = $1 AND email = $2', [env.site().websiteId, email]);

/** Waits until the card form shows Stripe's element, or says it could not (a policy refusing Stripe's script, say): answers which. */
async function cardFormSettled(page: Page): Promise<string | null> {
  const box = page.locator('.checkout-card');
  await page.locator('.checkout-card:is([data-state="ready"], [data-state="failed"])').waitFor();
  return box.getAttribute('data-state');
}

/** Chooses Card and types `number` into Stripe's card form once it shows. */
async function payByCard(page: Page, number: string) {
  await cardChoice(page).check();
  expect(await cardFormSettled(page)).toBe('ready');
  await cardNumber(page).fill(number);
}

describe('paying by card through Stripe', () => {
  it('loads Stripe’s script only once Card is chosen, shows the card form without a shift, and places the order with its payment authorised', async () => {
    const s = await shopper({ holdScript: true });
    const { page } = s;
    const policies = await toCheckout(s);
    expect(s.stripeRequests).toEqual([]);
    expect(policies.checkout).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policies.checkout).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(policies.cart).not.toContain('stripe');

    const payment = page.getByRole('group', { name: 'Payment' });
    expect(await payment.getByRole('radio').first().getAttribute('value')).toBe('card');
    expect(await payment.getByText(words.noPaymentMethod).count()).toBe(0);

    await cardChoice(page).check();
    await page.getByRole('status').filter({ hasText: words.cardLoading }).waitFor();
    await page.getByText(words.cardNote).waitFor();
    // The choice opened the form's box (a shift the shopper's own click caused); from here on nothing moves.
    const before = await layoutShift(page);
    s.releaseScript();
    expect(await cardFormSettled(page)).toBe('ready');
    await cardNumber(page).waitFor();
    expect(await layoutShift(page)).toBe(before);
    expect(s.stripeRequests.filter((u) => u.startsWith('https://js.stripe.com/'))).toEqual(['https://js.stripe.com/v3/']);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'checkout-card-desktop');

    const email = `card+${env.site().tag}@example.com`;
    await fillUkOrder(page, email);
    const cart = await cartOf(page);
    const record = await standIn(page);
    expect(record.keys).toEqual([keys.publishableKey]);
    expect(record.elementsOptions).toHaveLength(1);
    expect(record.elementsOptions[0]).toMatchObject({ mode: 'payment', currency: 'gbp', captureMethod: 'manual', appearance: { theme: 'stripe' } });
    expect(record.elementOptions).toEqual([{ layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } }]);
    // The group follows the total as the shipping option adds to it.
    await expect.poll(async () => (await standIn(page)).updates.at(-1)?.amount ?? record.elementsOptions[0]!.amount).toBe(cart.grandTotalCents);

    // Stripe refuses an empty card number: said beside the button, and nothing is sent.
    const placeCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === CHECKOUT_API.PLACE) placeCalls.push(req.url());
    });
    await place(page).click();
    await page.getByRole('alert').filter({ hasText: 'Your card number is incomplete.' }).waitFor();
    expect(placeCalls).toEqual([]);

    await cardNumber(page).fill(testCard('succeed').number);
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === CHECKOUT_API.PLACE);
    await place(page).click();
    const answer = (await (await answered).json()) as PlaceOrderAnswer;
    expect(answer.state).toBe('confirm');
    await confirmed(page).waitFor();
    expect(await page.locator('main').getAttribute('class')).toContain('page-type-202');
    expect(s.stripeRequests.filter((u) => u.startsWith('https://js.stripe.com/'))).toHaveLength(1);

    // The payment the browser confirmed is the server's, for the cart's total, held for the store to capture.
    if (answer.state !== 'confirm') throw new Error('not a card payment');
    const id = answer.clientSecret.slice(0, answer.clientSecret.indexOf('_secret_'));
    const query = new URLSearchParams({ client_secret: answer.clientSecret, key: keys.publishableKey });
    const intent = (await (await fetch(`${paymentsService()}/v1/payment_intents/${id}?${query}`)).json()) as Record<string, unknown>;
    expect(intent).toMatchObject({ amount: cart.grandTotalCents, currency: 'gbp', capture_method: 'manual' });
    expect(['requires_capture', 'succeeded']).toContain(intent.status);
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    expect(['authorized', 'paid']).toContain(orders[0]!.payment_status);
    await s.context.close();
  });

  it('goes through the 3-D Secure check on the service’s page and back to the order confirmed, on a phone', async () => {
    const s = await shopper({ phone: true });
    await toCheckout(s);
    await payByCard(s.page, testCard('requires_action').number);
    // The card form fits the phone's width.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await picture(s.page, 'checkout-card-phone');
    await fillUkOrder(s.page, `secure+${env.site().tag}@example.com`);
    await place(s.page).click();
    await s.page.getByRole('button', { name: 'Complete authentication' }).click();
    await confirmed(s.page).waitFor();
    await s.context.close();
  });

  it('brings a declined card back to the checkout, saying so, with no order', async () => {
    const s = await shopper();
    await toCheckout(s);
    const email = `declined+${env.site().tag}@example.com`;
    await payByCard(s.page, testCard('decline').number);
    await fillUkOrder(s.page, email);
    await place(s.page).click();
    await s.page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('failed') === 'declined');
    await s.page.getByRole('alert').filter({ hasText: words.detourFailed }).waitFor();
    expect(await ordersOf(email)).toHaveLength(0);
    await s.context.close();
  });

  it('says when the card form could not be loaded, and loads it again', async () => {
    const s = await shopper({ failScriptOnce: true });
    await toCheckout(s);
    await cardChoice(s.page).check();
    const failed = s.page.getByRole('alert').filter({ hasText: words.cardLoadFailed });
    await failed.waitFor();
    await failed.getByRole('button', { name: words.cardRetry }).click();
    await cardNumber(s.page).waitFor();
    expect(await failed.count()).toBe(0);
    await s.context.close();
  });

  it('says when Stripe could not be reached, and Place order again confirms the same payment', async () => {
    const s = await shopper();
    const { page } = s;
    await toCheckout(s);
    await payByCard(page, testCard('succeed').number);
    await fillUkOrder(page, `again+${env.site().tag}@example.com`);
    const secrets: string[] = [];
    page.on('response', async (res) => {
      if (new URL(res.url()).pathname === CHECKOUT_API.PLACE && res.ok()) secrets.push(((await res.json()) as { clientSecret: string }).clientSecret);
    });
    await page.route('https://api.stripe.com/**', (route) => route.abort('connectionreset'), { times: 1 });
    await place(page).click();
    await page.getByRole('alert').filter({ hasText: 'We could not connect to Stripe.' }).waitFor();
    await expect.poll(() => place(page).isEnabled()).toBe(true);
    await place(page).click();
    await confirmed(page).waitFor();
    expect(secrets).toHaveLength(2);
    expect(secrets[1]).toBe(secrets[0]);
    await s.context.close();
  });
});
