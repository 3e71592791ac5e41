/**
 * Product CSV through the Store area's calls (GET /api/config/store/products.csv, POST
 * /api/config/store/products/import): the demo shop exported in Shopify's and in Squarespace's
 * columns imports into a site without products as the same catalogue, and again as updates; a
 * sample written in Shopify's columns imports with its variants and prices; malformed rows and
 * rows the document's rules refuse are refused by row number with nothing written; images from
 * elsewhere are left out with a warning; the crumb and the role are checked on both calls.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { STORE_API } from '../src/contracts/catalogue';
import { loadDocument } from '../src/document/load';
import { TEAM_ROLES } from '../src/domain/roles';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { exportStore } from '../src/server/modules/catalogue';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { catalogueOf } from './catalogue-view';
import { demoWithTeam, type TeamDemo } from './demo-app';
import { demoDocument } from './fixtures';
import { client, signedIn, type Client } from './session';

const EMPTY_HOST = 'empty.sites.test';
let demo: TeamDemo;
let app: FastifyInstance;
let emptySiteId: string;
/** The owner signed in on the site without products. */
let owner: Client;
let viewer: Client;
let shopId: string;

beforeAll(async () => {
  demo = await demoWithTeam();
  app = demo.app;
  const { db } = demo.database;
  const doc = demoDocument();
  doc.settings = { ...doc.settings, identifier: 'empty', title: 'Empty shop', customDomains: [] };
  doc.store = { ...doc.store, categories: [], products: [] };
  const loaded = loadDocument(doc, siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  emptySiteId = (await writeSiteDocument(db, loaded.document)).websiteId;
  shopId = loaded.document.collections.find((c) => c.type === 5)!.id;
  const ownerId = (await demo.database.pool.query<{ id: string }>(`SELECT id FROM accounts WHERE email = 'owner@example.com'`)).rows[0]!.id;
  await setRole(db, emptySiteId, ownerId, TEAM_ROLES.ADMIN);
  await setRole(db, demo.websiteId, await createAccount(db, 'viewer@example.com', 'viewer-password-1'), TEAM_ROLES.VIEWER);
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1', EMPTY_HOST);
  viewer = await signedIn(app, 'viewer@example.com', 'viewer-password-1');
});
afterAll(async () => {
  await app?.close();
  await demo?.database.drop();
});

const importCsv = (c: Client, csv: string, opts: { crumb?: boolean } = {}) =>
  c.call('POST', `${STORE_API.PRODUCTS_IMPORT}?shop=${shopId}`, csv, { ...opts, headers: { 'content-type': 'text/csv' } });

const productCount = async (websiteId: string) =>
  Number((await demo.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE website_id = $1', [websiteId])).rows[0]!.n);

describe('product CSV', () => {
  it("exports the demo shop in Shopify's columns, and it imports into a site without products as the same catalogue", async () => {
    const res = await demo.owner.call('GET', `${STORE_API.PRODUCTS_CSV}?columns=shopify`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="demo-shop-products-shopify\.csv"$/);
    expect(res.body.split('\r\n')[0]).toBe(
      '\uFEFFHandle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Status',
    );
    const demoStore = await exportStore(demo.database.db, demo.websiteId);
    const imported = await importCsv(owner, res.body);
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = imported.json<{ imported: number; updated: number; errors: { row: number; message: string }[] }>();
    expect(answer).toMatchObject({ imported: demoStore.products.length, updated: 0 });
    // The demo's photos are the demo site's files, not this site's: each is left out, with a warning.
    expect(answer.errors[0]).toEqual({ row: 2, message: expect.stringContaining('was left out') });
    const store = await exportStore(demo.database.db, emptySiteId);
    expect(catalogueOf(store, { dimensions: false })).toEqual(catalogueOf(demoStore, { dimensions: false }));
    // Shopify's columns have no services: the workshop comes back as a product that needs no shipping.
    expect(store.products.map((p) => p.productType)).toEqual(demoStore.products.map((p) => (p.productType === 'SERVICE' ? 'DIGITAL' : p.productType)));

    // The same file again updates every product in place.
    const again = await importCsv(owner, res.body);
    expect(again.json()).toMatchObject({ imported: 0, updated: demoStore.products.length });
    expect((await exportStore(demo.database.db, emptySiteId)).products.map((p) => p.id)).toEqual(store.products.map((p) => p.id));
  });

  it("exports in Squarespace's columns, and it imports as the same catalogue, types, sizes and visibility included", async () => {
    const res = await demo.owner.call('GET', `${STORE_API.PRODUCTS_CSV}?columns=squarespace`);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toMatch(
      /^\uFEFFProduct ID \[Non Editable\],Variant ID \[Non Editable\],Product Type \[Non Editable\],Product Page,Product URL,/,
    );
    const imported = await importCsv(owner, res.body);
    expect(imported.statusCode, imported.body).toBe(200);
    const demoStore = await exportStore(demo.database.db, demo.websiteId);
    const store = await exportStore(demo.database.db, emptySiteId);
    expect(catalogueOf(store, { dimensions: true })).toEqual(catalogueOf(demoStore, { dimensions: true }));
    // A schedule has no column: the scheduled moon jar comes as a hidden product.
    expect(store.products.map((p) => [p.productType, p.status])).toEqual(demoStore.products.map((p) => [p.productType, p.status === 2 ? 4 : p.status]));
  });

  it("imports a sample in Shopify's columns with its variants, compare-at prices and an image row", async () => {
    const csv = [
      'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Price,Variant Compare At Price,Variant Requires Shipping,Image Src,Image Position,Image Alt Text,Gift Card,Status',
      'sake-set,Sake set,"<p>A flask and two cups, <em>wood-fired</em>.</p>",Kiln Row,"Sets, Gifts",sake,TRUE,Glaze,Shino,Cups,Two,SAKE-SH-2,900,shopify,4,deny,64.00,80.00,TRUE,/s/studio-wheel.jpg,1,The set on a board,FALSE,active',
      'sake-set,,,,,,,,Shino,,Four,SAKE-SH-4,1300,shopify,2,deny,88.00,,TRUE,,,,,',
      'sake-set,,,,,,,,Natural ash,,Two,SAKE-NA-2,900,shopify,0,deny,64.00,72.00,TRUE,,,,,',
      'sake-set,,,,,,,,Natural ash,,Four,SAKE-NA-4,1300,,,continue,88.00,96.00,TRUE,,,,,',
      'sake-set,,,,,,,,,,,,,,,,,,,https://cdn.example.net/sake-detail.jpg,2,A cup up close,,',
      'studio-kiln,Studio kiln,,Kiln Row,,,TRUE,Title,Default Title,,,,,shopify,1,deny,"1,000,000.00",,TRUE,,,,FALSE,active',
    ].join('\r\n');
    const res = await importCsv(owner, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2, updated: 0, errors: [{ row: 6, message: expect.stringContaining('https://cdn.example.net/sake-detail.jpg') }] });
    const imported = (await exportStore(demo.database.db, emptySiteId)).products;
    const sake = imported.find((p) => p.slug === 'sake-set')!;
    expect(sake).toMatchObject({
      name: 'Sake set',
      status: 1,
      options: [
        { name: 'Glaze', values: ['Shino', 'Natural ash'] },
        { name: 'Cups', values: ['Two', 'Four'] },
      ],
      images: [{ file: '/s/studio-wheel.jpg', alt: 'The set on a board' }],
    });
    expect(sake.variants.map((v) => [v.sku, v.priceCents, v.salePriceCents, v.onSale, v.unlimited, v.qtyInStock])).toEqual([
      ['SAKE-SH-2', 8000, 6400, true, false, 4],
      ['SAKE-SH-4', 8800, 0, false, false, 2],
      ['SAKE-NA-2', 7200, 6400, true, false, 0],
      ['SAKE-NA-4', 9600, 8800, true, true, 0],
    ]);
    // covers 000-9.01 (the highest price), 000-9.03 (a variant without a SKU gets 'SQ' and 7 digits)
    const kiln = imported.find((p) => p.slug === 'studio-kiln')!;
    expect(kiln.variants).toMatchObject([{ priceCents: 100_000_000, sku: expect.stringMatching(/^SQ[0-9]{7}$/) }]);
  });

  it('refuses malformed rows and rows the rules refuse by their row numbers, writing nothing', async () => {
    const before = await productCount(emptySiteId);
    const malformed = 'Handle,Title,Variant Price,Variant SKU\r\nbad-price,Bad price,12.345,BAD-1\r\n,No handle,3.00,\r\nfine,Fine,4.00,FINE-1\r\n';
    const res = await importCsv(owner, malformed);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Nothing was imported: fix the rows named below and import the file again.',
      imported: 0,
      updated: 0,
      errors: [
        { row: 2, message: 'Variant Price: "12.345" is not a price in GBP.' },
        { row: 3, message: 'This row has no Handle: every row names the product it belongs to.' },
      ],
    });
    // A SKU another product holds, and a slug taken by the shop's categories: the document's rules, on the file's rows.
    // covers 000-9.01 (a price past 100000000 cents), 000-9.02 (a SKU past 60 characters)
    const ruled = [
      'Handle,Title,Variant Price,Variant SKU',
      'new-cup,New cup,4.00,SAKE-SH-2',
      'category,Category,5.00,CAT-1',
      'too-dear,Too dear,"1,000,000.01",DEAR-1',
      `long-sku,Long SKU,5.00,${'S'.repeat(61)}`,
    ].join('\r\n');
    const refused = await importCsv(owner, ruled);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: unknown[] }>().errors).toEqual([
      { row: 2, message: expect.stringMatching(/^SKU SAKE-SH-2 is already used at /) },
      { row: 3, message: expect.stringContaining('"category" is where a shop\'s categories are') },
      { row: 4, message: expect.stringMatching(/^priceCents: .*100000000/) },
      { row: 5, message: expect.stringMatching(/^sku: .*60/) },
    ]);
    // covers 000-3.01 (a product type that is not one of the four is refused)
    const typed = await importCsv(owner, 'Product Type [Non Editable],Product URL,Title,Price\r\nSUBSCRIPTION,box,Monthly box,30.00\r\n');
    expect(typed.json<{ errors: unknown[] }>().errors).toEqual([
      { row: 2, message: 'Product Type [Non Editable]: "SUBSCRIPTION" is not a product type (PHYSICAL, DIGITAL, SERVICE or GIFT_CARD).' },
    ]);
    expect(await productCount(emptySiteId)).toBe(before);
  });

  // covers 000-9.44
  it('refuses the 201st product of a shop on its row', async () => {
    const before = await productCount(emptySiteId);
    const rows = Array.from({ length: 201 - before }, (_, i) => `cup-${i},Cup ${i},9.00`);
    const res = await importCsv(owner, ['Handle,Title,Variant Price', ...rows].join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: unknown[] }>().errors).toEqual([{ row: rows.length + 1, message: 'a shop lists at most 200 products' }]);
    expect(await productCount(emptySiteId)).toBe(before);
  });

  it('checks the crumb and the role on both calls', async () => {
    const csv = 'Handle,Title,Variant Price\r\nrole-cup,Role cup,9.00\r\n';
    const noCrumb = await importCsv(demo.owner, csv, { crumb: false });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json()).toMatchObject({ crumbFail: true });
    for (const c of [demo.editor, viewer]) expect((await importCsv(c, csv)).statusCode).toBe(403);
    expect((await demo.editor.call('GET', STORE_API.PRODUCTS_CSV)).statusCode).toBe(403);
    expect((await viewer.call('GET', STORE_API.PRODUCTS_CSV)).statusCode).toBe(200);
    const anonymous = await client(app);
    expect((await anonymous.call('GET', STORE_API.PRODUCTS_CSV)).statusCode).toBe(401);
    expect((await importCsv(anonymous, csv)).statusCode).toBe(401);
    expect((await demo.owner.call('GET', `${STORE_API.PRODUCTS_CSV}?shop=${'0'.repeat(24)}`)).statusCode).toBe(404);
    expect((await demo.owner.call('GET', `${STORE_API.PRODUCTS_CSV}?columns=etsy`)).statusCode).toBe(400);
    expect(await productCount(demo.websiteId)).toBe(demoDocument().store.products.length);
  });
});
