/**
 * Refunds (src/contracts/orders.ts), on orders placed through the checkout and paid at the test
 * payment service: units of a line back to the customer and to stock; every unit and all the
 * shipping give back exactly the order's total; a refund key refunds once, however often it is
 * sent; two owners refunding the same line at once make one refund and the other is refused (and a
 * naive read-then-write refund, run the same way, refunds twice); a provider out of reach leaves
 * the refund pending (502) and the same key completes it once; a bank transfer's refund is
 * recorded without a provider; and the order's timeline says who did what, in order.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeOrderAnswer } from '../src/contracts/checkout';
import { orderDetailAnswer, type OrderDetail } from '../src/contracts/orders';
import { TEAM_ROLES } from '../src/domain/roles';
import type { JobRow } from '../src/server/jobs/queue';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { captureHandler, PAYMENT_CAPTURE_JOB } from '../src/server/modules/orders';
import { ProviderUnavailable, type PaymentProvider } from '../src/server/modules/payments';
import { HOST, NY_ADDRESS, place, placeBody, qtyInStock, shopForFile, shopperWith } from './checkout-shop';
import { signedIn, type Client } from './session';
import { SHOP } from './shop-fixture';

const shop = shopForFile();
const JUG = 'd0d0d0d0d0d0d0d0d0d0d006';
let owner: Client;
let manager: Client;

beforeAll(async () => {
  for (const [email, role] of [
    ['refund-owner@example.com', TEAM_ROLES.ADMIN],
    ['refund-manager@example.com', TEAM_ROLES.STORE_MANAGER],
  ] as const) {
    await setRole(shop.database.db, shop.websiteId, await createAccount(shop.database.db, email, 'refund-password-123'), role);
  }
  // Enough jugs and mugs for every order of the file.
  await shop.sql('UPDATE product_variants SET qty_in_stock = 1000 WHERE website_id = $1 AND id IN ($2, $3)', [shop.websiteId, JUG, SHOP.mugBlue]);
  owner = await signedIn(shop.app, 'refund-owner@example.com', 'refund-password-123', HOST);
  manager = await signedIn(shop.app, 'refund-manager@example.com', 'refund-password-123', HOST);
});

const newKey = () => randomBytes(12).toString('hex');
const url = (orderId: string, then = '') => `/api/config/store/orders/${orderId}${then}`;

/** An order placed by a shopper in New York (tax and shipping), with the 10% coupon when asked, its payment captured unless manual. */
async function placed(lines: [string, string, number][], opts: { coupon?: boolean; manual?: boolean } = {}) {
  const c = await shopperWith(shop.app, lines);
  if (opts.coupon) expect((await c.call('POST', '/api/commerce/cart/coupons', { code: 'WELCOME' })).statusCode).toBeLessThan(300);
  const body = placeBody({
    email: `buyer-${newKey()}@example.com`,
    shippingAddress: NY_ADDRESS,
    ...(opts.manual ? { payment: { provider: 'manual', method: 'bank_transfer' } } : {}),
  });
  const answer = placeOrderAnswer.parse((await place(c, body)).json());
  if (answer.state !== 'placed') throw new Error(`not placed: ${answer.state}`);
  const [order] = await shop.sql<{ id: string; paymentId: string }>(
    `SELECT o.id, p.provider_payment_id AS "paymentId" FROM orders o JOIN payments p ON p.website_id = o.website_id AND p.order_id = o.id
      WHERE o.website_id = $1 AND o.number = $2`,
    [shop.websiteId, answer.orderNumber],
  );
  if (!opts.manual) {
    const [job] = await shop.sql<JobRow>(
      `SELECT id, website_id AS "websiteId", kind, payload FROM jobs WHERE kind = $1 AND website_id = $2 AND payload->>'orderId' = $3`,
      [PAYMENT_CAPTURE_JOB, shop.websiteId, order!.id],
    );
    await captureHandler(shop.database.db, shop.deps.payments)(job!);
  }
  return order!;
}

async function detail(orderId: string): Promise<OrderDetail> {
  const res = await owner.call('GET', url(orderId));
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailAnswer.parse(res.json()).order;
}

const refund = (as: Client, orderId: string, body: Record<string, unknown>) => as.call('POST', url(orderId, '/refunds'), { refundKey: newKey(), ...body });

/** The refunds the test payment service made of a payment, newest first (one `charge.refunded` event each). */
async function refundsAt(paymentId: string): Promise<{ amountRefunded: number }[]> {
  const events = await shop.stripe.events('charge.refunded');
  return events
    .map((e) => e.data.object as unknown as { payment_intent: string; amount_refunded: number })
    .filter((charge) => charge.payment_intent === paymentId)
    .map((charge) => ({ amountRefunded: charge.amount_refunded }));
}

const lineOf = (order: OrderDetail, name: string) => order.lines.find((l) => l.productName === name)!;

describe('refunding units of a line', () => {
  it('gives back its units’ share at the provider and puts them back in stock', async () => {
    const order = await placed(
      [
        [SHOP.mug, SHOP.mugBlue, 3],
        [SHOP.jug, JUG, 1],
      ],
      { coupon: true },
    );
    const before = await detail(order.id);
    const mug = lineOf(before, 'Speckled Mug');
    expect(before).toMatchObject({ paymentStatus: 'paid', canRefund: true, refundedCents: 0 });
    expect(mug.discountCents).toBeGreaterThan(0);
    expect(mug.taxCents).toBeGreaterThan(0);
    const stock = await qtyInStock(shop, SHOP.mugBlue);

    const res = await refund(owner, order.id, { lines: [{ position: mug.position, quantity: 1, restock: true }], reason: 'Chipped' });
    expect(res.statusCode, res.body).toBe(200);
    const after = orderDetailAnswer.parse(res.json()).order;
    const share = Math.floor(mug.totalCents / 3);
    expect(after.refunds).toEqual([
      {
        id: expect.any(String),
        amountCents: share,
        shippingCents: 0,
        lines: [{ position: mug.position, quantity: 1, amountCents: share, restock: true }],
        reason: 'Chipped',
        status: 'succeeded',
        failure: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(lineOf(after, 'Speckled Mug')).toMatchObject({ refundedQuantity: 1, restockedQuantity: 1, refundableCents: mug.totalCents - share });
    expect(after).toMatchObject({ paymentStatus: 'paid', refundedCents: share });
    expect(await qtyInStock(shop, SHOP.mugBlue)).toBe(stock + 1);
    expect(await refundsAt(order.paymentId)).toEqual([{ amountRefunded: share }]);
    expect(after.timeline.slice(-2).map((e) => [e.kind, e.by, e.detail])).toEqual([
      ['refunded', 'refund-owner@example.com', { refundId: after.refunds[0]!.id, amountCents: share, shippingCents: 0, units: 1, reason: 'Chipped' }],
      ['restocked', 'refund-owner@example.com', { refundId: after.refunds[0]!.id, units: 1 }],
    ]);
  });

  it('gives back exactly the order’s total when every unit and all the shipping are refunded, in steps', async () => {
    const order = await placed(
      [
        [SHOP.mug, SHOP.mugBlue, 3],
        [SHOP.jug, JUG, 2],
      ],
      { coupon: true },
    );
    const start = await detail(order.id);
    const [mug, jug] = [lineOf(start, 'Speckled Mug'), lineOf(start, 'Water Jug')];
    expect(start.refundableShippingCents).toBeGreaterThan(0);
    const steps = [
      { lines: [{ position: mug.position, quantity: 1, restock: false }], shippingCents: 1 },
      { lines: [{ position: jug.position, quantity: 1, restock: true }] },
      {
        lines: [
          { position: mug.position, quantity: 2, restock: false },
          { position: jug.position, quantity: 1, restock: true },
        ],
        shippingCents: start.refundableShippingCents - 1,
      },
    ];
    for (const step of steps) expect((await refund(manager, order.id, step)).statusCode).toBe(200);
    const end = await detail(order.id);
    expect(end.refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(start.totalCents);
    expect(end).toMatchObject({ paymentStatus: 'refunded', refundedCents: start.totalCents, refundableShippingCents: 0, canRefund: false });
    expect(end.lines.map((l) => l.refundableCents)).toEqual([0, 0]);
    expect((await refundsAt(order.paymentId))[0]).toEqual({ amountRefunded: start.totalCents });
    const [payment] = await shop.sql<{ status: string; refunded: number }>(
      'SELECT status, refunded_cents AS refunded FROM payments WHERE website_id = $1 AND order_id = $2',
      [shop.websiteId, order.id],
    );
    expect(payment).toEqual({ status: 'refunded', refunded: start.totalCents });
    const more = await refund(owner, order.id, { shippingCents: 1, lines: [] });
    expect(more.statusCode).toBe(409);
  });

  it('refuses more units than are left, more shipping than is left, an unknown line, and an order not paid yet', async () => {
    const order = await placed([[SHOP.jug, JUG, 1]]);
    const jug = lineOf(await detail(order.id), 'Water Jug');
    const refusals: [Record<string, unknown>, number][] = [
      [{ lines: [{ position: jug.position, quantity: 2, restock: false }] }, 409],
      [{ lines: [], shippingCents: 1_000_000 }, 409],
      [{ lines: [{ position: 99, quantity: 1, restock: false }] }, 400],
      [{ lines: [] }, 400],
      [{ lines: [{ position: jug.position, quantity: 1 }] }, 400],
      [{ lines: [], shippingCents: 1, refundKey: 'short' }, 400],
    ];
    for (const [body, status] of refusals) expect((await refund(owner, order.id, body)).statusCode, JSON.stringify(body)).toBe(status);
    expect((await detail(order.id)).refunds).toEqual([]);

    const c = await shopperWith(shop.app, [[SHOP.jug, JUG, 1]]);
    const answer = placeOrderAnswer.parse((await place(c, placeBody({ email: `buyer-${newKey()}@example.com` }))).json());
    if (answer.state !== 'placed') throw new Error('not placed');
    const [authorized] = await shop.sql<{ id: string }>('SELECT id FROM orders WHERE website_id = $1 AND number = $2', [shop.websiteId, answer.orderNumber]);
    const res = await refund(owner, authorized!.id, { lines: [], shippingCents: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`Order ${answer.orderNumber} is not paid, so there is nothing to refund: cancel it instead.`);
  });
});

describe('a refund key', () => {
  it('refunds once, however often the same refund is sent', async () => {
    const order = await placed([[SHOP.jug, JUG, 2]]);
    const jug = lineOf(await detail(order.id), 'Water Jug');
    const body = { refundKey: newKey(), lines: [{ position: jug.position, quantity: 1, restock: false }] };
    const first = await owner.call('POST', url(order.id, '/refunds'), body);
    const second = await manager.call('POST', url(order.id, '/refunds'), body);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(orderDetailAnswer.parse(second.json()).order.refunds).toEqual(orderDetailAnswer.parse(first.json()).order.refunds);
    // Sent at once, twice more: still the one refund (a call that met the other's provider call still running may be asked to retry).
    const again = await Promise.all([owner.call('POST', url(order.id, '/refunds'), body), manager.call('POST', url(order.id, '/refunds'), body)]);
    for (const res of again) expect([200, 502]).toContain(res.statusCode);
    expect((await detail(order.id)).refunds).toHaveLength(1);
    expect(await refundsAt(order.paymentId)).toHaveLength(1);
    // The key is the order's: another order's refund with it is refused.
    const other = await placed([[SHOP.jug, JUG, 1]]);
    const elsewhere = await owner.call('POST', url(other.id, '/refunds'), { ...body, lines: [], shippingCents: 1 });
    expect(elsewhere.statusCode).toBe(409);
  });
});

describe('two owners refunding the same line at once', () => {
  it('make one refund; the other is refused with 409', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await placed([[SHOP.jug, JUG, 1]]);
      const jug = lineOf(await detail(order.id), 'Water Jug');
      const lines = [{ position: jug.position, quantity: 1, restock: true }];
      const stock = await qtyInStock(shop, JUG);
      const answers = await Promise.all([refund(owner, order.id, { lines }), refund(manager, order.id, { lines })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error).toMatch(/^No units of Water Jug are left to refund\./);
      const after = await detail(order.id);
      expect(after.refunds).toHaveLength(1);
      expect(after).toMatchObject({ refundedCents: jug.totalCents });
      expect(await refundsAt(order.paymentId)).toHaveLength(1);
      expect(await qtyInStock(shop, JUG)).toBe(stock + 1);
    }
  });

  it('would refund twice if a refund read what is left and then wrote it (the mutation the test above catches)', async () => {
    const order = await placed([[SHOP.jug, JUG, 1]]);
    const jug = lineOf(await detail(order.id), 'Water Jug');
    const callers = 2;
    let read = 0;
    let allRead!: () => void;
    const everyoneRead = new Promise<void>((resolve) => (allRead = resolve));
    // The naive version: each owner's refund reads the line's refunded units, checks them, then writes what it read plus its own.
    const naiveRefund = async () => {
      const c = await shop.database.pool.connect();
      try {
        await c.query('BEGIN');
        const { rows } = await c.query<{ refunded: number; quantity: number; total: number }>(
          `SELECT refunded_quantity AS refunded, quantity, total_cents AS total FROM order_lines WHERE website_id = $1 AND order_id = $2 AND position = $3`,
          [shop.websiteId, order.id, jug.position],
        );
        if (++read === callers) allRead();
        await everyoneRead;
        const line = rows[0]!;
        if (line.quantity - line.refunded >= 1) {
          await c.query(`UPDATE order_lines SET refunded_quantity = $4 WHERE website_id = $1 AND order_id = $2 AND position = $3`, [
            shop.websiteId,
            order.id,
            jug.position,
            line.refunded + 1,
          ]);
          await c.query(
            `INSERT INTO refunds (website_id, id, order_id, refund_key, lines, amount_cents, status) VALUES ($1, $2, $3, $4, $5, $6, 'succeeded')`,
            [
              shop.websiteId,
              newKey(),
              order.id,
              newKey(),
              JSON.stringify([{ position: jug.position, quantity: 1, amountCents: line.total, restock: false }]),
              line.total,
            ],
          );
        }
        await c.query('COMMIT');
      } finally {
        c.release();
      }
    };
    await Promise.all(Array.from({ length: callers }, naiveRefund));
    const [given] = await shop.sql<{ sum: number }>(`SELECT sum(amount_cents)::int AS sum FROM refunds WHERE website_id = $1 AND order_id = $2`, [
      shop.websiteId,
      order.id,
    ]);
    expect(given!.sum).toBe(callers * jug.totalCents);
  });
});

describe('a provider out of reach', () => {
  it('leaves the refund pending (502), and the same key completes it once', async () => {
    const order = await placed([[SHOP.jug, JUG, 2]]);
    const jug = lineOf(await detail(order.id), 'Water Jug');
    const body = { refundKey: newKey(), lines: [{ position: jug.position, quantity: 1, restock: true }] };
    const payments = shop.app.payments;
    const reach = payments.provider;
    const stock = await qtyInStock(shop, JUG);
    /** The provider as reached, but with `refund` changed. */
    const withRefund = (refundOf: (real: PaymentProvider) => PaymentProvider['refund']) => {
      payments.provider = async (websiteId, id) => {
        const real = await reach(websiteId, id);
        return { ...real, refund: refundOf(real) };
      };
    };
    try {
      // Down: nothing reaches the provider.
      withRefund(() => async () => {
        throw new ProviderUnavailable('down');
      });
      const down = await owner.call('POST', url(order.id, '/refunds'), body);
      expect(down.statusCode).toBe(502);
      expect(down.json().error).toMatch(/^The payment provider could not be reached/);
      // Its answer lost: the provider refunds, the store never hears.
      withRefund((real) => async (input) => {
        await real.refund(input);
        throw new ProviderUnavailable('answer lost');
      });
      expect((await owner.call('POST', url(order.id, '/refunds'), body)).statusCode).toBe(502);
      const pending = await detail(order.id);
      expect(pending.refunds.map((r) => r.status)).toEqual(['pending']);
      // Held for it meanwhile, so no other refund takes the same unit or money.
      expect(pending).toMatchObject({ refundedCents: pending.refunds[0]!.amountCents });
      expect(lineOf(pending, 'Water Jug')).toMatchObject({ refundedQuantity: 1, restockedQuantity: 0 });
      expect(await qtyInStock(shop, JUG)).toBe(stock);
    } finally {
      payments.provider = reach;
    }
    const done = await manager.call('POST', url(order.id, '/refunds'), body);
    expect(done.statusCode, done.body).toBe(200);
    const order2 = orderDetailAnswer.parse(done.json()).order;
    expect(order2.refunds.map((r) => r.status)).toEqual(['succeeded']);
    expect(await refundsAt(order.paymentId)).toHaveLength(1);
    expect(await qtyInStock(shop, JUG)).toBe(stock + 1);
    expect(order2.timeline.filter((e) => e.kind === 'refunded')).toHaveLength(1);
  });

  it('gives the reservation back when the provider refuses the refund', async () => {
    const order = await placed([[SHOP.jug, JUG, 1]]);
    const jug = lineOf(await detail(order.id), 'Water Jug');
    // The payment refunded at the service behind the store's back: the store's refund is more than is left there.
    expect((await shop.stripe.post('/v1/refunds', { payment_intent: order.paymentId })).status).toBe(200);
    const res = await refund(owner, order.id, { lines: [{ position: jug.position, quantity: 1, restock: true }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^The payment provider refused the refund: Refund amount/);
    const after = await detail(order.id);
    expect(after.refunds.map((r) => r.status)).toEqual(['failed']);
    expect(after).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });
    expect(lineOf(after, 'Water Jug').refundedQuantity).toBe(0);
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'refund_failed', by: 'refund-owner@example.com' });
  });
});

describe('a bank transfer’s refund', () => {
  it('is recorded without asking a provider: the owner paid it back outside the store', async () => {
    const order = await placed([[SHOP.jug, JUG, 1]], { manual: true });
    expect((await owner.call('POST', url(order.id, '/mark-paid'))).statusCode).toBe(200);
    const start = await detail(order.id);
    const res = await refund(owner, order.id, {
      lines: [{ position: lineOf(start, 'Water Jug').position, quantity: 1, restock: true }],
      shippingCents: start.refundableShippingCents,
    });
    expect(res.statusCode, res.body).toBe(200);
    const end = orderDetailAnswer.parse(res.json()).order;
    expect(end).toMatchObject({ paymentStatus: 'refunded', refundedCents: start.totalCents });
    expect(end.refunds.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', start.totalCents]]);
  });
});

describe('an order’s timeline', () => {
  it('lists what happened in order, with the team member who did it', async () => {
    const order = await placed([[SHOP.jug, JUG, 2]]);
    const jug = lineOf(await detail(order.id), 'Water Jug');
    expect((await owner.call('POST', url(order.id, '/fulfilments'), { lines: [{ position: jug.position, quantity: 2 }], carrier: 'USPS' })).statusCode).toBe(
      200,
    );
    expect((await refund(manager, order.id, { lines: [{ position: jug.position, quantity: 1, restock: true }] })).statusCode).toBe(200);
    expect((await manager.call('PUT', url(order.id, '/note'), { note: 'Returned one, chipped.' })).statusCode).toBe(200);
    const { timeline } = await detail(order.id);
    expect(timeline.map((e) => [e.kind, e.by])).toEqual([
      ['placed', null],
      ['captured', null],
      ['fulfilled', 'refund-owner@example.com'],
      ['refunded', 'refund-manager@example.com'],
      ['restocked', 'refund-manager@example.com'],
      ['note', 'refund-manager@example.com'],
    ]);
    const times = timeline.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
