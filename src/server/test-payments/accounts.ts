/**
 * The test payment service's state: one account per secret key (payments, refunds, events, saved
 * idempotent answers, webhook endpoints with their signing secrets, payment method domains),
 * rebuilt from the ledger on start. Each call checks and changes the state at once (the service is
 * one thread, so two calls never interleave inside one) and returns the answer with the records the
 * ledger must hold before it is sent. The outcome of a payment is its card's
 * (src/domain/checkout/test-cards.ts). The account object itself (`GET /v1/account`) is derived
 * from the key's partition, never stored; webhook deliveries are ./webhooks.ts's.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_SLOW_MS, MAX_SLOW_MS, testCardOf, type TestCardOutcome } from '../../domain/checkout/test-cards';
import { testPayments } from '../../messages/test-payments';
import {
  accountObject,
  API_VERSION,
  errorAnswer,
  IDEMPOTENCY_KEY_TTL_S,
  invalid,
  missing,
  newId,
  now,
  unexpectedState,
  type Answer,
  type Charge,
  type CreatedWebhookEndpoint,
  type EventType,
  type LedgerRecord,
  type Partition,
  type PaymentIntent,
  type PaymentMethodDomain,
  type PaymentPrivate,
  type Refund,
  type SavedAnswer,
  type StripeError,
  type StripeEvent,
  type WebhookEndpoint,
} from './stripe-objects';

export type Params = { [name: string]: string | Params };

type Account = {
  intents: Map<string, { pi: PaymentIntent; x: PaymentPrivate }>;
  refunds: Map<string, Refund>;
  events: StripeEvent[];
  answers: Map<string, SavedAnswer>;
  endpoints: Map<string, WebhookTarget>;
  domains: Map<string, PaymentMethodDomain>;
};

/** A webhook endpoint and the secret its deliveries are signed with (shown once, in the create answer). */
export type WebhookTarget = { o: WebhookEndpoint; secret: string };

const DECLINES: Partial<Record<TestCardOutcome, { code: string; decline_code?: string; message: string }>> = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: testPayments.declined },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: testPayments.insufficientFunds },
  processing_error: { code: 'processing_error', message: testPayments.processingError },
};

const text = (params: Params, name: string): string | undefined => (typeof params[name] === 'string' ? (params[name] as string) : undefined);
const metadataOf = (params: Params): Record<string, string> => {
  const m = params.metadata;
  return m && typeof m === 'object' ? Object.fromEntries(Object.entries(m).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
};

/** A list param as Stripe's SDK sends it (`a[0]=x&a[1]=y`) or a browser form (`a[]=x&a[]=y`), in order; null when given as a single value. */
const listParam = (params: Params, name: string): string[] | undefined | null => {
  const v = params[name];
  if (v === undefined) return undefined;
  if (typeof v === 'string') return null;
  return Object.entries(v)
    .filter((e): e is [string, string] => /^\d+$/.test(e[0]) && typeof e[1] === 'string')
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, x]) => x);
};

/** An event type as Stripe names them (`charge.dispute.created`), or `*`: any Stripe type is accepted, though the service makes only EVENT_TYPES. */
const EVENT_NAME = /^(\*|[a-z_]+(\.[a-z_]+)+)$/;
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const isWebUrl = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** A page of a list, newest first as Stripe lists: `limit` (1 to 100, default 10) after `starting_after`. */
function page<T extends { id: string }>(url: string, newestFirst: T[], params: Params): Answer {
  const limit = Math.min(Math.max(Number(text(params, 'limit') ?? 10) || 10, 1), 100);
  const after = text(params, 'starting_after');
  const rest = after ? newestFirst.slice(newestFirst.findIndex((e) => e.id === after) + 1) : newestFirst;
  return { status: 200, body: { object: 'list', url, has_more: rest.length > limit, data: rest.slice(0, limit) }, records: [] };
}

/** Applies a webhook endpoint's `enabled_events`, `url` and `description` params to it: the error answer when one is invalid. */
function setEndpointFields(o: WebhookEndpoint, params: Params): Answer | undefined {
  const url = text(params, 'url');
  if (url !== undefined) {
    if (!isWebUrl(url)) return invalid(`Invalid URL: ${url}. URLs must begin with http:// or https://.`, 'url', 'url_invalid');
    o.url = url;
  }
  const events = listParam(params, 'enabled_events');
  if (events === null || events?.length === 0) return invalid('Invalid array', 'enabled_events', 'parameter_invalid_empty');
  if (events) {
    const wrong = events.find((e) => !EVENT_NAME.test(e));
    if (wrong !== undefined) return invalid(`Invalid enabled_events: '${wrong}' is not an event type.`, 'enabled_events');
    o.enabled_events = events;
  }
  const description = text(params, 'description');
  if (description !== undefined) o.description = description || null;
  return undefined;
}

export type Accounts = ReturnType<typeof createAccounts>;

/** `baseUrl`: where browsers reach the service (its authentication pages). */
export function createAccounts(baseUrl: () => string) {
  const accounts = new Map<Partition, Account>();
  /** Payment id -> account: the authentication page is opened by a browser, which carries no key. */
  const owners = new Map<string, Partition>();

  const account = (p: Partition): Account => {
    let found = accounts.get(p);
    if (!found) accounts.set(p, (found = { intents: new Map(), refunds: new Map(), events: [], answers: new Map(), endpoints: new Map(), domains: new Map() }));
    return found;
  };

  /** Applies a record to the state: how the ledger is replayed, and how each change is made. */
  const apply = (record: LedgerRecord): void => {
    const a = account(record.p);
    if (record.t === 'pi') {
      a.intents.set(record.o.id, { pi: record.o, x: record.x });
      owners.set(record.o.id, record.p);
    } else if (record.t === 're') a.refunds.set(record.o.id, record.o);
    else if (record.t === 'ev') a.events.push(record.o);
    else if (record.t === 'idem') a.answers.set(record.k, record.a);
    else if (record.t === 'we') a.endpoints.set(record.o.id, { o: record.o, secret: record.secret });
    else if (record.t === 'we-deleted') a.endpoints.delete(record.id);
    else a.domains.set(record.o.id, record.o);
  };

  /** Records and applies a payment's new state, and the event it causes. */
  const change = (p: Partition, pi: PaymentIntent, x: PaymentPrivate, records: LedgerRecord[], type?: EventType, data?: PaymentIntent | Charge) => {
    const snapshot: LedgerRecord = { t: 'pi', p, o: structuredClone(pi), x: structuredClone(x) };
    apply(snapshot);
    records.push(snapshot);
    if (type) {
      const event: StripeEvent = {
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: now(),
        data: { object: structuredClone(data ?? pi) },
        livemode: false,
        pending_webhooks: 0,
        request: { id: null, idempotency_key: null },
        type,
      };
      const record: LedgerRecord = { t: 'ev', p, o: event };
      apply(record);
      records.push(record);
    }
  };

  const found = (p: Partition, id: string) => {
    const entry = accounts.get(p)?.intents.get(id);
    return entry ? { pi: structuredClone(entry.pi), x: structuredClone(entry.x) } : undefined;
  };

  const delayOf = (pi: PaymentIntent, x: PaymentPrivate): number | undefined => {
    if (x.outcome !== 'slow') return undefined;
    const asked = Number(pi.metadata.delay_ms);
    return Number.isInteger(asked) && asked >= 0 ? Math.min(asked, MAX_SLOW_MS) : DEFAULT_SLOW_MS;
  };

  /** The card was accepted: held for a manual capture, taken at once otherwise. */
  const authorise = (p: Partition, pi: PaymentIntent, x: PaymentPrivate, records: LedgerRecord[]) => {
    x.charge = {
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      currency: pi.currency,
      payment_intent: pi.id,
      metadata: pi.metadata,
      status: 'succeeded',
      created: now(),
      livemode: false,
    };
    pi.latest_charge = x.charge.id;
    pi.next_action = null;
    pi.last_payment_error = null;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      change(p, pi, x, records, 'payment_intent.amount_capturable_updated');
    } else take(p, pi, x, pi.amount, records);
  };

  const take = (p: Partition, pi: PaymentIntent, x: PaymentPrivate, amount: number, records: LedgerRecord[]) => {
    pi.status = 'succeeded';
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    if (x.charge) Object.assign(x.charge, { amount_captured: amount, captured: true });
    change(p, pi, x, records, 'payment_intent.succeeded');
  };

  const fail = (p: Partition, pi: PaymentIntent, x: PaymentPrivate, error: StripeError, records: LedgerRecord[]) => {
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    pi.last_payment_error = error;
    change(p, pi, x, records, 'payment_intent.payment_failed');
  };

  const confirm = (p: Partition, pi: PaymentIntent, x: PaymentPrivate, params: Params, records: LedgerRecord[]): Answer => {
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') return { ...unexpectedState(pi, 'confirm'), records };
    const method = text(params, 'payment_method') ?? pi.payment_method;
    if (!method) return { ...invalid('You must provide a payment_method to confirm this PaymentIntent.', 'payment_method', 'parameter_missing'), records };
    pi.payment_method = method;
    x.returnUrl = text(params, 'return_url') ?? x.returnUrl;
    const card = testCardOf(method);
    x.outcome = card?.outcome ?? null;
    const decline = card ? DECLINES[card.outcome] : { code: 'incorrect_number', message: testPayments.incorrectNumber };
    if (decline) {
      const error: StripeError = { type: 'card_error', ...decline };
      fail(p, pi, x, error, records);
      return errorAnswer(402, { ...error, payment_intent: structuredClone(pi) }, records);
    }
    if (card?.outcome === 'requires_action') {
      pi.status = 'requires_action';
      pi.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${baseUrl()}/authenticate/${pi.id}`, return_url: x.returnUrl } };
      change(p, pi, x, records, 'payment_intent.requires_action');
      return { status: 200, body: pi, records };
    }
    authorise(p, pi, x, records);
    return { status: 200, body: pi, records, delayMs: delayOf(pi, x), drop: x.outcome === 'timeout_after_success' };
  };

  return {
    apply,
    answer: (p: Partition, key: string): SavedAnswer | undefined => {
      const saved = accounts.get(p)?.answers.get(key);
      return saved && now() - saved.at < IDEMPOTENCY_KEY_TTL_S ? saved : undefined;
    },
    saveAnswer: (p: Partition, key: string, a: SavedAnswer): LedgerRecord => {
      const record: LedgerRecord = { t: 'idem', p, k: key, a };
      apply(record);
      return record;
    },

    createIntent(p: Partition, params: Params): Answer {
      const amount = Number(text(params, 'amount'));
      if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
      const currency = text(params, 'currency')?.toLowerCase();
      if (!currency || !/^[a-z]{3}$/.test(currency)) return invalid('Invalid currency', 'currency');
      const capture = text(params, 'capture_method') ?? 'automatic';
      if (capture !== 'manual' && capture !== 'automatic' && capture !== 'automatic_async') return invalid('Invalid capture_method', 'capture_method');
      const id = newId('pi');
      const method = text(params, 'payment_method') ?? null;
      const pi: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency,
        capture_method: capture,
        status: method ? 'requires_confirmation' : 'requires_payment_method',
        metadata: metadataOf(params),
        payment_method: method,
        description: text(params, 'description') ?? null,
        receipt_email: text(params, 'receipt_email') ?? null,
        next_action: null,
        last_payment_error: null,
        latest_charge: null,
        client_secret: `${id}_secret_${newId('cs').slice(3)}`,
        canceled_at: null,
        cancellation_reason: null,
        created: now(),
        livemode: false,
      };
      const x: PaymentPrivate = { outcome: null, returnUrl: text(params, 'return_url') ?? null, charge: null };
      const records: LedgerRecord[] = [];
      change(p, pi, x, records, 'payment_intent.created');
      if (text(params, 'confirm') === 'true') return confirm(p, pi, x, params, records);
      return { status: 200, body: pi, records };
    },

    retrieveIntent(p: Partition, id: string): Answer {
      const entry = found(p, id);
      return entry ? { status: 200, body: entry.pi, records: [] } : missing('payment_intent', id);
    },

    updateIntent(p: Partition, id: string, params: Params): Answer {
      const entry = found(p, id);
      if (!entry) return missing('payment_intent', id);
      const { pi, x } = entry;
      if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') return unexpectedState(pi, 'update');
      const amount = text(params, 'amount');
      if (amount !== undefined) {
        if (!Number.isInteger(Number(amount)) || Number(amount) < 1) return invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
        pi.amount = Number(amount);
      }
      const currency = text(params, 'currency');
      if (currency !== undefined) pi.currency = currency.toLowerCase();
      for (const [k, v] of Object.entries(metadataOf(params))) {
        if (v === '') delete pi.metadata[k];
        else pi.metadata[k] = v;
      }
      pi.description = text(params, 'description') ?? pi.description;
      pi.receipt_email = text(params, 'receipt_email') ?? pi.receipt_email;
      const method = text(params, 'payment_method');
      if (method) Object.assign(pi, { payment_method: method, status: 'requires_confirmation' });
      const records: LedgerRecord[] = [];
      change(p, pi, x, records);
      return { status: 200, body: pi, records };
    },

    confirmIntent(p: Partition, id: string, params: Params): Answer {
      const entry = found(p, id);
      return entry ? confirm(p, entry.pi, entry.x, params, []) : missing('payment_intent', id);
    },

    captureIntent(p: Partition, id: string, params: Params): Answer {
      const entry = found(p, id);
      if (!entry) return missing('payment_intent', id);
      const { pi, x } = entry;
      if (pi.status !== 'requires_capture') return unexpectedState(pi, 'capture');
      const asked = text(params, 'amount_to_capture');
      const amount = asked === undefined ? pi.amount_capturable : Number(asked);
      if (!Number.isInteger(amount) || amount < 1 || amount > pi.amount_capturable)
        return invalid('The amount to capture must be a positive integer no greater than the amount capturable.', 'amount_to_capture');
      if (x.outcome === 'capture_error') {
        return errorAnswer(402, { type: 'card_error', code: 'processing_error', message: testPayments.captureFailed, payment_intent: pi });
      }
      const records: LedgerRecord[] = [];
      take(p, pi, x, amount, records);
      return { status: 200, body: pi, records, delayMs: delayOf(pi, x) };
    },

    cancelIntent(p: Partition, id: string, params: Params): Answer {
      const entry = found(p, id);
      if (!entry) return missing('payment_intent', id);
      const { pi, x } = entry;
      if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') return unexpectedState(pi, 'cancel');
      Object.assign(pi, { status: 'canceled', amount_capturable: 0, next_action: null, canceled_at: now() });
      pi.cancellation_reason = text(params, 'cancellation_reason') ?? null;
      const records: LedgerRecord[] = [];
      change(p, pi, x, records, 'payment_intent.canceled');
      return { status: 200, body: pi, records };
    },

    /** The shopper's choice on the authentication page: the payment is authorised, or fails as Stripe's do. */
    authenticate(id: string, complete: boolean): { records: LedgerRecord[]; pi: PaymentIntent; returnUrl: string | null } | undefined {
      const p = owners.get(id);
      const entry = p === undefined ? undefined : found(p, id);
      if (p === undefined || !entry) return undefined;
      const { pi, x } = entry;
      const records: LedgerRecord[] = [];
      if (pi.status === 'requires_action') {
        if (complete) authorise(p, pi, x, records);
        else
          fail(p, pi, x, { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: testPayments.authenticationFailed }, records);
      }
      return { records, pi, returnUrl: x.returnUrl };
    },

    /** A payment awaiting its shopper's authentication, for the page that asks. */
    awaiting(id: string): PaymentIntent | undefined {
      const p = owners.get(id);
      return p === undefined ? undefined : found(p, id)?.pi;
    },

    createRefund(p: Partition, params: Params): Answer {
      const id = text(params, 'payment_intent');
      if (!id) return invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
      const entry = found(p, id);
      if (!entry) return missing('payment_intent', id, 'payment_intent');
      const { pi, x } = entry;
      if (pi.status !== 'succeeded' || !x.charge)
        return errorAnswer(400, {
          type: 'invalid_request_error',
          code: 'charge_not_captured',
          message: `PaymentIntent ${id} has no captured charge to refund.`,
        });
      const left = x.charge.amount_captured - x.charge.amount_refunded;
      const asked = text(params, 'amount');
      const amount = asked === undefined ? left : Number(asked);
      if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
      if (amount > left)
        return errorAnswer(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: `Refund amount (${amount}) is greater than the amount left to refund (${left}).`,
          param: 'amount',
        });
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: x.charge.id,
        currency: pi.currency,
        payment_intent: pi.id,
        metadata: metadataOf(params),
        reason: text(params, 'reason') ?? null,
        status: 'succeeded',
        created: now(),
      };
      x.charge.amount_refunded += amount;
      x.charge.refunded = x.charge.amount_refunded === x.charge.amount_captured;
      const records: LedgerRecord[] = [{ t: 're', p, o: refund }];
      apply(records[0]!);
      change(p, pi, x, records, 'charge.refunded', x.charge);
      return { status: 200, body: refund, records };
    },

    retrieveRefund(p: Partition, id: string): Answer {
      const refund = accounts.get(p)?.refunds.get(id);
      return refund ? { status: 200, body: refund, records: [] } : missing('refund', id);
    },

    /** Newest first, as Stripe lists them. */
    listEvents(p: Partition, params: Params): Answer {
      const type = text(params, 'type');
      return page(
        '/v1/events',
        [...(accounts.get(p)?.events ?? [])].reverse().filter((e) => !type || e.type === type),
        params,
      );
    },

    retrieveEvent(p: Partition, id: string): Answer {
      const event = accounts.get(p)?.events.find((e) => e.id === id);
      return event ? { status: 200, body: event, records: [] } : missing('event', id);
    },

    /** The payment a browser names by id and client secret (Stripe.js with a publishable key): its account, when the secret is the payment's. */
    ownerByClientSecret(id: string, clientSecret: string): Partition | undefined {
      const p = owners.get(id);
      return p !== undefined && accounts.get(p)?.intents.get(id)?.pi.client_secret === clientSecret ? p : undefined;
    },

    retrieveAccount: (p: Partition): Answer => ({ status: 200, body: accountObject(p), records: [] }),

    createEndpoint(p: Partition, params: Params): Answer {
      if (text(params, 'url') === undefined) return invalid('Missing required param: url.', 'url', 'parameter_missing');
      if (params.enabled_events === undefined) return invalid('Missing required param: enabled_events.', 'enabled_events', 'parameter_missing');
      const o: WebhookEndpoint = {
        id: newId('we'),
        object: 'webhook_endpoint',
        api_version: text(params, 'api_version') ?? null,
        application: null,
        created: now(),
        description: null,
        enabled_events: [],
        livemode: false,
        metadata: metadataOf(params),
        status: 'enabled',
        url: '',
      };
      const refused = setEndpointFields(o, params);
      if (refused) return refused;
      const record: LedgerRecord = { t: 'we', p, o, secret: `whsec_${randomBytes(24).toString('hex')}` };
      apply(record);
      const body: CreatedWebhookEndpoint = { ...structuredClone(o), secret: record.secret };
      return { status: 200, body, records: [record] };
    },

    /** The secret is shown only when the endpoint is made, as Stripe does. */
    listEndpoints: (p: Partition, params: Params): Answer =>
      page('/v1/webhook_endpoints', [...(accounts.get(p)?.endpoints.values() ?? [])].map((e) => e.o).reverse(), params),

    retrieveEndpoint(p: Partition, id: string): Answer {
      const found = accounts.get(p)?.endpoints.get(id);
      return found ? { status: 200, body: found.o, records: [] } : missing('webhook_endpoint', id);
    },

    updateEndpoint(p: Partition, id: string, params: Params): Answer {
      const found = accounts.get(p)?.endpoints.get(id);
      if (!found) return missing('webhook_endpoint', id);
      const o = structuredClone(found.o);
      const refused = setEndpointFields(o, params);
      if (refused) return refused;
      const disabled = text(params, 'disabled');
      if (disabled !== undefined && disabled !== 'true' && disabled !== 'false') return invalid(`Invalid boolean: ${disabled}`, 'disabled');
      if (disabled) o.status = disabled === 'true' ? 'disabled' : 'enabled';
      for (const [k, v] of Object.entries(metadataOf(params))) {
        if (v === '') delete o.metadata[k];
        else o.metadata[k] = v;
      }
      const record: LedgerRecord = { t: 'we', p, o, secret: found.secret };
      apply(record);
      return { status: 200, body: o, records: [record] };
    },

    deleteEndpoint(p: Partition, id: string): Answer {
      if (!accounts.get(p)?.endpoints.has(id)) return missing('webhook_endpoint', id);
      const record: LedgerRecord = { t: 'we-deleted', p, id };
      apply(record);
      return { status: 200, body: { id, object: 'webhook_endpoint', deleted: true }, records: [record] };
    },

    /** An endpoint and its secret, for the deliveries. */
    endpoint: (p: Partition, id: string): WebhookTarget | undefined => accounts.get(p)?.endpoints.get(id),

    /** The account's enabled endpoints that asked for events of this type. */
    endpointsFor: (p: Partition, type: string): WebhookTarget[] =>
      [...(accounts.get(p)?.endpoints.values() ?? [])].filter(
        (e) => e.o.status === 'enabled' && (e.o.enabled_events.includes('*') || e.o.enabled_events.includes(type)),
      ),

    /** The same domain again answers the one registered, as Stripe does. */
    createDomain(p: Partition, params: Params): Answer {
      const name = text(params, 'domain_name')?.toLowerCase();
      if (!name) return invalid('Missing required param: domain_name.', 'domain_name', 'parameter_missing');
      if (!DOMAIN_NAME.test(name)) return invalid(`Invalid domain_name: '${name}' is not a domain name.`, 'domain_name');
      const enabled = text(params, 'enabled');
      if (enabled !== undefined && enabled !== 'true' && enabled !== 'false') return invalid(`Invalid boolean: ${enabled}`, 'enabled');
      const known = [...account(p).domains.values()].find((d) => d.domain_name === name);
      if (known) return { status: 200, body: known, records: [] };
      const active = { status: 'active' } as const;
      const o: PaymentMethodDomain = {
        id: newId('pmd'),
        object: 'payment_method_domain',
        amazon_pay: active,
        apple_pay: active,
        created: now(),
        domain_name: name,
        enabled: enabled !== 'false',
        google_pay: active,
        klarna: active,
        link: active,
        livemode: false,
        paypal: active,
      };
      const record: LedgerRecord = { t: 'pmd', p, o };
      apply(record);
      return { status: 200, body: o, records: [record] };
    },

    listDomains(p: Partition, params: Params): Answer {
      const name = text(params, 'domain_name')?.toLowerCase();
      const enabled = text(params, 'enabled');
      const domains = [...(accounts.get(p)?.domains.values() ?? [])]
        .reverse()
        .filter((d) => (!name || d.domain_name === name) && (enabled === undefined || String(d.enabled) === enabled));
      return page('/v1/payment_method_domains', domains, params);
    },

    retrieveDomain(p: Partition, id: string): Answer {
      const found = accounts.get(p)?.domains.get(id);
      return found ? { status: 200, body: found, records: [] } : missing('payment_method_domain', id);
    },

    /** Charges authorised in an account: how tests count "one charge in the ledger". */
    chargeCount: (p: Partition) => [...(accounts.get(p)?.intents.values() ?? [])].filter((e) => e.x.charge).length,
  };
}
