/**
 * Payment webhooks (src/server/modules/checkout/webhooks.ts): the test payment service's own events,
 * signed with the site's secret, posted to `/api/commerce/webhooks/test`. Each is kept once by its id
 * and acted on by a job that asks the provider where the payment stands, whatever order the events
 * came in: each event delivered three times and shuffled makes one order; a webhook racing the
 * shopper's way back makes one order; a bad or stale signature is refused with nothing done.
 */
import { describe, expect, it } from 'vitest';
import { placeOrderAnswer } from '../src/contracts/checkout';
import { paymentEventHandler, pruneProviderEvents, PAYMENT_EVENT_JOB } from '../src/server/modules/checkout';
import type { JobRow } from '../src/server/jobs/queue';
import { signPayload } from '../src/server/test-payments/signing';
import { attemptOf, card, HOST, ordersOf, place, placeBody, shopperWith, shopForFile } from './checkout-shop';
import type { Client } from './session';
import { PRINT, SHOP } from './shop-fixture';
import { statementsDuring } from './statements';

const shop = shopForFile();
const sql = <T>(text: string, values: unknown[] = []) => shop.sql<T>(text, values);

const ACTED = new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

type StripeEvent = { id: string; type: string; data: { object: { id: string } } };

/** The service's events about a payment, oldest first. */
async function eventsOf(paymentId: string): Promise<StripeEvent[]> {
  const types = ['payment_intent.created', 'payment_intent.requires_action', 'payment_intent.amount_capturable_updated', 'payment_intent.canceled'];
  const all = (await Promise.all(types.map((t) => shop.stripe.events(t)))).flat() as StripeEvent[];
  return all.filter((e) => e.data.object.id === paymentId).reverse();
}

function post(raw: string, signature: string | undefined, provider = 'test') {
  return shop.app.inject({
    method: 'POST',
    url: `/api/commerce/webhooks/${provider}`,
    headers: { host: HOST, 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: raw,
  });
}
const deliver = (event: StripeEvent) => {
  const raw = JSON.stringify(event);
  return post(raw, signPayload(shop.webhookSecret, raw));
};

/** The payment-event jobs waiting, run at once as several workers would; each job's row is then done. */
async function runEventJobs(): Promise<void> {
  const rows = await sql<{ id: number; website_id: string; payload: JobRow['payload'] }>(
    `SELECT id, website_id, payload FROM jobs WHERE website_id = $1 AND kind = $2 AND status = 'pending'`,
    [shop.websiteId, PAYMENT_EVENT_JOB],
  );
  const handle = paymentEventHandler(shop.deps);
  await Promise.all(rows.map((r) => handle({ id: r.id, websiteId: r.website_id, payload: r.payload } as JobRow)));
  if (rows.length > 0) await sql(`UPDATE jobs SET status = 'done' WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
}

const countEvents = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM provider_events WHERE website_id = $1', [shop.websiteId]))[0]!.n;

/** Places with the card that asks for the detour, and completes the detour at the provider without coming back. */
async function authorisedOnDetour(c: Client, key?: string): Promise<{ key: string; paymentId: string; actionUrl: string }> {
  const body = placeBody({ payment: { provider: 'test', card: card('requires_action') }, ...(key ? { attemptKey: key } : {}) });
  const answer = placeOrderAnswer.parse((await place(c, body)).json());
  if (answer.state !== 'requiresAction') throw new Error('no detour');
  const done = await fetch(answer.actionUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
  expect(done.status).toBe(303);
  return { key: body.attemptKey, paymentId: (await attemptOf(shop, body.attemptKey)).payment, actionUrl: answer.actionUrl };
}

function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('payment webhooks', () => {
  it('makes one order of a payment authorised on its detour, each event delivered three times and shuffled', async () => {
    const c = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugBlue, 1]]);
    const { key, paymentId } = await authorisedOnDetour(c);
    const events = await eventsOf(paymentId);
    expect(events.map((e) => e.type)).toContain('payment_intent.amount_capturable_updated');
    const before = await countEvents();
    const answers = await Promise.all(shuffled([...events, ...events, ...events]).map(deliver));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    // Kept once each: those of the kinds the store acts on (not the payment's creation, nor its detour).
    expect((await countEvents()) - before).toBe(events.filter((e) => ACTED.has(e.type)).length);
    await runEventJobs();
    const attempt = await attemptOf(shop, key);
    expect(attempt.state).toBe('placed');
    expect(await ordersOf(shop, attempt.id)).toBe(1);
    expect(await shop.charges(key)).toBe(1);
    await Promise.all(events.map(deliver));
    await runEventJobs();
    expect(await ordersOf(shop, attempt.id)).toBe(1);
  });

  it('makes one order when the webhook races the shopper coming back', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(2), 1]]);
    const { key, paymentId } = await authorisedOnDetour(c);
    const authorised = (await eventsOf(paymentId)).find((e) => e.type === 'payment_intent.amount_capturable_updated')!;
    const [landed] = await Promise.all([
      c.call('GET', `/checkout/return?attempt=${key}`),
      (async () => {
        expect((await deliver(authorised)).statusCode).toBe(200);
        await runEventJobs();
      })(),
    ]);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toMatch(/^\/checkout\/orders\//);
    expect(await ordersOf(shop, (await attemptOf(shop, key)).id)).toBe(1);
  });

  it('places the order of a payment whose answer was lost on the way back from the provider', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(3), 1]]);
    const body = placeBody({ payment: { provider: 'test', card: card('timeout_after_success') } });
    expect((await place(c, body)).statusCode).toBe(502);
    const attempt = await attemptOf(shop, body.attemptKey);
    expect(attempt.state).toBe('authorizing');
    const authorised = (await eventsOf(attempt.payment)).find((e) => e.type === 'payment_intent.amount_capturable_updated')!;
    expect((await deliver(authorised)).statusCode).toBe(200);
    await runEventJobs();
    expect(await attemptOf(shop, body.attemptKey)).toMatchObject({ state: 'placed', order: expect.any(String) });
    expect(await ordersOf(shop, attempt.id)).toBe(1);
  });

  it('voids a payment of a round its attempt left behind: no charge without its order', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(4), 1]]);
    const body = placeBody({ payment: { provider: 'test', card: card('requires_action') } });
    const first = placeOrderAnswer.parse((await place(c, body)).json());
    if (first.state !== 'requiresAction') throw new Error('no detour');
    const { id, payment: firstPayment } = await attemptOf(shop, body.attemptKey);
    // The shopper gave up on the detour (as a failed one leaves it) and paid with another card under the same key.
    await sql(`UPDATE checkout_attempts SET state = 'failed' WHERE website_id = $1 AND id = $2`, [shop.websiteId, id]);
    await sql('DELETE FROM stock_holds WHERE website_id = $1 AND attempt_id = $2', [shop.websiteId, id]);
    expect((await place(c, { ...body, payment: { provider: 'test', card: card('succeed') } })).statusCode).toBe(201);
    // Then the first round's detour completes at the provider, and its webhook comes.
    await fetch(first.actionUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
    const authorised = (await eventsOf(firstPayment)).find((e) => e.type === 'payment_intent.amount_capturable_updated')!;
    expect((await deliver(authorised)).statusCode).toBe(200);
    await runEventJobs();
    expect((await shop.stripe.get(`/v1/payment_intents/${firstPayment}`)).body.status).toBe('canceled');
    expect(await ordersOf(shop, id)).toBe(1);
  });

  it('refuses a wrong secret or a signature 301 s old with 400, and keeps nothing', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(5), 1]]);
    const { key, paymentId } = await authorisedOnDetour(c);
    const authorised = (await eventsOf(paymentId)).find((e) => e.type === 'payment_intent.amount_capturable_updated')!;
    const raw = JSON.stringify(authorised);
    const before = await countEvents();
    for (const signature of [signPayload('whsec_not_the_sites', raw), signPayload(shop.webhookSecret, raw, Math.floor(Date.now() / 1000) - 301), undefined]) {
      const res = await post(raw, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The webhook signature does not match this store’s signing secret, or it was made more than 5 minutes ago.' });
    }
    expect(await countEvents()).toBe(before);
    expect((await post(raw, signPayload(shop.webhookSecret, raw), 'manual')).statusCode).toBe(404);
    // A secret being rolled: the header carries a signature under each, and one holds.
    const t = Math.floor(Date.now() / 1000);
    const both = `${signPayload('whsec_the_old_one', raw, t)},${signPayload(shop.webhookSecret, raw, t).split(',')[1]}`;
    expect((await post(raw, both)).statusCode).toBe(200);
    expect(await countEvents()).toBe(before + 1);
    await runEventJobs();
    expect((await attemptOf(shop, key)).state).toBe('placed');
  });

  it('keeps an event’s id for 30 days, long enough to know a provider’s retry', async () => {
    const kept = (days: number) =>
      sql(
        `INSERT INTO provider_events (website_id, provider, event_id, action, payment_id, attempt_key, received_at)
         VALUES ($1, 'test', $2, 'authorized', 'pi_old', 'k', now() - make_interval(days => $3))`,
        [shop.websiteId, `evt_${days}`, days],
      );
    await kept(31);
    await kept(29);
    expect(await pruneProviderEvents(shop.database.db)).toBe(1);
    expect((await sql<{ id: string }>(`SELECT event_id AS id FROM provider_events WHERE payment_id = 'pi_old'`)).map((r) => r.id)).toEqual(['evt_29']);
  });

  it('answers a webhook in at most 8 statements', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(6), 1]]);
    const { paymentId } = await authorisedOnDetour(c);
    const authorised = (await eventsOf(paymentId)).find((e) => e.type === 'payment_intent.amount_capturable_updated')!;
    const received = await statementsDuring(() => deliver(authorised));
    expect(received.count, received.statements.join('\n')).toBeLessThanOrEqual(8);
    await runEventJobs();
  });
});
