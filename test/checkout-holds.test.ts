/**
 * Checkout's holds (the checkout module's CONTEXT.md, steps 2 and 5): quantities of one variant
 * count together; a cart priced when stock was there is refused, naming the product, once others
 * bought it; coupon uses under a limit or once per customer are taken once however many place at
 * once; the sweep releases expired holds, asking the provider first when a payment's outcome is
 * unknown; the capture job marks an order paid; a number the owner set back is never given twice;
 * and placing costs a fixed number of statements.
 */
import { describe, expect, it } from 'vitest';
import { placeOrderAnswer } from '../src/contracts/checkout';
import { sweepExpiredHolds, takeStockHolds } from '../src/server/modules/checkout';
import { holdAttempt } from '../src/server/modules/checkout/attempts';
import { captureHandler, ORDER_EMAIL_JOB, PAYMENT_CAPTURE_JOB } from '../src/server/modules/orders';
import type { JobRow } from '../src/server/jobs/queue';
import { card, countOf, GIFT_CARD, NY_ADDRESS, place, placeBody, qtyInStock, shopperWith, shopForFile } from './checkout-shop';
import { PRINT, SHOP } from './shop-fixture';
import { statementsDuring } from './statements';

const shop = shopForFile();
const sql = <T>(text: string, values: unknown[] = []) => shop.sql<T>(text, values);
/** An attempt as transaction A makes it, for the hold function called on its own. */
const newAttempt = (tx: Parameters<typeof holdAttempt>[0], key: string) =>
  holdAttempt(tx, {
    websiteId: shop.websiteId,
    key,
    cartId: 'none',
    siteUserId: null,
    email: 'alone@example.com',
    customerKey: 'email:alone@example.com',
    payment: { provider: 'test', card: card('succeed') },
    shippingAddress: NY_ADDRESS,
    snapshot: {
      lines: [],
      shipping: null,
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      pricesIncludeTax: false,
      couponCodes: [],
    },
    amountCents: 0,
    currency: 'USD',
    provider: 'test',
  }).then((a) => a!);
const BOWL = 'd0d0d0d0d0d0d0d0d0d0d003';
const attemptState = async (key: string) =>
  (await sql<{ state: string }>('SELECT state FROM checkout_attempts WHERE website_id = $1 AND key = $2', [shop.websiteId, key]))[0]?.state;

describe('holds', () => {
  it('counts two lines of one variant together: with one in stock, one of each is refused', async () => {
    await sql('UPDATE product_variants SET qty_in_stock = 1 WHERE website_id = $1 AND id = $2', [shop.websiteId, PRINT.size(3)]);
    let outcome: unknown;
    await shop.database.db
      .transaction(async (tx) => {
        const attempt = await newAttempt(tx, 'two-lines-of-one-variant-0001');
        const lines = [
          { variantId: PRINT.size(3), quantity: 1 },
          { variantId: PRINT.size(3), quantity: 1 },
        ];
        outcome = await takeStockHolds(tx, { websiteId: shop.websiteId, attemptId: attempt.id, lines, expiresAt: new Date() });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(outcome).toEqual({ taken: false, variantId: PRINT.size(3), left: 1 });
    expect(await qtyInStock(shop, PRINT.size(3))).toBe(1);
  });

  it('refuses a cart priced while the stock was there once someone else bought it, naming the product, and keeps the cart', async () => {
    const late = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugBlue, 1]]);
    const early = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugBlue, 20]]);
    expect((await place(early, placeBody())).statusCode).toBe(201);
    const refused = await place(late, placeBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ reason: 'soldOut', error: 'Speckled Mug has sold out.', productName: 'Speckled Mug' });
    const few = await shopperWith(shop.app, [[SHOP.mug, SHOP.mugMoss, 3]]);
    expect((await place(await shopperWith(shop.app, [[SHOP.mug, SHOP.mugMoss, 18]]), placeBody())).statusCode).toBe(201);
    expect((await place(few, placeBody())).json()).toMatchObject({ reason: 'soldOut', error: 'Only 2 of Speckled Mug are left.' });
    const kept = (await late.call('GET', '/api/commerce/cart')).json<{ cart: { totalQuantity: number } }>();
    expect(kept.cart.totalQuantity).toBe(1);
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(0);
    expect(await countOf(shop, 'stock_holds')).toBe(0);
  });
});

describe('coupons', () => {
  it('gives a coupon limited to one use to one of two shoppers placing at once', async () => {
    const shoppers = await Promise.all([0, 1].map(() => shopperWith(shop.app, [[SHOP.jug, 'd0d0d0d0d0d0d0d0d0d0d006', 1]])));
    for (const c of shoppers) expect((await c.call('POST', '/api/commerce/cart/coupons', { code: 'FIRSTONLY' })).statusCode).toBe(200);
    const answers = await Promise.all(shoppers.map((c, i) => place(c, placeBody({ email: `first${i}@example.com` }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      reason: 'couponUsedUp',
      error: 'The discount code FIRSTONLY can no longer be used.',
    });
    expect(
      (await sql<{ used: number }>('SELECT used_count AS used FROM coupons WHERE website_id = $1 AND code = $2', [shop.websiteId, 'FIRSTONLY']))[0]!.used,
    ).toBe(1);
    // A cart that still names it afterwards is told so, rather than charged more than it was shown.
    const later = await shopperWith(shop.app, [[SHOP.jug, 'd0d0d0d0d0d0d0d0d0d0d006', 1]]);
    await later.call('POST', '/api/commerce/cart/coupons', { code: 'FIRSTONLY' });
    expect((await place(later, placeBody())).json()).toMatchObject({ reason: 'couponUsedUp' });
  });

  it('keys a once-per-customer coupon by a guest’s lowercased email, whoever places first', async () => {
    const shoppers = await Promise.all([0, 1].map(() => shopperWith(shop.app, [[SHOP.jug, 'd0d0d0d0d0d0d0d0d0d0d006', 1]])));
    for (const c of shoppers) await c.call('POST', '/api/commerce/cart/coupons', { code: 'WELCOME' });
    const answers = await Promise.all([
      place(shoppers[0]!, placeBody({ email: 'Twin@Example.com' })),
      place(shoppers[1]!, placeBody({ email: 'twin@example.com' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const uses = await sql<{ customer_key: string }>('SELECT customer_key FROM coupon_uses WHERE website_id = $1', [shop.websiteId]);
    expect(uses.map((u) => u.customer_key)).toEqual(['email:twin@example.com']);
    expect(await countOf(shop, 'coupon_holds')).toBe(0);
  });
});

describe('the hold sweep', () => {
  it('releases an expired held attempt at once, and asks the provider about one whose answer was lost before settling it', async () => {
    const stock = await qtyInStock(shop, BOWL);
    const lost = await shopperWith(shop.app, [[SHOP.bowl, BOWL, 1]]);
    const lostBody = placeBody({ payment: { provider: 'test', card: card('timeout_after_success') } });
    expect((await place(lost, lostBody)).statusCode).toBe(502);
    expect(await attemptState(lostBody.attemptKey)).toBe('authorizing');
    await shop.database.db.transaction(async (tx) => {
      const attempt = await newAttempt(tx, 'abandoned-before-the-provider-01');
      await takeStockHolds(tx, { websiteId: shop.websiteId, attemptId: attempt.id, lines: [{ variantId: BOWL, quantity: 1 }], expiresAt: new Date(0) });
    });
    expect(await qtyInStock(shop, BOWL)).toBe(stock - 2);
    // Not yet expired: the sweep leaves the lost answer alone.
    expect(await sweepExpiredHolds(shop.deps)).toEqual({ released: 1, placed: 0, unknown: 0 });
    expect(await attemptState('abandoned-before-the-provider-01')).toBe('failed');
    expect(await qtyInStock(shop, BOWL)).toBe(stock - 1);
    const ordersBefore = await countOf(shop, 'orders');
    await sql("UPDATE stock_holds SET expires_at = now() - interval '1 minute' WHERE website_id = $1", [shop.websiteId]);
    expect(await sweepExpiredHolds(shop.deps)).toEqual({ released: 0, placed: 1, unknown: 0 });
    expect(await attemptState(lostBody.attemptKey)).toBe('placed');
    expect(await countOf(shop, 'orders')).toBe(ordersBefore + 1);
    expect(await qtyInStock(shop, BOWL)).toBe(stock - 1);
    expect(await countOf(shop, 'stock_holds')).toBe(0);
  });
});

describe('after the order', () => {
  it('issues a gift card per unit bought and queues the confirmation and the team’s notice with the order', async () => {
    const c = await shopperWith(shop.app, [[GIFT_CARD.product, GIFT_CARD.variant, 2]]);
    const answer = placeOrderAnswer.parse((await place(c, placeBody({ shippingAddress: undefined }))).json());
    if (answer.state !== 'placed') throw new Error('not placed');
    const [order] = await sql<{ id: string }>('SELECT id FROM orders WHERE website_id = $1 AND number = $2', [shop.websiteId, answer.orderNumber]);
    const cards = await sql<{ amount_cents: number }>('SELECT amount_cents FROM gift_cards WHERE website_id = $1 AND order_id = $2', [
      shop.websiteId,
      order!.id,
    ]);
    expect(cards).toEqual([{ amount_cents: 5000 }, { amount_cents: 5000 }]);
    const emails = await sql<{ to: string }>(
      `SELECT payload->>'to' AS to FROM jobs WHERE website_id = $1 AND kind = $2 AND payload->>'orderId' = $3 ORDER BY payload->>'to'`,
      [shop.websiteId, ORDER_EMAIL_JOB, order!.id],
    );
    expect(emails).toEqual([{ to: 'shopper' }, { to: 'team' }]);
  });

  it('places a free order without asking the provider, paid at once', async () => {
    const c = await shopperWith(shop.app, [[SHOP.tour, 'd0d0d0d0d0d0d0d0d0d0d005', 1]]);
    const answer = placeOrderAnswer.parse((await place(c, placeBody({ shippingAddress: undefined }))).json());
    if (answer.state !== 'placed') throw new Error('not placed');
    const [order] = await sql('SELECT payment_status, total_cents FROM orders WHERE website_id = $1 AND number = $2', [shop.websiteId, answer.orderNumber]);
    expect(order).toEqual({ payment_status: 'paid', total_cents: 0 });
  });

  it('captures an authorised payment in the job the order enqueued, and marks the order paid', async () => {
    const c = await shopperWith(shop.app, [[SHOP.jug, 'd0d0d0d0d0d0d0d0d0d0d006', 1]]);
    const answer = placeOrderAnswer.parse((await place(c, placeBody())).json());
    if (answer.state !== 'placed') throw new Error('not placed');
    const [job] = await sql<JobRow>(
      `SELECT id, website_id AS "websiteId", kind, payload FROM jobs WHERE kind = $1 AND website_id = $2 ORDER BY id DESC LIMIT 1`,
      [PAYMENT_CAPTURE_JOB, shop.websiteId],
    );
    await captureHandler(shop.database.db, shop.deps.payments)(job!);
    await captureHandler(shop.database.db, shop.deps.payments)(job!);
    const [order] = await sql<{ payment_status: string; paid: boolean }>(
      'SELECT payment_status, paid_at IS NOT NULL AS paid FROM orders WHERE website_id = $1 AND number = $2',
      [shop.websiteId, answer.orderNumber],
    );
    expect(order).toEqual({ payment_status: 'paid', paid: true });
    expect((await shop.stripe.get(`/v1/payment_intents/${job!.payload.paymentId as string}`)).body.status).toBe('succeeded');
  });

  it('takes the next number when the owner set it back to one an order not yet made had taken', async () => {
    const c = await shopperWith(shop.app, [[PRINT.product, PRINT.size(1), 1]]);
    const next = (await sql<{ next: number }>('SELECT next_number AS next FROM order_numbers WHERE website_id = $1', [shop.websiteId]))[0]!.next;
    // An order took `next` and is committed; the number row says `next` again, as after the owner set it back meanwhile.
    await sql('UPDATE orders SET number = $2 WHERE website_id = $1 AND number = (SELECT max(number) FROM orders WHERE website_id = $1)', [
      shop.websiteId,
      next,
    ]);
    const placed = await place(c, placeBody());
    expect(placed.statusCode).toBe(201);
    expect(placeOrderAnswer.parse(placed.json())).toMatchObject({ state: 'placed', orderNumber: next + 1 });
  });

  it('places an order in at most 15 statements, BEGIN and COMMIT included, for one line and for twenty', async () => {
    // A process's first order also reads the server's order-token secret, once (2 statements): one order first.
    expect((await place(await shopperWith(shop.app, [[PRINT.product, PRINT.size(0), 1]]), placeBody())).statusCode).toBe(201);
    for (const lines of [1, 20]) {
      const c = await shopperWith(
        shop.app,
        Array.from({ length: lines }, (_, i) => [PRINT.product, PRINT.size(i), 1] as [string, string, number]),
      );
      const placed = await statementsDuring(() => place(c, placeBody()));
      expect(placed.count, placed.statements.join('\n')).toBeLessThanOrEqual(15);
      expect(placed.statements.filter((s) => /^begin$/i.test(s.trim()))).toHaveLength(2);
    }
  });
});
