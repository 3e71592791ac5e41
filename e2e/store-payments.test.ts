/**
 * Store → Payments and the minimal orders list in Chromium, as an owner uses them on a new copy of
 * the demo shop (a new store on the shared servers' managed database: test mode off). The owner
 * turns test mode on and off and on again, each time told what it means for shoppers; turns bank transfer on, is asked for its
 * instructions, gives them; sets the next order number, refused at or below an order's number; and
 * marks an offline order paid in the orders list. The owner connects Stripe with test keys (the
 * server checks the secret key with the test payment service, which takes any sk_test_ key): sees
 * and copies the webhook endpoint's address and events, is told a wrong publishable key is wrong,
 * sees the secret key only by its last four characters, changes the webhook secret (the old one
 * still accepted for a while) and disconnects after confirming; the card fits a 390 px phone in
 * both states. Each screen has its own address and passes axe; SCREENSHOTS=dir keeps a picture of
 * the card in each state at each width.
 */
import { randomInt } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAYMENTS_API } from '../src/contracts/payments';
import { CHECKOUT_API } from '../src/domain/checkout/paths';
import { STRIPE_WEBHOOK_EVENTS } from '../src/domain/checkout/protocol';
import { paymentsApi } from '../src/messages/payments-api';
import { seriousViolations } from './axe';
import { picture } from './pictures';
import { desktop, ownerApi, signInAsOwner, siteForFile, sqlOn, visitorContext } from './harness';

const env = siteForFile();
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 } };

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alphanumerics = (n: number) => Array.from({ length: n }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
/** Test keys as Stripe's dashboard shows them, new for each test. */
const testKeys = () => ({
  publishableKey: `pk_test_${alphanumerics(24)}`,
  secretKey: `sk_test_${alphanumerics(24)}`,
  webhookSecret: `whsec_${alphanumerics(32)}`,
});

/** Every text the page holds, its fields' values and attributes too. */
const everything = (page: Page) => page.evaluate(() => document.documentElement.outerHTML + document.body.innerText);

async function openSidebar(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Config' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

async function ownerPage(viewport = desktop) {
  // bypassCSP lets the accessibility check inject axe-core.
  const context = await visitorContext(env.browser(), env.site(), { ...viewport, bypassCSP: true });
  const page = await context.newPage();
  await signInAsOwner(page, env.site());
  return { page, context, close: () => context.close() };
}

/** An unpaid bank-transfer order numbered `number`, as checkout leaves one, with its awaited payment. */
async function unpaidOrder(number: number): Promise<void> {
  const { websiteId } = env.site();
  const id = `e2e0rder${number}`;
  await sqlOn(
    env.site(),
    `INSERT INTO orders (website_id, id, number, attempt_id, cart_id, email, customer_name, currency, subtotal_cents, discount_cents, shipping_cents, tax_cents,
        total_cents, prices_include_tax, payment_status, provider, payment_method, payment_instructions, test_mode, access_token_hash, cancel_unpaid_at)
      VALUES ($1, $2, $3, $2, $2, 'ada@example.com', 'Ada Lovelace', 'USD', 4800, 0, 0, 0, 4800, false, 'unpaid', 'manual', 'bank_transfer', 'Pay to our account.', true, $2,
        now() + interval '7 days')`,
    [websiteId, id, number],
  );
  await sqlOn(
    env.site(),
    `INSERT INTO payments (website_id, id, attempt_id, order_id, provider, provider_payment_id, method, amount_cents, currency, status)
      VALUES ($1, $2, $2, $2, 'manual', $2, 'bank_transfer', 4800, 'USD', 'pending')`,
    [websiteId, id],
  );
}

describe('Store → Payments', () => {
  it('an owner turns test mode off and on, offers bank transfer with its instructions, and sets the next order number', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage();
    await openSidebar(page, 'Payments');
    expect(new URL(page.url()).pathname).toBe('/config/store/payments');
    const testMode = page.getByRole('checkbox', { name: 'Test mode' });
    const on = page.getByText('Test mode is on: shoppers pay with test cards and no money is taken.');
    // A new store on a managed database (DATABASE_URL) takes real payments from the start.
    await page.getByText('Test mode is off: shoppers pay for real, with the payment methods you turn on.').waitFor();
    expect(await testMode.isChecked()).toBe(false);
    await page.getByText('While test mode is on, checkout offers a test card beside your other payment methods', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await testMode.check();
    await on.waitFor();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();
    await page.reload();
    await on.waitFor();

    await testMode.uncheck();
    await page.getByText('Test mode is off: shoppers pay for real, with the payment methods you turn on.').waitFor();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();
    await page.reload();
    await page.getByText('Test mode is off: shoppers pay for real, with the payment methods you turn on.').waitFor();
    expect(await testMode.isChecked()).toBe(false);
    await testMode.check();
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();

    // Bank transfer on without instructions: the server asks for them, on the field.
    await page.getByRole('checkbox', { name: 'Offer Bank transfer' }).check();
    const instructions = page.getByLabel('Instructions for Bank transfer');
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByText('Write the instructions shoppers are shown and emailed for this method, or turn it off.').waitFor();
    expect(await instructions.getAttribute('aria-invalid')).toBe('true');
    await instructions.fill('Pay to IBAN GB33 BUKB 2020 1555 5555 55 with your order number.');
    await page.getByLabel('Days before an unpaid order is cancelled').fill('10');
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();
    await page.reload();
    expect(await page.getByLabel('Instructions for Bank transfer').inputValue()).toBe('Pay to IBAN GB33 BUKB 2020 1555 5555 55 with your order number.');
    expect(await page.getByLabel('Days before an unpaid order is cancelled').inputValue()).toBe('10');
    expect(await testMode.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Offer Cash on delivery' }).isChecked()).toBe(false);

    // An order numbered 1001 exists: the next number must be higher.
    await unpaidOrder(1001);
    await page.reload();
    const nextNumber = page.getByLabel('Next order number');
    await page.getByText('It may be set to 1002 or more.', { exact: false }).waitFor();
    await nextNumber.fill('1001');
    await page.getByRole('button', { name: 'Save order number' }).click();
    await page
      .getByText('The next order number must be higher than every order’s number so far: 1002 or more. Numbers are never given twice, so they cannot go back.')
      .first()
      .waitFor();
    await nextNumber.fill('5000');
    await page.getByRole('button', { name: 'Save order number' }).click();
    await page.getByRole('status').filter({ hasText: 'The next order will be number 5000.' }).waitFor();
    await page.reload();
    // The field is drawn before its number loads: the hint comes with the number.
    await page.getByText('It may be set to 1002 or more.', { exact: false }).waitFor();
    expect(await page.getByLabel('Next order number').inputValue()).toBe('5000');
    await close();
  });

  it('an owner marks an offline order paid in the orders list', { timeout: 120_000 }, async () => {
    await unpaidOrder(1002);
    const { page, close } = await ownerPage();
    await openSidebar(page, 'Orders');
    expect(new URL(page.url()).pathname).toBe('/config/store/orders');
    const table = page.getByRole('table', { name: 'Orders' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '#1002', exact: true }) });
    await row.getByText('Ada Lovelace').waitFor();
    await row.getByText('$48.00').waitFor();
    await row.getByText('Awaiting payment').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Mark paid: order 1002' }).click();
    await page.getByRole('status').filter({ hasText: 'Order 1002 is marked paid.' }).waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Mark paid: order 1002' }).count()).toBe(0);
    await page.reload();
    await row.getByText('Paid', { exact: true }).waitFor();
    expect((await sqlOn(env.site(), `SELECT payment_status FROM orders WHERE website_id = $1 AND number = 1002`, [env.site().websiteId]))[0]).toEqual({
      payment_status: 'paid',
    });
    await close();
  });
  it('an owner connects Stripe with test keys, changes the webhook secret and disconnects', { timeout: 180_000 }, async () => {
    const keys = testKeys();
    const { page, context, close } = await ownerPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site().url });
    await openSidebar(page, 'Payments');
    const card = page.getByRole('region', { name: 'Card payments (Stripe)' });
    await card.getByText('Not connected', { exact: true }).waitFor();
    await card.getByText('Card details go straight from the shopper to Stripe and never reach your store.', { exact: false }).waitFor();

    // The endpoint to add in Stripe's dashboard: its address, copied with a click, and each event it is sent.
    const endpoint = card.getByRole('textbox', { name: 'Endpoint URL' });
    const address = await endpoint.inputValue();
    expect(address).toMatch(/^https?:\/\//);
    expect(new URL(address).pathname).toBe(CHECKOUT_API.webhook('stripe'));
    expect(await endpoint.getAttribute('readonly')).not.toBeNull();
    await card.getByRole('button', { name: 'Copy URL' }).click();
    await card.getByRole('status').filter({ hasText: 'Copied the endpoint URL.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const events = card.getByRole('list', { name: 'Events to send' });
    for (const event of STRIPE_WEBHOOK_EVENTS) await events.getByText(event, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Copy all events' }).click();
    await card.getByRole('status').filter({ hasText: 'Copied the events, one a line.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(STRIPE_WEBHOOK_EVENTS.join('\n'));

    const publishable = card.getByLabel('Publishable key');
    const secret = card.getByLabel('Secret key');
    const webhook = card.getByLabel('Webhook secret');
    expect(await secret.getAttribute('type')).toBe('password');
    expect(await secret.getAttribute('autocomplete')).toBe('off');
    expect(await webhook.getAttribute('type')).toBe('password');
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'stripe-not-connected-1280');

    // The secret key pasted where the publishable key goes: refused, on that field.
    await publishable.fill(keys.secretKey);
    await secret.fill(keys.secretKey);
    await webhook.fill(keys.webhookSecret);
    await card.getByRole('button', { name: 'Connect Stripe' }).click();
    await card
      .getByText('Paste the publishable key from Stripe’s dashboard (Developers → API keys): it starts with pk_live_ or pk_test_.', { exact: true })
      .first()
      .waitFor();
    expect(await publishable.getAttribute('aria-invalid')).toBe('true');
    expect(await secret.getAttribute('aria-invalid')).toBeNull();
    await card.getByText('Not connected', { exact: true }).waitFor();

    // Stripe out of reach (the server's 502, played by the browser once): said at the top of the card, the keys still typed.
    await publishable.fill(keys.publishableKey);
    await page.route(`**${PAYMENTS_API.STRIPE}*`, (route) => route.fulfill({ status: 502, json: { error: paymentsApi.stripeUnreachable } }), { times: 1 });
    await card.getByRole('button', { name: 'Connect Stripe' }).click();
    await card.getByRole('alert').filter({ hasText: 'Stripe could not be reached to check the keys. Nothing was changed; try again in a moment.' }).waitFor();
    expect(await publishable.getAttribute('aria-invalid')).toBeNull();
    expect(await secret.inputValue()).toBe(keys.secretKey);
    await card.getByText('Not connected', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Connect Stripe' }).click();
    await card.getByRole('status').filter({ hasText: 'Stripe is connected.' }).waitFor();
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText('Stripe test mode', { exact: true }).waitFor();
    await card.getByText(/^Connected to .+\.$/).waitFor();
    await card.getByText('These are test keys (Stripe’s test mode): shoppers pay with Stripe’s test cards and no money is taken.', { exact: false }).waitFor();
    await card.getByText(keys.publishableKey, { exact: true }).waitFor();
    await card.getByText(`Ending in ••••${keys.secretKey.slice(-4)}`, { exact: true }).waitFor();
    await card.getByText('Set', { exact: true }).waitFor();
    // Focus is not left on the form that went away.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Card payments (Stripe)');
    // The secrets are nowhere in the page, not even in a field's value.
    expect(await everything(page)).not.toContain(keys.secretKey);
    expect(await everything(page)).not.toContain(keys.webhookSecret);
    // Test mode's words follow: the test card beside Card, and Stripe's test keys take no money either.
    const testModeOn = await page.getByRole('checkbox', { name: 'Test mode' }).isChecked();
    await page
      .getByText(
        testModeOn
          ? 'Test mode is on: checkout offers the test card beside Card, and your Stripe keys are test keys, so no money is taken either way.'
          : 'Test mode is off, but your Stripe keys are test keys: Card takes only Stripe’s test cards, and no money.',
      )
      .waitFor();
    // Saving the other settings keeps the connection as it is.
    await page.getByRole('button', { name: 'Save payment settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment settings saved.' }).waitFor();
    await page.reload();
    await card.getByText(`Ending in ••••${keys.secretKey.slice(-4)}`, { exact: true }).waitFor();
    await card.getByText('In Stripe’s dashboard (Developers → Webhooks), the store’s endpoint has this address and is sent these events.').waitFor();
    expect(await card.getByRole('textbox', { name: 'Endpoint URL' }).inputValue()).toBe(address);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'stripe-connected-1280');

    // A new webhook secret, the keys kept: the old secret is still accepted while Stripe rolls it over.
    await card.getByRole('button', { name: 'Change keys' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('text');
    expect(await publishable.inputValue()).toBe(keys.publishableKey);
    expect(await secret.inputValue()).toBe('');
    await card.getByText(`Leave it empty to keep the stored key, ending in ••••${keys.secretKey.slice(-4)}.`).waitFor();
    const rolled = `whsec_${alphanumerics(32)}`;
    await webhook.fill(rolled);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'stripe-change-keys-1280');
    await card.getByRole('button', { name: 'Save keys' }).click();
    await card.getByRole('status').filter({ hasText: 'The new Stripe keys are saved.' }).waitFor();
    await card.getByText(/^The previous signing secret is still accepted until .+\d.*, while Stripe rolls it over\.$/).waitFor();
    await card.getByText(`Ending in ••••${keys.secretKey.slice(-4)}`, { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Save keys' }).count()).toBe(0);
    expect(await everything(page)).not.toContain(rolled);

    // Disconnecting asks first; cancelled, nothing changes.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disconnect Stripe?' });
    await dialog.getByText('Orders already paid by card keep their payments.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await card.getByRole('status').filter({ hasText: 'Stripe is disconnected: shoppers can no longer pay by card.' }).waitFor();
    await card.getByText('Not connected', { exact: true }).waitFor();
    expect(await card.getByLabel('Publishable key').inputValue()).toBe('');
    await page.reload();
    await card.getByText('Not connected', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Connect Stripe' }).waitFor();
    await close();
  });

  it('the Stripe card fits a 390 px phone, connected or not, and warns when the webhook secret is missing', { timeout: 120_000 }, async () => {
    const { page, close } = await ownerPage(phone);
    await page.goto(`${env.site().url}/config/store/payments`);
    const card = page.getByRole('region', { name: 'Card payments (Stripe)' });
    await card.getByRole('button', { name: 'Connect Stripe' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'stripe-not-connected-390');

    // Connected without a webhook secret: said plainly, with what it costs.
    const { webhookSecret: _none, ...keys } = testKeys();
    const api = await ownerApi(env.site());
    await api.call('PUT', PAYMENTS_API.STRIPE, keys);
    await page.reload();
    await card.getByText('Missing', { exact: true }).waitFor();
    await card
      .getByText('Without the webhook secret, a payment whose shopper closed the page is noticed within a few minutes instead of at once.', { exact: false })
      .waitFor();
    await card.getByRole('button', { name: 'Change keys' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await picture(page, 'stripe-connected-390');
    await card.getByRole('button', { name: 'Change keys' }).click();
    await card.getByRole('button', { name: 'Save keys' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await picture(page, 'stripe-change-keys-390');
    await api.call('DELETE', PAYMENTS_API.STRIPE);
    await close();
  });
});
