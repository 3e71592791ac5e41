/**
 * Placing an order (POST /api/commerce/checkout/place, the placement protocol of the checkout
 * module's CONTEXT.md): one order from the cart at the cart page's totals, its number, stock taken
 * and holds turned into sales, the cart purchased; a placement retried in a row or at once makes one
 * order and one charge; a decline gives the stock back; a lost answer is found on retry; a detour
 * comes back to an order; a manual payment's order awaits its money; the refusals and their words.
 */
import { describe, expect, it } from 'vitest';
import { cartAnswer } from '../src/contracts/cart';
import { placeOrderAnswer, placeOrderRefusal } from '../src/contracts/checkout';
import { DEFAULT_FIRST_ORDER_NUMBER } from '../src/domain/checkout/protocol';
import { orderTokenHash } from '../src/server/modules/orders';
import { BOWL_VARIANT, card, countOf, HOST, NY_ADDRESS, place, placeBody, qtyInStock, shopperWith, shopForFile } from './checkout-shop';
import { SHOP } from './shop-fixture';

const shop = shopForFile();

const orderOf = async (orderNumber: number) =>
  (
    await shop.database.pool.query(
      `SELECT o.*, (SELECT json_agg(l ORDER BY l.position) FROM order_lines l WHERE l.website_id = o.website_id AND l.order_id = o.id) AS lines
       FROM orders o WHERE o.website_id = $1 AND o.number = $2`,
      [shop.websiteId, orderNumber],
    )
  ).rows[0] as Record<string, unknown> & { lines: Record<string, unknown>[] };

describe('placing an order', () => {
  it('makes one order at the cart page’s totals, numbered from the first number, with the stock taken, no hold left and the cart purchased', async () => {
    const c = await shopperWith(shop.app, [
      [SHOP.mug, SHOP.mugBlue, 2],
      [SHOP.bowl, BOWL_VARIANT, 1],
    ]);
    const before = { mug: await qtyInStock(shop, SHOP.mugBlue), bowl: await qtyInStock(shop, BOWL_VARIANT) };
    await c.call('PUT', '/api/commerce/cart/shipping-location', { country: 'US', region: 'US-NY', postcode: '10001' });
    const cartPage = cartAnswer.parse((await c.call('GET', '/api/commerce/cart')).json<{ cart: unknown }>().cart);
    const res = await place(c, placeBody());
    expect(res.statusCode, res.body).toBe(201);
    const answer = placeOrderAnswer.parse(res.json());
    expect(answer).toMatchObject({ state: 'placed', orderNumber: DEFAULT_FIRST_ORDER_NUMBER });
    if (answer.state !== 'placed') throw new Error('not placed');
    const order = await orderOf(answer.orderNumber);
    expect(order).toMatchObject({
      total_cents: cartPage.grandTotalCents,
      subtotal_cents: cartPage.subtotalCents,
      tax_cents: cartPage.taxCents,
      shipping_cents: cartPage.shippingCostCents,
      payment_status: 'authorized',
      email: 'shopper@example.com',
      customer_name: NY_ADDRESS.name,
      test_mode: true,
    });
    expect(order.lines.map((l) => [l.product_name, l.quantity, l.unit_price_cents])).toEqual([
      ['Speckled Mug', 2, 2800],
      ['Stacking Bowl', 1, 4200],
    ]);
    // The order page's address carries the token whose hash the order keeps.
    expect(order.access_token_hash).toBe(orderTokenHash(decodeURIComponent(answer.orderPath.split('/').pop()!)));
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(before.mug - 2);
    expect(await qtyInStock(shop, BOWL_VARIANT)).toBe(before.bowl - 1);
    expect(await countOf(shop, 'stock_holds')).toBe(0);
    const cartAfter = cartAnswer.parse((await c.call('GET', '/api/commerce/cart')).json<{ cart: unknown }>().cart);
    expect(cartAfter.entries).toEqual([]);
  });

  it('answers the same attempt placed ten times in a row, and ten times at once, with one order and one charge', async () => {
    for (const atOnce of [false, true]) {
      const c = await shopperWith(shop.app, [[SHOP.jug, 'd0d0d0d0d0d0d0d0d0d0d006', 1]]);
      const body = placeBody();
      const ordersBefore = await countOf(shop, 'orders');
      const answers = atOnce
        ? await Promise.all(Array.from({ length: 10 }, () => place(c, body)))
        : await (async () => {
            const list = [];
            for (let i = 0; i < 10; i++) list.push(await place(c, body));
            return list;
          })();
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await countOf(shop, 'orders')).toBe(ordersBefore + 1);
      await expect.poll(() => shop.charges(body.attemptKey)).toBe(1);
    }
  });

  it('gives the stock back on a decline, in the provider’s words, and the same key may place again', async () => {
    const c = await shopperWith(shop.app, [[SHOP.bowl, BOWL_VARIANT, 1]]);
    const stock = await qtyInStock(shop, BOWL_VARIANT);
    const body = placeBody({ payment: { provider: 'test', card: card('decline') } });
    const declined = await place(c, body);
    expect(declined.statusCode).toBe(402);
    expect(placeOrderRefusal.parse(declined.json())).toMatchObject({ reason: 'declined', error: 'Your payment was declined: Your card was declined.' });
    expect(await shop.charges(body.attemptKey)).toBe(0);
    expect(await qtyInStock(shop, BOWL_VARIANT)).toBe(stock);
    expect(await countOf(shop, 'stock_holds')).toBe(0);
    const again = await place(c, { ...body, payment: { provider: 'test', card: card('succeed') } });
    expect(again.statusCode, again.body).toBe(201);
    expect(await qtyInStock(shop, BOWL_VARIANT)).toBe(stock - 1);
  });

  it('finds the charge on the retry when the provider’s answer was lost: one order', async () => {
    const c = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugMoss, 1]]);
    const body = placeBody({ payment: { provider: 'test', card: card('timeout_after_success') } });
    const lost = await place(c, body);
    expect(lost.statusCode).toBe(502);
    expect(placeOrderRefusal.parse(lost.json())).toMatchObject({
      reason: 'providerUnavailable',
      error: 'Your payment could not be confirmed. Please try again: you will not be charged twice.',
    });
    const ordersBefore = await countOf(shop, 'orders');
    const retry = await place(c, body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await countOf(shop, 'orders')).toBe(ordersBefore + 1);
    await expect.poll(() => shop.charges(body.attemptKey)).toBe(1);
  });

  it('sends the shopper on the provider’s detour, and the way back finalises the order', async () => {
    const c = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugBlue, 1]]);
    const body = placeBody({ payment: { provider: 'test', card: card('requires_action') } });
    const res = await place(c, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = placeOrderAnswer.parse(res.json());
    if (answer.state !== 'requiresAction') throw new Error('no detour');
    // The shopper completes the detour on the provider's page, which sends them back to the return address.
    const detour = await fetch(answer.actionUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' });
    const returned = new URL(detour.headers.get('location')!);
    expect(returned.pathname).toBe('/checkout/return');
    expect(returned.host).toBe(HOST);
    const back = await c.call('GET', `${returned.pathname}${returned.search}`);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/^\/checkout\/orders\/[A-Za-z0-9_-]{43}$/);
    // The same way back again (a reload) lands on the same order.
    const reload = await c.call('GET', `/checkout/return?attempt=${body.attemptKey}`);
    expect(reload.headers.location).toBe(back.headers.location);
  });

  it('makes a manual payment’s order at once, unpaid, with the method’s instructions and the days before it cancels itself', async () => {
    const c = await shopperWith(shop.app, [[SHOP.bowl, BOWL_VARIANT, 1]]);
    const res = await place(c, placeBody({ payment: { provider: 'manual', method: 'bank_transfer' } }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = placeOrderAnswer.parse(res.json());
    if (answer.state !== 'placed') throw new Error('not placed');
    const order = await orderOf(answer.orderNumber);
    expect(order).toMatchObject({ payment_status: 'unpaid', payment_method: 'bank_transfer', provider: 'manual' });
    expect(order.payment_instructions).toBe('Pay to IBAN DE00 1234 5678, reference your order number.');
    const days = (Date.parse(String(order.cancel_unpaid_at)) - Date.parse(String(order.created_at))) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
  });

  it('refuses a US ZIP code that is not 5 digits, a shipped cart without an address, a way to pay the store does not offer and an empty cart, then places with a ZIP code of 5 digits', async () => {
    const c = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugBlue, 1]]);
    // covers 000-5.01
    for (const postcode of ['1234', '123456', '1234a']) {
      const zip = await place(c, placeBody({ shippingAddress: { ...NY_ADDRESS, postcode } }));
      expect(zip.statusCode).toBe(400);
      expect(zip.json()).toMatchObject({ reason: 'invalid', field: 'shippingAddress.postcode', error: 'A US ZIP code is exactly 5 digits.' });
    }
    const { shippingAddress: _, ...noAddress } = placeBody();
    const none = await place(c, noAddress);
    expect(none.json()).toMatchObject({ reason: 'invalid', field: 'shippingAddress' });
    const cash = await place(c, placeBody({ payment: { provider: 'manual', method: 'cash_on_delivery' } }));
    expect(cash.statusCode).toBe(400);
    expect(cash.json()).toMatchObject({ reason: 'paymentUnavailable', field: 'payment' });
    const malformed = await place(c, { ...placeBody(), attemptKey: 'short' });
    expect(malformed.json()).toMatchObject({ reason: 'invalid', field: 'attemptKey' });
    const noCrumb = await c.call('POST', '/api/commerce/checkout/place', placeBody(), { crumb: false });
    expect(noCrumb.statusCode).toBe(403);
    const empty = await shopperWith(shop.app, []);
    const nothing = await place(empty, placeBody());
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ reason: 'cartChanged', error: 'Your cart is empty.' });
    expect(await countOf(shop, 'stock_holds')).toBe(0);
    expect((await place(c, placeBody({ shippingAddress: { ...NY_ADDRESS, postcode: '12345' } }))).statusCode).toBe(201);
  });
});
