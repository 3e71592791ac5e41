/**
 * The store in the site document: products, variants and categories as the schema and the
 * document's rules take them.
 * covers 000-3.01 000-9.44
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDocument } from './load';
import { createSiteDocumentSchema, SITE_DOCUMENT_VERSION } from './schema';

// No block kinds but a spacer's: src/document holds none, and the store needs none.
const schema = createSiteDocumentSchema(new Map<number, z.ZodType<Record<string, unknown>, unknown>>([[21, z.object({}).strict()]]));
const id = (n: number) => n.toString(16).padStart(24, '0');
const shop = { id: id(1), type: 5, path: '/shop', title: 'Shop', status: 1, items: [] };
const variant = (n: number, more: Record<string, unknown> = {}) => ({ id: id(1000 + n), priceCents: 2500, ...more });
const product = (n: number, more: Record<string, unknown> = {}) => ({
  id: id(100 + n),
  shopId: shop.id,
  slug: `mug-${n}`,
  name: `Mug ${n}`,
  productType: 'PHYSICAL',
  status: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  variants: [variant(n)],
  ...more,
});
const doc = (store: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  format: 'openpress.site',
  version: SITE_DOCUMENT_VERSION,
  settings: { identifier: 'potter', title: 'Potter' },
  pages: [],
  collections: [shop],
  store,
  ...extra,
});
const errors = (raw: unknown) => {
  const loaded = loadDocument(raw, schema as z.ZodType<never, unknown>);
  return loaded.ok ? [] : loaded.errors;
};

describe('the store in the site document', () => {
  it('takes a product with options and a variant for each combination, filling the defaults', () => {
    const options = [
      { name: 'Glaze', values: ['Celadon', 'Tenmoku'] },
      { name: 'Size', values: ['Small', 'Large'] },
    ];
    const variants = options[0]!.values.flatMap((glaze, g) =>
      options[1]!.values.map((size, s) =>
        variant(g * 2 + s, {
          optionValues: [
            { optionName: 'Glaze', value: glaze },
            { optionName: 'Size', value: size },
          ],
        }),
      ),
    );
    const loaded = loadDocument(doc({ products: [product(1, { options, variants })] }), schema as z.ZodType<never, unknown>);
    expect(loaded.ok).toBe(true);
    const store = (loaded as unknown as { document: { store: { settings: unknown; products: { variants: unknown[] }[] } } }).document.store;
    expect(store.settings).toEqual({
      selectedCurrency: 'USD',
      measurementStandard: 1,
      expressCheckout: false,
      minimumSubtotalCents: 0,
      lowStockThreshold: 5,
      businessName: '',
      businessAddress: '',
      vatNumber: '',
    });
    expect(store.products[0]!.variants[0]).toMatchObject({ salePriceCents: 0, onSale: false, unlimited: false, qtyInStock: 0 });
  });

  it('takes the four product types and refuses another (000-3.01)', () => {
    for (const productType of ['PHYSICAL', 'SERVICE', 'DIGITAL', 'GIFT_CARD']) expect(errors(doc({ products: [product(1, { productType })] }))).toEqual([]);
    expect(errors(doc({ products: [product(1, { productType: 'PAYWALL' })] })).map((e) => e.path)).toEqual(['$.store.products[0].productType']);
  });

  it('refuses prices past 100000000, a sale price above the price and more than six options', () => {
    expect(errors(doc({ products: [product(1, { variants: [variant(1, { priceCents: 100000000 })] })] }))).toEqual([]);
    expect(errors(doc({ products: [product(1, { variants: [variant(1, { priceCents: 100000001 })] })] })).map((e) => e.path)).toEqual([
      '$.store.products[0].variants[0].priceCents',
    ]);
    expect(errors(doc({ products: [product(1, { variants: [variant(1, { priceCents: 12.5 })] })] })).map((e) => e.path)).toEqual([
      '$.store.products[0].variants[0].priceCents',
    ]);
    expect(errors(doc({ products: [product(1, { variants: [variant(1, { salePriceCents: 3000 })] })] })).map((e) => e.message)).toEqual([
      'a sale price is less than the price',
    ]);
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `Option ${i}`, values: ['A'] }));
    expect(errors(doc({ products: [product(1, { options: seven })] })).map((e) => e.path)).toContain('$.store.products[0].options');
  });

  it('refuses a variant whose options are not the product’s, and two variants with the same options', () => {
    const options = [{ name: 'Glaze', values: ['Celadon'] }];
    const celadon = { optionValues: [{ optionName: 'Glaze', value: 'Celadon' }] };
    expect(errors(doc({ products: [product(1, { options, variants: [variant(1)] })] })).map((e) => e.path)).toEqual([
      '$.store.products[0].variants[0].optionValues',
    ]);
    expect(errors(doc({ products: [product(1, { options, variants: [variant(1, { optionValues: [{ optionName: 'Glaze', value: 'Ash' }] })] })] }))).toEqual([
      { path: '$.store.products[0].variants[0].optionValues[0].value', message: 'Ash is not a value of Glaze' },
    ]);
    expect(errors(doc({ products: [product(1, { options, variants: [variant(1, celadon), variant(2, celadon)] })] }))).toEqual([
      { path: '$.store.products[0].variants[1].optionValues', message: 'variants 1 and 2 have the same options' },
    ]);
  });

  it('refuses a product in no shop, a SKU used twice and a product path another page has', () => {
    const clash = doc(
      {
        products: [
          product(1, { shopId: id(9) }),
          product(2, { variants: [variant(2, { sku: 'MUG-1' })] }),
          product(3, { variants: [variant(3, { sku: 'MUG-1' })] }),
        ],
      },
      { pages: [{ id: id(50), pageType: 2, path: '/shop/mug-2', title: 'Clash', status: 1, sections: [] }] },
    );
    expect(errors(clash).map((e) => e.path)).toEqual(['$.store.products[0].shopId', '$.store.products[1].slug', '$.store.products[2].variants[0].sku']);
  });

  it('lists at most 200 products in a shop (000-9.44)', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => product(i));
    expect(errors(doc({ products: many(200) }))).toEqual([]);
    expect(errors(doc({ products: many(201) }))).toEqual([{ path: '$.store.products[200].shopId', message: 'a shop lists at most 200 products' }]);
  });

  it('refuses a category named twice, a product naming no category and a shown image that is private', () => {
    const categories = [
      { id: id(70), name: 'Mugs', slug: 'mugs' },
      { id: id(71), name: 'mugs', slug: 'cups' },
    ];
    const files = [{ name: 'secret.pdf', contentType: 'application/pdf', private: true, data: '' }];
    const raw = doc({ categories, products: [product(1, { categories: [id(72)], images: [{ file: '/s/secret.pdf' }] })] }, { files });
    expect(errors(raw).map((e) => e.path)).toEqual(['$.store.categories[1].name', '$.store.products[0].categories[0]', '$.store.products[0].images[0].file']);
  });

  it('upgrades a version-3 document to an empty store, with no coupons, shipping zones or tax rules', () => {
    const loaded = loadDocument({ ...doc({}), version: 3, store: undefined }, schema as z.ZodType<never, unknown>);
    expect(loaded.ok && (loaded.document as { store: unknown }).store).toEqual({
      settings: {
        selectedCurrency: 'USD',
        measurementStandard: 1,
        expressCheckout: false,
        minimumSubtotalCents: 0,
        lowStockThreshold: 5,
        businessName: '',
        businessAddress: '',
        vatNumber: '',
      },
      categories: [],
      products: [],
      coupons: [],
      shippingZones: [],
      tax: { pricesIncludeTax: false, taxShipping: false, rules: [] },
    });
  });
});
