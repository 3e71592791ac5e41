/**
 * Valid HTML: every page of the demo's sitemap (and the page a wrong address gets, and the cart and
 * checkout pages empty and holding a product of each kind, a discount code and a shipping estimate, and
 * the page of the order they make) as a visitor's
 * browser receives it, through the Nu Html Checker (the `vnu-jar` package, on Debian's Java), with
 * no error. Warnings and notes are the checker's advice, not errors, and are not counted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDocument } from '../test/fixtures';
import { ownerApi, siteForFile, visitorApi } from './harness';
import { checkHtml, htmlErrors } from './html-checker';

const env = siteForFile();
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the HTML of the published site', () => {
  it('has no error on any page of the demo sitemap, nor on the not-found page, nor on the cart and checkout pages empty and filled, nor on the page of an order', {
    timeout: 120_000,
  }, async () => {
    const { http, call } = await visitorApi(env.site());
    const sitemap = await (await http.get('/sitemap.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(20);
    dir = await mkdtemp(path.join(tmpdir(), 'openpress-html-'));
    const files = new Map<string, string>();
    const save = async (name: string, page: string) => {
      const file = path.join(dir!, `${name}.html`);
      const html = await (await http.get(page)).text();
      await writeFile(file, html);
      files.set(`file:${file}`, page);
      return html;
    };
    for (const [i, page] of [...paths, '/no-such-page', '/cart', '/checkout'].entries()) await save(String(i), page);
    // One of each kind of the demo's products in stock (its first variant); a code that applies and one that does not; an address in the UK.
    const kinds = new Set<string>();
    for (const product of demoDocument().store.products) {
      const variant = product.variants.find((v) => v.unlimited || v.qtyInStock > 0);
      if (product.status !== 1 || kinds.has(product.productType) || !variant) continue;
      kinds.add(product.productType);
      await call('POST', '/api/commerce/cart/entries', { productId: product.id, variantId: variant.id });
    }
    expect([...kinds].sort()).toEqual(['DIGITAL', 'GIFT_CARD', 'PHYSICAL', 'SERVICE']);
    await call('POST', '/api/commerce/cart/coupons', { code: 'WELCOME10' });
    await call('POST', '/api/commerce/cart/coupons', { code: 'NOT-A-CODE' });
    await call('PUT', '/api/commerce/cart/shipping-location', { country: 'GB', postcode: 'SW1A 1AA' });
    const filled = await save('cart-filled', '/cart');
    await save('checkout-filled', '/checkout');
    // The order those make, paid with the test card (the store in test mode): its order page (order confirmed).
    await (await ownerApi(env.site())).call('PUT', '/api/config/store/payments', { testMode: true, manualMethods: [], cancelUnpaidDays: 7 });
    const address = { name: 'Ada Shopper', line1: '1 Pottery Lane', city: 'London', postcode: 'SW1A 1AA', country: 'GB' };
    const { shippingOptions } = (await call<{ cart: { shippingOptions: { id: string }[] } }>('GET', '/api/commerce/cart')).cart;
    await call('PUT', '/api/commerce/cart/shipping-option', { optionId: shippingOptions[0]!.id });
    const placed = await call<{ orderPath: string }>('POST', '/api/commerce/checkout/place', {
      attemptKey: randomUUID().replace(/-/g, ''),
      email: 'valid-html@example.com',
      shippingAddress: address,
      payment: { provider: 'test', card: '4242424242424242' },
    });
    expect(await save('order-confirmed', placed.orderPath)).toContain('Thank you! Your order is confirmed');
    for (const words of ['Harbour mug', 'Gift card', 'Glaze recipe booklet', 'WELCOME10', 'NOT-A-CODE']) expect(filled).toContain(words);
    const errors = htmlErrors(await checkHtml([...files.keys()].map((f) => f.slice('file:'.length))), files);
    expect(errors).toEqual([]);
  });
});
