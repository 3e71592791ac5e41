/**
 * The provider's detour (3-D Secure-like, the test service's authentication page) and the way back
 * (`/checkout/return?attempt={key}`): a detour failed sends the shopper back to the checkout with
 * the stock given back; one still open when its holds expire is voided by the sweep; a payment that
 * succeeds after its holds were released takes the stock again, or, when it is gone, is voided and
 * the shopper told the product sold out.
 */
import { describe, expect, it } from 'vitest';
import { placeOrderAnswer } from '../src/contracts/checkout';
import { releaseHolds, sweepExpiredHolds } from '../src/server/modules/checkout';
import { attemptOf, card, countOf, place, placeBody, qtyInStock, shopperWith, shopForFile } from './checkout-shop';
import type { Client } from './session';
import { PRINT, SHOP } from './shop-fixture';

const shop = shopForFile();
const sql = <T>(text: string, values: unknown[] = []) => shop.sql<T>(text, values);
const intentStatus = async (paymentId: string) => (await shop.stripe.get(`/v1/payment_intents/${paymentId}`)).body.status;

/** Places with the card that asks for the detour: the attempt's key and the provider's page. */
async function detour(c: Client): Promise<{ key: string; actionUrl: string }> {
  const body = placeBody({ payment: { provider: 'test', card: card('requires_action') } });
  const answer = placeOrderAnswer.parse((await place(c, body)).json());
  if (answer.state !== 'requiresAction') throw new Error('no detour');
  return { key: body.attemptKey, actionUrl: answer.actionUrl };
}

/** The shopper completes (or fails) the detour on the provider's page and follows it back. */
async function back(c: Client, actionUrl: string, outcome: 'complete' | 'fail'): Promise<string> {
  const res = await fetch(actionUrl, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
  const returned = new URL(res.headers.get('location')!);
  const landed = await c.call('GET', `${returned.pathname}${returned.search}`);
  expect(landed.statusCode).toBe(303);
  return String(landed.headers.location);
}

describe('the way back from a detour', () => {
  it('sends the shopper back to the checkout when the detour fails, with the stock given back', async () => {
    const stock = await qtyInStock(shop, SHOP.mugBlue);
    const c = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugBlue, 2]]);
    const { key, actionUrl } = await detour(c);
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(stock - 2);
    expect(await back(c, actionUrl, 'fail')).toBe('/checkout?failed=declined');
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(stock);
    expect((await attemptOf(shop, key)).state).toBe('failed');
  });

  it('voids a detour still open when its holds expire, and gives the stock back', async () => {
    const stock = await qtyInStock(shop, SHOP.mugMoss);
    const c = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugMoss, 1]]);
    const { key } = await detour(c);
    await sql(`UPDATE stock_holds SET expires_at = now() - interval '1 minute' WHERE website_id = $1`, [shop.websiteId]);
    expect(await sweepExpiredHolds(shop.deps)).toEqual({ released: 1, placed: 0, unknown: 0 });
    const attempt = await attemptOf(shop, key);
    expect(attempt.state).toBe('failed');
    expect(await intentStatus(attempt.payment)).toBe('canceled');
    expect(await qtyInStock(shop, SHOP.mugMoss)).toBe(stock);
  });

  it('takes the stock again for a payment that succeeds after its holds were released', async () => {
    const stock = await qtyInStock(shop, PRINT.size(5));
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(5), 1]]);
    const { key, actionUrl } = await detour(c);
    const { id } = await attemptOf(shop, key);
    // As a sweep would have done while the payment's outcome was unknown.
    await shop.database.db.transaction((tx) => releaseHolds(tx, shop.websiteId, id));
    await sql(`UPDATE checkout_attempts SET state = 'failed' WHERE website_id = $1 AND id = $2`, [shop.websiteId, id]);
    expect(await qtyInStock(shop, PRINT.size(5))).toBe(stock);
    expect(await back(c, actionUrl, 'complete')).toMatch(/^\/checkout\/orders\//);
    expect(await qtyInStock(shop, PRINT.size(5))).toBe(stock - 1);
    expect(await countOf(shop, 'stock_holds')).toBe(0);
  });

  it('voids a payment that succeeds after its stock was released and sold to someone else, and says the product sold out', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(6), 1]]);
    const { key, actionUrl } = await detour(c);
    const { id, payment } = await attemptOf(shop, key);
    await shop.database.db.transaction((tx) => releaseHolds(tx, shop.websiteId, id));
    await sql(`UPDATE checkout_attempts SET state = 'failed' WHERE website_id = $1 AND id = $2`, [shop.websiteId, id]);
    await sql('UPDATE product_variants SET qty_in_stock = 0 WHERE website_id = $1 AND id = $2', [shop.websiteId, PRINT.size(6)]);
    const ordersBefore = await countOf(shop, 'orders');
    expect(await back(c, actionUrl, 'complete')).toBe('/checkout?failed=soldOut');
    expect(await countOf(shop, 'orders')).toBe(ordersBefore);
    expect(await intentStatus(payment)).toBe('canceled');
    expect(await qtyInStock(shop, PRINT.size(6))).toBe(0);
  });
});
