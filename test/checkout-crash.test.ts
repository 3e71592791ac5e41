/**
 * A placement survives the app's death at any point (the placement protocol, src/server/modules/
 * checkout/CONTEXT.md): the app as `npm start` runs it, in a process of its own, is killed -9 at
 * four points of a placement — after the holds, after the provider's success, before the order's
 * commit, after the commit before the capture — five times each. Then the app starts again and the
 * recovery step runs (the reconcile sweep, as it runs two minutes after an attempt last moved; the
 * capture jobs the restarted app's worker takes up): every charge at the test payment service has exactly one order,
 * every order one charge, each order's payment is captured, and the stock is what the orders took.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { FAILPOINT_ENV, FAILPOINTS } from '../src/server/failpoints';
import { checkoutDeps, reconcileAttempts, RECONCILE_AFTER_MS } from '../src/server/modules/checkout';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { ATTEMPT_METADATA, testModeKey } from '../src/server/modules/payments';
import { loadClientAssets } from '../src/server/render/assets';
import { spawnServer, type RunningServer } from '../e2e/server-process';
import { card, checkoutShop, NY_ADDRESS, newAttemptKey } from './checkout-shop';
import { freshDatabase } from './db';
import { stripeClient } from './payments-service-client';
import { SHOP } from './shop-fixture';
import { testPaymentsUrl } from './test-payments';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 5);
const STOCK = 1000;
const SECRET = randomBytes(32);

let database: Awaited<ReturnType<typeof freshDatabase>>;
let websiteId: string;

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(checkoutShop('crash-shop'), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  ({ websiteId } = await writeSiteDocument(database.db, loaded.document, { makeDefault: true }));
  await database.pool.query('INSERT INTO payment_settings (website_id, test_mode) VALUES ($1, true)', [websiteId]);
  await database.pool.query('UPDATE product_variants SET qty_in_stock = $3, unlimited = false WHERE website_id = $1 AND id = $2', [
    websiteId,
    SHOP.mugBlue,
    STOCK,
  ]);
});
afterAll(async () => {
  await database?.drop();
});

async function server(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-crash-'));
  return spawnServer(dataDir, { DATABASE_URL: database.url, SECRET_KEY: SECRET.toString('base64'), ...env });
}

/** A shopper on the server: the crumb from the home page, one mug in the cart, then "Place order" (which may never answer). */
async function placeOn(app: RunningServer, attemptKey: string): Promise<void> {
  const jar = new Map<string, string>();
  const call = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${app.url}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/json', 'x-csrf-token': jar.get('crumb') ?? '' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    await res.arrayBuffer();
    return res.status;
  };
  await call('GET', '/');
  expect(await call('POST', '/api/commerce/cart/entries', { productId: SHOP.mug, variantId: SHOP.mugBlue, quantity: 1 })).toBe(201);
  const place = { attemptKey, email: 'crash@example.com', shippingAddress: NY_ADDRESS, payment: { provider: 'test', card: card('succeed') } };
  await call('POST', '/api/commerce/checkout/place', place).catch(() => undefined);
}

const exited = (app: RunningServer) =>
  app.process.exitCode !== null || app.process.signalCode !== null ? Promise.resolve() : new Promise((r) => app.process.once('exit', r));

describe('a placement whose app dies at any point', () => {
  it(`leaves, after a restart and the recovery step, one order per charge and the stock right (${TRIALS} trials at each of ${FAILPOINTS.length} points)`, {
    timeout: 300_000,
  }, async () => {
    const killedAt: Record<string, string> = {};
    for (const point of FAILPOINTS) {
      for (let trial = 0; trial < TRIALS; trial++) {
        const app = await server({ [FAILPOINT_ENV]: point });
        const key = newAttemptKey();
        await placeOn(app, key);
        await exited(app);
        expect(app.process.signalCode, `${point}: ${app.output()}`).toBe('SIGKILL');
        killedAt[key] = point;
        await app.stop();
      }
    }

    // The restart: the app again, whose job worker takes up the captures left queued, and those a
    // killed app's worker had claimed once their lease has run out (as it has, by the time the sweep runs).
    await database.pool.query("UPDATE jobs SET locked_until = now() - interval '1 second' WHERE status = 'running'");
    const restarted = await server();
    try {
      // The recovery step: the reconcile sweep, as it runs two minutes after the attempts last moved.
      const app = await buildApp({
        database,
        assets: loadClientAssets(),
        appDomain: 'sites.test',
        serveDefaultSite: true,
        payments: { testPaymentsUrl: testPaymentsUrl(), secret: SECRET },
      });
      try {
        await reconcileAttempts(checkoutDeps(app, database), new Date(Date.now() + RECONCILE_AFTER_MS + 60_000));
      } finally {
        await app.close();
      }

      const service = stripeClient(testPaymentsUrl(), testModeKey(SECRET, websiteId));
      const charged = async () => {
        const events = await service.events('payment_intent.amount_capturable_updated');
        return new Set(events.map((e) => (e.data.object as { metadata: Record<string, string> }).metadata[ATTEMPT_METADATA]));
      };
      const orders = async () =>
        (
          await database.pool.query<{ key: string; payment_status: string; quantity: number }>(
            `SELECT a.key, o.payment_status, (SELECT sum(quantity)::int FROM order_lines l WHERE l.website_id = o.website_id AND l.order_id = o.id) AS quantity
             FROM orders o JOIN checkout_attempts a ON a.website_id = o.website_id AND a.id = o.attempt_id WHERE o.website_id = $1`,
            [websiteId],
          )
        ).rows;
      const placed = await orders();
      const keys = new Set(placed.map((o) => o.key));
      expect([...(await charged())].sort()).toEqual([...keys].sort());
      expect(placed.length).toBe(keys.size);
      // Whatever died after the holds and before the provider was asked has no charge and no order.
      for (const [key, point] of Object.entries(killedAt)) expect(keys.has(key), `${point}`).toBe(point !== 'after-holds');
      // Each order's payment is captured by the restarted app's worker.
      await expect.poll(async () => (await orders()).filter((o) => o.payment_status !== 'paid').length, { timeout: 30_000 }).toBe(0);
      const { rows } = await database.pool.query<{ q: number; holds: number }>(
        `SELECT qty_in_stock AS q, (SELECT count(*)::int FROM stock_holds WHERE website_id = $1) AS holds FROM product_variants WHERE website_id = $1 AND id = $2`,
        [websiteId, SHOP.mugBlue],
      );
      expect(rows[0]).toEqual({ q: STOCK - placed.reduce((n, o) => n + o.quantity, 0), holds: 0 });
    } finally {
      await restarted.stop();
    }
  });
});
