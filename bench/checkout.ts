/**
 * Shoppers paying (bench/run.ts section `commerce`, after the carts): the bench's shop on a database
 * of its own, in test mode, the built app and the test payment service it starts beside itself.
 * 1. 50 shoppers looking at a product, adding it, opening the checkout page and placing the order
 *    with the test card that succeeds at once, pausing as people do, after a few seconds of the same
 *    unmeasured: placement p95 (goal < 300 ms),
 *    and orders per second beside the bare Node server's requests per second in the same run.
 * 2. All 50 buying one variant of 1,000 units, back to back, until it sells out: no oversell (orders
 *    and the stock left add up to 1,000), no 5xx; p95 printed.
 * 3. The provider answering each authorisation after 250 ms (the slow test card), 50 shoppers back
 *    to back: orders per second at least twice what 10 connections held across the call could give
 *    (10 / 0.25 s = 40/s).
 * 4. The bigger counts of the tests that `npm test` runs smaller: 50 races of 20 buyers for the last
 *    unit (test/checkout-races.test.ts) and 20 kill -9 trials at each point (test/checkout-crash.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../src/db/client';
import type { SiteDocument } from '../src/document/schema';
import { demoDocument } from '../test/fixtures';
import { startMailbox, type Received } from '../test/mailbox';
import { SHOP, withShop } from '../test/shop-fixture';
import { cookieHeader, keep, p95, pauses, type CommerceBenchTools, type Shopper } from './commerce';
import { withSiteServer } from './site-server';
import { fmt, type GoalRow } from './table';

const SHOPPERS = 50;
const SELL_OUT_UNITS = 1000;
const PRODUCT = `${SHOP.path}/stacking-bowl`;
const SUCCEEDS = '4242 4242 4242 4242';
/** The test card whose authorisation answers after DEFAULT_SLOW_MS (250 ms), src/domain/checkout/test-cards.ts. */
const SLOW = '4999 9900 0000 0023';
const ADDRESS = { name: 'Bench Shopper', line1: '1 Main Street', city: 'New York', region: 'US-NY', postcode: '10001', country: 'US' };
const hex = (n: number) => `f1f1f1f1f1f1f1f1f1f1f1${n.toString(16).padStart(2, '0')}`;

function checkoutShop(): SiteDocument {
  const doc = withShop(demoDocument()) as SiteDocument;
  Object.assign(doc.store, {
    shippingZones: [{ id: hex(2), name: 'Everywhere', countries: ['*'], rates: [{ id: hex(3), name: 'Standard', kind: 'FLAT', amountCents: 500 }] }],
  });
  const bowl = doc.store.products.find((p) => p.id === SHOP.bowl)!;
  bowl.variants = bowl.variants.map((v) => ({ ...v, unlimited: true }));
  return doc;
}

type Call = (method: 'GET' | 'POST', url: string, body?: object) => Promise<Response>;

function shopperAt(origin: string): { s: Shopper; call: Call } {
  const s: Shopper = { cookies: new Map() };
  const call: Call = async (method, url, body) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(s),
        ...(body ? { 'content-type': 'application/json', 'x-csrf-token': s.cookies.get('crumb') ?? '' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    keep(s, res);
    return res;
  };
  return { s, call };
}

const placeBody = (card: string) => ({
  attemptKey: randomBytes(16).toString('hex'),
  email: 'bench@example.com',
  shippingAddress: ADDRESS,
  payment: { provider: 'test', card },
});

type Run = { placements: number[]; orders: number; soldOut: number; errors: number; seconds: number };

/** Shoppers buying `productId`'s `variantId` again and again until `until` or until it sells out; `browse` adds the product and checkout pages and pauses. */
async function buyers(origin: string, opts: { seconds: number; productId: string; variantId?: string; card: string; browse: boolean }): Promise<Run> {
  const run: Run = { placements: [], orders: 0, soldOut: 0, errors: 0, seconds: 0 };
  const started = performance.now();
  const until = Date.now() + opts.seconds * 1000;
  let soldOut = false;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, n) => {
      const pause = opts.browse ? pauses(n + 1) : async () => undefined;
      const { call } = shopperAt(origin);
      await (await call('GET', '/')).arrayBuffer();
      while (Date.now() < until && !soldOut) {
        if (opts.browse) {
          await (await call('GET', PRODUCT)).arrayBuffer();
          await pause();
        }
        const added = await call('POST', '/api/commerce/cart/entries', { productId: opts.productId, ...(opts.variantId ? { variantId: opts.variantId } : {}) });
        await added.arrayBuffer();
        if (added.status === 409) {
          soldOut = true;
          break;
        }
        if (!added.ok) run.errors += 1;
        if (opts.browse) {
          await (await call('GET', '/checkout')).arrayBuffer();
          await pause();
        }
        const t = performance.now();
        const placed = await call('POST', '/api/commerce/checkout/place', placeBody(opts.card));
        await placed.arrayBuffer();
        run.placements.push(performance.now() - t);
        if (placed.status === 201) run.orders += 1;
        else if (placed.status === 409) run.soldOut += 1;
        else run.errors += 1;
        await pause();
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/** The baseline: 50 clients asking a bare Node server for a small body back to back: its requests per second. */
async function bareRate(url: string, seconds: number): Promise<number> {
  let count = 0;
  const started = performance.now();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      while (Date.now() < until) {
        await fetch(url).then((r) => r.arrayBuffer());
        count += 1;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function stockOf(database: Database, variantId: string): Promise<number> {
  const { rows } = await database.pool.query<{ q: number }>('SELECT qty_in_stock AS q FROM product_variants WHERE id = $1', [variantId]);
  return rows[0]!.q;
}

export async function checkoutBench(dataDir: string, children: ChildProcess[], tools: CommerceBenchTools): Promise<GoalRow[]> {
  // Every order sends its confirmation and the team's notice, as a shop with a mail server does: to a local one that keeps nothing.
  const mailbox = await startMailbox({ received: { push: () => 0 } as unknown as Received[] });
  const env = { SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, MAIL_FROM: 'shop@bench.test' };
  try {
    return await placements(dataDir, children, tools, env);
  } finally {
    await mailbox.stop();
  }
}

async function placements(dataDir: string, children: ChildProcess[], tools: CommerceBenchTools, env: Record<string, string>): Promise<GoalRow[]> {
  return withSiteServer({ dataDir, name: 'checkout', doc: checkoutShop(), children, spawnServer: tools.spawnServer, env }, async (origin, database) => {
    await database.pool.query(
      'INSERT INTO payment_settings (website_id, test_mode) SELECT id, true FROM websites ON CONFLICT (website_id) DO UPDATE SET test_mode = true',
    );
    const file = path.join(dataDir, 'answer.json');
    await writeFile(file, JSON.stringify({ state: 'placed', orderNumber: 1001, orderPath: `/checkout/orders/${randomBytes(32).toString('base64url')}` }));
    const bare = await tools.spawnServer(['bench/bare-server.ts', file, 'application/json']);
    children.push(bare.child);
    const bareRps = await bareRate(`http://127.0.0.1:${bare.port}/`, tools.seconds);

    // The same shoppers first, unmeasured, as every load in the bench is preceded: the first orders compile the code they run.
    if (tools.warmupSeconds) await buyers(origin, { seconds: tools.warmupSeconds, productId: SHOP.bowl, card: SUCCEEDS, browse: true });
    const browsing = await buyers(origin, { seconds: tools.seconds, productId: SHOP.bowl, card: SUCCEEDS, browse: true });
    const placeP95 = p95(browsing.placements);
    const browsingRate = browsing.orders / browsing.seconds;

    await database.pool.query('UPDATE product_variants SET qty_in_stock = $2, unlimited = false WHERE id = $1', [SHOP.mugBlue, SELL_OUT_UNITS]);
    const sellOut = await buyers(origin, { seconds: 120, productId: SHOP.mug, variantId: SHOP.mugBlue, card: SUCCEEDS, browse: false });
    const left = await stockOf(database, SHOP.mugBlue);
    const oversold = sellOut.orders + left !== SELL_OUT_UNITS || left < 0;

    const slow = await buyers(origin, { seconds: tools.seconds, productId: SHOP.bowl, card: SLOW, browse: false });
    const slowRate = slow.orders / slow.seconds;
    console.log(`Shoppers paying (${SHOPPERS} at once, test payment service):`);
    console.log(`bare Node http, 50 clients back to back: ${fmt(bareRps)} req/s`);
    console.log(
      `browsing and buying: ${browsing.orders} orders in ${fmt(browsing.seconds, 1)} s (${fmt(browsingRate, 1)}/s), place p95 ${fmt(placeP95, 1)} ms, ${browsing.errors} errors`,
    );
    console.log(
      `one variant of ${SELL_OUT_UNITS}: ${sellOut.orders} orders, ${left} left, ${sellOut.soldOut} sold-out answers, ${sellOut.errors} errors, place p95 ${fmt(p95(sellOut.placements), 1)} ms`,
    );
    console.log(
      `provider 250 ms: ${slow.orders} orders in ${fmt(slow.seconds, 1)} s (${fmt(slowRate, 1)}/s), place p95 ${fmt(p95(slow.placements), 1)} ms, ${slow.errors} errors\n`,
    );
    return [
      {
        path: `place order, ${SHOPPERS} shoppers: p95`,
        measured: `p95 ${fmt(placeP95, 1)} ms, ${fmt(browsingRate, 1)} orders/s`,
        baseline: `bare Node ${fmt(bareRps)} req/s`,
        ratio: browsingRate / bareRps,
        goal: 'p95 < 300 ms',
        met: placeP95 < 300 && browsing.errors === 0 && browsing.orders > 0,
      },
      {
        path: `${SHOPPERS} shoppers, one variant of ${SELL_OUT_UNITS}`,
        measured: `${sellOut.orders} orders + ${left} left, p95 ${fmt(p95(sellOut.placements), 1)} ms`,
        baseline: `${SELL_OUT_UNITS} units`,
        ratio: (sellOut.orders + left) / SELL_OUT_UNITS,
        goal: 'no oversell, no 5xx',
        met: !oversold && sellOut.errors === 0,
      },
      {
        path: `place order, provider 250 ms: orders/s`,
        measured: `${fmt(slowRate, 1)} orders/s`,
        baseline: '10 held connections: 40/s',
        ratio: slowRate / 40,
        goal: '≥ 2x (80/s)',
        met: slowRate >= 80 && slow.errors === 0,
      },
    ];
  });
}

/** The race and crash tests with the bench's counts, in a Vitest run of their own: whether they held, and how long they took. */
export async function checkoutProofs(): Promise<GoalRow[]> {
  const started = performance.now();
  const passed = await new Promise<boolean>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'integration', 'test/checkout-races.test.ts', 'test/checkout-crash.test.ts'], {
      env: { ...process.env, LAST_UNIT_RACES: '50', CRASH_TRIALS: '20' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => resolve(code === 0));
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`Checkout's races (50 for the last unit) and crashes (20 trials at each of 4 points): ${passed ? 'held' : 'FAILED'} in ${fmt(seconds)} s\n`);
  return [
    {
      path: '50 races for the last unit, 20 crash trials a point',
      measured: passed ? 'every order once, no oversell' : 'failed',
      baseline: 'one order per unit and per charge',
      ratio: passed ? 1 : 0,
      goal: 'all hold',
      met: passed,
    },
  ];
}
