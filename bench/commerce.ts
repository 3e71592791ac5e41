/**
 * Shoppers filling carts (bench/run.ts section `commerce`): a site with a shop (test/shop-fixture.ts,
 * with a coupon, shipping and tax so every read prices them) in a database of the bench's own, the
 * built app on it, and 50 shoppers at once, each with its own cookies, looking at a product page,
 * adding to the cart and reading it, pausing between steps as a person browsing does (100 to 500
 * ms), again and again for the run. Add to cart and cart read p95 beside a bare Node server
 * answering a cart-sized JSON body to the same 50 shoppers, pausing alike, in the same run.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteDocument } from '../src/document/schema';
import { demoDocument } from '../test/fixtures';
import { SHOP, withShop } from '../test/shop-fixture';
import { withSiteServer } from './site-server';
import { fmt, type GoalRow } from './table';

export type CommerceBenchTools = {
  spawnServer(args: string[], env?: Record<string, string>): Promise<{ port: number; child: ChildProcess }>;
  seconds: number;
  /** Seconds of the same load first, not measured (BENCH_WARMUP_SECONDS, at most 5 here): the first orders compile the code they run. */
  warmupSeconds?: number;
};

const SHOPPERS = 50;
const PRODUCT = `${SHOP.path}/stacking-bowl`;
const hex = (n: number) => `f0f0f0f0f0f0f0f0f0f0f0${n.toString(16).padStart(2, '0')}`;

function benchShop(): SiteDocument {
  const doc = withShop(demoDocument()) as SiteDocument;
  Object.assign(doc.store, {
    coupons: [{ id: hex(1), code: 'WELCOME10', kind: 'PERCENT', percentOff: 10 }],
    shippingZones: [{ id: hex(2), name: 'Everywhere', countries: ['*'], rates: [{ id: hex(3), name: 'Standard', kind: 'FLAT', amountCents: 500 }] }],
    tax: { pricesIncludeTax: true, taxShipping: true, originCountry: 'GB', rules: [{ id: hex(4), name: 'VAT', country: 'GB', ratePercent: 20 }] },
  });
  // Stock enough for the whole run: the bench measures the cart, not selling out.
  const bowl = doc.store.products.find((p) => p.id === SHOP.bowl)!;
  bowl.variants = bowl.variants.map((v) => ({ ...v, unlimited: true }));
  return doc;
}

/** A shopper's pause between two steps: 100 to 500 ms, from a fixed sequence so runs compare. */
export function pauses(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return new Promise((resolve) => setTimeout(resolve, 100 + (state % 400)));
  };
}

export const p95 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

export type Shopper = { cookies: Map<string, string> };
export const cookieHeader = (s: Shopper) => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
export function keep(s: Shopper, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq);
    const value = pair!.slice(eq + 1);
    if (value === '' || /max-age=0/i.test(line)) s.cookies.delete(name);
    else s.cookies.set(name, value);
  }
}

/** Each shopper in turn: the product page, add one bowl, read the cart; until the time is up. */
async function shoppers(origin: string, seconds: number): Promise<{ add: number[]; read: number[]; errors: number }> {
  const add: number[] = [];
  const read: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, n) => {
      const pause = pauses(n + 1);
      const s: Shopper = { cookies: new Map() };
      keep(s, await fetch(`${origin}/`).then(async (r) => (await r.arrayBuffer(), r)));
      await fetch(`${origin}/api/commerce/cart/coupons`, {
        method: 'POST',
        headers: { cookie: cookieHeader(s), 'content-type': 'application/json', 'x-csrf-token': s.cookies.get('crumb') ?? '' },
        body: JSON.stringify({ code: 'WELCOME10' }),
      }).then(async (r) => (keep(s, r), await r.arrayBuffer()));
      while (Date.now() < until) {
        await fetch(`${origin}${PRODUCT}`, { headers: { cookie: cookieHeader(s) } }).then((r) => r.arrayBuffer());
        await pause();
        let started = performance.now();
        const added = await fetch(`${origin}/api/commerce/cart/entries`, {
          method: 'POST',
          headers: { cookie: cookieHeader(s), 'content-type': 'application/json', 'x-csrf-token': s.cookies.get('crumb') ?? '' },
          body: JSON.stringify({ productId: SHOP.bowl }),
        });
        await added.arrayBuffer();
        add.push(performance.now() - started);
        if (!added.ok) errors += 1;
        keep(s, added);
        await pause();
        started = performance.now();
        const cart = await fetch(`${origin}/api/commerce/cart`, { headers: { cookie: cookieHeader(s) } });
        await cart.arrayBuffer();
        read.push(performance.now() - started);
        if (!cart.ok) errors += 1;
        await pause();
      }
    }),
  );
  return { add, read, errors };
}

/** The baseline: the same 50 shoppers asking a bare Node server for a cart-sized body. */
async function bareShoppers(url: string, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, n) => {
      const pause = pauses(n + 1);
      while (Date.now() < until) {
        const started = performance.now();
        await fetch(url).then((r) => r.arrayBuffer());
        times.push(performance.now() - started);
        await pause();
      }
    }),
  );
  return times;
}

export async function commerceBench(dataDir: string, children: ChildProcess[], tools: CommerceBenchTools): Promise<GoalRow[]> {
  return withSiteServer({ dataDir, name: 'commerce', doc: benchShop(), children, spawnServer: tools.spawnServer }, async (origin) => {
    // One shopper's cart answer, as the baseline's body.
    const sample: { cookies: Map<string, string> } = { cookies: new Map() };
    keep(sample, await fetch(`${origin}/`).then(async (r) => (await r.arrayBuffer(), r)));
    const first = await fetch(`${origin}/api/commerce/cart/entries`, {
      method: 'POST',
      headers: { cookie: cookieHeader(sample), 'content-type': 'application/json', 'x-csrf-token': sample.cookies.get('crumb') ?? '' },
      body: JSON.stringify({ productId: SHOP.bowl }),
    });
    if (first.status !== 201) throw new Error(`add to cart answered ${first.status}: ${await first.text()}`);
    const file = path.join(dataDir, 'cart.json');
    await writeFile(file, Buffer.from(await first.arrayBuffer()));
    const bare = await tools.spawnServer(['bench/bare-server.ts', file, 'application/json']);
    children.push(bare.child);
    const baseline = p95(await bareShoppers(`http://127.0.0.1:${bare.port}/`, tools.seconds));
    const measured = await shoppers(origin, tools.seconds);
    const addP95 = p95(measured.add);
    const readP95 = p95(measured.read);
    console.log(`Shoppers filling carts (${SHOPPERS} at once, product page, add, read; ${measured.add.length} adds, ${measured.errors} errors):`);
    console.log(`bare Node http, a cart's JSON: p95 ${fmt(baseline, 1)} ms`);
    console.log(`add to cart: p95 ${fmt(addP95, 1)} ms   cart read: p95 ${fmt(readP95, 1)} ms\n`);
    return [
      {
        path: `add to cart, ${SHOPPERS} shoppers: p95`,
        measured: `p95 ${fmt(addP95, 1)} ms`,
        baseline: `bare Node p95 ${fmt(baseline, 1)} ms`,
        ratio: addP95 / baseline,
        goal: 'p95 < 50 ms',
        met: addP95 < 50 && measured.errors === 0,
      },
      {
        path: `cart read, ${SHOPPERS} shoppers: p95`,
        measured: `p95 ${fmt(readP95, 1)} ms`,
        baseline: `bare Node p95 ${fmt(baseline, 1)} ms`,
        ratio: readP95 / baseline,
        goal: 'reported',
        met: measured.errors === 0,
      },
    ];
  });
}
