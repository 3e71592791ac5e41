/**
 * The reconcile sweep (src/server/modules/checkout/sweep.ts): an attempt still `held` or
 * `authorizing` two minutes after it last moved lost its placement call; its provider is asked by
 * the payment's id and the attempt finalised, released, or its payment voided: no charge stays
 * without its order, and no stock stays held for a payment that cannot come.
 */
import { describe, expect, it } from 'vitest';
import { placeOrderAnswer } from '../src/contracts/checkout';
import { reconcileAttempts, RECONCILE_AFTER_MS } from '../src/server/modules/checkout';
import { attemptOf, card, ordersOf, place, placeBody, qtyInStock, shopperWith, shopForFile } from './checkout-shop';
import { PRINT } from './shop-fixture';

const shop = shopForFile();
const sql = <T>(text: string, values: unknown[] = []) => shop.sql<T>(text, values);
const later = () => new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);

const intentStatus = async (paymentId: string) => (await shop.stripe.get(`/v1/payment_intents/${paymentId}`)).body.status;

describe('the reconcile sweep', () => {
  it('makes the order of a payment authorised whose answer was lost, once it is two minutes old', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(7), 1]]);
    const body = placeBody({ payment: { provider: 'test', card: card('timeout_after_success') } });
    expect((await place(c, body)).statusCode).toBe(502);
    const attempt = await attemptOf(shop, body.attemptKey);
    expect(attempt.state).toBe('authorizing');
    await reconcileAttempts(shop.deps);
    expect((await attemptOf(shop, body.attemptKey)).state).toBe('authorizing');
    expect(await reconcileAttempts(shop.deps, later())).toMatchObject({ placed: 1 });
    expect((await attemptOf(shop, body.attemptKey)).state).toBe('placed');
    expect(await ordersOf(shop, attempt.id)).toBe(1);
    expect(await shop.charges(body.attemptKey)).toBe(1);
    expect(await reconcileAttempts(shop.deps, later())).toEqual({ placed: 0, released: 0, unknown: 0 });
  });

  it('releases the stock of an attempt left held, which never reached its provider', async () => {
    const stock = await qtyInStock(shop, PRINT.size(8));
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(8), 2]]);
    const body = placeBody({ payment: { provider: 'test', card: card('requires_action') } });
    expect(placeOrderAnswer.parse((await place(c, body)).json()).state).toBe('requiresAction');
    // As a placement that stopped after its holds leaves it.
    await sql(`UPDATE checkout_attempts SET state = 'held', provider_payment_id = NULL WHERE website_id = $1 AND key = $2`, [shop.websiteId, body.attemptKey]);
    expect(await qtyInStock(shop, PRINT.size(8))).toBe(stock - 2);
    expect(await reconcileAttempts(shop.deps, later())).toMatchObject({ released: 1 });
    expect((await attemptOf(shop, body.attemptKey)).state).toBe('failed');
    expect(await qtyInStock(shop, PRINT.size(8))).toBe(stock);
  });

  it('voids a payment made and never confirmed, so it cannot be confirmed later, and releases the stock', async () => {
    const stock = await qtyInStock(shop, PRINT.size(9));
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(9), 1]]);
    const body = placeBody({ payment: { provider: 'test', card: card('requires_action') } });
    expect(placeOrderAnswer.parse((await place(c, body)).json()).state).toBe('requiresAction');
    const attempt = await attemptOf(shop, body.attemptKey);
    // The payment as `initiate` makes it, and the attempt as a placement that stopped before confirming leaves it.
    const made = await shop.stripe.post('/v1/payment_intents', {
      amount: attempt.amount,
      currency: attempt.currency.toLowerCase(),
      capture_method: 'manual',
      'metadata[attempt_key]': body.attemptKey,
    });
    const paymentId = (made.body as { id: string }).id;
    await sql(`UPDATE checkout_attempts SET state = 'authorizing', provider_payment_id = $3 WHERE website_id = $1 AND key = $2`, [
      shop.websiteId,
      body.attemptKey,
      paymentId,
    ]);
    expect(await reconcileAttempts(shop.deps, later())).toMatchObject({ released: 1 });
    expect(await intentStatus(paymentId)).toBe('canceled');
    expect((await attemptOf(shop, body.attemptKey)).state).toBe('failed');
    expect(await ordersOf(shop, attempt.id)).toBe(0);
    expect(await qtyInStock(shop, PRINT.size(9))).toBe(stock);
  });
});
