/**
 * Checkout with cards through Stripe, on the server: the Stripe provider on Stripe's SDK against
 * the test payment service, the store's keys as the owner saved them. Placing makes one
 * PaymentIntent for the server's amount, kept for the attempt and answered again to a retry; the
 * browser confirms it (here, as Stripe's script would, with the publishable key and the client
 * secret), and the way back, the webhook or the hold sweep settles the attempt from Stripe's state.
 * A shopper back without paying gets no order. Exporting and importing the site carry no secret.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import Stripe from 'stripe';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../src/server/jobs/queue';
import { checkoutApi } from '../src/messages/checkout-api';
import { connectStripe } from '../src/server/modules/payments/stripe-connection';
import { sweepExpiredHolds } from '../src/server/modules/checkout/sweep';
import { actOnPayment, PAYMENT_EVENT_JOB, paymentEventHandler } from '../src/server/modules/checkout/webhooks';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { TEAM_ROLES } from '../src/domain/roles';
import { importSite } from '../src/server/modules/content/operations/import-site';
import { attemptOf, card, HOST, ordersOf, place, placeBody, qtyInStock, shopForFile, shopperWith } from './checkout-shop';
import { SHOP } from './shop-fixture';
import { freshDatabase } from './db';
import { signedIn } from './session';
import { statementsDuring } from './statements';
import { stripeClient } from './payments-service-client';
import { testPaymentsUrl } from './test-payments';

const shop = shopForFile();
const alnum = (n: number) => randomBytes(n).toString('hex').slice(0, n);
const keys = { publishableKey: `pk_test_${alnum(24)}`, secretKey: `sk_test_${alnum(24)}`, webhookSecret: `whsec_${alnum(32)}` };
const mug: [string, string, number] = [SHOP.mug, SHOP.mugBlue, 1];
const byCard = () => placeBody({ payment: { provider: 'stripe' } });

const OWNER = { email: 'stripe-owner@example.com', password: 'owner-password-123' };

beforeAll(async () => {
  const owner = await createAccount(shop.database.db, OWNER.email, OWNER.password);
  await setRole(shop.database.db, shop.websiteId, owner, TEAM_ROLES.ADMIN);
  const deps = {
    db: shop.database.db,
    stripeApiUrl: testPaymentsUrl(),
    webhookUrl: `http://${HOST}/api/commerce/webhooks/stripe`,
    changed: shop.app.payments.changed,
  };
  await connectStripe(deps, shop.websiteId, owner, keys);
});

/** Stripe's script confirming the payment in the browser: the publishable key and the client secret, a card typed into the Payment Element. */
async function confirmInBrowser(clientSecret: string, cardNumber: string, returnUrl: string) {
  const id = clientSecret.split('_secret_')[0]!;
  const res = await fetch(`${testPaymentsUrl()}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, key: keys.publishableKey, payment_method: cardNumber, return_url: returnUrl }).toString(),
  });
  return { status: res.status, body: (await res.json()) as { status?: string; error?: { type: string } } };
}

const account = () => stripeClient(testPaymentsUrl(), keys.secretKey);
const back = (c: Awaited<ReturnType<typeof shopperWith>>, returnUrl: string) => c.call('GET', new URL(returnUrl).pathname + new URL(returnUrl).search);

describe('a card through Stripe', () => {
  it('is answered with one payment for the server’s amount to confirm in the browser, the same to a retry', async () => {
    const c = await shopperWith(shop.app, [mug]);
    const body = byCard();
    const first = await place(c, body);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json() as { state: string; clientSecret: string; returnUrl: string };
    expect(answer.state).toBe('confirm');
    expect(answer.returnUrl).toBe(`http://${HOST}/checkout/return?attempt=${body.attemptKey}`);
    const again = await place(c, body);
    expect(again.json()).toEqual(answer);
    const attempt = await attemptOf(shop, body.attemptKey);
    expect(attempt.state).toBe('requires_action');
    expect(answer.clientSecret.startsWith(`${attempt.payment}_secret_`)).toBe(true);
    const intent = (await account().get(`/v1/payment_intents/${attempt.payment}`)).body as { amount: number; currency: string; capture_method: string };
    expect(intent).toMatchObject({ amount: attempt.amount, currency: attempt.currency.toLowerCase(), capture_method: 'manual' });
    const made = (await account().events('payment_intent.created')).filter((e) => e.data.object.metadata.attempt_key === body.attemptKey);
    expect(made).toHaveLength(1);
  });

  it('makes no order for a shopper back without paying, and keeps the attempt open for them', async () => {
    const c = await shopperWith(shop.app, [mug]);
    const body = byCard();
    const answer = (await place(c, body)).json() as { returnUrl: string };
    const res = await back(c, answer.returnUrl);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/checkout?failed=unpaid');
    const attempt = await attemptOf(shop, body.attemptKey);
    expect(attempt).toMatchObject({ state: 'requires_action', order: null });
    const page = await c.call('GET', '/checkout?failed=unpaid');
    expect(page.body).toContain(checkoutApi.unpaid.replace(/'/g, '&#x27;'));
  });

  it('is an order once confirmed: authorised for the attempt’s amount, one charge', async () => {
    const c = await shopperWith(shop.app, [mug]);
    const body = byCard();
    const answer = (await place(c, body)).json() as { clientSecret: string; returnUrl: string };
    const confirmed = await confirmInBrowser(answer.clientSecret, card('succeed'), answer.returnUrl);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe('requires_capture');
    const res = await back(c, answer.returnUrl);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/checkout\/orders\//);
    const attempt = await attemptOf(shop, body.attemptKey);
    expect(attempt.state).toBe('placed');
    expect(await ordersOf(shop, attempt.id)).toBe(1);
    const [payment] = await shop.sql<{ provider: string; method: string; amount: number }>(
      `SELECT provider, method, amount_cents AS amount FROM payments WHERE website_id = $1 AND attempt_id = $2`,
      [shop.websiteId, attempt.id],
    );
    expect(payment).toEqual({ provider: 'stripe', method: 'card', amount: attempt.amount });
    // The address's tax rule is kept with the order, for its receipt's tax per rate.
    const [taxed] = await shop.sql<{ name: string | null; rate: number | null }>(
      `SELECT tax_name AS name, tax_rate_milli AS rate FROM orders WHERE website_id = $1 AND attempt_id = $2`,
      [shop.websiteId, attempt.id],
    );
    expect(taxed).toEqual({ name: 'NY sales tax', rate: 8875 });
    expect((await back(c, answer.returnUrl)).headers.location).toBe(res.headers.location);
  });

  it('gives the stock back when the card is declined, and says so on the checkout page', async () => {
    const before = await qtyInStock(shop, SHOP.mugBlue);
    const c = await shopperWith(shop.app, [mug]);
    const body = byCard();
    const answer = (await place(c, body)).json() as { clientSecret: string; returnUrl: string };
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(before - 1);
    const declined = await confirmInBrowser(answer.clientSecret, card('decline'), answer.returnUrl);
    expect(declined.status).toBe(402);
    const res = await back(c, answer.returnUrl);
    expect(res.headers.location).toBe('/checkout?failed=declined');
    expect((await attemptOf(shop, body.attemptKey)).state).toBe('failed');
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(before);
  });

  it('is an order from Stripe’s webhook when the shopper never comes back', async () => {
    const c = await shopperWith(shop.app, [mug]);
    const body = byCard();
    const answer = (await place(c, body)).json() as { clientSecret: string };
    await confirmInBrowser(answer.clientSecret, card('succeed'), 'http://elsewhere.test/');
    const attempt = await attemptOf(shop, body.attemptKey);
    const [event] = (await account().events('payment_intent.amount_capturable_updated')).filter((e) => e.data.object.id === attempt.payment);
    const payload = JSON.stringify(event);
    const wrong = await shop.app.inject({
      method: 'POST',
      url: '/api/commerce/webhooks/stripe',
      headers: {
        host: HOST,
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: `whsec_${alnum(32)}` }),
      },
      payload,
    });
    expect(wrong.statusCode).toBe(400);
    // The site's keys read afresh (another server changed them): still at most 8 statements.
    shop.app.payments.changed(shop.websiteId);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret });
    const deliver = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/commerce/webhooks/stripe',
        headers: { host: HOST, 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    let res: Awaited<ReturnType<typeof deliver>> | undefined;
    const received = await statementsDuring(async () => {
      res = await deliver();
    });
    expect(res?.statusCode, res?.body).toBe(200);
    expect(received.count, received.statements.join('\n')).toBeLessThanOrEqual(8);
    const [job] = await shop.sql<{ payload: { provider: 'stripe'; paymentId: string; attemptKey: string } }>(
      `SELECT payload FROM jobs WHERE website_id = $1 AND kind = 'payment-event' AND payload->>'paymentId' = $2`,
      [shop.websiteId, attempt.payment],
    );
    expect(job?.payload.provider).toBe('stripe');
    expect(await actOnPayment(shop.deps, shop.websiteId, job!.payload)).toBe('placed');
    expect(await ordersOf(shop, attempt.id)).toBe(1);
  });

  it('is voided and its stock given back when the holds run out before the shopper confirms', async () => {
    const before = await qtyInStock(shop, SHOP.mugBlue);
    const c = await shopperWith(shop.app, [mug]);
    const body = byCard();
    const answer = (await place(c, body)).json() as { clientSecret: string; returnUrl: string };
    const attempt = await attemptOf(shop, body.attemptKey);
    await shop.sql(`UPDATE stock_holds SET expires_at = now() - interval '1 minute' WHERE website_id = $1 AND attempt_id = $2`, [shop.websiteId, attempt.id]);
    await sweepExpiredHolds(shop.deps);
    expect((await attemptOf(shop, body.attemptKey)).state).toBe('failed');
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(before);
    expect(((await account().get(`/v1/payment_intents/${attempt.payment}`)).body as { status: string }).status).toBe('canceled');
    // Too late to pay: the payment cannot be confirmed any more, and no order follows.
    expect((await confirmInBrowser(answer.clientSecret, card('succeed'), answer.returnUrl)).status).toBe(400);
    expect((await back(c, answer.returnUrl)).headers.location).toMatch(/^\/checkout\?failed=/);
    expect(await ordersOf(shop, attempt.id)).toBe(0);
  });
});

describe('a site connected to Stripe, exported and imported', () => {
  // The "Secrets": neither the secret key nor the webhook secret leaves in an export (the document or the archive) or reaches the imported site.
  it('carries neither the secret key nor the webhook signing secret', async () => {
    const owner = await signedIn(shop.app, OWNER.email, OWNER.password, HOST);
    const document = await owner.call('GET', '/api/config/export/document');
    const archive = await owner.call('GET', '/api/config/export');
    expect(document.statusCode, document.body).toBe(200);
    expect(archive.statusCode).toBe(200);
    for (const exported of [document.rawPayload, archive.rawPayload]) {
      for (const secret of [keys.secretKey, keys.webhookSecret]) expect(exported.includes(secret)).toBe(false);
    }
    // The archive imported on another install (as a template is made from a site) starts without Stripe.
    const elsewhere = await freshDatabase();
    try {
      const imported = await importSite({ db: elsewhere.db, store: shop.app.blobs }, { archive: Readable.from(archive.rawPayload) });
      const { rows } = await elsewhere.pool.query(`SELECT stripe_secret_key AS sk, stripe_publishable_key AS pk FROM payment_settings WHERE website_id = $1`, [
        imported.websiteId,
      ]);
      expect(
        rows
          .map((r) => [r.sk, r.pk])
          .flat()
          .filter((v) => v !== null),
      ).toEqual([]);
    } finally {
      await elsewhere.drop();
    }
  });
});

describe('Stripe’s webhooks as the test payment service delivers them', () => {
  // The webhook switches: twice, out of order, late, a stale timestamp, a wrong secret.
  type Delivery = { event_id: string; type: string; status: number; attempt: number };
  const SENT = ['payment_intent.amount_capturable_updated', 'payment_intent.payment_failed', 'payment_intent.canceled'];
  let endpoint: string;
  let receiver: Server;

  beforeAll(async () => {
    // Stripe posts to the site's address; here a receiver hands each delivery to the app as it came, bytes and headers.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void shop.app
          .inject({ method: 'POST', url: '/api/commerce/webhooks/stripe', headers: { ...req.headers, host: HOST }, payload: Buffer.concat(chunks) })
          .then((answer) => res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const made = await account().post<{ id: string; secret: string }>('/v1/webhook_endpoints', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      ...Object.fromEntries(SENT.map((type, i) => [`enabled_events[${i}]`, type])),
    });
    endpoint = made.body.id;
    // The owner pastes the endpoint's signing secret, as Store → Payments asks.
    const deps = {
      db: shop.database.db,
      stripeApiUrl: testPaymentsUrl(),
      webhookUrl: `http://${HOST}/api/commerce/webhooks/stripe`,
      changed: shop.app.payments.changed,
    };
    await connectStripe(deps, shop.websiteId, (await shop.sql<{ id: string }>(`SELECT id FROM accounts WHERE email = $1`, [OWNER.email]))[0]!.id, {
      publishableKey: keys.publishableKey,
      webhookSecret: made.body.secret,
    });
  });
  afterAll(async () => {
    await account().delete(`/v1/webhook_endpoints/${endpoint}`);
    await new Promise((resolve) => receiver.close(resolve));
  });

  const switches = (params: Record<string, string>) => account().post(`/v1/test_helpers/webhook_endpoints/${endpoint}`, params);
  const deliveries = async (paymentEvents: string[]) =>
    ((await account().get<{ data: Delivery[] }>(`/v1/test_helpers/webhook_endpoints/${endpoint}/deliveries`)).body.data ?? []).filter((d) =>
      paymentEvents.includes(d.event_id),
    );
  const eventIdsOf = async (paymentId: string) =>
    (await Promise.all(SENT.map((type) => account().events(type))))
      .flat()
      .filter((e) => e.data.object.id === paymentId)
      .map((e) => e.id);
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the service did not deliver in time');
  }
  async function runEventJobs(): Promise<void> {
    const rows = await shop.sql<{ id: number; website_id: string; payload: JobRow['payload'] }>(
      `SELECT id, website_id, payload FROM jobs WHERE website_id = $1 AND kind = $2 AND status = 'pending'`,
      [shop.websiteId, PAYMENT_EVENT_JOB],
    );
    const handle = paymentEventHandler(shop.deps);
    for (const r of rows) await handle({ id: r.id, websiteId: r.website_id, payload: r.payload } as JobRow);
    if (rows.length > 0) await shop.sql(`UPDATE jobs SET status = 'done' WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
  }
  /** A shopper who places by card and confirms it in the browser, and never comes back. */
  async function paidAndGone(cardNumber = card('succeed')) {
    const c = await shopperWith(shop.app, [mug]);
    const body = byCard();
    const answer = (await place(c, body)).json() as { clientSecret: string; returnUrl: string };
    await confirmInBrowser(answer.clientSecret, cardNumber, answer.returnUrl);
    return { c, body, answer, attempt: await attemptOf(shop, body.attemptKey) };
  }

  it('acts once on events delivered twice and newest first', async () => {
    await switches({ twice: 'true', hold: 'true' });
    const { attempt } = await paidAndGone();
    const ids = await eventIdsOf(attempt.payment);
    await account().post(`/v1/test_helpers/webhook_endpoints/${endpoint}/flush`, { order: 'reverse' });
    const sent = await until(
      () => deliveries(ids),
      (d) => d.length === ids.length * 2,
    );
    expect(sent.every((d) => d.status === 200)).toBe(true);
    await runEventJobs();
    expect(await ordersOf(shop, attempt.id)).toBe(1);
    const [kept] = await shop.sql<{ n: number }>(`SELECT count(*)::int AS n FROM provider_events WHERE website_id = $1 AND payment_id = $2`, [
      shop.websiteId,
      attempt.payment,
    ]);
    expect(kept?.n).toBe(ids.length);
    await switches({ twice: '', hold: '' });
  });

  it('makes one order when a late webhook meets the shopper already back', async () => {
    await switches({ delay_ms: '300' });
    const { c, answer, attempt } = await paidAndGone();
    const landed = await c.call('GET', new URL(answer.returnUrl).pathname + new URL(answer.returnUrl).search);
    expect(landed.headers.location).toMatch(/^\/checkout\/orders\//);
    const ids = await eventIdsOf(attempt.payment);
    await until(
      () => deliveries(ids),
      (d) => d.length >= ids.length,
    );
    await runEventJobs();
    expect(await ordersOf(shop, attempt.id)).toBe(1);
    await switches({ delay_ms: '' });
  });

  it('refuses a signature 301 s old or under another secret with a 400, keeping nothing', async () => {
    const cases: Record<string, string>[] = [{ stale_s: '301' }, { wrong_secret: 'true' }];
    for (const params of cases) {
      await switches(params);
      const { attempt } = await paidAndGone();
      const ids = await eventIdsOf(attempt.payment);
      const first = await until(
        () => deliveries(ids),
        (d) => d.filter((x) => x.attempt === 1).length >= ids.length,
      );
      // Each first try refused (the service tries again later, and is refused again).
      expect(first.filter((d) => d.attempt === 1).map((d) => d.status)).toEqual(ids.map(() => 400));
      const [kept] = await shop.sql<{ n: number }>(`SELECT count(*)::int AS n FROM provider_events WHERE website_id = $1 AND payment_id = $2`, [
        shop.websiteId,
        attempt.payment,
      ]);
      expect(kept?.n).toBe(0);
      expect(await ordersOf(shop, attempt.id)).toBe(0);
      await switches({ stale_s: '', wrong_secret: '' });
    }
  });
});
