/**
 * The payment providers' contract: what checkout may count on from any provider (test and manual
 * here, Stripe next), one `describe` per provider against the same expectations. A repeat of a
 * keyed call acts once; retrieve answers what the payment is for; a lost answer is
 * ProviderUnavailable, and the retry finds the one charge.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { testCard } from '../src/domain/checkout/test-cards';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import Stripe from 'stripe';
import { ProviderRefused, ProviderUnavailable, stripeProvider, testModeKey, type PaymentProvider } from '../src/server/modules/payments';
import { payments } from '../src/server/modules/payments/schema';
import { loadClientAssets } from '../src/server/render/assets';
import { signPayload, webhookSecretFor } from '../src/server/test-payments/signing';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { stripeClient } from './payments-service-client';
import { testPaymentsUrl } from './test-payments';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let websiteId: string;
const secret = randomBytes(32);

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(siteNamed('payments', 'Payments'), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  ({ websiteId } = await writeSiteDocument(database.db, loaded.document));
  app = await buildApp({
    database,
    assets: loadClientAssets(),
    appDomain: 'sites.test',
    serveDefaultSite: true,
    payments: { testPaymentsUrl: testPaymentsUrl(), secret },
  });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const attemptKey = () => randomBytes(16).toString('hex');
const payment = { amountCents: 4200, currency: 'EUR', description: 'Order at Payments', email: 'shopper@example.com' };
const returnUrl = 'http://payments.sites.test/checkout/return?attempt=x';

type Spec = {
  id: 'test' | 'manual' | 'stripe';
  /** The provider under test: the app's, or (Stripe, not connected to a site here) made for the test. */
  make?: () => PaymentProvider;
  /** How the shopper pays: a card that succeeds, or a manual method. */
  method: string;
  /** Where an authorised payment stands: held on the card, or awaiting the shopper's transfer. */
  authorized: 'authorized' | 'pending';
  /** Where it stands once captured: taken, or (manual) still awaiting the owner's "Mark paid". */
  captured: 'captured' | 'pending';
  /** What the order's creation leaves for the provider to read: the manual provider's state is our payments row. */
  ordered(paymentId: string, key: string): Promise<void>;
  refunds: boolean;
};

/** The Stripe provider as a site connected to Stripe has it, through Stripe's SDK pointed at the test payment service. */
const stripeAtService = (webhookSecrets?: string[]) =>
  stripeProvider({
    secretKey: testModeKey(secret, websiteId),
    webhookSecrets: webhookSecrets ?? [webhookSecretFor(testModeKey(secret, websiteId))],
    api: testPaymentsUrl(),
  });

const SPECS: Spec[] = [
  { id: 'test', method: testCard('succeed').number, authorized: 'authorized', captured: 'captured', ordered: async () => undefined, refunds: true },
  {
    id: 'stripe',
    make: () => stripeAtService(),
    method: testCard('succeed').stripePaymentMethod!,
    authorized: 'authorized',
    captured: 'captured',
    ordered: async () => undefined,
    refunds: true,
  },
  {
    id: 'manual',
    method: 'bank_transfer',
    authorized: 'pending',
    captured: 'pending',
    ordered: async (paymentId, key) => {
      await database.db.insert(payments).values({
        websiteId,
        id: `pay-${key}`,
        attemptId: key,
        provider: 'manual',
        providerPaymentId: paymentId,
        method: 'bank_transfer',
        amountCents: payment.amountCents,
        currency: payment.currency,
        status: 'pending',
      });
    },
    refunds: false,
  },
];

for (const spec of SPECS) {
  describe(`the ${spec.id} provider`, () => {
    const provider = async () => spec.make?.() ?? app.payments.provider(websiteId, spec.id);
    const authorised = async (p: PaymentProvider, key: string) => {
      const { paymentId } = await p.initiate({ attemptKey: key, ...payment });
      const outcome = await p.authorize({ attemptKey: key, paymentId, method: spec.method, returnUrl });
      return { paymentId, outcome };
    };

    it('makes one payment of an attempt however often it is initiated, and says what it is for', async () => {
      const p = await provider();
      const key = attemptKey();
      const [first, second] = await Promise.all([p.initiate({ attemptKey: key, ...payment }), p.initiate({ attemptKey: key, ...payment })]).catch(
        // Two at once: Stripe refuses the second while the first runs (unavailable: retry); a retry then gets the first's answer.
        async () => [await p.initiate({ attemptKey: key, ...payment }), await p.initiate({ attemptKey: key, ...payment })],
      );
      expect(second!.paymentId).toBe(first!.paymentId);
      const again = await p.initiate({ attemptKey: key, ...payment });
      expect(again.paymentId).toBe(first!.paymentId);
      expect(await p.retrieve(first!.paymentId)).toMatchObject({ amountCents: 4200, currency: 'EUR', attemptKey: key });
      if (spec.id !== 'manual') {
        const created = await stripeClient(testPaymentsUrl(), testModeKey(secret, websiteId)).events('payment_intent.created');
        expect(created.filter((e) => e.data.object.id === first!.paymentId)).toHaveLength(1);
      }
    });

    it('authorises, and a retried authorisation answers the same', async () => {
      const p = await provider();
      const key = attemptKey();
      const { paymentId, outcome } = await authorised(p, key);
      expect(outcome).toMatchObject({ status: spec.authorized, paymentId });
      expect(await p.authorize({ attemptKey: key, paymentId, method: spec.method, returnUrl })).toEqual(outcome);
      expect(await p.retrieve(paymentId)).toMatchObject({ status: spec.authorized, amountCents: 4200, currency: 'EUR', attemptKey: key });
    });

    it('captures once, however often asked', async () => {
      const p = await provider();
      const key = attemptKey();
      const { paymentId } = await authorised(p, key);
      await spec.ordered(paymentId, key);
      const captured = await p.capture({ attemptKey: key, paymentId, amountCents: 4200, currency: 'EUR' });
      expect(captured).toMatchObject({ status: spec.captured, paymentId });
      expect(await p.capture({ attemptKey: key, paymentId, amountCents: 4200, currency: 'EUR' })).toEqual(captured);
      expect((await p.retrieve(paymentId)).status).toBe(spec.captured);
    });

    it('cancels an authorisation not captured', async () => {
      const p = await provider();
      const key = attemptKey();
      const { paymentId } = await authorised(p, key);
      await spec.ordered(paymentId, key);
      expect(await p.cancel({ attemptKey: key, paymentId })).toMatchObject({ status: 'canceled', paymentId });
      expect(await p.cancel({ attemptKey: key, paymentId })).toMatchObject({ status: 'canceled', paymentId });
      expect((await p.retrieve(paymentId)).status).toBe('canceled');
    });

    it(spec.refunds ? 'refunds once for one refund key' : 'refuses a refund: the owner gives the money back outside the store', async () => {
      const p = await provider();
      const key = attemptKey();
      const { paymentId } = await authorised(p, key);
      await p.capture({ attemptKey: key, paymentId, amountCents: 4200, currency: 'EUR' });
      const refundKey = `refund:${key}:1`;
      if (!spec.refunds) {
        await expect(p.refund({ refundKey, paymentId, amountCents: 1000 })).rejects.toBeInstanceOf(ProviderRefused);
        return;
      }
      const [first, second] = [await p.refund({ refundKey, paymentId, amountCents: 1000 }), await p.refund({ refundKey, paymentId, amountCents: 1000 })];
      expect(second).toEqual(first);
      expect(first.amountCents).toBe(1000);
      const refunds = await stripeClient(testPaymentsUrl(), testModeKey(secret, websiteId)).events('charge.refunded');
      expect(refunds.filter((e) => 'payment_intent' in e.data.object && e.data.object.payment_intent === paymentId)).toHaveLength(1);
    });
  });
}

describe('the test provider, when answers are lost', () => {
  const stripe = () => stripeClient(testPaymentsUrl(), testModeKey(secret, websiteId));

  it('throws ProviderUnavailable when the charge is made and its answer dropped; the retry finds the same authorised payment, one charge', async () => {
    const p = await app.payments.provider(websiteId, 'test');
    const key = attemptKey();
    const { paymentId } = await p.initiate({ attemptKey: key, ...payment });
    const authorize = () => p.authorize({ attemptKey: key, paymentId, method: testCard('timeout_after_success').number, returnUrl });
    await expect(authorize()).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await authorize()).toEqual({ status: 'authorized', paymentId, amountCents: 4200, currency: 'EUR' });
    const charges = (await stripe().events('payment_intent.amount_capturable_updated')).filter((e) => e.data.object.id === paymentId);
    expect(charges).toHaveLength(1);
  });

  it('throws ProviderUnavailable when no answer comes in time, and while the first call still runs; then answers it', async () => {
    const { testProvider } = await import('../src/server/modules/payments/test-provider');
    const p = testProvider({ url: testPaymentsUrl(), apiKey: testModeKey(secret, websiteId), timeoutMs: 300 });
    const key = attemptKey();
    const { paymentId } = await p.initiate({ attemptKey: key, ...payment, description: 'slow' });
    await stripe().post(`/v1/payment_intents/${paymentId}`, { 'metadata[delay_ms]': 1500 });
    const authorize = () => p.authorize({ attemptKey: key, paymentId, method: testCard('slow').number, returnUrl });
    await expect(authorize()).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(authorize()).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect.poll(async () => (await authorize().catch(() => undefined))?.status, { timeout: 10_000 }).toBe('authorized');
  });

  it('answers a call made while the same call still runs with the first one’s answer, one charge', async () => {
    const p = await app.payments.provider(websiteId, 'test');
    const key = attemptKey();
    const { paymentId } = await p.initiate({ attemptKey: key, ...payment, description: 'slow' });
    await stripe().post(`/v1/payment_intents/${paymentId}`, { 'metadata[delay_ms]': 60 });
    const authorize = () => p.authorize({ attemptKey: key, paymentId, method: testCard('slow').number, returnUrl });
    const answers = await Promise.all([authorize(), authorize()]);
    expect(answers.map((a) => a.status)).toEqual(['authorized', 'authorized']);
    const charges = (await stripe().events('payment_intent.amount_capturable_updated')).filter((e) => e.data.object.id === paymentId);
    expect(charges).toHaveLength(1);
  });

  it('throws ProviderUnavailable when the service cannot be reached', async () => {
    const { testProvider } = await import('../src/server/modules/payments/test-provider');
    const p = testProvider({ url: 'http://127.0.0.1:9', apiKey: testModeKey(secret, websiteId) });
    await expect(p.initiate({ attemptKey: attemptKey(), ...payment })).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('webhooks', () => {
  it('parses, through Stripe’s SDK, an event signed by its own test helper under either secret while one is rolled, and refuses others', () => {
    const whsec = webhookSecretFor(testModeKey(secret, websiteId));
    const p = stripeAtService(['whsec_the_old_one', whsec]);
    const payload = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { object: 'payment_intent', id: 'pi_2', metadata: { attempt_key: 'a2' } } },
    });
    const sign = (secret: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    const raw = Buffer.from(payload);
    expect(p.parseWebhook(raw, { 'stripe-signature': sign(whsec) })).toEqual({ eventId: 'evt_2', action: 'authorized', attemptKey: 'a2', paymentId: 'pi_2' });
    expect(p.parseWebhook(raw, { 'stripe-signature': sign('whsec_the_old_one') })).toMatchObject({ eventId: 'evt_2' });
    expect(p.parseWebhook(raw, { 'stripe-signature': sign('whsec_someone_elses') })).toBeNull();
    expect(p.parseWebhook(raw, { 'stripe-signature': sign(whsec, Math.floor(Date.now() / 1000) - 301) })).toBeNull();
    expect(p.parseWebhook(raw, {})).toBeNull();
  });

  const event = (type: string, object: Record<string, unknown>) => Buffer.from(JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } }));

  it('parses an event signed with the site’s webhook secret, and nothing else; a signed event about no attempt is ignored', async () => {
    const p = await app.payments.provider(websiteId, 'test');
    const whsec = webhookSecretFor(testModeKey(secret, websiteId));
    const raw = event('payment_intent.amount_capturable_updated', { object: 'payment_intent', id: 'pi_1', metadata: { attempt_key: 'a1' } });
    expect(p.parseWebhook(raw, { 'stripe-signature': signPayload(whsec, raw) })).toEqual({
      eventId: 'evt_1',
      action: 'authorized',
      attemptKey: 'a1',
      paymentId: 'pi_1',
    });
    const refund = event('charge.refunded', { object: 'charge', id: 'ch_1', payment_intent: 'pi_1', metadata: { attempt_key: 'a1' } });
    expect(p.parseWebhook(refund, { 'stripe-signature': signPayload(whsec, refund) })).toMatchObject({ action: 'refunded', paymentId: 'pi_1' });
    expect(p.parseWebhook(raw, { 'stripe-signature': signPayload(webhookSecretFor('sk_test_someoneelse'), raw) })).toBeNull();
    expect(p.parseWebhook(raw, { 'stripe-signature': signPayload(whsec, raw, Math.floor(Date.now() / 1000) - 301) })).toBeNull();
    expect(p.parseWebhook(Buffer.concat([raw, Buffer.from(' ')]), { 'stripe-signature': signPayload(whsec, raw) })).toBeNull();
    expect(p.parseWebhook(raw, {})).toBeNull();
    const created = event('payment_intent.created', { object: 'payment_intent', id: 'pi_1', metadata: { attempt_key: 'a1' } });
    expect(p.parseWebhook(created, { 'stripe-signature': signPayload(whsec, created) })).toBe('ignored');
    const unrelated = event('payment_intent.succeeded', { object: 'payment_intent', id: 'pi_2', metadata: {} });
    expect(p.parseWebhook(unrelated, { 'stripe-signature': signPayload(whsec, unrelated) })).toBe('ignored');
    expect((await app.payments.provider(websiteId, 'manual')).parseWebhook(raw, { 'stripe-signature': signPayload(whsec, raw) })).toBeNull();
  });
});
