/**
 * An order on the owner's order screen (src/contracts/orders.ts): sending some or all of its units
 * with the carrier and tracking (never more than is left, never for a cancelled order, only lines
 * that ship), cancelling it from the screen (the unsent units back to stock once), marking it paid,
 * its note, each step on its timeline with who did it, and its detail in one statement whatever it
 * holds. Bad input is a 400 naming the field, an order the store does not have a 404.
 */
import { describe, expect, it } from 'vitest';
import { orderDetailAnswer, type OrderDetail } from '../src/contracts/orders';
import { orderDetail } from '../src/server/modules/orders';
import { seedOrder } from './order-seeds';
import { statementsDuring } from './statements';
import { storeSiteForFile } from './store-harness';

const site = storeSiteForFile('orders-fulfil');
let nextNumber = 7001;

const anOrder = (lines: Parameters<typeof seedOrder>[1]['lines'], more: Partial<Parameters<typeof seedOrder>[1]> = {}) =>
  seedOrder(site, { number: nextNumber++, lines, ...more });

const url = (orderId: string, then = '') => `/api/config/store/orders/${orderId}${then}`;

async function detail(orderId: string): Promise<OrderDetail> {
  const res = await site.viewer.call('GET', url(orderId));
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailAnswer.parse(res.json()).order;
}

const stockOf = async (variantId: string) =>
  (
    await site.database.pool.query<{ q: number }>('SELECT qty_in_stock AS q FROM product_variants WHERE website_id = $1 AND id = $2', [
      site.websiteId,
      variantId,
    ])
  ).rows[0]!.q;

describe('sending an order', () => {
  it('sends one of two lines with its tracking, refuses more than is left, then sends the rest', async () => {
    const { orderId } = await anOrder([
      { name: 'Water Jug', quantity: 2 },
      { name: 'Blue Teapot', quantity: 1 },
    ]);
    const sent = await site.storeManager.call('POST', url(orderId, '/fulfilments'), {
      lines: [{ position: 0, quantity: 2 }],
      carrier: 'DHL',
      trackingNumber: 'JD014600006281230704',
      trackingUrl: 'https://www.dhl.com/track?id=JD014600006281230704',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const order = orderDetailAnswer.parse(sent.json()).order;
    expect(order).toMatchObject({ fulfilmentStatus: 'partial', canFulfil: true });
    expect(order.lines.map((l) => [l.position, l.fulfilledQuantity, l.ships])).toEqual([
      [0, 2, true],
      [1, 0, true],
    ]);
    expect(order.fulfilments).toEqual([
      {
        id: expect.any(String),
        lines: [{ position: 0, quantity: 2 }],
        carrier: 'DHL',
        trackingNumber: 'JD014600006281230704',
        trackingUrl: 'https://www.dhl.com/track?id=JD014600006281230704',
        createdAt: expect.any(String),
      },
    ]);
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'fulfilled',
      by: 'store@example.com',
      detail: { units: 2, carrier: 'DHL', trackingNumber: 'JD014600006281230704', all: false },
    });

    const tooMany = await site.owner.call('POST', url(orderId, '/fulfilments'), { lines: [{ position: 0, quantity: 1 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe('No units of Water Jug are left to send.');
    const twice = await site.owner.call('POST', url(orderId, '/fulfilments'), { lines: [{ position: 1, quantity: 2 }] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Only 1 unit of Blue Teapot is left to send.');

    const rest = await site.owner.call('POST', url(orderId, '/fulfilments'), { lines: [{ position: 1, quantity: 1 }], carrier: 'Royal Mail' });
    expect(rest.statusCode).toBe(200);
    expect(orderDetailAnswer.parse(rest.json()).order).toMatchObject({ fulfilmentStatus: 'fulfilled', canFulfil: false });
    const { rows } = await site.database.pool.query('SELECT fulfilled_at IS NOT NULL AS done FROM orders WHERE website_id = $1 AND id = $2', [
      site.websiteId,
      orderId,
    ]);
    expect(rows[0].done).toBe(true);
  });

  it('sends only lines that ship, each once, on the order; refuses a cancelled order; answers bad input with 400 and no order with 404', async () => {
    const { orderId } = await anOrder([
      { name: 'Water Jug', quantity: 2 },
      { name: 'Glaze e-book', type: 'DIGITAL', quantity: 1 },
    ]);
    const refusals: [unknown, number, Record<string, string> | undefined][] = [
      [{ lines: [{ position: 7, quantity: 1 }] }, 400, { 'lines.0.position': `Order ${nextNumber - 1} has no line 7.` }],
      [
        {
          lines: [
            { position: 0, quantity: 1 },
            { position: 0, quantity: 1 },
          ],
        },
        400,
        { 'lines.1.position': 'Each line is listed once.' },
      ],
      [
        { lines: [{ position: 1, quantity: 1 }] },
        400,
        { 'lines.0.position': 'Glaze e-book is not sent (a service, a download or a gift card), so it is never fulfilled.' },
      ],
      [{ lines: [] }, 400, undefined],
      [{ lines: [{ position: 0, quantity: 0 }] }, 400, undefined],
      [{ lines: [{ position: 0, quantity: 1 }], trackingUrl: 'http://insecure.example/1' }, 400, undefined],
      [{ lines: [{ position: 0, quantity: 1 }], shipped: true }, 400, undefined],
    ];
    for (const [body, status, errors] of refusals) {
      const res = await site.owner.call('POST', url(orderId, '/fulfilments'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (errors) expect(res.json().errors).toEqual(errors);
    }
    expect((await detail(orderId)).lines.map((l) => l.fulfilledQuantity)).toEqual([0, 0]);
    const none = await site.owner.call('POST', url('a'.repeat(24), '/fulfilments'), { lines: [{ position: 0, quantity: 1 }] });
    expect([none.statusCode, none.json().error]).toEqual([404, 'This store has no such order.']);
    expect((await site.owner.call('GET', url('no-such-order'))).statusCode).toBe(404);
    expect((await site.owner.call('GET', url('bad.id'))).statusCode).toBe(404);

    const canceled = await anOrder([{ name: 'Water Jug', quantity: 1 }], { canceled: true });
    const res = await site.owner.call('POST', url(canceled.orderId, '/fulfilments'), { lines: [{ position: 0, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`Order ${nextNumber - 1} was cancelled, so nothing is sent for it.`);
  });

  it('is for whoever may change orders', async () => {
    const { orderId } = await anOrder([{ name: 'Water Jug', quantity: 1 }]);
    expect((await site.viewer.call('POST', url(orderId, '/fulfilments'), { lines: [{ position: 0, quantity: 1 }] })).statusCode).toBe(403);
    expect((await site.owner.call('POST', url(orderId, '/fulfilments'), { lines: [{ position: 0, quantity: 1 }] }, { crumb: false })).statusCode).toBe(403);
    expect((await detail(orderId)).lines[0]!.fulfilledQuantity).toBe(0);
  });
});

describe('cancelling an order from its screen', () => {
  it('gives back the units not sent, once, and answers the same when cancelled again', async () => {
    const { orderId, variantIds } = await anOrder([{ name: 'Water Jug', quantity: 3, stock: 4 }]);
    await site.owner.call('POST', url(orderId, '/fulfilments'), { lines: [{ position: 0, quantity: 1 }] });
    const first = await site.owner.call('POST', url(orderId, '/cancel'), { reason: 'Customer asked' });
    expect(first.statusCode, first.body).toBe(200);
    const order = orderDetailAnswer.parse(first.json()).order;
    expect(order).toMatchObject({ status: 'canceled', paymentStatus: 'voided', canCancel: false, canFulfil: false, canMarkPaid: false });
    expect(order.lines[0]).toMatchObject({ fulfilledQuantity: 1, restockedQuantity: 2 });
    expect(await stockOf(variantIds[0]!)).toBe(6);
    expect(order.timeline.slice(-3).map((e) => [e.kind, e.by, e.detail])).toEqual([
      ['canceled', 'owner@example.com', { reason: 'Customer asked', unpaid: false }],
      ['restocked', 'owner@example.com', { units: 2 }],
      ['voided', 'owner@example.com', {}],
    ]);
    const again = await site.storeManager.call('POST', url(orderId, '/cancel'), {});
    expect(again.statusCode).toBe(200);
    expect(orderDetailAnswer.parse(again.json()).order.timeline).toHaveLength(order.timeline.length);
    expect(await stockOf(variantIds[0]!)).toBe(6);
  });

  it('refuses a paid order: it is refunded first', async () => {
    const { orderId } = await anOrder([{ name: 'Water Jug', quantity: 1 }], { provider: 'test', paymentStatus: 'paid' });
    const res = await site.owner.call('POST', url(orderId, '/cancel'), {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/has been paid: refund it before cancelling it/);
  });
});

describe('an order’s detail', () => {
  it('answers "Mark paid" with the order, its timeline saying who marked it', async () => {
    const { orderId } = await anOrder([{ name: 'Water Jug', quantity: 1 }]);
    const res = await site.storeManager.call('POST', url(orderId, '/mark-paid'));
    expect(res.statusCode).toBe(200);
    const order = orderDetailAnswer.parse(res.json()).order;
    expect(order).toMatchObject({ paymentStatus: 'paid', canMarkPaid: false, canRefund: true, canCancel: false });
    expect(order.payment.capturedAt).toEqual(expect.any(String));
    expect(order.timeline.map((e) => [e.kind, e.by, e.detail])).toEqual([['paid', 'store@example.com', { amountCents: 2500 }]]);
    await site.owner.call('POST', url(orderId, '/mark-paid'));
    expect((await detail(orderId)).timeline).toHaveLength(1);
  });

  it('keeps the team’s note, with an event when it changes', async () => {
    const { orderId } = await anOrder([{ name: 'Water Jug', quantity: 1 }]);
    const res = await site.owner.call('PUT', url(orderId, '/note'), { note: 'Gift wrap, please.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(orderDetailAnswer.parse(res.json()).order.note).toBe('Gift wrap, please.');
    await site.storeManager.call('PUT', url(orderId, '/note'), { note: 'Gift wrap, please.' });
    const order = await detail(orderId);
    expect(order.timeline.map((e) => [e.kind, e.by, e.detail])).toEqual([['note', 'owner@example.com', { note: 'Gift wrap, please.' }]]);
    expect((await site.owner.call('PUT', url(orderId, '/note'), { note: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await site.owner.call('PUT', url('a'.repeat(24), '/note'), { note: 'x' })).statusCode).toBe(404);
  });

  it('shows lines with their progress and what may be done, in one statement whatever the order holds', async () => {
    const small = await anOrder([{ name: 'Water Jug', quantity: 1 }]);
    const one = await statementsDuring(() => orderDetail(site.database.db, site.websiteId, small.orderId));
    expect(one.count).toBe(1);
    const big = await anOrder(Array.from({ length: 20 }, (_, i) => ({ name: `Print ${i}`, quantity: 2 })));
    for (let i = 0; i < 5; i++) await site.owner.call('POST', url(big.orderId, '/fulfilments'), { lines: [{ position: i, quantity: 2 }], carrier: 'UPS' });
    await site.owner.call('PUT', url(big.orderId, '/note'), { note: 'Fragile' });
    const many = await statementsDuring(() => orderDetail(site.database.db, site.websiteId, big.orderId));
    expect(many.count).toBe(1);
    // The call around it adds the session and the role (and the session's last-seen time, at most once a minute), whatever the order holds.
    for (const id of [small.orderId, big.orderId]) expect((await statementsDuring(() => site.viewer.call('GET', url(id)))).count).toBeLessThanOrEqual(4);
    const order = await detail(big.orderId);
    expect(order.lines).toHaveLength(20);
    expect(order.fulfilments).toHaveLength(5);
    expect(order.timeline.map((e) => e.kind)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'note']);
    expect(order).toMatchObject({ fulfilmentStatus: 'partial', itemCount: 40, canFulfil: true, canCancel: true, canRefund: false, canMarkPaid: true });
    expect(order.lines[0]).toMatchObject({
      productName: 'Print 0',
      productType: 'PHYSICAL',
      quantity: 2,
      unitPriceCents: 2500,
      totalCents: 5000,
      refundableCents: 5000,
    });
  });
});
