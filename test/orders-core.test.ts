/**
 * What happens to an order after it is placed: the owner marks an offline order paid (twice: once),
 * never a cancelled one; cancelling gives its stock back exactly once however many cancel it at once,
 * variants not counted untouched, and voids an authorisation at its provider once; the hourly sweep
 * cancels unpaid offline orders past their days and leaves paid ones; the owner's list shows each
 * order's number, customer, total and payment, to whoever may see orders (`commerce-orders`).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testCard } from '../src/domain/checkout/test-cards';
import { orderAnswer, ordersAnswer } from '../src/contracts/orders';
import { cancelOrder, cancelOverdueUnpaidOrders, markOrderPaid } from '../src/server/modules/orders';
import { createPaymentProviders, type PaymentOutcome, type PaymentProvider, type PaymentProviders } from '../src/server/modules/payments';
import { insertOrder, orderState, stockedVariant } from './order-fixture';
import { storeSiteForFile } from './store-harness';
import { testPaymentsUrl } from './test-payments';

const site = storeSiteForFile('orders-core');
let nextNumber = 1001;

async function anOrder(opts: { qty?: number; quantity?: number; unlimited?: boolean } & Partial<Parameters<typeof insertOrder>[2]> = {}) {
  const variantId = await stockedVariant(site.database.pool, site.websiteId, site.shop.id, { qty: opts.qty ?? 3, unlimited: opts.unlimited ?? false });
  const orderId = await insertOrder(site.database.pool, site.websiteId, {
    number: nextNumber++,
    lines: [{ variantId, quantity: opts.quantity ?? 2 }],
    ...opts,
  });
  return { variantId, orderId, state: () => orderState(site.database.pool, site.websiteId, orderId, variantId) };
}

const markPaid = (orderId: string) => site.owner.call('POST', `/api/config/store/orders/${orderId}/mark-paid`);

describe('marking an offline order paid', () => {
  it('pays the order and captures its payment once, however often it is asked, and it no longer cancels itself', async () => {
    const order = await anOrder({ cancelUnpaidAt: `now() + interval '7 days'` });
    const [first, second] = await Promise.all([markPaid(order.orderId), markPaid(order.orderId)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(orderAnswer.parse(first.json()).order).toMatchObject({ paymentStatus: 'paid', canMarkPaid: false });
    expect(await order.state()).toMatchObject({ status: 'open', payment_status: 'paid', payment: 'captured', paid: true, due: false });
    const again = await site.database.db.transaction((tx) => markOrderPaid(tx, site.websiteId, order.orderId));
    expect(again.changed).toBe(false);
    const { rows } = await site.database.pool.query(
      `SELECT count(*)::int AS n FROM activity_log WHERE website_id = $1 AND action = 'order.marked_paid' AND detail->>'orderId' = $2`,
      [site.websiteId, order.orderId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a cancelled order, an order its provider takes payment for, and an order the store does not have', async () => {
    const order = await anOrder();
    await cancelOrder(site.database.db, site.websiteId, order.orderId, { accountId: null });
    const res = await markPaid(order.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^Order \d+ was cancelled, so it cannot be marked paid\.$/);
    expect(await order.state()).toMatchObject({ status: 'canceled', payment_status: 'voided', payment: 'voided', paid: false });

    const card = await anOrder({ provider: 'test' });
    const byCard = await markPaid(card.orderId);
    expect(byCard.statusCode).toBe(409);
    expect(byCard.json().error).toMatch(/is paid through its payment provider/);
    expect((await markPaid('a'.repeat(24))).json()).toEqual({ error: 'This store has no such order.' });
    expect((await markPaid('a'.repeat(24))).statusCode).toBe(404);
  });
});

describe('cancelling an order', () => {
  it('gives its stock back once when cancelled many times at once', async () => {
    // 3 in stock when the order took 2 of them: 1 left.
    const order = await anOrder({ qty: 1, quantity: 2 });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => cancelOrder(site.database.db, site.websiteId, order.orderId, { accountId: null })));
    expect(outcomes.filter((o) => o.canceled)).toHaveLength(1);
    expect(await order.state()).toMatchObject({ status: 'canceled', payment: 'voided', qty: 3 });
    await cancelOrder(site.database.db, site.websiteId, order.orderId, { accountId: null });
    expect((await order.state()).qty).toBe(3);
  });

  it('would give the stock back once per caller if it read the order and then wrote it (the mutation the test above catches)', async () => {
    const order = await anOrder({ qty: 1, quantity: 2 });
    const callers = 3;
    let read = 0;
    let allRead!: () => void;
    const everyoneRead = new Promise<void>((resolve) => (allRead = resolve));
    // The naive version: each caller sees the order open, then cancels it and restocks unconditionally.
    const naiveCancel = async () => {
      const c = await site.database.pool.connect();
      try {
        await c.query('BEGIN');
        const { rows } = await c.query(`SELECT status FROM orders WHERE website_id = $1 AND id = $2`, [site.websiteId, order.orderId]);
        if (++read === callers) allRead();
        await everyoneRead;
        if (rows[0].status === 'open') {
          await c.query(`UPDATE orders SET status = 'canceled' WHERE website_id = $1 AND id = $2`, [site.websiteId, order.orderId]);
          await c.query(
            `UPDATE product_variants v SET qty_in_stock = v.qty_in_stock + l.quantity FROM order_lines l
              WHERE l.website_id = $1 AND l.order_id = $2 AND v.website_id = $1 AND v.id = l.variant_id AND NOT v.unlimited`,
            [site.websiteId, order.orderId],
          );
        }
        await c.query('COMMIT');
      } finally {
        c.release();
      }
    };
    await Promise.all(Array.from({ length: callers }, naiveCancel));
    expect((await order.state()).qty).toBe(1 + 2 * callers);
  });

  it('leaves a variant that is not counted as it was, and refuses a paid order', async () => {
    const unlimited = await anOrder({ qty: 0, unlimited: true });
    await cancelOrder(site.database.db, site.websiteId, unlimited.orderId, { accountId: null });
    expect(await unlimited.state()).toMatchObject({ status: 'canceled', qty: 0 });

    const paid = await anOrder({ qty: 1, paymentStatus: 'paid' });
    await expect(cancelOrder(site.database.db, site.websiteId, paid.orderId, { accountId: null })).rejects.toThrow(
      /has been paid: refund it before cancelling it/,
    );
    expect(await paid.state()).toMatchObject({ status: 'open', qty: 1 });
  });

  it('voids an authorisation at its provider once, keyed by the attempt, after the order is cancelled', async () => {
    const order = await anOrder({ provider: 'test', qty: 4, quantity: 1 });
    const calls: string[] = [];
    let status: PaymentOutcome['status'] = 'authorized';
    const provider = {
      id: 'test',
      async retrieve(paymentId: string) {
        calls.push(`retrieve ${paymentId}`);
        return { status, paymentId, amountCents: 2500, currency: 'USD', attemptKey: 'k'.repeat(22) };
      },
      async cancel(input: { attemptKey: string; paymentId: string }) {
        calls.push(`cancel ${input.attemptKey} ${input.paymentId}`);
        status = 'canceled';
        return { status: 'canceled', paymentId: input.paymentId };
      },
    } as unknown as PaymentProvider;
    const providers: PaymentProviders = { provider: async () => provider, changed: () => undefined };
    await Promise.all([1, 2].map(() => cancelOrder(site.database.db, site.websiteId, order.orderId, { accountId: null, providers })));
    expect(calls.filter((c) => c.startsWith('cancel'))).toEqual([`cancel ${'k'.repeat(22)} pay_${order.orderId}`]);
    expect(await order.state()).toMatchObject({ status: 'canceled', payment_status: 'voided', payment: 'voided', qty: 5 });
  });

  it('voids a payment authorised at the test payment service there, once', async () => {
    const providers = createPaymentProviders({ db: site.database.db, testPaymentsUrl: testPaymentsUrl(), secret: randomBytes(32) });
    const provider = await providers.provider(site.websiteId, 'test');
    const attemptKey = randomBytes(16).toString('hex');
    const { paymentId } = await provider.initiate({ attemptKey, description: 'Order', email: 'ada@example.com', amountCents: 2500, currency: 'USD' });
    const authorized = await provider.authorize({ attemptKey, paymentId, method: testCard('succeed').number, returnUrl: 'http://localhost/checkout/return' });
    expect(authorized.status).toBe('authorized');
    const order = await anOrder({ provider: 'test', qty: 2, quantity: 1, providerPaymentId: paymentId });
    await Promise.all([1, 2].map(() => cancelOrder(site.database.db, site.websiteId, order.orderId, { accountId: null, providers })));
    expect(await provider.retrieve(paymentId)).toMatchObject({ status: 'canceled', attemptKey });
    expect(await order.state()).toMatchObject({ status: 'canceled', payment_status: 'voided', payment: 'voided', qty: 3 });
  });
});

describe('the unpaid sweep', () => {
  it('cancels an offline order unpaid past its days and gives its stock back, and leaves a paid one and one still in time', async () => {
    const overdue = await anOrder({ qty: 0, quantity: 2, cancelUnpaidAt: `now() - interval '1 hour'` });
    const inTime = await anOrder({ qty: 0, quantity: 1, cancelUnpaidAt: `now() + interval '6 days'` });
    const paidLate = await anOrder({ qty: 0, quantity: 1, cancelUnpaidAt: `now() - interval '1 hour'` });
    expect((await markPaid(paidLate.orderId)).statusCode).toBe(200);
    expect(await cancelOverdueUnpaidOrders(site.database.db)).toBe(1);
    expect(await overdue.state()).toMatchObject({ status: 'canceled', payment_status: 'voided', qty: 2 });
    expect(await inTime.state()).toMatchObject({ status: 'open', payment_status: 'unpaid', qty: 0 });
    expect(await paidLate.state()).toMatchObject({ status: 'open', payment_status: 'paid', qty: 0 });
    expect(await cancelOverdueUnpaidOrders(site.database.db)).toBe(0);
    expect((await overdue.state()).qty).toBe(2);
  });
});

describe('the orders list', () => {
  it('shows the newest orders first with their customer, total and payment, a page at a time', async () => {
    const order = await anOrder({ customerName: 'Grace Hopper', quantity: 3 });
    const res = await site.viewer.call('GET', '/api/config/store/orders');
    expect(res.statusCode, res.body).toBe(200);
    const list = ordersAnswer.parse(res.json());
    expect(list.orders[0]).toEqual({
      id: order.orderId,
      number: nextNumber - 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      customerName: 'Grace Hopper',
      email: 'ada@example.com',
      currency: 'USD',
      totalCents: 7500,
      status: 'open',
      paymentStatus: 'unpaid',
      provider: 'manual',
      paymentMethod: 'bank_transfer',
      testMode: false,
      canMarkPaid: true,
      fulfilmentStatus: 'unfulfilled',
      refundedCents: 0,
      itemCount: 3,
    });
    expect(list.orders.map((o) => o.number)).toEqual([...list.orders.map((o) => o.number)].sort((a, b) => b - a));
    expect(list.next).toBeNull();
    const older = ordersAnswer.parse((await site.owner.call('GET', `/api/config/store/orders?before=${nextNumber - 2}`)).json());
    expect(older.orders.every((o) => o.number < nextNumber - 2)).toBe(true);
  });

  it('and "Mark paid" are for whoever may see and change orders', async () => {
    const order = await anOrder();
    expect((await site.editor.call('GET', '/api/config/store/orders')).statusCode).toBe(403);
    expect((await site.viewer.call('POST', `/api/config/store/orders/${order.orderId}/mark-paid`)).statusCode).toBe(403);
    expect((await site.owner.call('POST', `/api/config/store/orders/${order.orderId}/mark-paid`, undefined, { crumb: false })).statusCode).toBe(403);
    expect((await order.state()).payment_status).toBe('unpaid');
    expect((await site.storeManager.call('POST', `/api/config/store/orders/${order.orderId}/mark-paid`)).statusCode).toBe(200);
  });
});
