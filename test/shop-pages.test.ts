/**
 * Shop and product pages as visitors get them (docs/decisions/0312-cacheable-shop-pages.md):
 * rendered from the published catalogue held in memory (no query once read), the same bytes with
 * or without a cart cookie and never a Set-Cookie, nothing about stock in the HTML; stock comes
 * from the availability call, one SQL statement, never cached. Prices in the site's locale with
 * the currency-formatting flag on, the legacy format with it off; JPY without decimals; a zero
 * price shows the free label; weights and sizes in the store's units; categories with addresses
 * of their own; products in the sitemap; hidden and not-yet-available products are not found.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { loadClientAssets } from '../src/server/render/assets';
import { databaseUse } from './database-use';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { SHOP, withShop } from './shop-fixture';

type Site = { identifier: string; locale: string; flag: boolean; currency?: string; measurementStandard?: 1 | 2; viewMode?: 'list' | 'product' };
const SITES: Site[] = [
  { identifier: 'us-shop', locale: 'en-US', flag: true },
  { identifier: 'de-shop', locale: 'de-DE', flag: true, measurementStandard: 2 },
  { identifier: 'legacy-shop', locale: 'de-DE', flag: false },
  { identifier: 'yen-shop', locale: 'ja-JP', flag: true, currency: 'JPY', viewMode: 'list' },
  { identifier: 'one-shop', locale: 'en-US', flag: true, viewMode: 'product' },
];

const STOCK_WORDS = /sold out|only \d+ left|in stock|InStock|OutOfStock|availability/i;
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('shop and product pages', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let app: FastifyInstance;
  const get = (identifier: string, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: `${identifier}.sites.test`, ...headers } });

  beforeAll(async () => {
    database = await freshDatabase();
    for (const site of SITES) {
      const doc = withShop(siteNamed(site.identifier, `Shop ${site.identifier}`), site) as SiteDocument;
      doc.settings = { ...doc.settings, locale: site.locale };
      const loaded = loadDocument(doc, siteDocumentSchema);
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
      const { websiteId } = await writeSiteDocument(database.db, loaded.document);
      if (site.flag) await database.pool.query(`UPDATE websites SET labs = '{"internal":[],"circle":["currency_formatting"]}' WHERE id = $1`, [websiteId]);
    }
    app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
    await app.siteChanges.ready;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers the same bytes with and without a cart cookie, sets no cookie, and says nothing of stock', async () => {
    // The visitor's crumb (set on a first visit, src/server/plugins/crumb.ts) is the only cookie any page sets.
    const crumb = String((await get('us-shop', '/')).headers['set-cookie']).split(';')[0]!;
    for (const path of [SHOP.path, `${SHOP.path}/speckled-mug`, `${SHOP.path}/stacking-bowl`, `${SHOP.path}/category/mugs`, '/featured']) {
      const first = await get('us-shop', path);
      const plain = await get('us-shop', path, { cookie: crumb });
      const withCart = await get('us-shop', path, { cookie: `${crumb}; cart=0123456789abcdef; ss_cvr=visitor` });
      expect(plain.statusCode, path).toBe(200);
      expect(withCart.body, path).toBe(plain.body);
      expect(first.body, path).toBe(plain.body);
      expect(plain.headers['set-cookie'], path).toBeUndefined();
      expect(withCart.headers['set-cookie'], path).toBeUndefined();
      expect(plain.body, path).not.toMatch(STOCK_WORDS);
    }
  });

  it('renders a shop page from memory with no query, and answers availability with one statement, uncached', async () => {
    expect((await get('us-shop', SHOP.path)).statusCode).toBe(200);
    app.pageCache.clear();
    expect(await databaseUse(database.pool, () => get('us-shop', SHOP.path))).toBe(0);
    app.pageCache.clear();
    expect(await databaseUse(database.pool, () => get('us-shop', `${SHOP.path}/speckled-mug`))).toBe(0);
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    expect(await databaseUse(database.pool, async () => (answer = await get('us-shop', `/api/commerce/product-availability/${SHOP.mug}`)))).toBe(1);
    expect(answer!.statusCode).toBe(200);
    expect(answer!.headers['cache-control']).toBe('no-store');
    expect(answer!.headers['set-cookie']).toBeUndefined();
    expect(answer!.json()).toEqual({
      variants: [
        { id: SHOP.mugBlue, state: 'available' },
        { id: SHOP.mugAsh, state: 'soldOut' },
        { id: SHOP.mugMoss, state: 'available' },
      ],
    });
    expect((await get('us-shop', `/api/commerce/product-availability/${SHOP.bowl}`)).json().variants).toEqual([
      expect.objectContaining({ state: 'low', left: 3 }),
    ]);
    for (const id of [SHOP.hidden, SHOP.scheduled, 'not-an-id'])
      expect((await get('us-shop', `/api/commerce/product-availability/${id}`)).statusCode, id).toBe(404);
  });

  // covers 000-3.17, 000-3.21, 000-9.16, 000-9.17, 001-9.93
  it('formats prices in the site’s locale with the flag on, and as 1,234.56 with it off; yen has no decimals', async () => {
    const vase = async (identifier: string) => text((await get(identifier, `${SHOP.path}/tall-vase`)).body);
    expect(await vase('us-shop')).toContain('$1,234.56');
    expect(await vase('de-shop')).toContain('1.234,56 $');
    expect(await vase('legacy-shop')).toContain('$1,234.56');
    expect(await vase('legacy-shop')).not.toContain('1.234,56');
    const yen = await vase('yen-shop');
    expect(yen).toMatch(/[¥￥]123,456(?![.,]\d)/);
  });

  // covers 001-5.29
  it('shows a zero price as Free, and a reduced price beside the struck original', async () => {
    expect(text((await get('us-shop', `${SHOP.path}/studio-tour`)).body)).toMatch(/Studio Tour Free/);
    const mugs = (await get('us-shop', SHOP.path)).body;
    expect(mugs).toMatch(/<s class="price-was">\$28\.00<\/s>|from \$22\.00/);
    const mug = (await get('us-shop', `${SHOP.path}/speckled-mug`)).body;
    expect(mug).toContain('"was":"$28.00"');
    expect(mug).toContain('"now":"$22.00"');
  });

  // covers 000-3.23, 000-3.24
  it('gives weight and size in lbs and in for the imperial standard, kg and cm for metric', async () => {
    expect(text((await get('us-shop', `${SHOP.path}/speckled-mug`)).body)).toContain('Weight 0.9 lbs Dimensions 4 × 3.5 × 4.25 in');
    expect(text((await get('de-shop', `${SHOP.path}/speckled-mug`)).body)).toContain('Weight 0,9 kg Dimensions 4 × 3,5 × 4,25 cm');
  });

  it('lists a category at its own address under its heading and title, and links the shop’s categories', async () => {
    const shop = (await get('us-shop', SHOP.path)).body;
    expect(shop).toContain('<a href="/pottery/category/mugs">Mugs</a>');
    expect(shop).toContain('<a href="/pottery" aria-current="page">All</a>');
    const res = await get('us-shop', `${SHOP.path}/category/bowls`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Bowls — Pottery — Shop us-shop</title>');
    expect(res.body).toMatch(/<h1>Bowls<\/h1>/);
    expect(text(res.body)).toContain('Stacking Bowl');
    expect(text(res.body)).toContain('Water Jug');
    expect(text(res.body)).not.toContain('Speckled Mug');
    expect((await get('us-shop', `${SHOP.path}/category/plates`)).statusCode).toBe(404);
  });

  it('answers 404 for a hidden product and for one scheduled for later, and lists neither', async () => {
    expect((await get('us-shop', `${SHOP.path}/secret-teapot`)).statusCode).toBe(404);
    expect((await get('us-shop', `${SHOP.path}/future-plate`)).statusCode).toBe(404);
    const shop = text((await get('us-shop', SHOP.path)).body);
    expect(shop).not.toContain('Secret Teapot');
    expect(shop).not.toContain('Future Plate');
  });

  it('lists the visible products and the categories in the sitemap', async () => {
    const sitemap = (await get('us-shop', '/sitemap.xml')).body;
    for (const path of ['/pottery', '/pottery/speckled-mug', '/pottery/tall-vase', '/pottery/category/mugs', '/pottery/category/bowls'])
      expect(sitemap).toContain(`<loc>http://us-shop.sites.test${path}</loc>`);
    expect(sitemap).not.toContain('secret-teapot');
    expect(sitemap).not.toContain('future-plate');
  });

  it('describes a product to search engines and social sites: Open Graph and schema.org Product with its offers, without availability', async () => {
    const html = (await get('us-shop', `${SHOP.path}/speckled-mug`)).body;
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain('<meta property="product:price:amount" content="28.00"/>');
    expect(html).toContain('<meta property="product:price:currency" content="USD"/>');
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({ '@type': 'Product', name: 'Speckled Mug', url: 'http://us-shop.sites.test/pottery/speckled-mug' });
    expect(data.offers).toEqual([
      { '@type': 'Offer', price: '28.00', priceCurrency: 'USD', sku: 'MUG-BLUE', url: 'http://us-shop.sites.test/pottery/speckled-mug' },
      { '@type': 'Offer', price: '22.00', priceCurrency: 'USD', sku: 'MUG-ASH', url: 'http://us-shop.sites.test/pottery/speckled-mug' },
      { '@type': 'Offer', price: '32.00', priceCurrency: 'USD', sku: 'MUG-MOSS', url: 'http://us-shop.sites.test/pottery/speckled-mug' },
    ]);
    const yen = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec((await get('yen-shop', `${SHOP.path}/tall-vase`)).body)![1]!);
    expect(yen.offers).toMatchObject({ price: '123456', priceCurrency: 'JPY' });
  });

  it('renders a site too large to hold in memory from the database, address by address, the same', async () => {
    const small = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false, contentCacheBytes: 2048 });
    try {
      await small.siteChanges.ready;
      for (const path of [SHOP.path, `${SHOP.path}/speckled-mug`, `${SHOP.path}/category/mugs`, '/featured', `${SHOP.path}/secret-teapot`]) {
        app.pageCache.clear();
        const headers = { host: 'us-shop.sites.test' };
        const [fromMemory, fromDatabase] = [await app.inject({ url: path, headers }), await small.inject({ url: path, headers })];
        expect(fromDatabase.statusCode, path).toBe(fromMemory.statusCode);
        expect(fromDatabase.body, path).toBe(fromMemory.body);
      }
      expect(small.siteContent.held().sites).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('shows a product block’s card on any page, and a shop’s list and single-product views', async () => {
    const featured = (await get('us-shop', '/featured')).body;
    expect(featured).toContain('<a class="product-card-link" href="/pottery/speckled-mug">');
    expect(featured).toMatch(/"product":"\/assets\/island-product-/);
    expect((await get('us-shop', '/about')).body).not.toContain('island-product');
    expect((await get('yen-shop', SHOP.path)).body).toContain('class="shop-page shop-list"');
    const single = (await get('one-shop', SHOP.path)).body;
    expect(single).toContain('<h1 class="product-name">Speckled Mug</h1>');
    expect(single).toContain('<link rel="canonical" href="http://one-shop.sites.test/pottery"/>');
  });
});
