/**
 * The test payment service (src/server/test-payments): Stripe's idempotency (a replayed answer, a
 * different body refused, a concurrent same key refused), each test card's outcome, accounts kept
 * apart by key, the ledger surviving a restart and a kill -9, and a second start adopting the
 * running service rather than starting another. The shared run's service answers most of them; the
 * restarts use services of their own, in temp dirs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawnServer } from '../e2e/server-process';
import { createDatabase, dropDatabase } from '../src/db/databases';
import { databaseUrl } from './db';
import { TEST_CARDS, testCard } from '../src/domain/checkout/test-cards';
import { testPayments } from '../src/messages/test-payments';
import { isAlive, startTestPayments, type TestPaymentsService } from '../src/server/test-payments/process';
import { stripeClient } from './payments-service-client';
import { testPaymentsUrl } from './test-payments';

const card = (outcome: Parameters<typeof testCard>[0]) => testCard(outcome).number;
const intent = { amount: 2500, currency: 'usd', capture_method: 'manual', 'metadata[attempt_key]': 'attempt-1' };

describe('idempotency, as Stripe documents it', () => {
  const stripe = stripeClient(testPaymentsUrl());

  it('answers a repeat of a request with the first answer, marked replayed, and makes one payment', async () => {
    const first = await stripe.post('/v1/payment_intents', intent, 'create-1');
    const again = await stripe.post('/v1/payment_intents', intent, 'create-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await stripe.events('payment_intent.created')).map((e) => e.data.object.id)).toEqual([first.body.id]);
  });

  it('replays a refusal too: a declined card stays declined for its key', async () => {
    const created = await stripe.post('/v1/payment_intents', intent);
    const declined = await stripe.post(`/v1/payment_intents/${created.body.id}/confirm`, { payment_method: card('decline') }, 'confirm-declined');
    const again = await stripe.post(`/v1/payment_intents/${created.body.id}/confirm`, { payment_method: card('decline') }, 'confirm-declined');
    expect(declined.status).toBe(402);
    expect(again.status).toBe(402);
    expect(again.body).toEqual(declined.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses the same key with a different body', async () => {
    await stripe.post('/v1/payment_intents', intent, 'create-2');
    const other = await stripe.post('/v1/payment_intents', { ...intent, amount: 9999 }, 'create-2');
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe('idempotency_error');
    const elsewhere = await stripe.post('/v1/refunds', { payment_intent: 'pi_x' }, 'create-2');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.type).toBe('idempotency_error');
  });

  it('refuses the same key while its first request still runs, then replays it', async () => {
    const slow = { ...intent, confirm: 'true', payment_method: card('slow'), 'metadata[delay_ms]': 1500 };
    const first = stripe.post('/v1/payment_intents', slow, 'create-slow');
    let settled = false;
    void first.then(() => (settled = true));
    // The first is running once its payment exists (the answer waits its delay).
    await expect.poll(async () => (await stripe.events('payment_intent.amount_capturable_updated')).length).toBe(1);
    const during = await stripe.post('/v1/payment_intents', slow, 'create-slow');
    expect(settled).toBe(false);
    expect(during.status).toBe(409);
    expect(during.body.error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_in_use' });
    const answered = await first;
    expect(answered.body.status).toBe('requires_capture');
    const after = await stripe.post('/v1/payment_intents', slow, 'create-slow');
    expect(after.body).toEqual(answered.body);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('outcomes chosen by the card', () => {
  const stripe = stripeClient(testPaymentsUrl());
  const confirmed = async (payment_method: string, extra: Record<string, string | number> = {}) =>
    stripe.post('/v1/payment_intents', { ...intent, ...extra, confirm: 'true', payment_method, return_url: 'http://shop.test/checkout/return?attempt=a1' });

  it('authorises 4242 4242 4242 4242, captures part of it and refunds the captured part', async () => {
    const pi = await confirmed(card('succeed'));
    expect(pi.body).toMatchObject({ status: 'requires_capture', amount_capturable: 2500, amount_received: 0 });
    const captured = await stripe.post(`/v1/payment_intents/${pi.body.id}/capture`, { amount_to_capture: 2000 });
    expect(captured.body).toMatchObject({ status: 'succeeded', amount_received: 2000, amount_capturable: 0 });
    const tooMuch = await stripe.post('/v1/refunds', { payment_intent: pi.body.id, amount: 2001 });
    expect(tooMuch.status).toBe(400);
    const refund = await stripe.post('/v1/refunds', { payment_intent: pi.body.id, amount: 2000 });
    expect(refund.body).toMatchObject({ object: 'refund', amount: 2000, payment_intent: pi.body.id, status: 'succeeded' });
    expect((await stripe.get(`/v1/refunds/${refund.body.id}`)).body).toEqual(refund.body);
    const [event] = await stripe.events('charge.refunded');
    expect(event?.data.object).toMatchObject({ object: 'charge', payment_intent: pi.body.id, amount_refunded: 2000, refunded: true });
  });

  it('declines 4000 0000 0000 0002, 9995 and 0119 with Stripe’s error shape', async () => {
    for (const [outcome, code, decline, message] of [
      ['decline', 'card_declined', 'generic_decline', testPayments.declined],
      ['insufficient_funds', 'card_declined', 'insufficient_funds', testPayments.insufficientFunds],
      ['processing_error', 'processing_error', undefined, testPayments.processingError],
    ] as const) {
      const refused = await confirmed(card(outcome));
      expect(refused.status).toBe(402);
      expect(refused.body.error).toMatchObject({ type: 'card_error', code, message, ...(decline ? { decline_code: decline } : {}) });
      expect(refused.body.error.payment_intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code } });
    }
    expect((await stripe.events('payment_intent.payment_failed')).length).toBe(3);
  });

  it('sends 4000 0025 0000 3155 to its authentication page, which completes or fails it and sends the browser back', async () => {
    const pi = await confirmed(card('requires_action'));
    expect(pi.body.status).toBe('requires_action');
    const url = pi.body.next_action!.redirect_to_url.url as string;
    expect(url).toBe(`${testPaymentsUrl()}/authenticate/${pi.body.id}`);
    const page = await (await fetch(url)).text();
    expect(page).toContain(testPayments.completeAuthentication);
    expect(page).toContain(testPayments.failAuthentication);
    expect(page).toContain('$25.00');
    const back = await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://shop.test/checkout/return');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ attempt: 'a1', payment_intent: pi.body.id, redirect_status: 'succeeded' });
    expect((await stripe.get(`/v1/payment_intents/${pi.body.id}`)).body.status).toBe('requires_capture');

    const failing = await confirmed(card('requires_action'));
    const failed = await fetch(failing.body.next_action!.redirect_to_url.url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'fail' }),
      redirect: 'manual',
    });
    expect(new URL(failed.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    expect((await stripe.get(`/v1/payment_intents/${failing.body.id}`)).body).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
  });

  it('authorises the capture-error card, then refuses its capture and keeps it capturable', async () => {
    const pi = await confirmed(card('capture_error'));
    expect(pi.body.status).toBe('requires_capture');
    const capture = await stripe.post(`/v1/payment_intents/${pi.body.id}/capture`, {});
    expect(capture.status).toBe(402);
    expect(capture.body.error).toMatchObject({ type: 'card_error', message: testPayments.captureFailed });
    expect((await stripe.get(`/v1/payment_intents/${pi.body.id}`)).body.status).toBe('requires_capture');
    const canceled = await stripe.post(`/v1/payment_intents/${pi.body.id}/cancel`, {});
    expect(canceled.body.status).toBe('canceled');
  });

  it('keeps the slow card’s answer back for its delay, the authorisation already kept', async () => {
    const created = await stripe.post('/v1/payment_intents', { ...intent, 'metadata[delay_ms]': 1500 });
    let answered = false;
    const confirm = stripe.post(`/v1/payment_intents/${created.body.id}/confirm`, { payment_method: card('slow') }).then((r) => ((answered = true), r));
    await expect.poll(async () => (await stripe.get(`/v1/payment_intents/${created.body.id}`)).body.status).toBe('requires_capture');
    expect(answered).toBe(false);
    expect((await confirm).body.status).toBe('requires_capture');
  });

  it('keeps the timeout card’s authorisation and drops the connection; the retry with its key is answered', async () => {
    const created = await stripe.post('/v1/payment_intents', intent);
    const confirm = () => stripe.post(`/v1/payment_intents/${created.body.id}/confirm`, { payment_method: card('timeout_after_success') }, 'confirm-timeout');
    await expect(confirm()).rejects.toThrow();
    expect((await stripe.get(`/v1/payment_intents/${created.body.id}`)).body.status).toBe('requires_capture');
    const retry = await confirm();
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('requires_capture');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await stripe.events('payment_intent.amount_capturable_updated')).filter((e) => e.data.object.id === created.body.id)).toHaveLength(1);
  });

  it('has a text for each card the checkout page lists', () => {
    for (const c of TEST_CARDS) expect(testPayments[c.label], c.number).toMatch(/^[A-Z]/);
  });

  it('declines a number that is no test card', async () => {
    const refused = await confirmed('4111 1111 1111 1112');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('incorrect_number');
  });
});

describe('accounts', () => {
  it('keeps each key’s payments from every other key, and refuses a call without a test key', async () => {
    const mine = stripeClient(testPaymentsUrl());
    const theirs = stripeClient(testPaymentsUrl());
    const pi = await mine.post('/v1/payment_intents', intent);
    const seen = await theirs.get(`/v1/payment_intents/${pi.body.id}`);
    expect(seen.status).toBe(404);
    expect(seen.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    expect(await theirs.events('payment_intent.created')).toEqual([]);
    const anonymous = await fetch(`${testPaymentsUrl()}/v1/payment_intents/${pi.body.id}`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});

describe('the service’s process', () => {
  const dirs: string[] = [];
  const services: TestPaymentsService[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openpress-payments-test-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (dir: string) => {
    const service = await startTestPayments({ dataDir: dir });
    services.push(service);
    return service;
  };
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('keeps every payment through a stop and a kill -9, its ledger replayed on start', async () => {
    const dir = await dataDir();
    const first = await start(dir);
    const stripe = stripeClient(first.url);
    const pi = await stripe.post('/v1/payment_intents', { ...intent, confirm: 'true', payment_method: card('succeed') }, 'kept-1');
    await first.stop();
    const second = await start(dir);
    expect(second.pid).not.toBe(first.pid);
    const after = stripeClient(second.url, stripe.key);
    expect((await after.get(`/v1/payment_intents/${pi.body.id}`)).body).toEqual(pi.body);
    const captured = await after.post(`/v1/payment_intents/${pi.body.id}/capture`, {});
    process.kill(second.pid, 'SIGKILL');
    await expect.poll(() => isAlive(second.pid)).toBe(false);
    const third = await start(dir);
    const survived = stripeClient(third.url, stripe.key);
    expect((await survived.get(`/v1/payment_intents/${pi.body.id}`)).body).toEqual(captured.body);
    // An idempotent answer is kept too: the repeat is replayed, not made again.
    const replay = await survived.post('/v1/payment_intents', { ...intent, confirm: 'true', payment_method: card('succeed') }, 'kept-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(pi.body.id);
    expect((await readFile(path.join(dir, 'test-payments', 'ledger.jsonl'), 'utf8')).split('\n').filter(Boolean).length).toBeGreaterThan(3);
  });

  it('adopts the running service on a second start, and two starts at once make one service', async () => {
    const dir = await dataDir();
    const [a, b] = await Promise.all([start(dir), start(dir), start(dir)]);
    expect(a.pid).toBe(b.pid);
    // The services the other starts spawned found the first and left.
    await expect.poll(() => servicesOf(dir)).toEqual([a.pid]);
    const again = await start(dir);
    expect(again).toMatchObject({ pid: a.pid, url: a.url, adopted: true });
    const health = (await (await fetch(`${a.url}/health`)).json()) as { service: string; pid: number };
    expect(health).toMatchObject({ service: 'openpress-test-payments', pid: a.pid });
  });
});

describe('beside the app', () => {
  it('is started by the app, left running by a kill -9 of the app, adopted by its next start and stopped by a clean stop', async () => {
    const name = `t_pay_${randomBytes(4).toString('hex')}`;
    await createDatabase(inject('pgUrl'), name, inject('templateDatabase'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-payments-app-'));
    // TEST_PAYMENTS_URL empty: the app starts its own rather than use the run's.
    const env = {
      DATABASE_URL: databaseUrl(inject('pgUrl'), name),
      SECRET_KEY: randomBytes(32).toString('base64'),
      START_WITH: 'blank',
      TEST_PAYMENTS_URL: '',
    };
    try {
      const first = await spawnServer(dataDir, env);
      const pid = Number(/test payment service: started \(pid (\d+)/.exec(first.output())?.[1]);
      expect(servicesOf(dataDir)).toEqual([pid]);
      process.kill(-first.process.pid!, 'SIGKILL');
      await new Promise((r) => first.process.once('exit', r));
      expect(isAlive(pid)).toBe(true);
      const second = await spawnServer(dataDir, env);
      expect(second.output()).toContain(`test payment service: adopted the one left running (pid ${pid},`);
      expect(servicesOf(dataDir)).toEqual([pid]);
      await second.stop({ remove: false });
      await expect.poll(() => isAlive(pid)).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await dropDatabase(inject('pgUrl'), name);
    }
  }, 180_000);
});

/** The service processes running for a data dir, from /proc. */
function servicesOf(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args.some((a) => a.includes('test-payments')) && args.includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}
