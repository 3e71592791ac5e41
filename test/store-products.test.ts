/**
 * The Store area's products over HTTP (src/contracts/catalogue.ts): the seed's product types, a
 * product with variants and their fields, a digital product's prices, the price and SKU limits, a
 * generated SKU, the workflow labels, a draft saved and published (stock kept, variants added and
 * dropped, a 301 left by a new slug, a scheduled product's job), categories, the 200 products of a
 * shop, inventory, who may do what, the crumb, and refusals that write nothing.
 */
import { describe, expect, it } from 'vitest';
import { categoriesAnswer, inventoryAnswer, productAnswer, productsAnswer, type ProductAnswer } from '../src/contracts/catalogue';
import { PRODUCT_AVAILABLE_JOB, productAvailableHandler, readPublishedCatalogue } from '../src/server/modules/catalogue';
import { newProduct, saveDraft, savePublished, storeSiteForFile, variant } from './store-harness';

const site = storeSiteForFile('store-products');

const list = async (query = '') => productsAnswer.parse((await site.owner.call('GET', `/api/config/store/products${query}`)).json());
const read = async (id: string) => productAnswer.parse((await site.owner.call('GET', `/api/config/store/products/${id}`)).json());
const liveRows = (id: string) =>
  site.database.pool.query('SELECT id, sku, price_cents, qty_in_stock FROM product_variants WHERE website_id = $1 AND product_id = $2 ORDER BY position', [
    site.websiteId,
    id,
  ]);

describe('a new product', () => {
  // covers 000-3.01
  it('is physical, digital, a service or a gift card; any other type is refused', async () => {
    for (const type of ['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD']) expect((await newProduct(site, type)).product.productType).toBe(type);
    for (const type of ['PAYWALL', 'BOOK', 2]) {
      const res = await site.owner.call('POST', '/api/config/store/products', { shopId: site.shop.id, name: 'Odd', productType: type });
      expect(res.statusCode, String(type)).toBe(400);
      expect(res.json().errors).toHaveProperty('productType');
    }
    const created = await newProduct(site);
    expect((await saveDraft(site, created, { productType: 'PAYWALL' })).statusCode).toBe(400);
  });

  // covers 000-3.02, 000-3.04, 000-3.20, 000-9.03
  it('starts Hidden with one variant: price 0, no stock, a generated SKU, its fields as the seed names them, and the currency beside', async () => {
    const created = await newProduct(site, 'PHYSICAL', 'Celadon Mug');
    expect(created.product).toMatchObject({ name: 'Celadon Mug', slug: 'celadon-mug', status: 4 });
    expect(created.path).toBe('/shop/celadon-mug');
    expect(created.currency).toBe('USD');
    expect(created.product.variants).toHaveLength(1);
    const v = created.product.variants[0]!;
    expect(Object.keys(v).sort()).toEqual(expect.arrayContaining(['optionValues', 'onSale', 'priceCents', 'qtyInStock', 'salePriceCents', 'sku', 'unlimited']));
    expect(v).toMatchObject({ priceCents: 0, salePriceCents: 0, onSale: false, unlimited: false, qtyInStock: 0, optionValues: [] });
    expect(v.sku).toMatch(/^SQ[0-9]{7}$/);
    const row = (await list()).products.find((p) => p.id === created.product.id)!;
    expect(row).toMatchObject({ statusLabel: 'Hidden', variantCount: 1, minPriceCents: 0, stock: 0 });
    expect((await list()).currency).toBe('USD');
  });

  // covers 000-3.03
  it('carries its price, sale price and on-sale flag when it is digital', async () => {
    const digital = await newProduct(site, 'DIGITAL');
    const saved = await saveDraft(site, digital, { variants: [{ ...digital.product.variants[0]!, priceCents: 1200, salePriceCents: 900, onSale: true }] });
    expect(saved.json()).toMatchObject({ priceCents: 1200, salePriceCents: 900, onSale: true, currency: 'USD' });
    expect((await newProduct(site, 'PHYSICAL')).priceCents).toBeUndefined();
  });

  it('needs a name and a shop of the site', async () => {
    expect((await site.owner.call('POST', '/api/config/store/products', { shopId: site.shop.id, name: '  ' })).json().errors).toHaveProperty('name');
    const res = await site.owner.call('POST', '/api/config/store/products', { shopId: 'ffffffffffffffffffffffff', name: 'Nowhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.shopId).toBe('This site has no such shop.');
  });
});

describe('a draft', () => {
  // covers 000-9.01
  it('takes a price of 100000000 and refuses 100000001', async () => {
    const p = await newProduct(site);
    const ok = await saveDraft(site, p, { variants: [{ ...p.product.variants[0]!, priceCents: 100000000 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const next = productAnswer.parse(ok.json());
    const refused = await saveDraft(site, next, { variants: [{ ...next.product.variants[0]!, priceCents: 100000001 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty(['variants.0.priceCents']);
    expect((await read(p.product.id)).product.variants[0]!.priceCents).toBe(100000000);
  });

  // covers 000-9.02
  it('takes a SKU of 60 characters and refuses one of 61', async () => {
    const p = await newProduct(site);
    const ok = await saveDraft(site, p, { variants: [{ ...p.product.variants[0]!, sku: 'S'.repeat(60) }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const next = productAnswer.parse(ok.json());
    const refused = await saveDraft(site, next, { variants: [{ ...next.product.variants[0]!, sku: 'T'.repeat(61) }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty(['variants.0.sku']);
  });

  // covers 000-9.03
  it('gives a variant without a SKU one of SQ and 7 digits, and refuses a SKU another product has', async () => {
    const p = await newProduct(site);
    const size = (value: string) => [{ optionName: 'Size', value }];
    const saved = await saveDraft(site, p, {
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        { ...p.product.variants[0]!, optionValues: size('S') },
        variant({ optionValues: size('M') }),
        variant({ sku: 'MUG-BLUE', optionValues: size('L') }),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const skus = productAnswer.parse(saved.json()).product.variants.map((v) => v.sku);
    expect(skus[1]).toMatch(/^SQ[0-9]{7}$/);
    expect(new Set(skus).size).toBe(3);
    await savePublished(site, productAnswer.parse(saved.json()), { tags: ['stoneware'] });
    expect((await list('?q=mug-blue')).products.map((r) => r.id)).toEqual([p.product.id]);
    expect((await list('?q=STONEWARE')).products.map((r) => r.id)).toEqual([p.product.id]);
    expect((await list(`?q=${encodeURIComponent(p.product.name)}&type=PHYSICAL&shop=${site.shop.id}`)).products.map((r) => r.id)).toEqual([p.product.id]);
    const other = await newProduct(site);
    const taken = await saveDraft(site, other, { variants: [{ ...other.product.variants[0]!, sku: 'MUG-BLUE' }] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors['variants.0.sku']).toBe('This SKU is used by another product.');
    const twice = await saveDraft(site, other, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [variant({ sku: 'TWICE', optionValues: size('S') }), variant({ sku: 'TWICE', optionValues: size('M') })],
    });
    expect(twice.json().errors['variants.1.sku']).toBe('Another variant of this product has this SKU.');
  });

  it('names only images of the library and categories of the store, at a free address, and refuses a stale version or another product id', async () => {
    const p = await newProduct(site);
    const image = await saveDraft(site, p, { images: [{ file: '/s/nothing-here.jpg' }] });
    expect(image.statusCode).toBe(400);
    expect(image.json().errors['images.0.file']).toBe('/s/nothing-here.jpg is not an image in this site’s library.');
    expect((await saveDraft(site, p, { categories: ['eeeeeeeeeeeeeeeeeeeeeeee'] })).json().errors['categories.0']).toBe(
      'This category is no longer in the store.',
    );
    expect((await saveDraft(site, p, { slug: 'category' })).statusCode).toBe(400);
    expect((await saveDraft(site, p, { id: 'eeeeeeeeeeeeeeeeeeeeeeee' })).json().errors).toHaveProperty('id');
    expect((await saveDraft(site, p, { status: 5 })).json().errors).toHaveProperty('status');
    const first = await saveDraft(site, p, { name: 'First' });
    expect(first.statusCode).toBe(200);
    const stale = await saveDraft(site, p, { name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(productAnswer.parse(stale.json().current).product.name).toBe('First');
    expect((await read(p.product.id)).product.name).toBe('First');
  });

  it('answers a retried change as it was', async () => {
    const p = await newProduct(site);
    const body = { version: p.version, changeId: 'retried-change-1', product: { ...p.product, name: 'Once' } };
    const first = await site.owner.call('PUT', `/api/config/store/products/${p.product.id}/draft`, body);
    const again = await site.owner.call('PUT', `/api/config/store/products/${p.product.id}/draft`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(first.json().version);
  });
});

describe('publishing', () => {
  it('makes the draft what visitors see, keeps live stock of existing variants, starts new ones at the draft’s counts and drops the others', async () => {
    const p = await newProduct(site, 'PHYSICAL', 'Glazed Bowl');
    const size = (value: string) => [{ optionName: 'Size', value }];
    const first = await savePublished(site, p, {
      status: 1,
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        { ...p.product.variants[0]!, priceCents: 2500, qtyInStock: 4, optionValues: size('S') },
        variant({ sku: 'BOWL-GONE', optionValues: size('M') }),
      ],
    });
    const [kept, dropped] = first.product.variants;
    const stock = await site.owner.call('PATCH', `/api/config/store/inventory/${kept!.id}`, { set: 9 });
    expect(stock.statusCode, stock.body).toBe(200);
    const added = variant({ sku: 'BOWL-NEW', qtyInStock: 3, priceCents: 3000, optionValues: size('L') });
    await savePublished(site, first, { variants: [{ ...kept!, qtyInStock: 0, priceCents: 2600 }, added] });
    const rows = (await liveRows(p.product.id)).rows;
    expect(rows).toEqual([
      { id: kept!.id, sku: kept!.sku, price_cents: 2600, qty_in_stock: 9 },
      { id: added.id, sku: 'BOWL-NEW', price_cents: 3000, qty_in_stock: 3 },
    ]);
    expect(rows.some((r) => r.id === dropped!.id)).toBe(false);
    const visible = (await site.app.catalogue.read(site.websiteId)).product('/shop/glazed-bowl');
    expect(visible?.variants.map((v) => v.priceCents)).toEqual([2600, 3000]);
    const { rows: revisions } = await site.database.pool.query('SELECT revision FROM product_revisions WHERE website_id = $1 AND product_id = $2', [
      site.websiteId,
      p.product.id,
    ]);
    expect(revisions.map((r) => r.revision)).toEqual([1, 2]);
  });

  it('leaves a 301 from the old address when the slug changes', async () => {
    const p = await newProduct(site, 'PHYSICAL', 'Old Name');
    const first = await savePublished(site, p, { status: 1 });
    await savePublished(site, first, { slug: 'new-name' });
    const catalogue = await site.app.catalogue.read(site.websiteId);
    expect(catalogue.product('/shop/new-name')?.id).toBe(p.product.id);
    expect(catalogue.redirect('/shop/old-name')).toBe('/shop/new-name');
    expect(catalogue.redirect('/shop/new-name')).toBeUndefined();
  });

  // covers 000-4.01, 000-4.02, 000-4.03, 000-4.04
  it('labels products Available, Scheduled, Hidden, or Unsupported for any other status, and queues a scheduled product’s time', async () => {
    const available = await savePublished(site, await newProduct(site), { status: 1 });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await savePublished(site, await newProduct(site), { status: 2, availableAt: at });
    const hidden = await newProduct(site);
    const other = await newProduct(site);
    await site.database.pool.query('UPDATE products SET status = 5 WHERE website_id = $1 AND id = $2', [site.websiteId, other.product.id]);
    const labels = new Map((await list()).products.map((r) => [r.id, r.statusLabel]));
    expect(labels.get(available.product.id)).toBe('Available');
    expect(labels.get(scheduled.product.id)).toBe('Scheduled');
    expect(labels.get(hidden.product.id)).toBe('Hidden');
    expect(labels.get(other.product.id)).toBe('Unsupported');
    const { rows } = await site.database.pool.query('SELECT run_at FROM jobs WHERE website_id = $1 AND kind = $2', [site.websiteId, PRODUCT_AVAILABLE_JOB]);
    expect(rows.map((r) => (r.run_at as Date).toISOString())).toContain(at);
    expect((await site.app.catalogue.read(site.websiteId)).productById(scheduled.product.id)).toBeUndefined();
    expect((await list('?status=2')).products.map((r) => r.id)).toEqual([scheduled.product.id]);
    // When due, the job marks the site changed: every server drops its pages and catalogue, and the product shows.
    await site.database.pool.query(`UPDATE products SET available_at = now() - interval '1 second' WHERE website_id = $1 AND id = $2`, [
      site.websiteId,
      scheduled.product.id,
    ]);
    const version = async () => (await site.database.pool.query('SELECT content_version AS v FROM websites WHERE id = $1', [site.websiteId])).rows[0].v;
    const before = await version();
    const { rows: jobs } = await site.database.pool.query('SELECT id, website_id AS "websiteId", kind, payload FROM jobs WHERE website_id = $1 AND kind = $2', [
      site.websiteId,
      PRODUCT_AVAILABLE_JOB,
    ]);
    await productAvailableHandler(site.database)(jobs[0]);
    expect(Number(await version())).toBe(Number(before) + 1);
    expect((await readPublishedCatalogue(site.database.pool, site.websiteId)).productById(scheduled.product.id)?.name).toBe(scheduled.product.name);
  });

  it('is refused whole when the draft no longer holds: nothing of it goes live', async () => {
    const made = await site.owner.call('POST', '/api/config/store/categories', { name: 'Short-lived' });
    const category = made.json().category as { id: string };
    const p = await savePublished(site, await newProduct(site, 'PHYSICAL', 'Kept Live'), { status: 1 });
    const saved = await saveDraft(site, p, { name: 'Never Live', categories: [category.id] });
    expect(saved.statusCode).toBe(200);
    // The category goes from the draft too, so the draft is put back to name it again by SQL (an editor open on the old draft).
    expect((await site.owner.call('DELETE', `/api/config/store/categories/${category.id}`)).statusCode).toBe(200);
    await site.database.pool.query(
      `UPDATE product_drafts SET product = jsonb_set(product, '{categories}', $3::jsonb) WHERE website_id = $1 AND product_id = $2`,
      [site.websiteId, p.product.id, JSON.stringify([category.id])],
    );
    const before = (await liveRows(p.product.id)).rows;
    const res = await site.owner.call('POST', `/api/config/store/products/${p.product.id}/publish`, { version: productAnswer.parse(saved.json()).version });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['categories.0']).toBe('This category is no longer in the store.');
    expect((await list()).products.find((r) => r.id === p.product.id)!.name).toBe('Kept Live');
    expect((await liveRows(p.product.id)).rows).toEqual(before);
  });
});

describe('categories', () => {
  it('are at most 25 characters, unique whatever their case, with a slug of their own; a deleted one leaves its products', async () => {
    const create = (name: string) => site.owner.call('POST', '/api/config/store/categories', { name });
    expect((await create('A'.repeat(25))).statusCode).toBe(200);
    const long = await create('B'.repeat(26));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.name).toBe('A category name is at most 25 characters; this one has 26.');
    const mugs = (await create('Mugs')).json().category as { id: string; slug: string };
    expect(mugs.slug).toBe('mugs');
    expect((await create('MUGS')).json().errors.name).toBe('The store already has a category named MUGS.');
    expect(((await create('Mugs!')).json().category as { slug: string }).slug).toBe('mugs-2');
    const p = await savePublished(site, await newProduct(site), { categories: [mugs.id] });
    const counted = categoriesAnswer.parse((await site.owner.call('GET', '/api/config/store/categories')).json());
    expect(counted.categories.find((c) => c.id === mugs.id)?.productCount).toBe(1);
    expect((await list(`?category=${mugs.id}`)).products.map((r) => r.id)).toEqual([p.product.id]);
    expect((await site.owner.call('DELETE', `/api/config/store/categories/${mugs.id}`)).statusCode).toBe(200);
    expect((await read(p.product.id)).product.categories).toEqual([]);
    expect((await site.owner.call('DELETE', `/api/config/store/categories/${mugs.id}`)).statusCode).toBe(404);
  });
});

describe('a shop', () => {
  // covers 000-9.44
  it('lists at most 200 products: the 201st is refused with our message', async () => {
    const made = await site.owner.call('POST', '/api/config/store/shops', { title: 'Full Shop', path: '/full' });
    const shopId = (made.json().shop as { id: string }).id;
    await site.database.pool.query(
      `INSERT INTO products (website_id, id, shop_id, slug, path, name, product_type, status, created_at, images, tags, categories, seo, options, position)
        SELECT $1, lpad(to_hex(n), 24, 'f'), $2, 'p' || n, '/full/p' || n, 'P' || n, 1, 4, now(), '[]', '{}', '{}', '{}', '[]', 1000 + n FROM generate_series(1, 199) n`,
      [site.websiteId, shopId],
    );
    const add = () => site.owner.call('POST', '/api/config/store/products', { shopId, name: 'One more' });
    expect((await add()).statusCode).toBe(201);
    const refused = await add();
    expect(refused.statusCode).toBe(400);
    const message = 'A shop lists at most 200 products, and Full Shop has 200 already. Delete a product or add this one to another shop.';
    expect(refused.json()).toEqual({ error: message, errors: { shopId: message } });
    expect((await list(`?shop=${shopId}`)).products).toHaveLength(200);
  });
});

describe('inventory', () => {
  it('lists stock, the low-stock view fewest first, and adds to a count without going below zero', async () => {
    const p: ProductAnswer = await savePublished(site, await newProduct(site, 'PHYSICAL', 'Stock Jug'), {
      options: [{ name: 'Glaze', values: ['Celadon', 'Tenmoku'] }],
      variants: [
        variant({ sku: 'JUG-C', optionValues: [{ optionName: 'Glaze', value: 'Celadon' }], qtyInStock: 2 }),
        variant({ sku: 'JUG-T', optionValues: [{ optionName: 'Glaze', value: 'Tenmoku' }], qtyInStock: 40 }),
      ],
    });
    const [celadon] = p.product.variants;
    const all = inventoryAnswer.parse((await site.owner.call('GET', '/api/config/store/inventory?q=Stock%20Jug')).json());
    expect(all.rows.map((r) => [r.sku, r.options, r.qtyInStock, r.state])).toEqual([
      ['JUG-C', 'Celadon', 2, 'low'],
      ['JUG-T', 'Tenmoku', 40, 'available'],
    ]);
    const low = inventoryAnswer.parse((await site.owner.call('GET', '/api/config/store/inventory?low=1')).json());
    expect(low.rows.map((r) => r.sku)).toContain('JUG-C');
    expect(low.rows.map((r) => r.sku)).not.toContain('JUG-T');
    expect(low.rows.map((r) => r.qtyInStock)).toEqual([...low.rows.map((r) => r.qtyInStock)].sort((a, b) => a - b));
    const patch = (body: unknown, as = site.owner) => as.call('PATCH', `/api/config/store/inventory/${celadon!.id}`, body);
    expect((await patch({ adjust: 3 })).json().row).toMatchObject({ qtyInStock: 5 });
    const below = await patch({ adjust: -6 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toBe('The stock of JUG-C cannot go below zero: 5 left.');
    expect((await patch({ adjust: -5 })).json().row).toMatchObject({ qtyInStock: 0, state: 'soldOut' });
    expect((await patch({ unlimited: true })).json().row).toMatchObject({ unlimited: true, state: 'available' });
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ set: 1, adjust: 1 })).statusCode).toBe(400);
    expect((await patch({ set: -1 })).statusCode).toBe(400);
    expect((await site.owner.call('PATCH', '/api/config/store/inventory/ffffffffffffffffffffffff', { adjust: 1 })).statusCode).toBe(404);
    expect((await patch({ adjust: 1 }, site.editor)).statusCode).toBe(403);
    expect((await patch({ adjust: 1 }, site.storeManager)).statusCode).toBe(200);
  });
});

describe('the Store area', () => {
  it('needs the crumb on every write, refuses an Editor and lets a Store manager work', async () => {
    const p = await newProduct(site);
    const calls: [string, string, unknown][] = [
      ['POST', '/api/config/store/products', { shopId: site.shop.id, name: 'No crumb' }],
      ['PUT', `/api/config/store/products/${p.product.id}/draft`, { version: 0, changeId: 'no-crumb-1', product: p.product }],
      ['POST', `/api/config/store/products/${p.product.id}/publish`, { version: 0 }],
      ['DELETE', `/api/config/store/products/${p.product.id}`, undefined],
      ['POST', '/api/config/store/categories', { name: 'No crumb' }],
      ['PATCH', `/api/config/store/inventory/${p.product.variants[0]!.id}`, { adjust: 1 }],
    ];
    const before = await list();
    for (const [method, url, body] of calls) {
      const res = await site.owner.call(method as 'POST', url, body, { crumb: false });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await site.editor.call(method as 'POST', url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await list()).toEqual(before);
    expect((await site.editor.call('GET', '/api/config/store/products')).statusCode).toBe(403);
    expect((await site.viewer.call('GET', `/api/config/store/products/${p.product.id}`)).statusCode).toBe(200);
    const made = await site.storeManager.call('POST', '/api/config/store/products', { shopId: site.shop.id, name: 'By the store manager' });
    expect(made.statusCode).toBe(201);
    const id = productAnswer.parse(made.json()).product.id;
    expect((await site.storeManager.call('DELETE', `/api/config/store/products/${id}`)).statusCode).toBe(200);
    expect((await site.owner.call('GET', `/api/config/store/products/${id}`)).statusCode).toBe(404);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const p = await newProduct(site);
    const bad: [string, string, unknown][] = [
      ['GET', '/api/config/store/products/not-an-id', undefined],
      ['GET', '/api/config/store/products?status=abc', undefined],
      ['GET', '/api/config/store/products?type=BOOK', undefined],
      ['POST', '/api/config/store/products', []],
      ['POST', '/api/config/store/products', { shopId: 7, name: {} }],
      ['PUT', `/api/config/store/products/${p.product.id}/draft`, { version: -1, changeId: 'short', product: [] }],
      ['PUT', `/api/config/store/products/${p.product.id}/draft`, { version: 0, changeId: 'bad-product-1', product: { name: 'Only a name' } }],
      ['POST', `/api/config/store/products/${p.product.id}/publish`, { version: 'one' }],
      ['POST', '/api/config/store/products/ffffffffffffffffffffffff/publish', { version: 0 }],
      ['PUT', '/api/config/store/categories/ffffffffffffffffffffffff', { name: 'Gone' }],
      ['POST', '/api/config/store/categories', { name: 42 }],
      ['PATCH', `/api/config/store/inventory/${p.product.variants[0]!.id}`, { adjust: 1.5 }],
    ];
    for (const [method, url, body] of bad) {
      const res = await site.owner.call(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    expect((await read(p.product.id)).version).toBe(0);
  });
});
