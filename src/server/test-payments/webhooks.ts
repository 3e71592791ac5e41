/**
 * The test payment service's webhook deliveries: each event an account makes is POSTed to every
 * enabled endpoint of the account that asked for its type, signed as Stripe signs (./signing.ts)
 * under the endpoint's secret, after the ledger holds it and never in the way of the API's answer.
 * A failure (a status other than 2xx, or no answer) is retried by RETRY_DELAYS_MS, and every
 * attempt is recorded for the test helpers to read. An endpoint's deliveries go one at a time in
 * the order the events were made (the next waits for the first attempt of the one before), so a
 * test sees them in order unless it asks otherwise.
 *
 * Test switches, per endpoint, make the deliveries misbehave as Stripe's may, so an app's webhook
 * handling can be tried against each: `twice` (each event sent twice, the same id and body),
 * `hold` (kept back until flushed, in the order asked), `delay_ms` (late), `stale_s` (a correct
 * signature made that long ago) and `wrong_secret` (signed under a secret that is not the
 * endpoint's). Switches, held events and the attempts recorded live in memory only: a restart
 * forgets them, where the endpoints themselves are in the ledger.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Accounts, Params } from './accounts';
import { signPayload } from './signing';
import { invalid, missing, now, type Answer, type LedgerRecord, type Partition, type StripeEvent, type WebhookEndpoint } from './stripe-objects';

/** The waits before each retry of a failed delivery (Stripe's run over days; a test's must end in seconds). After the last, the delivery is given up. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000] as const;
/** How long an attempt waits for the endpoint's answer: after that it counts as no answer (status 0). */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** The most `delay_ms` may ask. */
const MAX_DELIVERY_DELAY_MS = 60_000;
/** Attempts kept per endpoint, the oldest forgotten first, so a long bench run does not grow without end. */
const KEPT_ATTEMPTS = 1000;
export const WEBHOOK_USER_AGENT = 'Stripe/1.0 (+https://stripe.com/docs/webhooks)';

export type Switches = { twice: boolean; hold: boolean; delay_ms: number; stale_s: number; wrong_secret: boolean };
const OFF: Switches = { twice: false, hold: false, delay_ms: 0, stale_s: 0, wrong_secret: false };

/** One attempt to deliver an event: `status` the endpoint's HTTP status, 0 when it gave none; the times are unix seconds. */
export type DeliveryAttempt = { event_id: string; type: string; endpoint: string; attempt: number; status: number; signed_at: number; delivered_at: number };

type Held = { event: StripeEvent; body: string };
type EndpointState = { switches: Switches; held: Held[]; attempts: DeliveryAttempt[]; queue: Promise<void> };

const FLUSH_ORDERS = ['reverse', 'shuffle', 'as_made'] as const;

/** Each switch's parser: an empty value turns it off; undefined for a value it does not take. */
const PARSERS: { [K in keyof Switches]: (v: string) => Switches[K] | undefined } = {
  twice: (v) => flag(v),
  hold: (v) => flag(v),
  wrong_secret: (v) => flag(v),
  delay_ms: (v) => count(v, MAX_DELIVERY_DELAY_MS),
  stale_s: (v) => count(v, Number.MAX_SAFE_INTEGER),
};
const flag = (v: string) => (v === 'true' ? true : v === '' || v === 'false' ? false : undefined);
const count = (v: string, max: number) => (v === '' ? 0 : /^\d+$/.test(v) && Number(v) <= max ? Number(v) : undefined);

/** A delivery's own failure (not the endpoint's: those are recorded) goes to the service's log, never ending the service. */
const logged = (error: unknown) => console.error('test payments: a webhook delivery failed:', error);

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type Webhooks = ReturnType<typeof createWebhooks>;

export function createWebhooks(accounts: Accounts) {
  const states = new Map<string, EndpointState>();
  const stateOf = (id: string): EndpointState => {
    let found = states.get(id);
    if (!found) states.set(id, (found = { switches: { ...OFF }, held: [], attempts: [], queue: Promise.resolve() }));
    return found;
  };

  /** One POST of the event: whether the endpoint took it (a 2xx), or whether it is gone or disabled (nothing more to try). */
  const attempt = async (p: Partition, id: string, { event, body }: Held, n: number): Promise<boolean> => {
    const target = accounts.endpoint(p, id);
    if (!target || target.o.status !== 'enabled') return true;
    const { switches, attempts } = stateOf(id);
    const signedAt = now() - switches.stale_s;
    const secret = switches.wrong_secret ? `whsec_${randomBytes(24).toString('hex')}` : target.secret;
    let status = 0;
    try {
      const res = await fetch(target.o.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(secret, body, signedAt),
          'user-agent': WEBHOOK_USER_AGENT,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      status = res.status;
      await res.body?.cancel();
    } catch {
      // No answer: refused, reset or timed out.
    }
    attempts.push({ event_id: event.id, type: event.type, endpoint: id, attempt: n, status, signed_at: signedAt, delivered_at: now() });
    if (attempts.length > KEPT_ATTEMPTS) attempts.shift();
    return status >= 200 && status < 300;
  };

  const retry = async (p: Partition, id: string, held: Held) => {
    for (const [i, wait] of RETRY_DELAYS_MS.entries()) {
      await sleep(wait);
      if (await attempt(p, id, held, i + 2)) return;
    }
  };

  /** Queues the event's delivery (twice if asked) behind the endpoint's others; each waits for the first attempt of the one before, its retries running on their own. */
  const send = (p: Partition, id: string, held: Held) => {
    const state = stateOf(id);
    state.queue = state.queue
      .then(async () => {
        const copies = state.switches.twice ? 2 : 1;
        for (let copy = 0; copy < copies; copy += 1) {
          if (state.switches.delay_ms) await sleep(state.switches.delay_ms);
          if (!(await attempt(p, id, held, 1))) retry(p, id, held).catch(logged);
        }
      })
      .catch(logged);
  };

  const withHelpers = (o: WebhookEndpoint, state: EndpointState) => ({ ...o, test_helpers: { ...state.switches, held: state.held.length } });

  return {
    /** Sends the events among records the ledger now holds to the endpoints that asked for them. */
    dispatch(records: readonly LedgerRecord[]): void {
      for (const record of records) {
        if (record.t !== 'ev') continue;
        // Stripe's payloads are pretty-printed: a receiver must verify the bytes it got, not its own JSON of them.
        const held: Held = { event: record.o, body: JSON.stringify(record.o, null, 2) };
        for (const { o } of accounts.endpointsFor(record.p, record.o.type)) {
          const state = stateOf(o.id);
          if (state.switches.hold) state.held.push(held);
          else send(record.p, o.id, held);
        }
      }
    },

    switches(p: Partition, id: string): Answer {
      const target = accounts.endpoint(p, id);
      return target ? { status: 200, body: withHelpers(target.o, stateOf(id)), records: [] } : missing('webhook_endpoint', id);
    },

    /** Sets the switches named (an empty value turns one off); turning `hold` off sends what it held, in the order made. */
    setSwitches(p: Partition, id: string, params: Params): Answer {
      const target = accounts.endpoint(p, id);
      if (!target) return missing('webhook_endpoint', id);
      const changes: Partial<Switches> = {};
      for (const [name, value] of Object.entries(params)) {
        if (!Object.hasOwn(PARSERS, name)) return invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
        const parsed = typeof value === 'string' ? PARSERS[name as keyof Switches](value) : undefined;
        if (parsed === undefined) return invalid(`Invalid ${name}: ${typeof value === 'string' ? value : 'not a single value'}`, name);
        Object.assign(changes, { [name]: parsed });
      }
      const state = stateOf(id);
      Object.assign(state.switches, changes);
      if (!state.switches.hold) for (const held of state.held.splice(0)) send(p, id, held);
      return { status: 200, body: withHelpers(target.o, state), records: [] };
    },

    /** Sends the events held, in the order asked (`reverse`, the default: newest first; `shuffle`; `as_made`), and answers them in that order. */
    flush(p: Partition, id: string, params: Params): Answer {
      const target = accounts.endpoint(p, id);
      if (!target) return missing('webhook_endpoint', id);
      const order = typeof params.order === 'string' ? params.order : 'reverse';
      if (!(FLUSH_ORDERS as readonly string[]).includes(order)) return invalid(`Invalid order: must be one of ${FLUSH_ORDERS.join(', ')}`, 'order');
      const state = stateOf(id);
      const held = state.held.splice(0);
      const ordered = order === 'as_made' ? held : order === 'reverse' ? held.reverse() : shuffled(held);
      for (const h of ordered) send(p, id, h);
      const url = `/v1/test_helpers/webhook_endpoints/${id}/flush`;
      return { status: 200, body: { object: 'list', url, has_more: false, data: ordered.map((h) => h.event) }, records: [] };
    },

    /** Every attempt to the endpoint, oldest first. */
    deliveries(p: Partition, id: string): Answer {
      if (!accounts.endpoint(p, id)) return missing('webhook_endpoint', id);
      const url = `/v1/test_helpers/webhook_endpoints/${id}/deliveries`;
      return { status: 200, body: { object: 'list', url, has_more: false, data: stateOf(id).attempts }, records: [] };
    },

    /** Drops a deleted endpoint's switches, held events and attempts (its queued deliveries find it gone and stop). */
    forget: (id: string) => void states.delete(id),
  };
}
