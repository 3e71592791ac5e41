/** A site with a shop and team members of each Store-relevant role, for the Store area's integration files. */
import { COLLECTION_TYPES } from '../src/domain/collection-types';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { productAnswer, shopRow, type ProductAnswer, type ShopRow } from '../src/contracts/catalogue';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { testPaymentsUrl } from './test-payments';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { signedIn, type Client } from './session';

export type StoreSite = {
  database: Awaited<ReturnType<typeof freshDatabase>>;
  app: FastifyInstance;
  websiteId: string;
  owner: Client;
  editor: Client;
  storeManager: Client;
  viewer: Client;
  shop: ShopRow;
};

const ROLES = [
  ['owner', TEAM_ROLES.ADMIN],
  ['editor', TEAM_ROLES.EDITOR],
  ['store', TEAM_ROLES.STORE_MANAGER],
  ['viewer', TEAM_ROLES.VIEWER],
] as const;

export async function storeSite(identifier: string): Promise<StoreSite> {
  const database = await freshDatabase();
  // The demo without its shop: these tests start from a store with nothing in it.
  const doc = siteNamed(identifier, 'Store test');
  const loaded = loadDocument({ ...doc, collections: doc.collections.filter((c) => c.type !== COLLECTION_TYPES.PRODUCTS), store: {} }, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  for (const [who, role] of ROLES) {
    await setRole(database.db, websiteId, await createAccount(database.db, `${who}@example.com`, `${who}-password-123`), role);
  }
  const app = await buildApp({
    database,
    assets: loadClientAssets(),
    appDomain: 'sites.test',
    serveDefaultSite: true,
    payments: { stripeApiUrl: testPaymentsUrl() },
  });
  const signIn = (who: string) => signedIn(app, `${who}@example.com`, `${who}-password-123`);
  const [owner, editor, storeManager, viewer] = await Promise.all(ROLES.map(([who]) => signIn(who)));
  const res = await owner!.call('POST', '/api/config/store/shops', { title: 'Shop', path: '/shop' });
  expect(res.statusCode, res.body).toBe(200);
  return { database, app, websiteId, owner: owner!, editor: editor!, storeManager: storeManager!, viewer: viewer!, shop: shopRow.parse(res.json().shop) };
}

/** The file's store site: made before its tests, dropped after them (filled in by `beforeAll`). */
export function storeSiteForFile(identifier: string): StoreSite {
  const site = {} as StoreSite;
  beforeAll(async () => {
    Object.assign(site, await storeSite(identifier));
  });
  afterAll(async () => {
    await site.app?.close();
    await site.database?.drop();
  });
  return site;
}

/** A new product of the shop, as the owner adds it. */
export async function newProduct(site: StoreSite, productType = 'PHYSICAL', name = `Mug ${randomBytes(3).toString('hex')}`): Promise<ProductAnswer> {
  const res = await site.owner.call('POST', '/api/config/store/products', { shopId: site.shop.id, name, productType });
  expect(res.statusCode, res.body).toBe(201);
  return productAnswer.parse(res.json());
}

/** Saves `change` over the product's draft as the editor does, answering the call's response. */
export async function saveDraft(site: StoreSite, answer: ProductAnswer, change: Record<string, unknown>, as: Client = site.owner) {
  return as.call('PUT', `/api/config/store/products/${answer.product.id}/draft`, {
    version: answer.version,
    changeId: `change-${randomBytes(6).toString('hex')}`,
    product: { ...answer.product, ...change },
  });
}

/** Saves and publishes, expecting both to succeed. */
export async function savePublished(site: StoreSite, answer: ProductAnswer, change: Record<string, unknown>): Promise<ProductAnswer> {
  const saved = await saveDraft(site, answer, change);
  expect(saved.statusCode, saved.body).toBe(200);
  const draft = productAnswer.parse(saved.json());
  const res = await site.owner.call('POST', `/api/config/store/products/${answer.product.id}/publish`, { version: draft.version });
  expect(res.statusCode, res.body).toBe(200);
  return productAnswer.parse(res.json());
}

/** A variant as the editor adds one: a new id and a price. */
export const variant = (over: Record<string, unknown> = {}) => ({ id: randomBytes(12).toString('hex'), optionValues: [], priceCents: 1000, ...over });
