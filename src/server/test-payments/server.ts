/**
 * The test payment service's HTTP face: the part of Stripe's REST API a Stripe adapter uses
 * (form-encoded bodies, `Authorization: Bearer sk_test_…`, Stripe's error shape and statuses),
 * idempotency as Stripe documents it, and the authentication page of a payment that requires
 * action. Each secret key opens an account of its own, so tests and bench shoppers with different
 * keys never see each other's payments. Every change is in the ledger before it is answered.
 *
 * Beside payments, refunds and events: the account (`GET /v1/account`), payment method domains,
 * and webhook endpoints, to which each event is delivered signed once it is kept (./webhooks.ts),
 * with test helpers (`/v1/test_helpers/webhook_endpoints/:id`) that switch an endpoint's
 * deliveries to misbehave and list its attempts. A browser may call as Stripe.js does, with a
 * publishable key (`pk_test_…`) and a payment's client secret: only to retrieve and confirm that
 * payment. Every `/v1/` answer allows any origin (CORS), as Stripe's API does.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { format } from '../../messages/format';
import { testPayments } from '../../messages/test-payments';
import type { Accounts, Params } from './accounts';
import type { Ledger } from './ledger';
import { invalid, missing, type Answer, type LedgerRecord, type Partition, type PaymentIntent } from './stripe-objects';
import { createWebhooks, type Webhooks } from './webhooks';

/** Who answers GET /health: a starter adopts only a service that says this. */
export const SERVICE_NAME = 'openpress-test-payments';
const BODY_LIMIT = 1024 * 1024;
const MAX_KEY_LENGTH = 255;
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;
const CORS_PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST, DELETE',
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version, stripe-account',
  'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
};

/**
 * `a[b][c]=v` as Stripe's form encoding nests it; list entries are kept under their index, given
 * (`a[0]`, as Stripe's SDK sends them) or not (`a[]`, as a browser's form does: the next index).
 */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.replace(/\]/g, '').split('[');
    let at = out;
    path.forEach((given, i) => {
      const part = given === '' && i > 0 ? String(Object.keys(at).length) : given;
      if (i === path.length - 1) at[part] = value;
      else at = typeof at[part] === 'object' ? (at[part] as Params) : (at[part] = {});
    });
  }
  return out;
}

const canonical = (params: Params): string =>
  JSON.stringify(params, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const PUBLISHABLE_KEY = /^pk_test_\w{8,}$/;

/**
 * Who calls: the account a secret key opens, or a browser with a publishable key (in the
 * Authorization header, or the `key` param as Stripe.js sends it); undefined for any other key.
 */
function callerOf(req: IncomingMessage, params: Params): { secret: Partition } | 'publishable' | undefined {
  const auth = req.headers.authorization ?? '';
  const key = auth.startsWith('Bearer ')
    ? auth.slice(7).trim()
    : auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0]
      : undefined;
  if (PUBLISHABLE_KEY.test(key ?? (typeof params.key === 'string' ? params.key : ''))) return 'publishable';
  if (!key || !/^sk_test_\w{8,}$/.test(key)) return undefined;
  return { secret: createHash('sha256').update(key).digest('hex').slice(0, 32) };
}

const stripeError = (type: string, message: string, code?: string) => ({ error: { type, message, ...(code ? { code } : {}) } });

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(8).toString('hex')}`, ...headers });
  res.end(JSON.stringify(body));
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function authenticationPage(pi: PaymentIntent): string {
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: pi.currency.toUpperCase() });
  const amount = money.format(pi.amount / 10 ** (money.resolvedOptions().maximumFractionDigits ?? 2));
  const button = (outcome: string, label: string) =>
    `<form method="post" action="/authenticate/${escape(pi.id)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${escape(label)}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(testPayments.authenticateTitle)}</title></head><body><main><h1>${escape(testPayments.authenticateTitle)}</h1><p>${escape(format(testPayments.authenticateIntro, { amount }))}</p>${button('complete', testPayments.completeAuthentication)}${button('fail', testPayments.failAuthentication)}</main></body></html>`;
}

/** `publishable`: a browser may call it with a publishable key and the payment's client secret (the route's id). */
type Route = { method: string; pattern: RegExp; run: (p: Partition, params: Params, id: string) => Answer; publishable?: true };

function routes(accounts: Accounts, webhooks: Webhooks): Route[] {
  return [
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, run: (p, params) => accounts.createIntent(p, params) },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([\w-]+)$/, run: (p, _params, id) => accounts.retrieveIntent(p, id), publishable: true },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/([\w-]+)$/, run: (p, params, id) => accounts.updateIntent(p, id, params) },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([\w-]+)\/confirm$/,
      run: (p, params, id) => accounts.confirmIntent(p, id, params),
      publishable: true,
    },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/([\w-]+)\/capture$/, run: (p, params, id) => accounts.captureIntent(p, id, params) },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/([\w-]+)\/cancel$/, run: (p, params, id) => accounts.cancelIntent(p, id, params) },
    { method: 'POST', pattern: /^\/v1\/refunds$/, run: (p, params) => accounts.createRefund(p, params) },
    { method: 'GET', pattern: /^\/v1\/refunds\/([\w-]+)$/, run: (p, _params, id) => accounts.retrieveRefund(p, id) },
    { method: 'GET', pattern: /^\/v1\/events$/, run: (p, params) => accounts.listEvents(p, params) },
    { method: 'GET', pattern: /^\/v1\/events\/([\w-]+)$/, run: (p, _params, id) => accounts.retrieveEvent(p, id) },
    { method: 'GET', pattern: /^\/v1\/account$/, run: (p) => accounts.retrieveAccount(p) },
    { method: 'POST', pattern: /^\/v1\/webhook_endpoints$/, run: (p, params) => accounts.createEndpoint(p, params) },
    { method: 'GET', pattern: /^\/v1\/webhook_endpoints$/, run: (p, params) => accounts.listEndpoints(p, params) },
    { method: 'GET', pattern: /^\/v1\/webhook_endpoints\/([\w-]+)$/, run: (p, _params, id) => accounts.retrieveEndpoint(p, id) },
    { method: 'POST', pattern: /^\/v1\/webhook_endpoints\/([\w-]+)$/, run: (p, params, id) => accounts.updateEndpoint(p, id, params) },
    {
      method: 'DELETE',
      pattern: /^\/v1\/webhook_endpoints\/([\w-]+)$/,
      run: (p, _params, id) => {
        const deleted = accounts.deleteEndpoint(p, id);
        if (deleted.status === 200) webhooks.forget(id);
        return deleted;
      },
    },
    { method: 'GET', pattern: /^\/v1\/test_helpers\/webhook_endpoints\/([\w-]+)$/, run: (p, _params, id) => webhooks.switches(p, id) },
    { method: 'POST', pattern: /^\/v1\/test_helpers\/webhook_endpoints\/([\w-]+)$/, run: (p, params, id) => webhooks.setSwitches(p, id, params) },
    { method: 'POST', pattern: /^\/v1\/test_helpers\/webhook_endpoints\/([\w-]+)\/flush$/, run: (p, params, id) => webhooks.flush(p, id, params) },
    { method: 'GET', pattern: /^\/v1\/test_helpers\/webhook_endpoints\/([\w-]+)\/deliveries$/, run: (p, _params, id) => webhooks.deliveries(p, id) },
    { method: 'POST', pattern: /^\/v1\/payment_method_domains$/, run: (p, params) => accounts.createDomain(p, params) },
    { method: 'GET', pattern: /^\/v1\/payment_method_domains$/, run: (p, params) => accounts.listDomains(p, params) },
    { method: 'GET', pattern: /^\/v1\/payment_method_domains\/([\w-]+)$/, run: (p, _params, id) => accounts.retrieveDomain(p, id) },
  ];
}

/** A refused request's answer, as Stripe words it. */
const refuse = (res: ServerResponse, answer: Answer) => send(res, answer.status, answer.body);

/** Stripe keeps the answer of a request that ran, failed or not, but not of one refused before it ran (a malformed one). */
const kept = (status: number) => status < 400 || status === 402 || status >= 500;

export function createTestPaymentsServer(opts: { accounts: Accounts; ledger: Ledger<LedgerRecord>; ledgerDir: string }): Server {
  const { accounts, ledger } = opts;
  const webhooks = createWebhooks(accounts);
  const table = routes(accounts, webhooks);
  /** Idempotency keys whose first request is still running, by account. */
  const running = new Set<string>();

  const api = async (req: IncomingMessage, res: ServerResponse, path: string, query: string) => {
    const method = req.method ?? 'GET';
    // A preflight carries no key: the browser asks whether it may send one.
    if (method === 'OPTIONS') return void res.writeHead(204, CORS_PREFLIGHT).end();
    // Read before the key is known: Stripe.js may send its publishable key as a param.
    const params = parseForm(method === 'POST' ? await readBody(req) : query);
    const caller = callerOf(req, params);
    if (!caller)
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided: a test secret key (sk_test_…) is expected as a Bearer token.'));
    const route = table.find((r) => r.method === method && r.pattern.test(path));
    if (!route) return send(res, 404, stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`));
    const id = route.pattern.exec(path)?.[1] ?? '';
    let p: Partition;
    if (caller !== 'publishable') p = caller.secret;
    else {
      if (!route.publishable) return send(res, 401, stripeError('invalid_request_error', testPayments.publishableKeyRefused));
      if (typeof params.client_secret !== 'string') return refuse(res, invalid('Missing required param: client_secret.', 'client_secret', 'parameter_missing'));
      const owner = accounts.ownerByClientSecret(id, params.client_secret);
      // A wrong secret is told apart from no payment by no one, as Stripe answers both.
      if (owner === undefined) return refuse(res, missing('payment_intent', id));
      p = owner;
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string') {
      // Reads see only what is on disk: a change being flushed is not shown before it is kept.
      await ledger.settled();
      return deliver(res, route.run(p, params, id), {});
    }
    if (key.length > MAX_KEY_LENGTH) return send(res, 400, stripeError('invalid_request_error', 'Idempotency keys are at most 255 characters.'));
    const fingerprint = createHash('sha256')
      .update(`${method} ${path} ${canonical(params)}`)
      .digest('hex');
    const slot = `${p}\0${key}`;
    if (running.has(slot)) {
      return send(
        res,
        409,
        stripeError(
          'idempotency_error',
          `There is currently another in-progress request using this Idempotency-Key (${key}); try again later.`,
          'idempotency_key_in_use',
        ),
      );
    }
    const saved = accounts.answer(p, key);
    if (saved) {
      if (saved.fingerprint !== fingerprint) {
        return send(
          res,
          400,
          stripeError(
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      }
      await ledger.settled();
      return send(res, saved.status, saved.body, { 'idempotency-key': key, 'idempotent-replayed': 'true' });
    }
    running.add(slot);
    try {
      const answer = route.run(p, params, id);
      if (kept(answer.status))
        answer.records.push(accounts.saveAnswer(p, key, { fingerprint, status: answer.status, body: answer.body, at: Math.floor(Date.now() / 1000) }));
      await deliver(res, answer, { 'idempotency-key': key });
    } finally {
      running.delete(slot);
    }
  };

  /** Keeps the records, then sends the events among them to the webhook endpoints that asked (not waited for). */
  const keep = async (records: LedgerRecord[]) => {
    if (records.length === 0) return;
    await ledger.append(records);
    webhooks.dispatch(records);
  };

  /** Writes the answer's records, then answers (after its delay), or drops the connection once they are kept. */
  const deliver = async (res: ServerResponse, answer: Answer, headers: Record<string, string>) => {
    await keep(answer.records);
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (answer.drop) {
      res.socket?.destroy();
      return;
    }
    send(res, answer.status, answer.body, headers);
  };

  const authenticate = async (req: IncomingMessage, res: ServerResponse, id: string) => {
    if (req.method === 'GET') {
      const pi = accounts.awaiting(id);
      if (!pi) return send(res, 404, stripeError('invalid_request_error', `No such payment_intent: '${id}'`));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(authenticationPage(pi));
      return;
    }
    const outcome = parseForm(await readBody(req)).outcome;
    const done = accounts.authenticate(id, outcome === 'complete');
    if (!done) return send(res, 404, stripeError('invalid_request_error', `No such payment_intent: '${id}'`));
    await keep(done.records);
    if (!done.returnUrl) return send(res, 200, done.pi);
    const back = new URL(done.returnUrl);
    back.searchParams.set('payment_intent', done.pi.id);
    back.searchParams.set('payment_intent_client_secret', done.pi.client_secret);
    back.searchParams.set('redirect_status', done.pi.status === 'requires_payment_method' ? 'failed' : 'succeeded');
    res.writeHead(303, { location: back.href }).end();
  };

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://service');
    if (url.pathname.startsWith('/v1/')) res.setHeader('access-control-allow-origin', '*');
    const handled =
      url.pathname === '/health'
        ? Promise.resolve(send(res, 200, { service: SERVICE_NAME, pid: process.pid, ledger: opts.ledgerDir }))
        : url.pathname.startsWith('/authenticate/')
          ? authenticate(req, res, url.pathname.slice('/authenticate/'.length))
          : api(req, res, url.pathname, url.search.slice(1));
    handled.catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, stripeError('api_error', error instanceof Error ? error.message : String(error)));
    });
  });
}
