/**
 * The test payment service's webhooks, account, payment method domains and browser access
 * (src/server/test-payments): endpoints made, changed and deleted through Stripe's SDK; each event
 * delivered signed so that the SDK's constructEvent takes it, without holding up the answer, and
 * retried on a failure; each test switch (twice, hold and flush, late, stale, wrong secret) doing
 * what it says; a publishable key allowed only to retrieve and confirm the payment whose client
 * secret it has; CORS; and endpoints and domains kept through a restart. Each test has an account
 * (a fresh key) of its own at the shared run's service, and a receiver of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { testCard } from '../src/domain/checkout/test-cards';
import { testPayments } from '../src/messages/test-payments';
import { startTestPayments, type TestPaymentsService } from '../src/server/test-payments/process';
import type { StripeEvent, WebhookEndpoint } from '../src/server/test-payments/stripe-objects';
import { RETRY_DELAYS_MS, WEBHOOK_USER_AGENT, type DeliveryAttempt, type Switches } from '../src/server/test-payments/webhooks';
import { stripeClient, type Body } from './payments-service-client';
import { testPaymentsUrl } from './test-payments';

const card = (outcome: Parameters<typeof testCard>[0]) => testCard(outcome).number;
const intent = { amount: 2500, currency: 'usd', capture_method: 'manual' };
const PAYMENT_EVENTS = ['payment_intent.created', 'payment_intent.amount_capturable_updated'];
/** Deliveries are asynchronous: polls wait for them, with room for a busy machine. */
const SOON = { timeout: 5_000, interval: 20 };

/** Stripe's SDK pointed at a test payment service. */
const sdk = (key: string, url = testPaymentsUrl()) => {
  const { hostname, port } = new URL(url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
};
/** How an app checks a delivery: Stripe's SDK's own. */
const constructEvent: typeof Stripe.webhooks.constructEvent = (...args) => Stripe.webhooks.constructEvent(...args);

type Received = { raw: string; headers: IncomingHttpHeaders; at: number };
const receivers: Server[] = [];
afterAll(async () => {
  for (const server of receivers) server.closeAllConnections();
  await Promise.all(receivers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A webhook receiver on a free port: it keeps what it gets, and answers each with the status `answer` gives (200 unless told). */
async function receiver(answer: (received: Received, n: number) => number | Promise<number> = () => 200) {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const received = { raw: Buffer.concat(chunks).toString('utf8'), headers: req.headers, at: Date.now() };
      got.push(received);
      res.writeHead(await answer(received, got.length)).end();
    });
  });
  receivers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    got,
    events: () => got.map((r) => JSON.parse(r.raw) as StripeEvent),
  };
}

/** An account of its own, with an endpoint to a receiver of its own asking for the payment events. */
async function setUp(answer?: Parameters<typeof receiver>[0]) {
  const service = stripeClient(testPaymentsUrl());
  const stripe = sdk(service.key);
  const hook = await receiver(answer);
  const endpoint = await stripe.webhookEndpoints.create({
    url: hook.url,
    enabled_events: ['payment_intent.created', 'payment_intent.amount_capturable_updated'],
  });
  const helpers = `/v1/test_helpers/webhook_endpoints/${endpoint.id}`;
  return {
    service,
    stripe,
    hook,
    endpoint,
    secret: endpoint.secret!,
    /** A payment authorised: two events. */
    pay: async () => {
      const pi = await service.post('/v1/payment_intents', intent);
      await service.post(`/v1/payment_intents/${pi.body.id}/confirm`, { payment_method: card('succeed') });
      return pi.body.id;
    },
    switch: (params: Record<string, string | number>) => service.post<WebhookEndpoint & { test_helpers: Switches & { held: number } }>(helpers, params),
    deliveries: async () => (await service.get<{ object: 'list'; data: DeliveryAttempt[] }>(`${helpers}/deliveries`)).body.data,
    flush: (order?: string) => service.post<{ object: 'list'; data: StripeEvent[] }>(`${helpers}/flush`, order ? { order } : {}),
  };
}

describe('webhook endpoints, as Stripe’s API has them', () => {
  it('are made, listed, changed and deleted through Stripe’s SDK, the secret shown only when made, each account seeing its own', async () => {
    const service = stripeClient(testPaymentsUrl());
    const stripe = sdk(service.key);
    const made = await stripe.webhookEndpoints.create({
      url: 'http://shop.test/webhooks/stripe',
      enabled_events: ['payment_intent.succeeded', 'charge.refunded'],
      description: 'The shop',
      metadata: { site: 'shop' },
    });
    expect(made).toMatchObject({
      object: 'webhook_endpoint',
      url: 'http://shop.test/webhooks/stripe',
      enabled_events: ['payment_intent.succeeded', 'charge.refunded'],
      status: 'enabled',
      description: 'The shop',
      metadata: { site: 'shop' },
      livemode: false,
      application: null,
      api_version: null,
    });
    expect(made.id).toMatch(/^we_/);
    expect(made.secret).toMatch(/^whsec_\w{20,}$/);
    expect(Math.abs(made.created - Date.now() / 1000)).toBeLessThan(60);
    const { secret, lastResponse: _made, ...shown } = made;
    const { lastResponse: _got, ...retrieved } = await stripe.webhookEndpoints.retrieve(made.id);
    expect(retrieved).toEqual(shown);
    expect((await stripe.webhookEndpoints.list()).data).toEqual([shown]);
    expect(secret).not.toBe((await stripe.webhookEndpoints.create({ url: 'http://shop.test/other', enabled_events: ['*'] })).secret);

    const changed = await stripe.webhookEndpoints.update(made.id, { url: 'https://shop.test/hooks', enabled_events: ['*'], disabled: true });
    expect(changed).toMatchObject({ id: made.id, url: 'https://shop.test/hooks', enabled_events: ['*'], status: 'disabled' });
    expect(changed.secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.update(made.id, { disabled: false })).status).toBe('enabled');

    const elsewhere = await stripeClient(testPaymentsUrl()).get(`/v1/webhook_endpoints/${made.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });

    expect(await stripe.webhookEndpoints.del(made.id)).toMatchObject({ id: made.id, object: 'webhook_endpoint', deleted: true });
    await expect(stripe.webhookEndpoints.retrieve(made.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).not.toContain(made.id);
  });

  it('refuses an endpoint without a url or events, or with a url that is not http(s), as Stripe words it', async () => {
    const service = stripeClient(testPaymentsUrl());
    const cases = [
      [{ 'enabled_events[0]': '*' }, 'url', 'parameter_missing'],
      [{ url: 'http://shop.test/hooks' }, 'enabled_events', 'parameter_missing'],
      [{ url: 'ftp://shop.test/hooks', 'enabled_events[0]': '*' }, 'url', 'url_invalid'],
      [{ url: 'http://shop.test/hooks', enabled_events: '*' }, 'enabled_events', 'parameter_invalid_empty'],
      [{ url: 'http://shop.test/hooks', 'enabled_events[0]': 'not an event' }, 'enabled_events', 'parameter_invalid'],
    ] as const;
    for (const [params, param, code] of cases) {
      const refused = await service.post('/v1/webhook_endpoints', params);
      expect(refused.status, JSON.stringify(params)).toBe(400);
      expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', param, code });
    }
    // A browser's form lists them as `a[]`.
    const listed = await service.post<WebhookEndpoint>('/v1/webhook_endpoints', { url: 'http://shop.test/hooks', 'enabled_events[]': 'charge.refunded' });
    expect(listed.body.enabled_events).toEqual(['charge.refunded']);
  });
});

describe('webhook deliveries', () => {
  it('POSTs each event to the endpoints that asked for its type, signed so that Stripe’s SDK takes it, without holding up the answer', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The receiver keeps its answer until the API has answered: the delivery cannot be what the answer waits for.
    const { service, stripe, hook, secret, deliveries } = await setUp(async () => {
      await released;
      return 200;
    });
    const other = await receiver();
    await stripe.webhookEndpoints.create({ url: other.url, enabled_events: ['charge.refunded'] });
    const off = await receiver();
    const disabled = await stripe.webhookEndpoints.create({ url: off.url, enabled_events: ['*'] });
    await stripe.webhookEndpoints.update(disabled.id, { disabled: true });

    const pi = await service.post('/v1/payment_intents', intent);
    expect(pi.status).toBe(200);
    await expect.poll(() => hook.got.length, SOON).toBe(1);
    release();
    await service.post(`/v1/payment_intents/${pi.body.id}/confirm`, { payment_method: card('succeed') });
    await expect.poll(() => hook.got.length, SOON).toBe(2);

    const made = (await service.get('/v1/events', { limit: 100 })).body.data.reverse();
    expect(hook.events()).toEqual(made);
    expect(made.map((e) => e.type)).toEqual(PAYMENT_EVENTS);
    for (const { raw, headers } of hook.got) {
      const event = constructEvent(raw, headers['stripe-signature']!, secret);
      expect(event.data.object).toMatchObject({ id: pi.body.id });
      expect(headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'user-agent': WEBHOOK_USER_AGENT });
      expect(headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    }
    expect(await deliveries()).toMatchObject(made.map((e) => ({ event_id: e.id, type: e.type, attempt: 1, status: 200 })));
    const [first] = await deliveries();
    expect(Math.abs(first!.signed_at - Date.now() / 1000)).toBeLessThan(60);
    expect(first!.delivered_at).toBeGreaterThanOrEqual(first!.signed_at);
    expect(other.got).toEqual([]);
    expect(off.got).toEqual([]);
  });

  it('retries a failed delivery by its schedule, each attempt recorded, and records no answer as status 0', async () => {
    const { service, stripe, hook, deliveries } = await setUp((_r, n) => (n === 1 ? 500 : 200));
    const pi = await service.post('/v1/payment_intents', intent);
    await expect.poll(async () => (await deliveries()).length, SOON).toBe(2);
    const [failed, retried] = await deliveries();
    expect([failed, retried]).toMatchObject([
      { attempt: 1, status: 500, type: 'payment_intent.created' },
      { attempt: 2, status: 200, type: 'payment_intent.created' },
    ]);
    expect(retried!.event_id).toBe(failed!.event_id);
    expect(hook.got[1]!.raw).toBe(hook.got[0]!.raw);
    expect(hook.got[1]!.at - hook.got[0]!.at).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] - 20);
    expect(JSON.parse(hook.got[0]!.raw)).toMatchObject({ data: { object: { id: pi.body.id } } });

    // Nothing listens on the closed receiver's port.
    const closed = await receiver();
    receivers.at(-1)!.close();
    const gone = await stripe.webhookEndpoints.create({ url: closed.url, enabled_events: ['*'] });
    await service.post('/v1/payment_intents', intent);
    const attempts = async () => (await service.get<{ data: DeliveryAttempt[] }>(`/v1/test_helpers/webhook_endpoints/${gone.id}/deliveries`)).body.data;
    await expect.poll(async () => (await attempts()).length, SOON).toBeGreaterThan(0);
    expect((await attempts())[0]).toMatchObject({ endpoint: gone.id, attempt: 1, status: 0, type: 'payment_intent.created' });
    // Deleted, it is tried no more.
    await stripe.webhookEndpoints.del(gone.id);
  });

  it('twice: sends each event twice, the same id and body, each copy signed', async () => {
    const { service, hook, secret, deliveries, switch: set } = await setUp();
    const on = await set({ twice: 'true' });
    expect(on.body.test_helpers).toEqual({ twice: true, hold: false, delay_ms: 0, stale_s: 0, wrong_secret: false, held: 0 });
    await service.post('/v1/payment_intents', intent);
    await expect.poll(() => hook.got.length, SOON).toBe(2);
    const [a, b] = hook.got.map((r) => constructEvent(r.raw, r.headers['stripe-signature']!, secret));
    expect(b!.id).toBe(a!.id);
    expect(hook.got[1]!.raw).toBe(hook.got[0]!.raw);
    expect((await deliveries()).map((d) => [d.event_id, d.attempt])).toEqual([
      [a!.id, 1],
      [a!.id, 1],
    ]);
    expect((await set({ twice: '' })).body.test_helpers.twice).toBe(false);
  });

  it('hold: keeps the events back until flushed, newest first unless told, then keeps holding until turned off', async () => {
    const { service, hook, pay, switch: set, flush } = await setUp();
    await set({ hold: 'true' });
    await pay();
    expect((await set({})).body.test_helpers).toMatchObject({ hold: true, held: 2 });
    expect(hook.got).toEqual([]);
    const flushed = await flush();
    expect(flushed.body.data.map((e) => e.type)).toEqual([...PAYMENT_EVENTS].reverse());
    await expect.poll(() => hook.events().map((e) => e.type), SOON).toEqual([...PAYMENT_EVENTS].reverse());
    expect(hook.events().map((e) => e.id)).toEqual(flushed.body.data.map((e) => e.id));

    await service.post('/v1/payment_intents', intent);
    expect((await set({})).body.test_helpers.held).toBe(1);
    expect((await flush('sideways')).status).toBe(400);
    // Turned off, what it held is sent.
    expect((await set({ hold: '' })).body.test_helpers).toMatchObject({ hold: false, held: 0 });
    await expect.poll(() => hook.got.length, SOON).toBe(3);
    await pay();
    await expect.poll(() => hook.events().map((e) => e.type), SOON).toEqual([...[...PAYMENT_EVENTS].reverse(), 'payment_intent.created', ...PAYMENT_EVENTS]);
  });

  it('delay_ms: each delivery arrives no sooner than the delay', async () => {
    const { service, hook, switch: set } = await setUp();
    await set({ delay_ms: 400 });
    const made = Date.now();
    await service.post('/v1/payment_intents', intent);
    await expect.poll(() => hook.got.length, SOON).toBe(1);
    expect(hook.got[0]!.at - made).toBeGreaterThanOrEqual(400);
    expect((await set({ delay_ms: 60_001 })).status).toBe(400);
  });

  it('stale_s: a correct signature made too long ago, refused by the SDK’s tolerance, and retried as any failure', async () => {
    // The receiver refuses what the SDK refuses, as an app's handler would.
    const {
      service,
      hook,
      secret,
      deliveries,
      switch: set,
    } = await setUp((r) => {
      try {
        constructEvent(r.raw, r.headers['stripe-signature']!, secret, 300);
        return 200;
      } catch {
        return 400;
      }
    });
    await set({ stale_s: 301 });
    await service.post('/v1/payment_intents', intent);
    await expect.poll(() => hook.got.length, SOON).toBe(1);
    const { raw, headers } = hook.got[0]!;
    const signature = headers['stripe-signature']!;
    expect(() => constructEvent(raw, signature, secret, 300)).toThrow(/Timestamp outside the tolerance zone/);
    expect(constructEvent(raw, signature, secret, 400).type).toBe('payment_intent.created');
    await set({ stale_s: '' });
    await expect.poll(async () => (await deliveries()).at(-1)?.status, SOON).toBe(200);
    const attempts = await deliveries();
    expect(attempts[0]).toMatchObject({ attempt: 1, status: 400 });
    expect(Date.now() / 1000 - attempts[0]!.signed_at).toBeGreaterThanOrEqual(300);
    expect(attempts.at(-1)!.attempt).toBeGreaterThan(1);
  });

  it('wrong_secret: signed under a secret that is not the endpoint’s', async () => {
    const { service, hook, secret, switch: set } = await setUp();
    await set({ wrong_secret: 'true' });
    await service.post('/v1/payment_intents', intent);
    await expect.poll(() => hook.got.length, SOON).toBeGreaterThan(0);
    const { raw, headers } = hook.got[0]!;
    expect(() => constructEvent(raw, headers['stripe-signature']!, secret)).toThrow(/No signatures found matching the expected signature/);
  });

  it('refuses an unknown switch or a value a switch does not take, and switches of another account’s endpoint', async () => {
    const { endpoint, switch: set } = await setUp();
    expect((await set({ loud: 'true' })).body).toMatchObject({ error: { param: 'loud', code: 'parameter_unknown' } });
    expect((await set({ twice: 'yes' })).status).toBe(400);
    expect((await set({ stale_s: -1 })).status).toBe(400);
    const elsewhere = await stripeClient(testPaymentsUrl()).post(`/v1/test_helpers/webhook_endpoints/${endpoint.id}`, { twice: 'true' });
    expect(elsewhere.status).toBe(404);
  });
});

describe('a browser, with a publishable key as Stripe.js calls', () => {
  const publishable = `pk_test_${randomBytes(12).toString('hex')}`;
  const url = testPaymentsUrl();
  const browser = async (method: 'GET' | 'POST', path: string, params: Record<string, string>, headers: Record<string, string> = {}) => {
    const form = new URLSearchParams(params).toString();
    const res = await fetch(`${url}${path}${method === 'GET' ? `?${form}` : ''}`, {
      method,
      headers: { ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...headers },
      body: method === 'POST' ? form : undefined,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  };

  it('retrieves and confirms the payment whose client secret it has, as the secret key would, and nothing else', async () => {
    const service = stripeClient(url);
    const pi = (await service.post('/v1/payment_intents', intent)).body;
    const seen = await browser('GET', `/v1/payment_intents/${pi.id}`, { client_secret: pi.client_secret, key: publishable });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(pi);
    expect(seen.headers.get('access-control-allow-origin')).toBe('*');
    const confirmed = await browser('POST', `/v1/payment_intents/${pi.id}/confirm`, {
      client_secret: pi.client_secret,
      key: publishable,
      payment_method: card('succeed'),
      return_url: 'http://shop.test/checkout/return',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: pi.id, status: 'requires_capture' });
    expect((await service.get(`/v1/payment_intents/${pi.id}`)).body.status).toBe('requires_capture');

    const wrong = await browser('GET', `/v1/payment_intents/${pi.id}`, { client_secret: `${pi.id}_secret_wrong`, key: publishable });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    expect((await browser('GET', `/v1/payment_intents/${pi.id}`, { key: publishable })).status).toBe(400);

    for (const [method, path] of [
      ['POST', '/v1/payment_intents'],
      ['POST', `/v1/payment_intents/${pi.id}/capture`],
      ['GET', '/v1/events'],
      ['GET', '/v1/account'],
    ] as const) {
      const refused = await browser(
        method,
        path,
        { amount: '100', currency: 'usd', client_secret: pi.client_secret },
        { authorization: `Bearer ${publishable}` },
      );
      expect(refused.status, path).toBe(401);
      expect(refused.body.error, path).toEqual({ type: 'invalid_request_error', message: testPayments.publishableKeyRefused });
    }
  });

  it('confirms with a key in the header too: a decline is a 402 card_error, replayed for its idempotency key; an authentication goes to the service’s page and back', async () => {
    const service = stripeClient(url);
    const bearer = { authorization: `Bearer ${publishable}` };
    const declined = (await service.post('/v1/payment_intents', intent)).body;
    const confirm = (key: string) =>
      browser(
        'POST',
        `/v1/payment_intents/${declined.id}/confirm`,
        { client_secret: declined.client_secret, payment_method: card('decline') },
        { ...bearer, 'idempotency-key': key },
      );
    const refused = await confirm('browser-1');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      payment_intent: { id: declined.id, status: 'requires_payment_method' },
    });
    const again = await confirm('browser-1');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(refused.body);

    const detour = (await service.post('/v1/payment_intents', intent)).body;
    const asked = await browser(
      'POST',
      `/v1/payment_intents/${detour.id}/confirm`,
      { client_secret: detour.client_secret, payment_method: card('requires_action'), return_url: 'http://shop.test/checkout/return?attempt=b1' },
      bearer,
    );
    expect(asked.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    const back = await fetch(asked.body.next_action!.redirect_to_url.url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'complete' }),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect(Object.fromEntries(new URL(back.headers.get('location')!).searchParams)).toMatchObject({
      attempt: 'b1',
      payment_intent: detour.id,
      redirect_status: 'succeeded',
    });
  });

  it('answers a preflight with the methods and headers Stripe.js sends, and allows any origin on every answer', async () => {
    const preflight = await fetch(`${url}/v1/payment_intents/pi_x/confirm`, {
      method: 'OPTIONS',
      headers: { origin: 'http://shop.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, DELETE',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version, stripe-account',
      'access-control-max-age': expect.stringMatching(/^\d+$/),
    });
    const anonymous = await fetch(`${url}/v1/payment_intents`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the account and its payment method domains', () => {
  it('answers GET /v1/account with the key’s account, through Stripe’s SDK; a wrong key is refused', async () => {
    const key = stripeClient(testPaymentsUrl()).key;
    const account = await sdk(key).accounts.retrieveCurrent();
    expect(account).toMatchObject({
      object: 'account',
      type: 'standard',
      country: 'GB',
      default_currency: 'gbp',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      email: null,
      business_profile: { name: 'OpenPress test account', url: null },
      settings: { dashboard: { display_name: 'OpenPress test account', timezone: 'Etc/UTC' } },
    });
    expect(account.id).toMatch(/^acct_\w+$/);
    expect((await sdk(key).accounts.retrieveCurrent()).id).toBe(account.id);
    expect((await sdk(stripeClient(testPaymentsUrl()).key).accounts.retrieveCurrent()).id).not.toBe(account.id);
    await expect(sdk('sk_live_nope').accounts.retrieveCurrent()).rejects.toMatchObject({ statusCode: 401 });
  });

  it('registers a payment method domain once, answering the same one again, and lists them newest first', async () => {
    const stripe = sdk(stripeClient(testPaymentsUrl()).key);
    const made = await stripe.paymentMethodDomains.create({ domain_name: 'shop.example.com' });
    expect(made).toMatchObject({
      object: 'payment_method_domain',
      domain_name: 'shop.example.com',
      enabled: true,
      apple_pay: { status: 'active' },
      google_pay: { status: 'active' },
      link: { status: 'active' },
      paypal: { status: 'active' },
      livemode: false,
    });
    expect(made.id).toMatch(/^pmd_/);
    expect((await stripe.paymentMethodDomains.create({ domain_name: 'shop.example.com' })).id).toBe(made.id);
    const second = await stripe.paymentMethodDomains.create({ domain_name: 'www.example.com', enabled: false });
    expect(second.enabled).toBe(false);
    expect((await stripe.paymentMethodDomains.list()).data.map((d) => d.id)).toEqual([second.id, made.id]);
    expect((await stripe.paymentMethodDomains.retrieve(made.id)).domain_name).toBe('shop.example.com');
    await expect(stripe.paymentMethodDomains.create({ domain_name: 'not a domain' })).rejects.toMatchObject({ statusCode: 400, param: 'domain_name' });
  });
});

describe('through a restart', () => {
  const dirs: string[] = [];
  const services: TestPaymentsService[] = [];
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('keeps webhook endpoints (and their secrets) and payment method domains, replayed from the ledger', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openpress-payments-webhooks-'));
    dirs.push(dir);
    const first = await startTestPayments({ dataDir: dir });
    services.push(first);
    const key = stripeClient(first.url).key;
    const hook = await receiver();
    const before = sdk(key, first.url);
    const endpoint = await before.webhookEndpoints.create({ url: hook.url, enabled_events: ['payment_intent.created'] });
    const changed = await before.webhookEndpoints.update(endpoint.id, { description: 'kept' });
    const gone = await before.webhookEndpoints.create({ url: hook.url, enabled_events: ['*'] });
    await before.webhookEndpoints.del(gone.id);
    const domain = await before.paymentMethodDomains.create({ domain_name: 'kept.example.com' });
    await first.stop();

    const second = await startTestPayments({ dataDir: dir });
    services.push(second);
    expect(second.pid).not.toBe(first.pid);
    const after = sdk(key, second.url);
    const { lastResponse: _a, ...kept } = await after.webhookEndpoints.retrieve(endpoint.id);
    const { lastResponse: _b, ...expected } = changed;
    expect(kept).toEqual(expected);
    expect((await after.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([endpoint.id]);
    expect((await after.paymentMethodDomains.list()).data.map((d) => d.id)).toEqual([domain.id]);
    // Its deliveries are signed under the secret it was made with.
    await stripeClient(second.url, key).post('/v1/payment_intents', intent);
    await expect.poll(() => hook.got.length, SOON).toBe(1);
    expect(constructEvent(hook.got[0]!.raw, hook.got[0]!.headers['stripe-signature']!, endpoint.secret!).type).toBe('payment_intent.created');
  });
});
