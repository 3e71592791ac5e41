/**
 * Oversell never: fifty shoppers place at once, over real HTTP on connections of their own, for a
 * variant with five in stock → five orders, stock zero, forty-five sold-out answers naming the
 * product, no hold left. The mutation check keeps the test honest: the same race run against a
 * naive read-then-write hold function (below) oversells.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_COOKIE } from '../src/domain/cart-summary';
import { checkoutDeps, placeOrder, PlaceRefusal, type HoldStock } from '../src/server/modules/checkout';
import { countOf, HOST, placeBody, qtyInStock, shopperWith, shopForFile } from './checkout-shop';
import type { Client } from './session';
import { SHOP } from './shop-fixture';

const SHOPPERS = 50;
const STOCK = 5;
const JUG = 'd0d0d0d0d0d0d0d0d0d0d006';

const shop = shopForFile({ poolSize: 24 });
let port: number;

beforeAll(async () => {
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
});

/** A POST on a connection of its own: its status and body. */
function post(path: string, c: Client, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          host: HOST,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': c.cookies.get('crumb') ?? '',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Fifty shoppers with one of the variant each, its stock then set to five. */
async function shoppersFor(productId: string, variantId: string): Promise<Client[]> {
  const shoppers: Client[] = [];
  for (let i = 0; i < SHOPPERS; i++) shoppers.push(await shopperWith(shop.app, [[productId, variantId, 1]]));
  await shop.database.pool.query('UPDATE product_variants SET qty_in_stock = $3 WHERE website_id = $1 AND id = $2', [shop.websiteId, variantId, STOCK]);
  return shoppers;
}

const ordersOf = async (variantId: string) =>
  (
    await shop.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE website_id = $1 AND variant_id = $2', [
      shop.websiteId,
      variantId,
    ])
  ).rows[0]!.n;

/**
 * The naive version the test must catch: read the stock, then write what is left, with nothing
 * between the two to stop another shopper reading the same number.
 */
const readThenWrite: HoldStock = async (tx, input) => {
  for (const line of input.lines) {
    const { rows } = await tx.execute(sql`SELECT qty_in_stock AS qty FROM product_variants WHERE website_id = ${input.websiteId} AND id = ${line.variantId}`);
    const qty = (rows[0] as { qty: number }).qty;
    if (qty < line.quantity) return { taken: false, variantId: line.variantId, left: qty };
    await tx.execute(sql`UPDATE product_variants SET qty_in_stock = ${qty - line.quantity} WHERE website_id = ${input.websiteId} AND id = ${line.variantId}`);
    await tx.execute(
      sql`INSERT INTO stock_holds (website_id, attempt_id, variant_id, quantity, expires_at) VALUES (${input.websiteId}, ${input.attemptId}, ${line.variantId}, ${line.quantity}, ${input.expiresAt.toISOString()})`,
    );
  }
  return { taken: true };
};

describe('fifty shoppers for five in stock', () => {
  it('sells exactly five over real HTTP: five orders, stock zero, forty-five sold-out answers naming the product, no hold left', async () => {
    const shoppers = await shoppersFor(SHOP.jug, JUG);
    const answers = await Promise.all(shoppers.map((c) => post('/api/commerce/checkout/place', c, placeBody())));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(STOCK);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(SHOPPERS - STOCK).fill(409));
    for (const a of refused) expect(JSON.parse(a.body)).toEqual({ reason: 'soldOut', error: 'Water Jug has sold out.', productName: 'Water Jug' });
    expect(await ordersOf(JUG)).toBe(STOCK);
    expect(await qtyInStock(shop, JUG)).toBe(0);
    expect(await countOf(shop, 'stock_holds')).toBe(0);
  });

  it('oversells the same race with a naive read-then-write hold, which shows the test can fail', async () => {
    const shoppers = await shoppersFor(SHOP.mug, SHOP.mugMoss);
    const naive = checkoutDeps(shop.app, shop.appDatabase, readThenWrite);
    const format = { locale: 'en-US', localeFormatting: false };
    const answers = await Promise.all(
      shoppers.map((c) =>
        placeOrder(naive, { websiteId: shop.websiteId, token: c.cookies.get(CART_COOKIE), siteUserId: undefined, format }, placeBody(), {
          returnUrl: `http://${HOST}/checkout/return`,
        }).then(
          () => 201,
          (err: unknown) => (err instanceof PlaceRefusal ? err.status : 500),
        ),
      ),
    );
    expect(answers.filter((s) => s === 201).length).toBeGreaterThan(STOCK);
    expect(await ordersOf(SHOP.mugMoss)).toBeGreaterThan(STOCK);
  });
});
