/**
 * Store → Payments over HTTP (src/contracts/payments.ts): test mode, the manual methods with their
 * instructions and the days before an unpaid one cancels itself, read and written, bad input refused
 * with a 400 naming the field; the next order number, never at or below an order's; who may do what
 * (`commerce-payments`), the crumb on every write; and test mode's start: on for a new store on the
 * embedded database, off on a managed one.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { orderNumberAnswer, paymentSettingsAnswer, STRIPE_SECRET_OVERLAP_HOURS, stripeConnection } from '../src/contracts/payments';
import { STRIPE_WEBHOOK_EVENTS } from '../src/domain/checkout/protocol';
import { paymentsApi } from '../src/messages/payments-api';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { importDemoIfEmpty } from '../src/server/demo';
import { freshDatabase } from './db';
import { insertOrder, stockedVariant } from './order-fixture';
import { signedIn, type Client } from './session';
import { storeSiteForFile } from './store-harness';
import { stripeClient } from './payments-service-client';
import { testPaymentsUrl } from './test-payments';

const site = storeSiteForFile('payments-config');

const SETTINGS = '/api/config/store/payments';
const ORDER_NUMBER = '/api/config/store/order-number';

/** The settings the owner sees, less the Stripe connection (its own tests are below). */
const withoutStripe = (body: unknown) => {
  const { stripe: _stripe, ...rest } = paymentSettingsAnswer.parse(body);
  return rest;
};
const settings = async (as: Client = site.owner) => withoutStripe((await as.call('GET', SETTINGS)).json());

const bank = { method: 'bank_transfer', enabled: true, instructions: 'Pay to IBAN GB33 BUKB 2020 1555 5555 55, reference your order number.' };
const off = (method: string) => ({ method, enabled: false, instructions: '' });

async function refused(as: Client, url: string, body: unknown, field: string): Promise<string> {
  const res = await as.call('PUT', url, body);
  expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
  const message = (res.json() as { errors?: Record<string, string> }).errors?.[field];
  expect(message, res.body).toBeTruthy();
  return message!;
}

describe('payment settings', () => {
  it('start with test mode off and no offline method for a store made without them, each method listed', async () => {
    expect(await settings()).toEqual({
      testMode: false,
      manualMethods: [off('bank_transfer'), off('cash_on_delivery'), off('pay_at_pickup')],
      cancelUnpaidDays: 7,
    });
  });

  it('are saved whole, instructions kept while a method is off, and logged', async () => {
    const res = await site.owner.call('PUT', SETTINGS, { testMode: true, manualMethods: [bank], cancelUnpaidDays: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(withoutStripe(res.json())).toEqual({
      testMode: true,
      manualMethods: [bank, off('cash_on_delivery'), off('pay_at_pickup')],
      cancelUnpaidDays: 10,
    });
    const pickup = { method: 'pay_at_pickup', enabled: true, instructions: '  Pay at the studio, 4 Kiln Lane, Tuesday to Saturday.  ' };
    await site.owner.call('PUT', SETTINGS, { testMode: false, manualMethods: [{ ...bank, enabled: false }, pickup], cancelUnpaidDays: 10 });
    expect(await settings()).toEqual({
      testMode: false,
      manualMethods: [{ ...bank, enabled: false }, off('cash_on_delivery'), { ...pickup, instructions: pickup.instructions.trim() }],
      cancelUnpaidDays: 10,
    });
    const { rows } = await site.database.pool.query(
      `SELECT detail FROM activity_log WHERE website_id = $1 AND action = 'payments.settings_updated' ORDER BY id`,
      [site.websiteId],
    );
    expect(rows.map((r) => r.detail)).toEqual([
      { testMode: true, manualMethods: ['bank_transfer'], cancelUnpaidDays: 10 },
      { testMode: false, manualMethods: ['pay_at_pickup'], cancelUnpaidDays: 10 },
    ]);
  });

  it('refuse a method turned on without instructions, days out of 1–90, a method twice, and a body of another shape', async () => {
    const before = await settings();
    const base = { testMode: true, manualMethods: [bank], cancelUnpaidDays: 7 };
    expect(
      await refused(
        site.owner,
        SETTINGS,
        { ...base, manualMethods: [bank, { method: 'cash_on_delivery', enabled: true, instructions: '   ' }] },
        'manualMethods.1.instructions',
      ),
    ).toBe('Write the instructions shoppers are shown and emailed for this method, or turn it off.');
    expect(await refused(site.owner, SETTINGS, { ...base, manualMethods: [{ ...bank, instructions: 'x'.repeat(2001) }] }, 'manualMethods.0.instructions')).toBe(
      'Instructions are at most 2,000 characters.',
    );
    for (const days of [0, 91, 2.5, '7'])
      expect(await refused(site.owner, SETTINGS, { ...base, cancelUnpaidDays: days }, 'cancelUnpaidDays')).toBe('Choose between 1 and 90 days.');
    expect(await refused(site.owner, SETTINGS, { ...base, manualMethods: [bank, bank] }, 'manualMethods.1.method')).toBe('Each payment method is listed once.');
    await refused(site.owner, SETTINGS, { ...base, manualMethods: [{ ...bank, method: 'cheque' }] }, 'manualMethods.0.method');
    await refused(site.owner, SETTINGS, { ...base, stripeKey: 'sk_live_x' }, '_');
    await refused(site.owner, SETTINGS, { manualMethods: [], cancelUnpaidDays: 7 }, 'testMode');
    expect(await settings()).toEqual(before);
  });

  // related to 000-6.02 (the commerce-payments sub-area enforced; the page context's accessPermissions are not asserted here)
  it('are read by whoever may see the store’s payments and changed only by whoever may change them, with the crumb', async () => {
    const body = { testMode: true, manualMethods: [], cancelUnpaidDays: 7 };
    expect((await site.editor.call('GET', SETTINGS)).statusCode).toBe(403);
    expect((await site.viewer.call('GET', SETTINGS)).statusCode).toBe(200);
    expect((await site.viewer.call('PUT', SETTINGS, body)).statusCode).toBe(403);
    expect((await site.editor.call('PUT', ORDER_NUMBER, { nextNumber: 5000 })).statusCode).toBe(403);
    expect((await site.owner.call('PUT', SETTINGS, body, { crumb: false })).statusCode).toBe(403);
    expect((await site.storeManager.call('PUT', SETTINGS, body)).statusCode).toBe(200);
    expect((await settings()).testMode).toBe(true);
  });
});

describe('the next order number', () => {
  it('is 1001 until set, may be set higher than every order’s number, and never to one at or below it', async () => {
    expect(orderNumberAnswer.parse((await site.owner.call('GET', ORDER_NUMBER)).json())).toEqual({ nextNumber: 1001, lowest: 1 });
    const set = await site.owner.call('PUT', ORDER_NUMBER, { nextNumber: 5000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ nextNumber: 5000, lowest: 1 });

    const variantId = await stockedVariant(site.database.pool, site.websiteId, site.shop.id, { qty: 5 });
    await insertOrder(site.database.pool, site.websiteId, { number: 5000, lines: [{ variantId, quantity: 1 }] });
    await site.database.pool.query(`UPDATE order_numbers SET next_number = 5001 WHERE website_id = $1`, [site.websiteId]);
    const message =
      'The next order number must be higher than every order’s number so far: 5001 or more. Numbers are never given twice, so they cannot go back.';
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 5000 }, 'nextNumber')).toBe(message);
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 1200 }, 'nextNumber')).toBe(message);
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 0 }, 'nextNumber')).toBe('An order number is a whole number, 1 or more.');
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 1.5 }, 'nextNumber')).toBe('An order number is a whole number, 1 or more.');
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 2_000_000_000 }, 'nextNumber')).toBe('An order number is at most 1,000,000,000.');
    expect(orderNumberAnswer.parse((await site.owner.call('GET', ORDER_NUMBER)).json())).toEqual({ nextNumber: 5001, lowest: 5001 });
    expect((await site.owner.call('PUT', ORDER_NUMBER, { nextNumber: 5001 })).statusCode).toBe(200);
    expect((await site.owner.call('PUT', ORDER_NUMBER, { nextNumber: 10000 })).json()).toEqual({ nextNumber: 10000, lowest: 5001 });
  });
});

describe('test mode at a store’s start', () => {
  const testModeOf = async (pool: pg.Pool, identifier: string) =>
    (
      await pool.query<{ test_mode: boolean }>(`SELECT s.test_mode FROM payment_settings s JOIN websites w ON w.id = s.website_id WHERE w.identifier = $1`, [
        identifier,
      ])
    ).rows[0]?.test_mode;

  it('is on for a new site on the embedded database, off for one on a managed database, and on for the demo', async () => {
    const res = await site.owner.call('POST', '/api/auth/Sites', { identifier: 'pottery-two', title: 'Pottery two', template: 'blank' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await testModeOf(site.database.pool, 'pottery-two')).toBe(true);

    const managed = await buildApp({
      database: site.database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      siteLimits: { newStoreTestMode: false },
    });
    try {
      const owner = await signedIn(managed, 'owner@example.com', 'owner-password-123');
      const made = await owner.call('POST', '/api/auth/Sites', { identifier: 'pottery-three', title: 'Pottery three', template: 'blank' });
      expect(made.statusCode, made.body).toBe(200);
      expect(await testModeOf(site.database.pool, 'pottery-three')).toBe(false);
    } finally {
      await managed.close();
    }

    const empty = await freshDatabase();
    try {
      const demoId = await importDemoIfEmpty(empty.db);
      const { rows } = await empty.pool.query(`SELECT test_mode FROM payment_settings WHERE website_id = $1`, [demoId]);
      expect(rows).toEqual([{ test_mode: true }]);
    } finally {
      await empty.drop();
    }
  });
});

describe('connecting Stripe', () => {
  // Covers: the "keys are secrets at rest; the publishable key alone reaches the browser".
  const STRIPE = '/api/config/store/payments/stripe';
  const alnum = (n: number) => randomBytes(n).toString('hex').slice(0, n);
  const keys = { publishableKey: `pk_test_${alnum(24)}`, secretKey: `sk_test_${alnum(24)}`, webhookSecret: `whsec_${alnum(32)}` };
  const stored = async () =>
    (
      await site.database.pool.query(
        `SELECT stripe_publishable_key AS pk, stripe_secret_key AS sk, stripe_webhook_secret AS wh, stripe_previous_webhook_secret AS prev
         FROM payment_settings WHERE website_id = $1`,
        [site.websiteId],
      )
    ).rows[0] as { pk: string | null; sk: string | null; wh: string | null; prev: string | null } | undefined;

  it('shows a store not connected the webhook address to give Stripe and the events to send', async () => {
    const { stripe } = paymentSettingsAnswer.parse((await site.owner.call('GET', SETTINGS)).json());
    expect(stripe).toMatchObject({ connected: false, mode: null, publishableKey: null, secretKeyEnding: null, webhookSecretSet: false });
    expect(stripe.webhookUrl).toMatch(/^http:\/\/[^/]+\/api\/commerce\/webhooks\/stripe$/);
    expect(stripe.events).toEqual([...STRIPE_WEBHOOK_EVENTS]);
  });

  it('refuses keys of the wrong shape, a secret key of the other mode, and one Stripe refuses, keeping nothing', async () => {
    await refused(site.owner, STRIPE, { ...keys, publishableKey: 'pk_test_short' }, 'publishableKey');
    await refused(site.owner, STRIPE, { ...keys, secretKey: keys.publishableKey }, 'secretKey');
    await refused(site.owner, STRIPE, { ...keys, webhookSecret: 'secret' }, 'webhookSecret');
    await refused(site.owner, STRIPE, { publishableKey: keys.publishableKey }, 'secretKey');
    expect(await refused(site.owner, STRIPE, { ...keys, publishableKey: `pk_live_${alnum(24)}` }, 'publishableKey')).toBe(paymentsApi.keysModes);
    // The test payment service opens accounts for sk_test_ keys only: a live key is refused as Stripe refuses a revoked one.
    expect(await refused(site.owner, STRIPE, { ...keys, publishableKey: `pk_live_${alnum(24)}`, secretKey: `sk_live_${alnum(24)}` }, 'secretKey')).toBe(
      paymentsApi.secretKeyRefused,
    );
    expect((await stored())?.sk ?? null).toBeNull();
  });

  it('checks the secret key with Stripe, keeps both secrets sealed, and answers only the key’s last four characters', async () => {
    const res = await site.owner.call('PUT', STRIPE, keys);
    expect(res.statusCode, res.body).toBe(200);
    const answer = stripeConnection.parse(res.json());
    expect(answer).toMatchObject({ connected: true, mode: 'test', publishableKey: keys.publishableKey, secretKeyEnding: keys.secretKey.slice(-4) });
    expect(answer.webhookSecretSet).toBe(true);
    expect(answer.accountName).toBeTruthy();
    const again = await site.owner.call('GET', SETTINGS);
    for (const body of [res.body, again.body]) {
      expect(body).not.toContain(keys.secretKey);
      expect(body).not.toContain(keys.webhookSecret);
    }
    const row = await stored();
    expect(row?.pk).toBe(keys.publishableKey);
    expect(row?.sk).toMatch(/^sealed:v1:/);
    expect(row?.wh).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(row)).not.toContain(keys.secretKey.slice(8));
    const { rows } = await site.database.pool.query(`SELECT action, detail FROM activity_log WHERE website_id = $1 AND action LIKE 'payments.stripe%'`, [
      site.websiteId,
    ]);
    expect(rows).toEqual([{ action: 'payments.stripe_connected', detail: { mode: 'test', secretKeyChanged: true, webhookSecretChanged: true } }]);
    // The site's address is registered for Apple Pay and Google Pay.
    const domains = (await stripeClient(testPaymentsUrl(), keys.secretKey).get<{ data: { domain_name: string }[] }>('/v1/payment_method_domains')).body;
    expect(domains.data.map((d) => d.domain_name)).toEqual([new URL(answer.webhookUrl).hostname]);
  });

  it('keeps a key left out, and accepts the replaced signing secret for a day while Stripe rolls it', async () => {
    const rolled = `whsec_${alnum(32)}`;
    const res = await site.owner.call('PUT', STRIPE, { publishableKey: keys.publishableKey, webhookSecret: rolled });
    expect(res.statusCode, res.body).toBe(200);
    const answer = stripeConnection.parse(res.json());
    expect(answer.secretKeyEnding).toBe(keys.secretKey.slice(-4));
    const until = Date.parse(answer.previousWebhookSecretUntil ?? '');
    expect(until - Date.now()).toBeGreaterThan((STRIPE_SECRET_OVERLAP_HOURS - 1) * 3_600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(STRIPE_SECRET_OVERLAP_HOURS * 3_600_000);
    const provider = await site.app.payments.provider(site.websiteId, 'stripe');
    const event = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: { object: { object: 'payment_intent', id: 'pi_1', metadata: { attempt_key: 'k' } } },
    });
    const signed = (secret: string) => ({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: event, secret }) });
    expect(provider.parseWebhook(Buffer.from(event), signed(rolled))).toMatchObject({ eventId: 'evt_1', action: 'captured' });
    expect(provider.parseWebhook(Buffer.from(event), signed(keys.webhookSecret))).toMatchObject({ eventId: 'evt_1' });
    expect(provider.parseWebhook(Buffer.from(event), signed(`whsec_${alnum(32)}`))).toBeNull();
  });

  it('is changed only by whoever may change the store’s payments, with the crumb; read by whoever may see them', async () => {
    expect((await site.editor.call('PUT', STRIPE, keys)).statusCode).toBe(403);
    expect((await site.viewer.call('DELETE', STRIPE)).statusCode).toBe(403);
    expect((await site.owner.call('PUT', STRIPE, keys, { crumb: false })).statusCode).toBe(403);
    const seen = await site.storeManager.call('GET', SETTINGS);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain(keys.secretKey);
  });

  it('says Stripe could not be reached, changing nothing, when it does not answer', async () => {
    const closed = await buildApp({
      database: site.database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      payments: { stripeApiUrl: 'http://127.0.0.1:9' },
    });
    try {
      const owner = await signedIn(closed, 'owner@example.com', 'owner-password-123');
      const res = await owner.call('PUT', STRIPE, { ...keys, secretKey: `sk_test_${alnum(24)}` });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toEqual({ error: paymentsApi.stripeUnreachable });
    } finally {
      await closed.close();
    }
    expect(stripeConnection.parse((await site.owner.call('GET', STRIPE.replace('/stripe', ''))).json().stripe).secretKeyEnding).toBe(keys.secretKey.slice(-4));
  });

  it('forgets every key when disconnected, and the checkout stops offering cards', async () => {
    const res = await site.owner.call('DELETE', STRIPE);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripeConnection.parse(res.json())).toMatchObject({ connected: false, publishableKey: null, secretKeyEnding: null });
    expect(await stored()).toMatchObject({ pk: null, sk: null, wh: null, prev: null });
    await expect(site.app.payments.provider(site.websiteId, 'stripe')).rejects.toThrow(paymentsApi.stripeNotConnected);
  });
});
