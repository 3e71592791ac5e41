/**
 * The store settings and shops over HTTP (src/contracts/catalogue.ts): the settings' defaults, the
 * 27 currencies and nothing else, express checkout, the measurement standard stored as the seed
 * numbers it and converting every weight and size when it changes; shops added and moved with their
 * products; who may do what, and the crumb on every write.
 */
import { describe, expect, it } from 'vitest';
import { productAnswer, shopsAnswer, storeSettingsAnswer } from '../src/contracts/catalogue';
import { CURRENCY_CODES } from '../src/domain/commerce';
import { newProduct, savePublished, storeSiteForFile, variant } from './store-harness';

const site = storeSiteForFile('store-settings');

const settingsOf = async () => storeSettingsAnswer.parse((await site.owner.call('GET', '/api/config/store/settings')).json());
const put = (body: unknown, as = site.owner) => as.call('PUT', '/api/config/store/settings', body);

describe('store settings', () => {
  // covers 000-3.19, 000-3.16
  it('start in US dollars with the imperial standard, listing every currency with its name and fraction digits', async () => {
    const answer = await settingsOf();
    expect(answer.settings).toEqual({
      selectedCurrency: 'USD',
      measurementStandard: 1,
      expressCheckout: false,
      minimumSubtotalCents: 0,
      lowStockThreshold: 5,
      businessName: '',
      businessAddress: '',
      vatNumber: '',
    });
    expect(answer.currencies).toHaveLength(27);
    expect(answer.currencies.find((c) => c.code === 'JPY')).toEqual({ code: 'JPY', name: 'Yen', fractionDigits: 0 });
    expect(answer.currencies.find((c) => c.code === 'EUR')).toEqual({ code: 'EUR', name: 'Euro', fractionDigits: 2 });
  });

  // covers 000-3.18
  it('accept each of the 27 currencies and refuse any other code', async () => {
    for (const code of CURRENCY_CODES) {
      const res = await put({ selectedCurrency: code });
      expect(res.statusCode, code).toBe(200);
      expect(storeSettingsAnswer.parse(res.json()).settings.selectedCurrency).toBe(code);
    }
    for (const code of ['XYZ', 'usd', 'BTC', '', 840]) {
      const res = await put({ selectedCurrency: code });
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json().errors).toHaveProperty('selectedCurrency');
    }
    expect((await settingsOf()).settings.selectedCurrency).toBe('ZAR');
    await put({ selectedCurrency: 'USD' });
  });

  // covers 000-3.22
  it('read and write express checkout', async () => {
    expect((await put({ expressCheckout: true })).statusCode).toBe(200);
    expect((await settingsOf()).settings.expressCheckout).toBe(true);
    expect((await put({ expressCheckout: false })).statusCode).toBe(200);
    expect((await settingsOf()).settings.expressCheckout).toBe(false);
  });

  // covers 000-3.25
  it('store the measurement standard as imperial 1 and metric 2, and refuse another number', async () => {
    const stored = async () =>
      (await site.database.pool.query<{ m: number }>('SELECT measurement_standard AS m FROM stores WHERE website_id = $1', [site.websiteId])).rows[0]!.m;
    expect((await put({ measurementStandard: 2 })).statusCode).toBe(200);
    expect(await stored()).toBe(2);
    expect((await put({ measurementStandard: 1 })).statusCode).toBe(200);
    expect(await stored()).toBe(1);
    expect((await put({ measurementStandard: 3 })).statusCode).toBe(400);
    expect(await stored()).toBe(1);
  });

  it('convert every weight and size the store holds when the standard changes, live and in drafts', async () => {
    const created = await newProduct(site);
    const published = await savePublished(site, created, {
      variants: [{ ...created.product.variants[0]!, weight: 2, dimensions: { length: 10, width: 5, height: 1 } }],
    });
    // A draft with another weight, not yet published.
    const draft = await site.owner.call('PUT', `/api/config/store/products/${published.product.id}/draft`, {
      version: published.version,
      changeId: 'convert-draft-1',
      product: { ...published.product, variants: [{ ...published.product.variants[0]!, weight: 10 }] },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await put({ measurementStandard: 2 })).statusCode).toBe(200);
    const { rows } = await site.database.pool.query('SELECT weight, length, width, height FROM product_variants WHERE website_id = $1 AND product_id = $2', [
      site.websiteId,
      published.product.id,
    ]);
    expect(rows[0]).toEqual({ weight: 0.907, length: 25.4, width: 12.7, height: 2.54 });
    const read = productAnswer.parse((await site.owner.call('GET', `/api/config/store/products/${published.product.id}`)).json());
    expect(read.measurementStandard).toBe(2);
    expect(read.product.variants[0]!.weight).toBe(4.536);
    expect((await put({ measurementStandard: 1 })).statusCode).toBe(200);
  });

  it('are the payments sub-area: an Editor is refused, a Store manager changes them, a Viewer reads them, and a write needs the crumb', async () => {
    expect((await site.editor.call('GET', '/api/config/store/settings')).statusCode).toBe(403);
    expect((await put({ expressCheckout: true }, site.editor)).statusCode).toBe(403);
    expect((await site.viewer.call('GET', '/api/config/store/settings')).statusCode).toBe(200);
    expect((await put({ expressCheckout: true }, site.viewer)).statusCode).toBe(403);
    expect((await site.owner.call('PUT', '/api/config/store/settings', { expressCheckout: true }, { crumb: false })).statusCode).toBe(403);
    expect((await settingsOf()).settings.expressCheckout).toBe(false);
    expect((await put({ expressCheckout: true }, site.storeManager)).statusCode).toBe(200);
    expect((await put({ expressCheckout: false }, site.storeManager)).statusCode).toBe(200);
  });

  it('keep the seller’s business details for receipts, trimmed, and carry them in the site’s export', async () => {
    const details = {
      businessName: '  Juniper Ceramics Ltd ',
      businessAddress: '12 Harbour Road\nFalmouth TR11 2AA\nUnited Kingdom',
      vatNumber: 'GB123456789',
    };
    const res = await put(details);
    expect(res.statusCode, res.body).toBe(200);
    expect(storeSettingsAnswer.parse(res.json()).settings).toMatchObject({ ...details, businessName: 'Juniper Ceramics Ltd' });
    const exported = await site.owner.call('GET', '/api/config/export/document');
    expect(exported.json().store.settings).toMatchObject({ businessName: 'Juniper Ceramics Ltd', vatNumber: 'GB123456789' });
    const tooLong = await put({ ...details, vatNumber: 'X'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toHaveProperty('vatNumber');
    await put({});
  });

  it('refuse what is no settings with a 4xx, never a 500', async () => {
    for (const body of [[], 'text', { lowStockThreshold: -1 }, { minimumSubtotalCents: 1.5 }, { unknown: true }]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await settingsOf()).settings.lowStockThreshold).toBe(5);
  });
});

describe('shops', () => {
  it('are listed with their product counts; a new one needs a free address the platform does not keep', async () => {
    const listed = shopsAnswer.parse((await site.owner.call('GET', '/api/config/store/shops')).json());
    expect(listed.shops.map((s) => s.path)).toContain('/shop');
    for (const [path, field] of [
      ['/config', 'path'],
      ['/shop', 'path'],
      ['no-slash', 'path'],
    ] as const) {
      const res = await site.owner.call('POST', '/api/config/store/shops', { title: 'Another', path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    expect((await site.owner.call('POST', '/api/config/store/shops', { title: ' ', path: '/other' })).json().errors).toHaveProperty('title');
    expect((await site.editor.call('POST', '/api/config/store/shops', { title: 'Editor shop', path: '/editor-shop' })).statusCode).toBe(403);
  });

  it('take their products along to a new address, each old address leading to the new one', async () => {
    const made = await site.owner.call('POST', '/api/config/store/shops', { title: 'Moving', path: '/moving', viewMode: 'list' });
    expect(made.statusCode, made.body).toBe(200);
    const shop = made.json().shop as { id: string };
    const res = await site.owner.call('POST', '/api/config/store/products', { shopId: shop.id, name: 'Bowl' });
    const created = productAnswer.parse(res.json());
    expect(created.path).toBe('/moving/bowl');
    await savePublished(site, created, { status: 1, variants: [variant({ sku: 'BOWL-1' })] });
    const moved = await site.owner.call('PUT', `/api/config/store/shops/${shop.id}`, { title: 'Moved', path: '/moved', viewMode: 'product' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().shop).toMatchObject({ title: 'Moved', path: '/moved', viewMode: 'product', productCount: 1 });
    const catalogue = await site.app.catalogue.read(site.websiteId);
    expect(catalogue.product('/moved/bowl')?.name).toBe('Bowl');
    expect(catalogue.redirect('/moving/bowl')).toBe('/moved/bowl');
    expect((await site.owner.call('PUT', '/api/config/store/shops/nothex', { title: 'x', path: '/x' })).statusCode).toBe(404);
  });
});
