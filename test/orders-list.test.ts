/**
 * The owner's orders list (src/contracts/orders.ts): the search finds an order by its number (with
 * or without '#'), the customer's email or name, or a product on a line, whatever the case; each
 * filter and a range of days in the site's time zone find exactly their orders; pages of 50 follow
 * one another; the CSV holds the same orders as the list for the same search, money in the
 * currency's digits and a formula-looking name neutralised; the sidebar's count; and a page costs
 * one statement however many orders the store has.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS, orderCountsAnswer, ordersAnswer, type OrderRow } from '../src/contracts/orders';
import { listOrders } from '../src/server/modules/orders';
import { parseCsv, seedOrder, type Seed } from './order-seeds';
import { statementsDuring } from './statements';
import { storeSiteForFile } from './store-harness';

const site = storeSiteForFile('orders-list');

const SEEDS: Seed[] = [
  {
    number: 5001,
    customerName: 'Grace Hopper',
    email: 'grace@navy.example',
    createdAt: '2026-03-01T12:00:00Z',
    lines: [{ name: 'Blue Teapot', quantity: 2 }],
  },
  {
    number: 5002,
    customerName: 'Alan Turing',
    email: 'alan@bletchley.example',
    createdAt: '2026-03-02T03:30:00Z',
    provider: 'test',
    paymentStatus: 'paid',
    lines: [{ name: 'Enigma E-book', type: 'DIGITAL', quantity: 1 }],
  },
  {
    number: 5003,
    customerName: 'Ada Lovelace',
    email: 'ada@engine.example',
    createdAt: '2026-03-03T10:00:00Z',
    provider: 'test',
    paymentStatus: 'paid',
    lines: [{ name: 'Water Jug', quantity: 3, fulfilled: 3 }],
  },
  {
    number: 5004,
    customerName: 'Edsger Dijkstra',
    email: 'edsger@example.org',
    createdAt: '2026-03-04T10:00:00Z',
    canceled: true,
    lines: [{ name: 'Water Jug', quantity: 1 }],
  },
  {
    number: 5005,
    customerName: 'Barbara Liskov',
    email: 'barbara@example.org',
    createdAt: '2026-03-05T10:00:00Z',
    provider: 'test',
    paymentStatus: 'paid',
    refundedCents: 500,
    lines: [
      { name: 'Water Jug', quantity: 2, fulfilled: 1 },
      { name: 'Glazing class', type: 'SERVICE', quantity: 1 },
    ],
  },
  {
    number: 5006,
    customerName: '=HYPERLINK("https://evil.example","Click")',
    email: 'mallory@example.org',
    createdAt: '2026-03-06T10:00:00Z',
    provider: 'test',
    paymentStatus: 'authorized',
    currency: 'JPY',
    totalCents: 1500,
    lines: [{ name: 'Studio visit', type: 'SERVICE', quantity: 1 }],
  },
];

async function seedAll() {
  if (seeded) return;
  seeded = true;
  for (const seed of SEEDS) await seedOrder(site, seed);
}
let seeded = false;

async function list(query = ''): Promise<{ orders: OrderRow[]; next: number | null }> {
  const res = await site.viewer.call('GET', `/api/config/store/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ordersAnswer.parse(res.json());
}
const numbers = async (query: string) => (await list(query)).orders.map((o) => o.number);

describe('searching the orders', () => {
  it('finds an order by its number, with or without #, its customer’s email or name, or a product’s name, whatever the case', async () => {
    await seedAll();
    expect(await numbers('?q=5003')).toEqual([5003]);
    expect(await numbers(`?q=${encodeURIComponent('#5003')}`)).toEqual([5003]);
    expect(await numbers('?q=GRACE%40NAVY')).toEqual([5001]);
    expect(await numbers('?q=turing')).toEqual([5002]);
    expect(await numbers('?q=teapot')).toEqual([5001]);
    expect(await numbers('?q=e-BOOK')).toEqual([5002]);
    expect(await numbers('?q=water%20jug')).toEqual([5005, 5004, 5003]);
    // A wildcard of SQL's LIKE is a plain character here.
    expect(await numbers('?q=%25')).toEqual([]);
    expect(await numbers('?q=nobody')).toEqual([]);
  });

  it('shows each order’s units, what is left to send and what was refunded', async () => {
    await seedAll();
    const rows = new Map((await list()).orders.map((o) => [o.number, o]));
    expect(rows.get(5001)).toMatchObject({ itemCount: 2, fulfilmentStatus: 'unfulfilled', refundedCents: 0, canMarkPaid: true, paymentStatus: 'unpaid' });
    expect(rows.get(5002)).toMatchObject({ itemCount: 1, fulfilmentStatus: 'fulfilled' });
    expect(rows.get(5003)).toMatchObject({ itemCount: 3, fulfilmentStatus: 'fulfilled' });
    expect(rows.get(5005)).toMatchObject({ itemCount: 3, fulfilmentStatus: 'partial', refundedCents: 500 });
    expect(rows.get(5006)).toMatchObject({ itemCount: 1, fulfilmentStatus: 'fulfilled', currency: 'JPY', totalCents: 1500 });
  });

  it('filters by payment, what is left to send, refunds and cancellation', async () => {
    await seedAll();
    expect(await numbers('?filter=paid')).toEqual([5006, 5005, 5003, 5002]);
    expect(await numbers('?filter=unpaid')).toEqual([5001]);
    expect(await numbers('?filter=unfulfilled')).toEqual([5005, 5001]);
    expect(await numbers('?filter=fulfilled')).toEqual([5006, 5003, 5002]);
    expect(await numbers('?filter=refunded')).toEqual([5005]);
    expect(await numbers('?filter=canceled')).toEqual([5004]);
    expect(await numbers('?filter=paid&q=jug')).toEqual([5005, 5003]);
  });

  it('takes a range of days in the site’s time zone, both days included', async () => {
    await seedAll();
    expect(await numbers('?from=2026-03-02&to=2026-03-03')).toEqual([5003, 5002]);
    expect(await numbers('?from=2026-03-05')).toEqual([5006, 5005]);
    expect(await numbers('?to=2026-03-01')).toEqual([5001]);
    // In New York 5002 was placed on 1 March (22:30), beside 5001 (07:00).
    const ny = await listOrders(site.database.db, site.websiteId, { from: '2026-03-01', to: '2026-03-01' }, 'America/New_York');
    expect(ny.orders.map((o) => o.number)).toEqual([5002, 5001]);
  });

  it('refuses a day that is no day, an unknown filter and an unknown parameter with 400, never a server error', async () => {
    for (const query of ['?from=2026-02-31', '?to=2026-13-01', '?from=0000-01-01', '?filter=shipped', '?before=0', '?page=2']) {
      const res = await site.owner.call('GET', `/api/config/store/orders${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toEqual(expect.any(String));
    }
    const csv = await site.owner.call('GET', '/api/config/store/orders/export?from=2026-02-30');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().errors).toEqual({ from: 'Write the day as YYYY-MM-DD, a day that exists.' });
  });
});

describe('the orders CSV', () => {
  it('holds the list’s orders for the same search, one row each, money in the currency’s digits', async () => {
    await seedAll();
    for (const query of ['', '?filter=paid', '?q=jug', '?from=2026-03-02&to=2026-03-05']) {
      const res = await site.viewer.call('GET', `/api/config/store/orders/export${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-orders-list-\d{4}-\d\d-\d\d\.csv"$/);
      const [header, ...rows] = parseCsv(res.body);
      expect(header).toEqual([...ORDER_CSV_COLUMNS]);
      const listed = (await list(query)).orders;
      expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((o) => o.number));
      for (const [i, o] of listed.entries()) {
        const cells = Object.fromEntries(ORDER_CSV_COLUMNS.map((c, j) => [c, rows[i]![j]]));
        expect(cells).toMatchObject({
          Email: o.email,
          Payment: o.paymentStatus,
          Fulfilment: o.fulfilmentStatus,
          Items: String(o.itemCount),
          Currency: o.currency,
          'Payment method': o.paymentMethod,
        });
        if (!o.customerName.startsWith('=')) expect(cells.Customer).toBe(o.customerName);
      }
    }
  });

  it('writes money with the currency’s minor-unit digits, the site’s date, and neutralises a formula-looking name', async () => {
    await seedAll();
    const rows = parseCsv((await site.owner.call('GET', '/api/config/store/orders/export')).body);
    const byNumber = new Map(rows.slice(1).map((r) => [r[0], Object.fromEntries(ORDER_CSV_COLUMNS.map((c, j) => [c, r[j]]))]));
    expect(byNumber.get('5005')).toMatchObject({ Date: '2026-03-05 10:00', Subtotal: '75.00', Total: '75.00', Refunded: '5.00', Items: '3' });
    expect(byNumber.get('5006')).toMatchObject({ Currency: 'JPY', Total: '1500', Refunded: '0' });
    // A spreadsheet shows the cell as text: the formula never runs.
    expect(byNumber.get('5006')!.Customer).toBe(`'=HYPERLINK("https://evil.example","Click")`);
    expect((await site.owner.call('GET', '/api/config/store/orders/export')).body).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
  });

  it('is for whoever may see orders', async () => {
    expect((await site.editor.call('GET', '/api/config/store/orders/export')).statusCode).toBe(403);
  });
});

describe('the orders to send', () => {
  it('counts open orders, paid or awaiting an offline payment, with a unit left to send', async () => {
    await seedAll();
    const res = await site.viewer.call('GET', '/api/config/store/orders/counts');
    expect(res.statusCode).toBe(200);
    // 5001 (unpaid, nothing sent) and 5005 (paid, one of two jugs sent); not the cancelled 5004.
    expect(orderCountsAnswer.parse(res.json())).toEqual({ toFulfil: 2 });
  });
});

describe('pages of orders', () => {
  it('follows one page with the next, 50 at a time, and costs one statement a page however many orders there are', async () => {
    await seedAll();
    const small = await statementsDuring(() => listOrders(site.database.db, site.websiteId, {}));
    expect(small.count).toBe(1);
    for (let i = 0; i < 60; i++) {
      await seedOrder(site, {
        number: 6000 + i,
        customerName: `Pager ${i}`,
        createdAt: '2026-04-01T10:00:00Z',
        provider: 'test',
        paymentStatus: 'paid',
        lines: [{ name: 'Poster', type: 'DIGITAL', quantity: 1 }],
      });
    }
    const first = await list('?q=pager');
    expect(first.orders.map((o) => o.number)).toEqual(Array.from({ length: 50 }, (_, i) => 6059 - i));
    expect(first.next).toBe(6010);
    const second = await list(`?q=pager&before=${first.next}`);
    expect(second.orders.map((o) => o.number)).toEqual(Array.from({ length: 10 }, (_, i) => 6009 - i));
    expect(second.next).toBeNull();
    const big = await statementsDuring(() => listOrders(site.database.db, site.websiteId, { filter: 'fulfilled', q: 'pager' }));
    expect(big.count).toBe(1);
    // The call around it adds the session and the role (and the session's last-seen time, at most once a minute).
    expect((await statementsDuring(() => site.viewer.call('GET', '/api/config/store/orders?q=pager'))).count).toBeLessThanOrEqual(4);
    const csv = parseCsv((await site.owner.call('GET', '/api/config/store/orders/export?q=pager')).body);
    expect(csv.length).toBe(61);
  });
});
