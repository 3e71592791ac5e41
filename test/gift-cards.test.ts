/**
 * Gift cards an order issues (000-1.09): a gift card line of quantity 2 issues two distinct codes,
 * each worth the line's unit price, found by the hash of the code as a person types it, opened only
 * for delivery; the codes are in no job's payload and no stored column in clear. Issued in the
 * caller's transaction: rolled back, no card exists.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/server/jobs/schema';
import { enqueueAll } from '../src/server/jobs/queue';
import { orderEmailJobs, giftCardCodeHash, giftCardCodesOf, issueGiftCards } from '../src/server/modules/orders';
import { giftCards } from '../src/server/modules/orders/schema';
import { freshDatabase } from './db';
import { testSite, writeOrder, type TestLine } from './placed-order';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let websiteId: string;

const CARD: TestLine = { name: 'Gift card', productType: 'GIFT_CARD', quantity: 2, unitPriceCents: 5000 };
const MUG: TestLine = { name: 'Mug', productType: 'PHYSICAL', quantity: 1, unitPriceCents: 2800 };

async function placeWithCards(lines: TestLine[]) {
  return database.db.transaction(async (tx) => {
    const order = await writeOrder(tx, websiteId, lines, { number: 1001 + Math.floor(Math.random() * 1e6) });
    await issueGiftCards(tx, { websiteId, orderId: order.id, currency: 'USD', lines: order.lines });
    await enqueueAll(tx, orderEmailJobs({ websiteId, orderId: order.id }));
    return order;
  });
}

beforeAll(async () => {
  database = await freshDatabase();
  websiteId = await testSite(database.db, 'cards');
});
afterAll(async () => {
  await database?.drop();
});

describe('gift cards of an order', () => {
  // covers 000-1.09
  it('issues one distinct code per unit, worth the unit price, found by its hash however it is typed', async () => {
    const order = await placeWithCards([MUG, CARD]);
    const codes = await giftCardCodesOf(database.db, websiteId, order.id);
    expect(codes).toHaveLength(2);
    expect(codes.map((c) => c.orderLine)).toEqual([2, 2]);
    expect(codes.map((c) => c.amountCents)).toEqual([5000, 5000]);
    const [a, b] = codes.map((c) => c.code);
    expect(a).not.toBe(b);
    for (const code of [a!, b!]) {
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
      const typed = code.toLowerCase().replace(/-/g, ' ');
      const [found] = await database.db
        .select()
        .from(giftCards)
        .where(eq(giftCards.codeHash, giftCardCodeHash(typed)));
      expect(found).toMatchObject({ orderId: order.id, balanceCents: 5000, currency: 'USD' });
    }
  });

  it('keeps no code in clear: not in the gift card rows, nor in any job of the order', async () => {
    const order = await placeWithCards([CARD]);
    const codes = (await giftCardCodesOf(database.db, websiteId, order.id)).map((c) => c.code);
    const rows = await database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    const stored = JSON.stringify(rows);
    const queued = await database.db.select().from(jobs).where(eq(jobs.websiteId, websiteId));
    expect(queued.length).toBeGreaterThan(0);
    const payloads = JSON.stringify(queued.map((j) => j.payload));
    for (const code of codes) {
      for (const form of [code, code.replace(/-/g, '')]) {
        expect(stored).not.toContain(form);
        expect(payloads).not.toContain(form);
      }
    }
    expect(payloads).not.toContain(order.accessToken);
    expect(rows.every((r) => r.codeSealed.startsWith('sealed:v1:'))).toBe(true);
  });

  it('issues nothing for an order without gift cards, and nothing when the order is rolled back', async () => {
    const order = await placeWithCards([MUG]);
    expect(await giftCardCodesOf(database.db, websiteId, order.id)).toEqual([]);
    const rolledBack = new Error('rolled back');
    let orderId = '';
    await expect(
      database.db.transaction(async (tx) => {
        const o = await writeOrder(tx, websiteId, [CARD], { number: 9 });
        orderId = o.id;
        await issueGiftCards(tx, { websiteId, orderId: o.id, currency: 'USD', lines: o.lines });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await database.db.select().from(giftCards).where(eq(giftCards.orderId, orderId))).toEqual([]);
  });
});
