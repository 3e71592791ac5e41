/**
 * Checkout never oversells, whoever races: placements sent at once over real HTTP (not injected),
 * against the app's own pool, for stock that cannot serve them all. Each race is also run against
 * a naive read-then-write hold (the mutation check kept here), which oversells: the same race
 * fails on the code it guards against.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { placeOrderRefusal } from '../src/contracts/checkout';
import { CART_COOKIE } from '../src/domain/cart-summary';
import { checkoutDeps, placeOrder, type HoldStock } from '../src/server/modules/checkout';
import { countOf, HOST, placeBody, qtyInStock, shopForFile, shopperWith } from './checkout-shop';
import type { Client } from './session';
import { SHOP } from './shop-fixture';

// A race needs as many connections as shoppers at once could use: the file's database has four.
const shop = shopForFile({ poolSize: 20 });
let port: number;
/** Races for the last unit: 20 in `npm test`, 50 in the bench (LAST_UNIT_RACES). */
const RACES = Number(process.env.LAST_UNIT_RACES ?? 20);

beforeAll(async () => {
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A placement over HTTP with the shopper's cookies and crumb: status and body. */
function placeOverHttp(c: Client, body: object): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: '/api/commerce/checkout/place',
        headers: {
          host: HOST,
          cookie,
          'content-type': 'application/json',
          'x-csrf-token': c.cookies.get('crumb') ?? '',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const setStock = (variantId: string, qty: number) =>
  shop.database.pool.query('UPDATE product_variants SET qty_in_stock = $3, unlimited = false WHERE website_id = $1 AND id = $2', [
    shop.websiteId,
    variantId,
    qty,
  ]);

const bankTransfer = () => placeBody({ payment: { provider: 'manual', method: 'bank_transfer' } });

async function shoppers(n: number, lines: [string, string, number][]): Promise<Client[]> {
  const list: Client[] = [];
  for (let i = 0; i < n; i++) list.push(await shopperWith(shop.app, lines));
  return list;
}

/**
 * The hold as the stores that oversold wrote it: read the stock, check it, write what was read less
 * the quantity. Between the read and the write another checkout reads the same number.
 */
const naiveHold: HoldStock = async (tx, input) => {
  for (const line of input.lines) {
    const { rows } = await tx.execute(sql`SELECT qty_in_stock AS left FROM product_variants WHERE website_id = ${input.websiteId} AND id = ${line.variantId}`);
    const left = (rows[0] as { left: number }).left;
    if (left < line.quantity) return { taken: false, variantId: line.variantId, left };
    await tx.execute(sql`UPDATE product_variants SET qty_in_stock = ${left - line.quantity} WHERE website_id = ${input.websiteId} AND id = ${line.variantId}`);
    await tx.execute(sql`INSERT INTO stock_holds (website_id, attempt_id, variant_id, quantity, expires_at)
      VALUES (${input.websiteId}, ${input.attemptId}, ${line.variantId}, ${line.quantity}, ${input.expiresAt.toISOString()}::timestamptz)`);
  }
  return { taken: true };
};

/** A hold that locks each variant in the cart's order, as a loop over the lines does: carts {A,B} and {B,A} wait on each other. */
const inCartOrderHold: HoldStock = async (tx, input) => {
  for (const line of input.lines) {
    const { rows } = await tx.execute(
      sql`UPDATE product_variants SET qty_in_stock = qty_in_stock - ${line.quantity}
          WHERE website_id = ${input.websiteId} AND id = ${line.variantId} AND qty_in_stock >= ${line.quantity} RETURNING id`,
    );
    if (rows.length === 0) return { taken: false, variantId: line.variantId, left: 0 };
    // The work a loop does between two lines (here: its hold row) keeps the first row locked meanwhile.
    await tx.execute(sql`INSERT INTO stock_holds (website_id, attempt_id, variant_id, quantity, expires_at)
      VALUES (${input.websiteId}, ${input.attemptId}, ${line.variantId}, ${line.quantity}, ${input.expiresAt.toISOString()}::timestamptz)`);
  }
  return { taken: true };
};

const PAIR: [[string, string, number], [string, string, number]] = [
  [SHOP.mug, SHOP.mugMoss, 1],
  [SHOP.bowl, 'd0d0d0d0d0d0d0d0d0d0d003', 1],
];

/** 100 carts {A, B} and 100 carts {B, A} placed at once by `placeAll`, with stock for all: how many made an order. */
async function crossedPairs(placeAll: (buyers: Client[]) => Promise<number>): Promise<number> {
  await setStock(PAIR[0][1], 1000);
  await setStock(PAIR[1][1], 1000);
  const ab = await shoppers(100, [PAIR[0], PAIR[1]]);
  const ba = await shoppers(100, [PAIR[1], PAIR[0]]);
  return placeAll([...ab, ...ba]);
}

/** Twenty buyers at once for the last unit, placed by `placeAll`: how many orders it made. */
async function lastUnitRace(placeAll: (buyers: Client[]) => Promise<number>): Promise<number> {
  await setStock(SHOP.mugAsh, 1);
  const buyers = await shoppers(20, [[SHOP.mug, SHOP.mugAsh, 1]]);
  return placeAll(buyers);
}

/** 200 buyers at once for 5 in stock, placed by `placeAll`: how many orders it made. */
async function fiveFor200(placeAll: (buyers: Client[]) => Promise<number>): Promise<number> {
  await setStock(SHOP.mugBlue, 5);
  return placeAll(await shoppers(200, [[SHOP.mug, SHOP.mugBlue, 1]]));
}

/** Placements through the place operation itself with another hold: how many made an order. */
const placedWith = (hold: HoldStock) => async (buyers: Client[]) => {
  const deps = checkoutDeps(shop.app, shop.database, hold);
  const answers = await Promise.allSettled(
    buyers.map((c) =>
      placeOrder(
        deps,
        { websiteId: shop.websiteId, token: c.cookies.get(CART_COOKIE), siteUserId: undefined, format: { locale: 'en-US', localeFormatting: true } },
        bankTransfer(),
        { returnUrl: `http://${HOST}/checkout/return` },
      ),
    ),
  );
  return answers.filter((a) => a.status === 'fulfilled').length;
};

const placedOverHttp = async (buyers: Client[]) =>
  (await Promise.all(buyers.map((c) => placeOverHttp(c, bankTransfer())))).filter((a) => a.status === 201).length;

describe('placements at once never sell more than the stock', () => {
  it('200 shoppers for 5 in stock: exactly 5 orders, 195 clear sold-out answers, stock 0, no hold left', async () => {
    const ordersBefore = await countOf(shop, 'orders');
    let answers: { status: number; body: string }[] = [];
    const placed = await fiveFor200(async (buyers) => {
      answers = await Promise.all(buyers.map((c) => placeOverHttp(c, bankTransfer())));
      return answers.filter((a) => a.status === 201).length;
    });
    expect(placed).toBe(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(195);
    const refusal = placeOrderRefusal.parse(JSON.parse(answers.find((a) => a.status === 409)!.body));
    expect(refusal).toMatchObject({ reason: 'soldOut', productName: 'Speckled Mug' });
    expect(refusal.error).toContain('Speckled Mug');
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(0);
    expect(await countOf(shop, 'orders')).toBe(ordersBefore + 5);
    expect(await countOf(shop, 'stock_holds')).toBe(0);
  });

  it('the same 200 against the naive hold make more than 5 orders (the mutation check)', async () => {
    expect(await fiveFor200(placedWith(naiveHold))).toBeGreaterThan(5);
  });

  it(`${RACES} races of 20 buyers for the last unit: one order each`, async () => {
    for (let race = 0; race < RACES; race++) {
      expect(await lastUnitRace(placedOverHttp), `race ${race}`).toBe(1);
      expect(await qtyInStock(shop, SHOP.mugAsh)).toBe(0);
    }
  });

  it('the same race against a naive read-then-write hold sells the last unit more than once (the mutation check)', async () => {
    let oversold = 0;
    for (let race = 0; race < 5 && oversold === 0; race++) oversold = (await lastUnitRace(placedWith(naiveHold))) - 1;
    expect(oversold).toBeGreaterThan(0);
  });

  it('100 pairs of carts {A, B} and {B, A} at once: every placement answers, none with a deadlock', async () => {
    expect(await crossedPairs(placedOverHttp)).toBe(200);
    expect(await qtyInStock(shop, PAIR[0][1])).toBe(800);
    expect(await qtyInStock(shop, PAIR[1][1])).toBe(800);
  });

  it('the same pairs against a hold that locks in the cart’s order deadlock (the mutation check)', async () => {
    const deadlocks = async () =>
      (await shop.database.pool.query<{ n: number }>('SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n;
    const before = await deadlocks();
    await crossedPairs(placedWith(inCartOrderHold));
    await expect.poll(deadlocks, { timeout: 10_000 }).toBeGreaterThan(before);
  });
});

describe('no lock is held while the provider is asked', () => {
  it('another connection locks the variant NOWAIT, no session idles in a transaction, and another placement for it completes', async () => {
    const variant = SHOP.mugMoss;
    await setStock(variant, 2);
    const [first, second] = await shoppers(2, [[SHOP.mug, variant, 1]]);
    // The first authorisation waits at the provider until the test lets it go; every other goes straight through.
    let reached!: () => void;
    const atProvider = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const payments = shop.app.payments;
    const real = payments.provider.bind(payments);
    let gated = false;
    payments.provider = async (websiteId, id) => {
      const provider = await real(websiteId, id);
      return new Proxy(provider, {
        get(target, name, receiver) {
          if (name === 'authorize' && !gated) {
            gated = true;
            return async (input: Parameters<typeof provider.authorize>[0]) => {
              reached();
              await released;
              return target.authorize(input);
            };
          }
          const value: unknown = Reflect.get(target, name, receiver);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    };
    try {
      const placing = placeOverHttp(first!, placeBody());
      await atProvider;
      const other = await shop.database.pool.connect();
      try {
        await other.query('BEGIN');
        const locked = await other.query('SELECT id FROM product_variants WHERE website_id = $1 AND id = $2 FOR UPDATE NOWAIT', [shop.websiteId, variant]);
        expect(locked.rowCount).toBe(1);
        await other.query('ROLLBACK');
        const idle = await other.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
        );
        expect(idle.rows[0]!.n).toBe(0);
      } finally {
        other.release();
      }
      const meanwhile = await placeOverHttp(second!, placeBody());
      expect(meanwhile.status, meanwhile.body).toBe(201);
      release();
      expect((await placing).status).toBe(201);
      expect(await qtyInStock(shop, variant)).toBe(0);
    } finally {
      release();
      payments.provider = real;
    }
  });
});
