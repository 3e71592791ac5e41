/**
 * What the shopper is shown of checkout, through the app: `/commerce/goto-checkout` (on to the
 * checkout page with a cart cookie, back to the cart page's alert words without), the primary host
 * and its signed cart token, the checkout page (page type 201, no-store, its form drawn on the
 * server: the address for a cart that ships, none for a service, a customer's email filled in), and the order pages a token
 * opens (202 once paid, 207 while a manual payment is awaited; an unknown token finds nothing).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { CART_COOKIE } from '../src/domain/cart-summary';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { eq } from 'drizzle-orm';
import { giftCardCodesOf, issueGiftCards, orderTokenHash } from '../src/server/modules/orders';
import { orderLines, orders } from '../src/server/modules/orders/schema';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { client, signedIn } from './session';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { TEAM_ROLES } from '../src/domain/roles';
import { EMAIL_FRAME_CSP } from '../src/server/http/headers';
import { SHOP, withShop } from './shop-fixture';

const HOST = 'order-pages.sites.test';
const DOMAIN = 'shop.order-pages.test';
const BOWL = 'd0d0d0d0d0d0d0d0d0d0d003';
const TOUR = 'd0d0d0d0d0d0d0d0d0d0d005';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(withShop(siteNamed('order-pages', 'Order pages', [DOMAIN])), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  ({ websiteId } = await writeSiteDocument(database.db, loaded.document));
  await createVerifiedSiteUser(database.db, websiteId, 'customer@example.com', 'customer-password-1');
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
  await app.siteChanges.ready;
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const add = async (host: string, variantId: string, productId: string) => {
  const c = await client(app, host);
  const res = await c.call('POST', '/api/commerce/cart/entries', { productId, variantId, quantity: 1 });
  expect(res.statusCode, res.body).toBe(201);
  return c;
};

describe('going to checkout', () => {
  // covers 000-2.01, 000-2.03, 000-8.09
  it('goes on to the checkout page with a cart cookie, and back to the cart page, saying why, without one', async () => {
    const shopper = await add(DOMAIN, BOWL, SHOP.bowl);
    const go = await shopper.call('GET', '/commerce/goto-checkout');
    expect([go.statusCode, go.headers.location, go.headers['cache-control']]).toEqual([303, '/checkout', 'no-store']);

    const stranger = await client(app, DOMAIN);
    const refused = await stranger.call('GET', '/commerce/goto-checkout');
    expect([refused.statusCode, refused.headers.location]).toEqual([303, '/cart?failed=checkout']);
    const cart = await stranger.call('GET', refused.headers.location as string);
    expect(cart.body).toContain('Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.');
  });

  it('sends a shopper on another host of the site to its primary host, with the cart as a signed token that expires', async () => {
    const shopper = await add(HOST, BOWL, SHOP.bowl);
    const away = await shopper.call('GET', '/checkout');
    expect(away.statusCode).toBe(303);
    const target = new URL(away.headers.location as string);
    expect(target.host).toBe(DOMAIN);
    expect(target.pathname).toBe('/commerce/goto-checkout');

    const there = await client(app, DOMAIN);
    const landed = await there.call('GET', `${target.pathname}${target.search}`);
    expect([landed.statusCode, landed.headers.location]).toEqual([303, '/checkout']);
    expect(there.cookies.get(CART_COOKIE)).toBe(shopper.cookies.get(CART_COOKIE));
    const page = await there.call('GET', '/checkout');
    expect(page.body).toContain('Stacking Bowl');

    const [token, , mac] = target.searchParams.get('cart')!.split('.');
    const forged = await (await client(app, DOMAIN)).call('GET', `/commerce/goto-checkout?cart=${token}.${Math.floor(Date.now() / 1000) + 9999}.${mac}`);
    expect(forged.headers.location).toBe('/cart?failed=checkout');
  });
});

describe('the checkout page', () => {
  // covers 000-2.32
  it('is page type 201, never stored, the form drawn on the server with the address for a cart that ships', async () => {
    const shopper = await add(DOMAIN, BOWL, SHOP.bowl);
    const res = await shopper.call('GET', '/checkout');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"pageType":201');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.body).toMatch(/<div class="checkout-page" data-checkout-root="">[\s\S]*Delivery address[\s\S]*Stacking Bowl/);
    expect(res.body).toContain('<meta name="robots" content="noindex');
  });

  it('fills in a signed-in customer’s email', async () => {
    const shopper = await add(DOMAIN, BOWL, SHOP.bowl);
    const signIn = await shopper.call('POST', '/api/site-users/account/session', { email: 'customer@example.com', password: 'customer-password-1' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const res = await shopper.call('GET', '/checkout');
    expect(res.body).toMatch(/<input id="checkout-email"[^>]*name="email" value="customer@example.com"/);
  });

  it('skips the address and shipping for a service, and shows an empty cart kindly', async () => {
    const tour = await add(DOMAIN, TOUR, SHOP.tour);
    const res = await tour.call('GET', '/checkout');
    expect(res.body).toContain('Studio Tour');
    expect(res.body).not.toContain('Delivery address');
    const empty = await (await client(app, DOMAIN)).call('GET', '/checkout');
    expect(empty.body).toContain('Your cart is empty');
    expect(empty.body).toMatch(/href="\/pottery"[^>]*>Continue shopping/);
  });
});

describe('the order pages', () => {
  let n = 0;
  async function placed(over: Partial<typeof orders.$inferInsert>): Promise<string> {
    n += 1;
    const token = `order-page-token-${n}-${'x'.repeat(24)}`;
    const id = `order${n}`;
    await database.db.insert(orders).values({
      websiteId,
      id,
      number: 1000 + n,
      attemptId: `attempt${n}`,
      cartId: `cart${n}`,
      email: 'shopper@example.com',
      customerName: 'Ada Shopper',
      shippingAddress: { name: 'Ada Shopper', line1: '1 Main Street', city: 'Springfield', region: 'US-IL', postcode: '62701', country: 'US' },
      shipping: { rateId: 'r', name: 'Ground', amountCents: 800 },
      currency: 'USD',
      subtotalCents: 4200,
      discountCents: 0,
      shippingCents: 800,
      taxCents: 0,
      totalCents: 5000,
      pricesIncludeTax: false,
      paymentStatus: 'authorized',
      provider: 'test',
      paymentMethod: 'card',
      testMode: true,
      accessTokenHash: orderTokenHash(token),
      ...over,
    });
    await database.db.insert(orderLines).values({
      websiteId,
      orderId: id,
      position: 0,
      productId: SHOP.bowl,
      variantId: BOWL,
      productName: 'Stacking Bowl',
      productType: 'PHYSICAL',
      optionValues: [],
      sku: '',
      quantity: 1,
      unitPriceCents: 4200,
      discountCents: 0,
      taxCents: 0,
      totalCents: 4200,
    });
    return token;
  }

  // covers 000-2.32
  it('say order confirmed (202) once the payment is authorised, with the number, lines, totals, address and the test-mode banner', async () => {
    const token = await placed({});
    const res = await (await client(app, DOMAIN)).call('GET', `/checkout/orders/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"pageType":202');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    for (const words of [
      'Thank you! Your order is confirmed',
      'Order number 1001',
      'Stacking Bowl',
      '$42.00',
      '$50.00',
      '1 Main Street',
      'Test mode: no money is taken',
    ])
      expect(res.body).toContain(words);
  });

  it('say order received (207) while a bank transfer is awaited, with its instructions', async () => {
    const token = await placed({
      paymentStatus: 'unpaid',
      provider: 'manual',
      paymentMethod: 'bank_transfer',
      paymentInstructions: 'Pay to IBAN GB00 TEST 0000',
      testMode: false,
    });
    const res = await (await client(app, DOMAIN)).call('GET', `/checkout/orders/${token}`);
    expect(res.body).toContain('"pageType":207');
    for (const words of ['Thank you! We have received your order', 'Bank transfer', 'Pay to IBAN GB00 TEST 0000']) expect(res.body).toContain(words);
    expect(res.body).not.toContain('Test mode: no money is taken');
  });

  // covers 000-1.09
  it('show the codes of the gift cards an order issued', async () => {
    const token = await placed({});
    const [order] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.accessTokenHash, orderTokenHash(token)));
    await issueGiftCards(database.db, {
      websiteId,
      orderId: order!.id,
      currency: 'USD',
      lines: [{ position: 0, productType: 'GIFT_CARD', quantity: 2, unitPriceCents: 2500 }],
    });
    const codes = await giftCardCodesOf(database.db, websiteId, order!.id);
    expect(codes).toHaveLength(2);
    const res = await (await client(app, DOMAIN)).call('GET', `/checkout/orders/${token}`);
    expect(res.body).toContain('Your gift card codes');
    for (const { code } of codes) expect(res.body).toContain(`Stacking Bowl: ${code}`);
  });

  it('find nothing for a token no order has', async () => {
    const res = await (await client(app, DOMAIN)).call('GET', `/checkout/orders/not-an-order-token-at-all-000`);
    expect(res.statusCode).toBe(404);
  });
});

describe('the order status page', () => {
  // covers 000-2.32 (order status, 211)
  let n = 100;
  async function placedWith(lines: { type: string; quantity: number }[], over: Partial<typeof orders.$inferInsert> = {}) {
    n += 1;
    const token = `order-status-token-${n}-${'y'.repeat(24)}`;
    const id = `status${n}`;
    await database.db.insert(orders).values({
      websiteId,
      id,
      number: 2000 + n,
      attemptId: `status-attempt${n}`,
      cartId: `status-cart${n}`,
      email: 'shopper@example.com',
      customerName: 'Ada Shopper',
      shippingAddress: { name: 'Ada Shopper', line1: '1 Main Street', city: 'Springfield', region: 'US-IL', postcode: '62701', country: 'US' },
      shipping: { rateId: 'r', name: 'Ground', amountCents: 800 },
      currency: 'USD',
      subtotalCents: 4200 * lines.length,
      discountCents: 0,
      shippingCents: 800,
      taxCents: 0,
      totalCents: 4200 * lines.length + 800,
      pricesIncludeTax: false,
      paymentStatus: 'paid',
      provider: 'test',
      paymentMethod: 'card',
      testMode: false,
      accessTokenHash: orderTokenHash(token),
      ...over,
    });
    await database.db.insert(orderLines).values(
      lines.map((l, position) => ({
        websiteId,
        orderId: id,
        position,
        productId: SHOP.bowl,
        variantId: BOWL,
        productName: position === 0 ? 'Stacking Bowl' : `Glaze booklet ${position}`,
        productType: l.type,
        optionValues: [],
        sku: '',
        quantity: l.quantity,
        unitPriceCents: 4200,
        discountCents: 0,
        taxCents: 0,
        totalCents: 4200 * l.quantity,
      })),
    );
    return { token, id };
  }
  const open = async (token: string) => (await client(app, DOMAIN)).call('GET', `/commerce/orders/${token}`);

  it('says the order is being got ready until a parcel is sent, then shows the parcel, its carrier and tracking link', async () => {
    const { token, id } = await placedWith([{ type: 'PHYSICAL', quantity: 2 }]);
    const before = await open(token);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('"pageType":211');
    expect(before.headers['cache-control']).toMatch(/no-store/);
    for (const words of ['We are getting your order ready', 'Order number 2101', 'Stacking Bowl']) expect(before.body).toContain(words);
    expect(before.body).not.toContain('Parcels');

    await database.pool.query(`UPDATE order_lines SET fulfilled_quantity = 1 WHERE website_id = $1 AND order_id = $2`, [websiteId, id]);
    await database.pool.query(
      `INSERT INTO fulfilments (website_id, id, order_id, lines, carrier, tracking_number, tracking_url) VALUES ($1, 'f1', $2, $3::jsonb, 'Royal Mail', 'RM123456785GB', 'https://track.example/RM123456785GB')`,
      [websiteId, id, JSON.stringify([{ position: 0, quantity: 1 }])],
    );
    const partly = await open(token);
    for (const words of ['Part of your order is on its way', 'Parcels', 'Royal Mail', 'Tracking number RM123456785GB', '1 × Stacking Bowl', '1 of 2 sent'])
      expect(partly.body).toContain(words);
    expect(partly.body).toContain('href="https://track.example/RM123456785GB"');

    await database.pool.query(`UPDATE order_lines SET fulfilled_quantity = 2 WHERE website_id = $1 AND order_id = $2`, [websiteId, id]);
    expect((await open(token)).body).toContain('Your order is on its way');
  });

  it('says an order of files alone is complete, an unpaid one waits for payment, and a cancelled or refunded one so', async () => {
    expect((await open((await placedWith([{ type: 'DIGITAL', quantity: 1 }])).token)).body).toContain('Your order is complete');
    const unpaid = await placedWith([{ type: 'PHYSICAL', quantity: 1 }], {
      paymentStatus: 'unpaid',
      provider: 'manual',
      paymentMethod: 'bank_transfer',
      paymentInstructions: 'Pay to IBAN GB00 TEST 0000',
    });
    const waiting = (await open(unpaid.token)).body;
    for (const words of ['Waiting for your payment', 'Pay to IBAN GB00 TEST 0000']) expect(waiting).toContain(words);
    expect((await open((await placedWith([{ type: 'PHYSICAL', quantity: 1 }], { status: 'canceled' })).token)).body).toContain('Your order has been cancelled');
    const refunded = (await open((await placedWith([{ type: 'PHYSICAL', quantity: 1 }], { paymentStatus: 'refunded', refundedCents: 5000 })).token)).body;
    for (const words of ['Your order has been refunded', 'Refunded: $50.00']) expect(refunded).toContain(words);
  });

  it('finds nothing for a token no order has', async () => {
    expect((await open('not-an-order-token-at-all-000')).statusCode).toBe(404);
  });
});

describe('the order email preview', () => {
  // covers 000-2.32 (commerce email preview, 301)
  const PREVIEW = '/commerce/email-preview';
  let manager: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    await setRole(database.db, websiteId, await createAccount(database.db, 'manager@example.com', 'manager-password-1'), TEAM_ROLES.STORE_MANAGER);
    await setRole(database.db, websiteId, await createAccount(database.db, 'editor@example.com', 'editor-password-1'), TEAM_ROLES.EDITOR);
    manager = await signedIn(app, 'manager@example.com', 'manager-password-1', DOMAIN);
  });

  it('shows each order email about a sample order to the team members who may see orders', async () => {
    const page = await manager.call('GET', PREVIEW);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"pageType":301');
    expect(page.headers['cache-control']).toMatch(/no-store/);
    for (const words of ['Order email preview', 'Order confirmation', 'Order on its way', 'Money refunded', 'Cancelled order', 'New order, to your team'])
      expect(page.body).toContain(words);
    expect(page.body).toContain('Subject: Your order 1001 at Order pages');
    expect(page.body).toContain(`src="${PREVIEW}/confirmation"`);
    const subjects = {
      fulfilment: 'Subject: Your order 1001 from Order pages is on its way',
      refund: 'Subject: A refund of',
      cancellation: 'Subject: Your order 1001 from Order pages has been cancelled',
      notice: 'Subject: New order 1001:',
    };
    for (const [kind, subject] of Object.entries(subjects)) {
      const other = await manager.call('GET', `${PREVIEW}?email=${kind}`);
      expect(other.body).toContain(subject);
      const frame = await manager.call('GET', `${PREVIEW}/${kind}`);
      expect(frame.statusCode).toBe(200);
      expect(frame.headers['content-security-policy']).toBe(EMAIL_FRAME_CSP);
      expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(frame.body).toContain('Order 1001');
    }
  });

  it('is nothing to a visitor, a customer or a team member who may not see orders', async () => {
    const editor = await signedIn(app, 'editor@example.com', 'editor-password-1', DOMAIN);
    for (const who of [await client(app, DOMAIN), editor]) {
      expect((await who.call('GET', PREVIEW)).statusCode).toBe(404);
      expect((await who.call('GET', `${PREVIEW}/confirmation`)).statusCode).toBe(404);
    }
    expect((await manager.call('GET', `${PREVIEW}/not-an-email`)).statusCode).toBe(404);
  });
});

describe('the receipt', () => {
  // The issue's VAT receipt: the seller's details and the tax per rate, from the order's status page.
  it('shows the seller, each line’s net, rate and tax, and the tax per rate, adding up to the total', async () => {
    await database.pool.query(
      `INSERT INTO stores (website_id, business_name, business_address, vat_number) VALUES ($1, 'Order Pages Ltd', $2, 'GB123456789')
       ON CONFLICT (website_id) DO UPDATE SET business_name = excluded.business_name, business_address = excluded.business_address, vat_number = excluded.vat_number`,
      [websiteId, '1 Kiln Lane\nStoke-on-Trent ST1 1AA'],
    );
    const token = `order-receipt-token-${'z'.repeat(24)}`;
    await database.db.insert(orders).values({
      websiteId,
      id: 'receipt1',
      number: 3001,
      attemptId: 'receipt-attempt',
      cartId: 'receipt-cart',
      email: 'shopper@example.com',
      customerName: 'Ada Shopper',
      shippingAddress: { name: 'Ada Shopper', line1: '1 Pottery Lane', city: 'Stoke-on-Trent', postcode: 'ST1 1AA', country: 'GB' },
      shipping: { rateId: 'r', name: 'Standard', amountCents: 450 },
      currency: 'GBP',
      subtotalCents: 8800,
      discountCents: 0,
      shippingCents: 450,
      taxCents: 708,
      totalCents: 9250,
      pricesIncludeTax: true,
      paymentStatus: 'paid',
      provider: 'test',
      paymentMethod: 'card',
      testMode: false,
      accessTokenHash: orderTokenHash(token),
      taxName: 'UK VAT',
      taxRateMilli: 20000,
      shippingTaxCents: 75,
    });
    const line = (position: number, productName: string, totalCents: number, taxCents: number) => ({
      websiteId,
      orderId: 'receipt1',
      position,
      productId: SHOP.bowl,
      variantId: BOWL,
      productName,
      productType: 'PHYSICAL',
      optionValues: [],
      sku: '',
      quantity: 1,
      unitPriceCents: totalCents,
      discountCents: 0,
      taxCents,
      totalCents,
    });
    await database.db.insert(orderLines).values([line(0, 'Harbour mug', 3800, 633), line(1, 'Gift card', 5000, 0)]);
    const status = await (await client(app, DOMAIN)).call('GET', `/commerce/orders/${token}`);
    expect(status.body).toContain(`href="/commerce/orders/${token}/receipt"`);
    const res = await (await client(app, DOMAIN)).call('GET', `/commerce/orders/${token}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const text = res.body.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');
    for (const words of [
      'Receipt for order 3001',
      'Order Pages Ltd|1 Kiln Lane|Stoke-on-Trent ST1 1AA|VAT number: GB123456789',
      '1 × Harbour mug|£38.00|£31.67|20%|£6.33|£38.00',
      '1 × Gift card|£50.00|£50.00|0%|£0.00|£50.00',
      'Shipping: Standard|£3.75|20%|£0.75|£4.50',
      'Ada Shopper|1 Pottery Lane|Stoke-on-Trent ST1 1AA|United Kingdom',
      'UK VAT 20%|£35.42|£7.08',
      'Zero rate|£50.00|£0.00',
      'Total net|£85.42|£7.08',
      '£92.50',
    ])
      expect(text).toContain(words);
    expect((await (await client(app, DOMAIN)).call('GET', `/commerce/orders/not-an-order-token-at-all-000/receipt`)).statusCode).toBe(404);
  });
});

describe('a team member’s page context', () => {
  // covers 000-6.02 (accessPermissions in the page context use the permission config's sub-areas: orders and payments)
  it('names the permission sub-areas of their role: orders and payments for a store manager, not for an editor', async () => {
    const contextOf = async (email: string, password: string) => {
      const member = await signedIn(app, email, password, DOMAIN);
      const page = await member.call('GET', '/?noredirect');
      const json = /<script type="application\/json" id="op-site">([^<]+)<\/script>/.exec(page.body)?.[1];
      return JSON.parse(json ?? '{}') as { accessPermissions?: string[] };
    };
    const manager = await contextOf('manager@example.com', 'manager-password-1');
    expect(manager.accessPermissions).toEqual(expect.arrayContaining(['commerce-orders', 'commerce-payments']));
    const editor = await contextOf('editor@example.com', 'editor-password-1');
    expect(editor.accessPermissions).toContain('content-manager');
    expect(editor.accessPermissions).not.toContain('commerce-orders');
    const visitor = await (await client(app, DOMAIN)).call('GET', '/');
    expect(visitor.body).not.toContain('accessPermissions');
  });
});
