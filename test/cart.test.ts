/**
 * The shopper's cart through its calls (src/contracts/cart.ts): kept on the server under an HttpOnly
 * cart cookie, priced again on every read from the published catalogue and the store's rules, so a
 * price the browser sends changes nothing; the readable summary cookie the indicator draws from;
 * the seed's messages on failure; coupons, shipping by country and tax per line; a customer's cart
 * on every device and the copy a visitor keeps on signing out with cloneCart=true; the forms of the
 * cart page without JavaScript; and the statements a read and an add cost, whatever the cart holds.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { cartAnswer, type CartAnswer } from '../src/contracts/cart';
import { CART_COOKIE, CART_SUMMARY_COOKIE, readCartSummary } from '../src/domain/cart-summary';
import { loadDocument } from '../src/document/load';
import type { SiteDocument } from '../src/document/schema';
import { buildApp } from '../src/server/app';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { dropAbandonedCarts } from '../src/server/modules/cart';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { client, type Client } from './session';
import { PRINT, printProduct, SHOP, withShop } from './shop-fixture';
import { statementsDuring } from './statements';

const BLUE = SHOP.mugBlue;
const ASH = SHOP.mugAsh;
const BOWL = 'd0d0d0d0d0d0d0d0d0d0d003';
const TOUR = 'd0d0d0d0d0d0d0d0d0d0d005';
const SIZES = PRINT.product;
const sizeVariant = PRINT.size;

const id = (n: number) => `f0f0f0f0f0f0f0f0f0f0f0${n.toString(16).padStart(2, '0')}`;

/** The fixture's shop with twenty sizes of one print, coupons, US and worldwide shipping, and US tax. */
function usShop(): SiteDocument {
  const doc = withShop(siteNamed('cart-shop', 'Cart shop')) as SiteDocument & { store: Record<string, unknown> };
  const store = doc.store as { products: unknown[]; settings: Record<string, unknown> };
  store.settings = { ...store.settings, minimumSubtotalCents: 1000 };
  store.products.push(printProduct());
  Object.assign(doc.store, {
    coupons: [
      { id: id(1), code: 'TENOFF', kind: 'PERCENT', percentOff: 10 },
      { id: id(2), code: 'OLD', kind: 'FIXED_AMOUNT', amountOffCents: 500, endsAt: '2020-01-01T00:00:00Z' },
      { id: id(3), code: 'BIG', kind: 'FIXED_AMOUNT', amountOffCents: 500, minimumSubtotalCents: 100000 },
    ],
    shippingZones: [
      { id: id(10), name: 'United States', countries: ['US'], rates: [{ id: id(11), name: 'Ground', kind: 'FLAT', amountCents: 800 }] },
      { id: id(12), name: 'Everywhere else', countries: ['*'], rates: [{ id: id(13), name: 'International', kind: 'FLAT', amountCents: 2500 }] },
    ],
    tax: { rules: [{ id: id(20), name: 'NY sales tax', country: 'US', region: 'US-NY', ratePercent: 8.875 }] },
  });
  return doc;
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
const HOST = 'cart-shop.sites.test';

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(usShop(), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const { websiteId } = await writeSiteDocument(database.db, loaded.document);
  await createVerifiedSiteUser(database.db, websiteId, 'shopper@example.com', 'shopper-password-1');
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
  await app.siteChanges.ready;
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const visitor = () => client(app, HOST);
const cartOf = (res: { json(): unknown }) => cartAnswer.parse((res.json() as { cart: unknown }).cart);
const add = async (c: Client, variantId: string, quantity = 1, productId: string = SHOP.mug) =>
  c.call('POST', '/api/commerce/cart/entries', { productId, variantId, quantity });

async function customer(): Promise<Client> {
  const c = await visitor();
  const res = await c.call('POST', '/api/site-users/account/session', { email: 'shopper@example.com', password: 'shopper-password-1' });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

describe('the cart', () => {
  it('starts empty with the seed model’s defaults and sets no cookie until something is added', async () => {
    const c = await visitor();
    const res = await c.call('GET', '/api/commerce/cart');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringContaining(`${CART_COOKIE}=`));
    const cart = cartOf(res);
    expect(cart).toMatchObject({
      entries: [],
      subtotalCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      isPurchased: false,
      subtotalAmount: { currency: 'USD', minor: 0 },
    });
  });

  it('adds under an HttpOnly, SameSite=Lax cart cookie and writes a readable summary of count and subtotal', async () => {
    const c = await visitor();
    const res = await add(c, BLUE, 2);
    expect(res.statusCode, res.body).toBe(201);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cartCookie = cookies.find((v) => v.startsWith(`${CART_COOKIE}=`))!;
    expect(cartCookie).toMatch(/HttpOnly/);
    expect(cartCookie).toMatch(/SameSite=Lax/);
    const summary = cookies.find((v) => v.startsWith(`${CART_SUMMARY_COOKIE}=`))!;
    expect(summary).not.toMatch(/HttpOnly/);
    expect(readCartSummary(c.cookies.get(CART_SUMMARY_COOKIE))).toEqual({ count: 2, subtotal: '$56.00' });
    const again = cartOf(await add(c, BLUE, 1));
    expect(again.entries).toHaveLength(1);
    expect(again.entries[0]).toMatchObject({ productName: 'Speckled Mug', quantity: 3, unitPriceCents: 2800, subtotalCents: 8400 });
  });

  it('marks the cart cookies Secure behind a TLS proxy', async () => {
    const proxied = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false, trustProxy: '10.0.0.1' });
    try {
      const tls = { host: HOST, 'x-forwarded-proto': 'https' };
      const page = await proxied.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.1', headers: tls });
      const crumb = (page.cookies as { name: string; value: string }[]).find((k) => k.name === 'crumb')!.value;
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/commerce/cart/entries',
        remoteAddress: '10.0.0.1',
        headers: { ...tls, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
        payload: { productId: SHOP.bowl },
      });
      expect(res.statusCode, res.body).toBe(201);
      const lines = res.headers['set-cookie'] as string[];
      expect(lines.filter((l) => l.startsWith(CART_COOKIE) || l.startsWith(CART_SUMMARY_COOKIE))).toHaveLength(2);
      for (const line of lines) expect(line).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('prices on the server: a price sent with an add is refused, and a forged summary cookie changes nothing', async () => {
    const c = await visitor();
    const forged = await c.call('POST', '/api/commerce/cart/entries', { productId: SHOP.mug, variantId: BLUE, quantity: 1, unitPriceCents: 1 });
    expect(forged.statusCode).toBe(400);
    await add(c, BLUE);
    c.cookies.set(CART_SUMMARY_COOKIE, encodeURIComponent('1|$0.01'));
    // The cart page's form ignores any field it does not take, a price among them.
    const form = await app.inject({
      method: 'POST',
      url: `/cart?crumb=${c.cookies.get('crumb')}`,
      headers: { host: HOST, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=add&productId=${SHOP.bowl}&quantity=1&unitPriceCents=1&subtotalCents=1`,
    });
    expect(form.statusCode).toBe(303);
    const cart = cartOf(await c.call('GET', '/api/commerce/cart'));
    expect(cart.entries.map((e) => [e.productName, e.unitPriceCents])).toEqual([
      ['Speckled Mug', 2800],
      ['Stacking Bowl', 4200],
    ]);
    expect(cart.subtotalCents).toBe(7000);
    expect(readCartSummary(c.cookies.get(CART_SUMMARY_COOKIE))).toEqual({ count: 2, subtotal: '$70.00' });
  });

  it('takes a sale price and refuses a sold-out variant, a hidden product and a change without the crumb, in the seed’s words', async () => {
    const c = await visitor();
    const soldOut = await add(c, ASH);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ error: 'Unable to add item', reason: 'This item is sold out.' });
    const hidden = await add(c, 'd0d0d0d0d0d0d0d0d0d0d007', 1, SHOP.hidden);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: 'Unable to add item' });
    const noOption = await c.call('POST', '/api/commerce/cart/entries', { productId: SHOP.mug });
    expect(noOption.json()).toMatchObject({ error: 'Unable to add item', reason: 'Choose an option first.' });
    const noCrumb = await c.call('POST', '/api/commerce/cart/entries', { productId: SHOP.bowl }, { crumb: false });
    expect(noCrumb.statusCode).toBe(403);
    const bad = await c.call('POST', '/api/commerce/cart/entries', { productId: SHOP.bowl, quantity: -2 });
    expect(bad.statusCode).toBe(400);
  });

  it('changes a quantity and removes a line; another shopper’s line cannot be touched', async () => {
    const c = await visitor();
    const entry = cartOf(await add(c, BLUE)).entries[0]!;
    const changed = cartOf(await c.call('PUT', `/api/commerce/cart/entries/${entry.id}`, { quantity: 4 }));
    expect(changed.totalQuantity).toBe(4);
    const stranger = await visitor();
    const theirs = await stranger.call('PUT', `/api/commerce/cart/entries/${entry.id}`, { quantity: 1 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: 'Unable to update quantity' });
    const notRemoved = await stranger.call('DELETE', `/api/commerce/cart/entries/${entry.id}`);
    expect(notRemoved.json()).toMatchObject({ error: 'Unable to remove item' });
    const removed = cartOf(await c.call('DELETE', `/api/commerce/cart/entries/${entry.id}`));
    expect(removed.entries).toEqual([]);
    expect(c.cookies.has(CART_SUMMARY_COOKIE)).toBe(false);
  });

  it('lists valid and invalid coupons with the reason, and splits the discount across lines', async () => {
    const c = await visitor();
    await add(c, BLUE);
    await add(c, BOWL, 1, SHOP.bowl);
    await c.call('POST', '/api/commerce/cart/coupons', { code: 'tenoff' });
    await c.call('POST', '/api/commerce/cart/coupons', { code: 'OLD' });
    const cart = cartOf(await c.call('POST', '/api/commerce/cart/coupons', { code: 'NOPE' }));
    expect(cart.coupons).toEqual(['tenoff', 'OLD', 'NOPE']);
    expect(cart.validCoupons).toEqual([expect.objectContaining({ code: 'TENOFF', discountCents: 700 })]);
    expect(cart.invalidCoupons.map((i) => i.reason)).toEqual(['ENDED', 'UNKNOWN']);
    expect(cart.invalidCoupons.every((i) => i.message.length > 0)).toBe(true);
    expect(cart.discountCents).toBe(700);
    expect(cart.entries.map((e) => e.discountCents).reduce((a, b) => a + b, 0)).toBe(700);
    const removed = cartOf(await c.call('DELETE', '/api/commerce/cart/coupons/tenoff'));
    expect(removed.discountCents).toBe(0);
  });

  it('offers shipping by the shopper’s country and taxes each line at their region’s rate', async () => {
    const c = await visitor();
    await add(c, BLUE);
    const tour = cartOf(await add(c, TOUR, 1, SHOP.tour));
    expect(tour.needsLocation).toBe(true);
    const us = cartOf(await c.call('PUT', '/api/commerce/cart/shipping-location', { country: 'US', region: 'US-NY', postcode: '10001' }));
    expect(us.shippingOptions.map((o) => [o.name, o.amountCents])).toEqual([['Ground', 800]]);
    expect(us.shippingCostCents).toBe(800);
    // 8.875% of $28.00 is 248.5 cents, rounded half-up per line; the free tour has no tax.
    expect(us.entries.map((e) => e.taxCents)).toEqual([249, 0]);
    expect(us.taxCents).toBe(249);
    expect(us.grandTotalCents).toBe(2800 + 800 + 249);
    const fr = cartOf(await c.call('PUT', '/api/commerce/cart/shipping-location', { country: 'FR' }));
    expect(fr.shippingOptions.map((o) => [o.name, o.amountCents])).toEqual([['International', 2500]]);
    expect(fr.taxCents).toBe(0);
    const unknown = await c.call('PUT', '/api/commerce/cart/shipping-location', { country: 'XX' });
    expect(unknown.statusCode).toBe(400);
  });

  it('says when the subtotal is below the store’s minimum', async () => {
    const c = await visitor();
    const small = cartOf(await add(c, sizeVariant(0), 1, SIZES));
    expect(small).toMatchObject({ meetsMinimum: false, minimumSubtotalCents: 1000 });
    const enough = cartOf(await add(c, sizeVariant(0), 9, SIZES));
    expect(enough.meetsMinimum).toBe(true);
  });

  // covers 001-7.28
  it('follows a signed-in customer to another device, and leaves a copy to the visitor who signs out with cloneCart=true', async () => {
    const phone = await customer();
    await add(phone, BLUE, 2);
    const laptop = await customer();
    const there = cartOf(await laptop.call('GET', '/api/commerce/cart'));
    expect(there.entries.map((e) => [e.productName, e.quantity])).toEqual([['Speckled Mug', 2]]);

    const out = await laptop.call('DELETE', '/api/site-users/account/session?cloneCart=true');
    expect(out.statusCode).toBe(200);
    const copy = cartOf(await laptop.call('GET', '/api/commerce/cart'));
    expect(copy.entries.map((e) => [e.productName, e.quantity])).toEqual([['Speckled Mug', 2]]);
    expect(copy.id).not.toBe(there.id);
    // The copy is the visitor's own: changing it leaves the account's cart as it was.
    await add(laptop, BOWL, 1, SHOP.bowl);
    expect(cartOf(await phone.call('GET', '/api/commerce/cart')).totalQuantity).toBe(2);

    const plain = await phone.call('DELETE', '/api/site-users/account/session');
    expect(plain.statusCode).toBe(200);
    expect(cartOf(await phone.call('GET', '/api/commerce/cart')).entries).toEqual([]);
  });

  it('joins a visitor’s cart to the account when they sign in', async () => {
    const c = await visitor();
    await add(c, BOWL, 1, SHOP.bowl);
    const res = await c.call('POST', '/api/site-users/account/session', { email: 'shopper@example.com', password: 'shopper-password-1' });
    expect(res.statusCode).toBe(200);
    const joined = cartOf(await c.call('GET', '/api/commerce/cart'));
    expect(joined.entries.some((e) => e.productName === 'Stacking Bowl')).toBe(true);
  });

  it('changes the cart through the cart page’s forms without JavaScript, back to the page with 303', async () => {
    const c = await visitor();
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: `/cart?crumb=${c.cookies.get('crumb')}`,
        headers: { host: HOST, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const added = await post(`action=add&productId=${SHOP.mug}&variantId=${BLUE}&quantity=2`);
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/cart');
    for (const cookie of added.cookies as { name: string; value: string }[]) c.cookies.set(cookie.name, cookie.value);
    const entry = cartOf(await c.call('GET', '/api/commerce/cart')).entries[0]!;
    expect((await post(`action=quantity&entryId=${entry.id}&quantity=5`)).statusCode).toBe(303);
    expect(cartOf(await c.call('GET', '/api/commerce/cart')).totalQuantity).toBe(5);
    const refused = await post(`action=add&productId=${SHOP.mug}&variantId=${ASH}`);
    expect(refused.headers.location).toBe('/cart?failed=add');
    expect((await post(`action=remove&entryId=${entry.id}`)).statusCode).toBe(303);
    expect(cartOf(await c.call('GET', '/api/commerce/cart')).entries).toEqual([]);
  });
});

describe('the cart indicator', () => {
  it('is in the header of the site’s own pages, its account and newsletter pages included, linking to the cart', async () => {
    for (const url of ['/', `${SHOP.path}/speckled-mug`, '/account/login', '/newsletter-subscription/unsubscribe?token=x', '/no-such-page']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: HOST } });
      expect(res.body, url).toMatch(/<a class="cart-indicator" href="\/cart"/);
    }
  });
});

describe('the cart page', () => {
  it('is page type 205 (commerce cart v2), never cached, holding this shopper’s cart in its root element', async () => {
    const c = await visitor();
    await add(c, BOWL, 1, SHOP.bowl);
    const res = await c.call('GET', '/cart');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"pageType":205');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.body).toMatch(/<div class="cart-page" data-cart-root="">[\s\S]*Stacking Bowl/);
  });
});

describe('carts left behind', () => {
  it('keeps a cart cookie alive with each change, and drops a visitor’s cart idle past its lifetime but never a customer’s', async () => {
    const idle = await visitor();
    await add(idle, BOWL, 1, SHOP.bowl);
    const again = await add(idle, BOWL, 1, SHOP.bowl);
    const renewed = ([] as string[]).concat(again.headers['set-cookie'] ?? []).find((l) => l.startsWith(`${CART_COOKIE}=`));
    expect(renewed).toMatch(/Max-Age=2592000/);
    const kept = await visitor();
    await add(kept, BOWL, 1, SHOP.bowl);
    const member = await customer();
    await add(member, BLUE, 1);
    const idleId = cartOf(await idle.call('GET', '/api/commerce/cart')).id;
    const memberId = cartOf(await member.call('GET', '/api/commerce/cart')).id;
    await database.pool.query("UPDATE carts SET updated_at = now() - interval '31 days' WHERE id = ANY($1)", [[idleId, memberId]]);
    expect(await dropAbandonedCarts(database.pool)).toBe(1);
    expect(cartOf(await idle.call('GET', '/api/commerce/cart')).entries).toEqual([]);
    expect(cartOf(await kept.call('GET', '/api/commerce/cart')).totalQuantity).toBe(1);
    expect(cartOf(await member.call('GET', '/api/commerce/cart')).totalQuantity).toBeGreaterThan(0);
    await member.call('DELETE', '/api/site-users/account/session');
  });
});

describe('what the cart asks of the database', () => {
  async function cartWith(lines: number): Promise<Client> {
    const c = await visitor();
    for (let i = 0; i < lines; i++) await add(c, sizeVariant(i), 1, SIZES);
    await c.call('POST', '/api/commerce/cart/coupons', { code: 'TENOFF' });
    return c;
  }

  it.each([1, 20])('reads a %i-line cart in at most 4 statements and adds to it in at most 6', async (lines) => {
    const c = await cartWith(lines);
    const read = await statementsDuring(() => c.call('GET', '/api/commerce/cart'));
    expect(read.count, read.statements.join('\n')).toBeLessThanOrEqual(4);
    const added = await statementsDuring(() => add(c, BLUE));
    expect(added.count, added.statements.join('\n')).toBeLessThanOrEqual(6);
    const signedIn = await customer();
    for (let i = 0; i < lines; i++) await add(signedIn, sizeVariant(i), 1, SIZES);
    await signedIn.call('POST', '/api/commerce/cart/coupons', { code: 'TENOFF' });
    const customerRead = await statementsDuring(() => signedIn.call('GET', '/api/commerce/cart'));
    expect(customerRead.count, customerRead.statements.join('\n')).toBeLessThanOrEqual(4);
    const customerAdd = await statementsDuring(() => add(signedIn, BLUE));
    expect(customerAdd.count, customerAdd.statements.join('\n')).toBeLessThanOrEqual(6);
    await signedIn.call('DELETE', '/api/site-users/account/session');
  });
});

export type { CartAnswer };
