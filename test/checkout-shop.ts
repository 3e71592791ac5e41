/**
 * The checkout tests' shop and shopper: the visitor-side fixture shop with US and worldwide
 * shipping, coupons limited to one use and once per customer, and twenty sizes of a print; an app
 * on a fresh database with test mode and bank transfer on; a shopper who fills a cart and places it.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import type { PlaceOrderRequest } from '../src/contracts/checkout';
import { testCard, type TestCardOutcome } from '../src/domain/checkout/test-cards';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { connect, type Database } from '../src/db/client';
import { buildApp } from '../src/server/app';
import { checkoutDeps, type CheckoutDeps } from '../src/server/modules/checkout';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { ATTEMPT_METADATA, testModeKey } from '../src/server/modules/payments';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { webhookSecretFor } from '../src/server/test-payments/signing';
import { stripeClient } from './payments-service-client';
import { client, type Client } from './session';
import { printProduct, SHOP, withShop } from './shop-fixture';
import { testPaymentsUrl } from './test-payments';

export const HOST = 'checkout-shop.sites.test';
export const BOWL_VARIANT = 'd0d0d0d0d0d0d0d0d0d0d003';
const id = (n: number) => `f0f0f0f0f0f0f0f0f0f0f0${n.toString(16).padStart(2, '0')}`;
export const COUPONS = { once: id(1), limited: id(2) };
export const GIFT_CARD = { product: id(30), variant: id(31) };

export function checkoutShop(identifier = 'checkout-shop'): SiteDocument {
  const doc = withShop(siteNamed(identifier, 'Checkout shop')) as SiteDocument & { store: Record<string, unknown> };
  const store = doc.store as { products: unknown[] };
  store.products.push(printProduct(), {
    id: GIFT_CARD.product,
    shopId: SHOP.shopId,
    slug: 'gift-card',
    name: 'Studio Gift Card',
    productType: 'GIFT_CARD',
    status: 1,
    createdAt: '2026-01-01T00:00:00Z',
    variants: [{ id: GIFT_CARD.variant, priceCents: 5000, unlimited: true }],
  });
  Object.assign(doc.store, {
    coupons: [
      { id: COUPONS.once, code: 'WELCOME', kind: 'PERCENT', percentOff: 10, oncePerCustomer: true },
      { id: COUPONS.limited, code: 'FIRSTONLY', kind: 'FIXED_AMOUNT', amountOffCents: 500, usageLimit: 1 },
    ],
    shippingZones: [
      { id: id(10), name: 'United States', countries: ['US'], rates: [{ id: id(11), name: 'Ground', kind: 'FLAT', amountCents: 800 }] },
      { id: id(12), name: 'Everywhere else', countries: ['*'], rates: [{ id: id(13), name: 'International', kind: 'FLAT', amountCents: 2500 }] },
    ],
    tax: { rules: [{ id: id(20), name: 'NY sales tax', country: 'US', region: 'US-NY', ratePercent: 8.875 }] },
  });
  return doc;
}

export type Shop = {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof freshDatabase>>;
  /** The app's connections: the file's database, or a pool of the size asked. */
  appDatabase: Database;
  websiteId: string;
  /** The site's account at the test payment service. */
  stripe: ReturnType<typeof stripeClient>;
  /** The secret the test payment service signs the site's webhooks with. */
  webhookSecret: string;
  /** Payments authorised at the service for the attempt with this key: its ledger's charges. */
  charges(attemptKey: string): Promise<number>;
  /** Checkout's dependencies as the app holds them, for the operations called on their own. */
  deps: CheckoutDeps;
  /** Rows the server stored, read with the file's connections. */
  sql<T>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

/** An app on a fresh database holding the checkout shop, test mode and bank transfer on, paying at the run's test payment service. */
export async function openShop(opts: { poolSize?: number } = {}): Promise<Shop> {
  const database = await freshDatabase();
  const loaded = loadDocument(checkoutShop(), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const { websiteId } = await writeSiteDocument(database.db, loaded.document);
  await database.pool.query(`INSERT INTO payment_settings (website_id, test_mode, manual_methods, cancel_unpaid_days) VALUES ($1, true, $2::jsonb, 7)`, [
    websiteId,
    JSON.stringify([{ method: 'bank_transfer', enabled: true, instructions: 'Pay to IBAN DE00 1234 5678, reference your order number.' }]),
  ]);
  // A race needs as many connections as shoppers at once: the file's database has four.
  const appDatabase = opts.poolSize === undefined ? database : connect(database.url, opts.poolSize);
  const secret = randomBytes(32);
  const app = await buildApp({
    database: appDatabase,
    assets: loadClientAssets(),
    appDomain: 'sites.test',
    serveDefaultSite: false,
    payments: { testPaymentsUrl: testPaymentsUrl(), secret, stripeApiUrl: testPaymentsUrl() },
  });
  await app.siteChanges.ready;
  const stripe = stripeClient(testPaymentsUrl(), testModeKey(secret, websiteId));
  return {
    app,
    database,
    appDatabase,
    websiteId,
    stripe,
    webhookSecret: webhookSecretFor(testModeKey(secret, websiteId)),
    deps: checkoutDeps(app, appDatabase),
    sql: async <T>(text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows as T[],
    async charges(attemptKey) {
      const authorised = await stripe.events('payment_intent.amount_capturable_updated');
      return authorised.filter((e) => e.data.object.metadata[ATTEMPT_METADATA] === attemptKey).length;
    },
    async close() {
      await app.close();
      if (appDatabase !== database) await appDatabase.close();
      await database.drop();
    },
  };
}

/** The file's shop: opened before its tests and closed after them; its fields are there when the tests run. */
export function shopForFile(opts: { poolSize?: number } = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    Object.assign(shop, await openShop(opts));
  });
  afterAll(async () => {
    await shop.close?.();
  });
  return shop;
}

export const newAttemptKey = () => randomBytes(16).toString('hex');

export const NY_ADDRESS = { name: 'Ada Lovelace', line1: '1 Main Street', city: 'New York', region: 'US-NY', postcode: '10001', country: 'US' };

export const card = (outcome: TestCardOutcome) => testCard(outcome).number;

export function placeBody(more: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    attemptKey: newAttemptKey(),
    email: 'shopper@example.com',
    shippingAddress: NY_ADDRESS,
    payment: { provider: 'test', card: card('succeed') },
    ...more,
  };
}

/** A visitor with these variants in their cart (product, variant, quantity). */
export async function shopperWith(app: FastifyInstance, lines: [string, string, number][]): Promise<Client> {
  const c = await client(app, HOST);
  for (const [productId, variantId, quantity] of lines) {
    const res = await c.call('POST', '/api/commerce/cart/entries', { productId, variantId, quantity });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return c;
}

export const place = (c: Client, body: PlaceOrderRequest) => c.call('POST', '/api/commerce/checkout/place', body);

export async function qtyInStock(shop: Shop, variantId: string): Promise<number> {
  const { rows } = await shop.database.pool.query<{ q: number }>('SELECT qty_in_stock AS q FROM product_variants WHERE website_id = $1 AND id = $2', [
    shop.websiteId,
    variantId,
  ]);
  return rows[0]!.q;
}

export type AttemptRow = { id: string; state: string; payment: string; order: string | null; amount: number; currency: string };

/** The attempt with this key as stored: its state, the provider's payment id, its order, what it is for. */
export async function attemptOf(shop: Shop, key: string): Promise<AttemptRow> {
  const { rows } = await shop.database.pool.query<AttemptRow>(
    `SELECT id, state, provider_payment_id AS payment, order_id AS "order", amount_cents AS amount, currency
     FROM checkout_attempts WHERE website_id = $1 AND key = $2`,
    [shop.websiteId, key],
  );
  return rows[0]!;
}

/** How many orders the attempt made (one at most, whoever finalised it). */
export async function ordersOf(shop: Shop, attemptId: string): Promise<number> {
  const { rows } = await shop.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE website_id = $1 AND attempt_id = $2', [
    shop.websiteId,
    attemptId,
  ]);
  return rows[0]!.n;
}

export async function countOf(shop: Shop, table: 'orders' | 'stock_holds' | 'coupon_holds' | 'payments' | 'coupon_uses'): Promise<number> {
  const { rows } = await shop.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE website_id = $1`, [shop.websiteId]);
  return rows[0]!.n;
}
