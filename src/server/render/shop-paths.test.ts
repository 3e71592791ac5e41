import { describe, expect, it } from 'vitest';
import type { PublishedCatalogue } from '../modules/catalogue';
import { decimalAmount, storeAddress, storePathResponse, type PageBase } from './shop-paths';

const catalogue = (redirects: Record<string, string> = {}) =>
  ({
    websiteId: 'w',
    categories: [],
    category: () => undefined,
    product: () => undefined,
    productById: () => undefined,
    shopProducts: () => [],
    redirect: (path: string) => redirects[path],
  }) as unknown as PublishedCatalogue;

const shop = { id: 'a'.repeat(24), type: 5, path: '/shop', title: 'Shop', description: null, seo: {} };
const req = (path: string) => ({ path, url: `http://x${path}`, origin: 'http://x', locale: 'en-US', titled: (t: string) => t });
const base = {} as PageBase;

describe('a shop’s addresses', () => {
  it('names the shop a product or a category lives under', () => {
    expect(storeAddress('/shop/mug')).toEqual({ shopPath: '/shop', slug: 'mug' });
    expect(storeAddress('/shop/category/mugs')).toEqual({ shopPath: '/shop', category: 'mugs', slug: 'mugs' });
    expect(storeAddress('/mug')).toEqual({ shopPath: '/', slug: 'mug' });
    expect(storeAddress('/shop/')).toBeUndefined();
  });

  it('answers a product’s old address with a 301 to its new one, when the catalogue keeps such redirects', () => {
    const moved = catalogue({ '/shop/old-mug': '/shop/mug' });
    expect(storePathResponse(base, moved, () => shop, req('/shop/old-mug'))).toEqual({ kind: 'redirect', location: '/shop/mug' });
    expect(storePathResponse(base, moved, () => shop, req('/shop/other'))).toBeUndefined();
    const { redirect: _none, ...without } = moved as unknown as Record<string, unknown>;
    expect(storePathResponse(base, without as unknown as PublishedCatalogue, () => shop, req('/shop/old-mug'))).toBeUndefined();
  });

  it('writes amounts as schema.org does, with the currency’s fraction digits', () => {
    expect(decimalAmount(2800, 'USD')).toBe('28.00');
    expect(decimalAmount(5, 'EUR')).toBe('0.05');
    expect(decimalAmount(123456, 'JPY')).toBe('123456');
  });
});
