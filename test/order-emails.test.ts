/**
 * An order's emails (000-1.09 for the download links and gift card codes they deliver): the
 * confirmation to the shopper and the new-order notice to the team members who may see orders are
 * queued in the transaction that places the order (rolled back: neither), and sent by the worker
 * to a local SMTP server with the order's lines, totals, the manual payment's instructions, gift
 * card codes, a working download link and the order page's link on the site's own address — an
 * HTML part in the site's frame beside the plain text, each job's delivery key as its Message-ID.
 */
import { enqueueAll } from '../src/server/jobs/queue';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, smtpSettings } from '../src/server/jobs/schema';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { createAccount, setRole } from '../src/server/modules/accounts';
import { downloadLinks, openDownload } from '../src/server/modules/checkout';
import {
  ORDER_EMAIL_JOB,
  orderEmailJobs,
  giftCardCodesOf,
  issueGiftCards,
  orderEmailHandler,
  orderUpdateEmailJob,
  type OrderUpdate,
} from '../src/server/modules/orders';
import { TEAM_ROLES } from '../src/domain/roles';
import { memoryBlobStore } from './memory-blob-store';
import { freshDatabase } from './db';
import { mailFor, startMailbox, type Mailbox, type Received } from './mailbox';
import { privateDownload, testSite, writeOrder, type TestLine } from './placed-order';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let worker: Worker | undefined;
let mailbox: Mailbox;
let websiteId: string;
const ORIGIN = 'https://shop.example.com';
/** What the worker logged (failures and retries): never a gift card code. */
const logs: string[] = [];

/** A mail's whole body as a reader sees it: quoted-printable parts decoded as UTF-8. */
function decoded(mail: Received): string {
  const joined = mail.body.replace(/=\r\n/g, '').replace(/\r\n/g, '\n');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const EBOOK: TestLine = { name: 'Glazing handbook', productType: 'DIGITAL', quantity: 1, unitPriceCents: 1500, downloadFile: 'handbook.pdf' };
const CARD: TestLine = { name: 'Gift card', productType: 'GIFT_CARD', quantity: 2, unitPriceCents: 2500 };
const MUG: TestLine = {
  name: 'Speckled Mug',
  productType: 'PHYSICAL',
  quantity: 2,
  unitPriceCents: 2800,
  options: [{ optionName: 'Glaze', value: 'Harbour Blue' }],
};

beforeAll(async () => {
  database = await freshDatabase();
  mailbox = await startMailbox();
  websiteId = await testSite(database.db, 'mail', { locale: 'en-US' }, { logo: '/s/logo.png' });
  await privateDownload(database.db, websiteId, 'handbook.pdf', Buffer.from('%PDF-1.4 the handbook'));
  await database.db.insert(smtpSettings).values({ websiteId, host: '127.0.0.1', port: mailbox.port, secure: false, fromAddress: 'shop@example.com' });
  const team: [string, number][] = [
    ['owner@example.com', TEAM_ROLES.ADMIN],
    ['manager@example.com', TEAM_ROLES.STORE_MANAGER],
    ['editor@example.com', TEAM_ROLES.EDITOR],
  ];
  for (const [email, role] of team) await setRole(database.db, websiteId, await createAccount(database.db, email, 'a long password 1'), role as 1);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await mailbox?.stop();
  await database?.drop();
});

function startMailWorker() {
  const handler = orderEmailHandler(database, {
    policy: { allowPrivate: true },
    siteOrigin: () => ORIGIN,
    configOrigin: () => 'https://mail.openpress.test',
    downloads: downloadLinks(database.db),
  });
  worker = startWorker(database, { [ORDER_EMAIL_JOB]: handler }, { pollMs: 50, backoff: () => 100, log: (line) => logs.push(line) });
}

describe('order emails', () => {
  it('queues both emails in the placing transaction, and neither when it rolls back', async () => {
    const rolledBack = new Error('rolled back');
    let orderId = '';
    await expect(
      database.db.transaction(async (tx) => {
        const order = await writeOrder(tx, websiteId, [MUG], { number: 2001 });
        orderId = order.id;
        await enqueueAll(tx, orderEmailJobs({ websiteId, orderId: order.id }));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, ORDER_EMAIL_JOB));
    expect(queued.filter((j) => JSON.stringify(j.payload).includes(orderId))).toEqual([]);
  });

  // covers 000-1.09
  it('sends the shopper the lines, totals, instructions, gift card codes, a working download link and the order page', async () => {
    const order = await database.db.transaction(async (tx) => {
      const o = await writeOrder(tx, websiteId, [MUG, EBOOK, CARD], {
        number: 1042,
        provider: 'manual',
        paymentMethod: 'bank_transfer',
        paymentStatus: 'unpaid',
        paymentInstructions: 'Pay to IBAN DE89 3704 0044 0532 0130 00, reference your order number.',
        shippingCents: 500,
        shipping: { rateId: 'r1', name: 'Standard', amountCents: 500 },
        totalCents: 5600 + 1500 + 5000 + 500,
        shippingAddress: { name: 'Ada Shopper', line1: '1 Kiln Lane', city: 'Portland', region: 'OR', postcode: '97201', country: 'US' },
        testMode: true,
      });
      await issueGiftCards(tx, { websiteId, orderId: o.id, currency: 'USD', lines: o.lines });
      await enqueueAll(tx, orderEmailJobs({ websiteId, orderId: o.id }));
      return o;
    });
    startMailWorker();
    const mail = await mailFor(mailbox, 'shopper@example.org');
    const [row] = (await database.db.select().from(jobs).where(eq(jobs.kind, ORDER_EMAIL_JOB))).filter(
      (j) => (j.payload as { orderId: string; to: string }).orderId === order.id && (j.payload as { to: string }).to === 'shopper',
    );
    expect(mail.headers.get('message-id')).toBe(`<${row!.deliveryKey}@openpress>`);
    expect(mail.headers.get('subject')).toBe('Your order 1042 at The mail shop');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const body = decoded(mail);
    expect(body).toContain('Test mode: no money was taken.');
    expect(body).toContain('Order 1042');
    expect(body).toContain('Speckled Mug (Glaze: Harbour Blue)');
    expect(body).toContain('2 × $28.00  $56.00');
    for (const total of ['Subtotal: $121.00', 'Shipping cost: $5.00', 'Order total: $126.00']) expect(body).toContain(total);
    expect(body).toContain('How to pay: Bank transfer\nPay to IBAN DE89 3704 0044 0532 0130 00');
    expect(body).toContain('1 Kiln Lane');
    expect(body).toContain('United States');
    const codes = await giftCardCodesOf(database.db, websiteId, order.id);
    for (const { code } of codes) expect(body).toContain(`Gift card of $25.00: ${code}`);
    const link = new RegExp(`Glazing handbook: ${ORIGIN}/downloads/([A-Za-z0-9_.-]+)`).exec(body);
    expect(link, body).not.toBeNull();
    const opened = await openDownload({ db: database.db, blobs: memoryBlobStore() }, websiteId, link![1]!);
    expect(opened).toMatchObject({ name: 'handbook.pdf', contentType: 'application/pdf' });
    expect(body).toContain(`View your order: ${ORIGIN}/commerce/orders/${order.accessToken}`);
    // The HTML part: the site's frame (its logo on its own address) and the same words, escaped.
    expect(body).toContain(`<img src="${ORIGIN}/s/logo.png" alt="The mail shop"`);
    expect(body).toContain(`href="${ORIGIN}/commerce/orders/${order.accessToken}"`);
    const payloads = JSON.stringify((await database.db.select().from(jobs)).map((j) => j.payload));
    for (const { code } of codes) expect(`${payloads}\n${logs.join('\n')}`).not.toContain(code);
    expect(payloads).not.toContain(order.accessToken);
  });

  it('tells the team members who may see orders, with the total, the lines and the orders screen, and nothing of the codes', async () => {
    const order = await database.db.transaction(async (tx) => {
      const o = await writeOrder(tx, websiteId, [MUG, CARD], { number: 1043, pricesIncludeTax: true, taxCents: 1770 });
      await issueGiftCards(tx, { websiteId, orderId: o.id, currency: 'USD', lines: o.lines });
      await enqueueAll(tx, orderEmailJobs({ websiteId, orderId: o.id }));
      return o;
    });
    startMailWorker();
    const owner = await mailFor(mailbox, 'owner@example.com', 2);
    const manager = await mailFor(mailbox, 'manager@example.com', 2);
    const shopper = decoded(await mailFor(mailbox, 'shopper@example.org', 2));
    expect(shopper).toContain('Including VAT $17.70');
    expect(owner.headers.get('subject')).toBe('New order 1043: $106.00');
    expect(owner.headers.get('message-id')).not.toBe(manager.headers.get('message-id'));
    const body = decoded(owner);
    expect(body).toContain('Ada Shopper (shopper@example.org) placed order 1043 for $106.00.');
    expect(body).toContain('2 × Speckled Mug (Glaze: Harbour Blue)  $56.00');
    expect(body).toContain('See the orders: https://mail.openpress.test/config/store/orders');
    for (const { code } of await giftCardCodesOf(database.db, websiteId, order.id)) expect(body).not.toContain(code);
    expect(body).not.toContain(order.accessToken);
    expect(mailbox.received.filter((m) => m.to.includes('editor@example.com'))).toEqual([]);
  });
});

describe('the shopper’s emails after the confirmation', () => {
  /** An order of two mugs to its own shopper, and the update email about it, queued as the change's transaction queues it. */
  async function updated(email: string, number: number, change: (orderId: string) => Promise<OrderUpdate>, more: Parameters<typeof writeOrder>[3] = {}) {
    const order = await writeOrder(database.db, websiteId, [MUG], { number, email, ...more });
    const update = await change(order.id);
    await enqueueAll(database.db, [orderUpdateEmailJob({ websiteId, orderId: order.id, ...update })]);
    startMailWorker();
    const mail = await mailFor(mailbox, email);
    return { order, mail, body: decoded(mail) };
  }

  it('tells of a parcel sent: what is in it, the carrier, the tracking number and its link, and the order’s status page', async () => {
    const { order, mail, body } = await updated('parcel@example.org', 3001, async (orderId) => {
      await database.pool.query(`UPDATE order_lines SET fulfilled_quantity = 1 WHERE website_id = $1 AND order_id = $2`, [websiteId, orderId]);
      await database.pool.query(
        `INSERT INTO fulfilments (website_id, id, order_id, lines, carrier, tracking_number, tracking_url) VALUES ($1, 'parcel-1', $2, $3::jsonb, 'USPS', '9400 1000 0000 0000 0000 00', 'https://tools.usps.example/track?n=94001')`,
        [websiteId, orderId, JSON.stringify([{ position: 1, quantity: 1 }])],
      );
      return { about: 'fulfilment', fulfilmentId: 'parcel-1' };
    });
    expect(mail.headers.get('subject')).toBe('Part of your order 3001 from The mail shop is on its way');
    for (const words of [
      'Good news: part of your order is on its way.',
      '1 × Speckled Mug (Glaze: Harbour Blue)',
      'Carrier: USPS',
      'Tracking number: 9400 1000 0000 0000 0000 00',
      'Track your parcel: https://tools.usps.example/track?n=94001',
      `View your order: ${ORIGIN}/commerce/orders/${order.accessToken}`,
    ])
      expect(body).toContain(words);
    const events = await database.pool.query(`SELECT kind, detail FROM order_events WHERE website_id = $1 AND order_id = $2`, [websiteId, order.id]);
    expect(events.rows).toContainEqual({ kind: 'email_sent', detail: { email: 'fulfilment' } });
  });

  it('tells of money given back: how much, for what, and when a card shows it; a refund that failed tells nothing', async () => {
    const { mail, body } = await updated('refund@example.org', 3002, async (orderId) => {
      await database.pool.query(
        `INSERT INTO refunds (website_id, id, order_id, refund_key, lines, shipping_cents, amount_cents, reason, status)
         VALUES ($1, 'refund-1', $2, 'refund-key-000000001', $3::jsonb, 0, 2800, 'Arrived chipped', 'succeeded')`,
        [websiteId, orderId, JSON.stringify([{ position: 1, quantity: 1, amountCents: 2800, restock: false }])],
      );
      return { about: 'refund', refundId: 'refund-1' };
    });
    expect(mail.headers.get('subject')).toBe('A refund of $28.00 for your order 3002');
    for (const words of ['We have refunded $28.00 to you.', '1 × Speckled Mug', 'may take 5 to 10 days']) expect(body).toContain(words);
    // The owner's reason is the team's alone.
    expect(body).not.toContain('Arrived chipped');

    const failed = await writeOrder(database.db, websiteId, [MUG], { number: 3003, email: 'failed-refund@example.org' });
    await database.pool.query(
      `INSERT INTO refunds (website_id, id, order_id, refund_key, lines, amount_cents, status) VALUES ($1, 'refund-2', $2, 'refund-key-000000002', '[]'::jsonb, 100, 'failed')`,
      [websiteId, failed.id],
    );
    await enqueueAll(database.db, [orderUpdateEmailJob({ websiteId, orderId: failed.id, about: 'refund', refundId: 'refund-2' })]);
    await expect.poll(async () => (await database.db.select().from(jobs).where(eq(jobs.kind, ORDER_EMAIL_JOB))).every((j) => j.status === 'done')).toBe(true);
    expect(mailbox.received.filter((m) => m.to.includes('failed-refund@example.org'))).toEqual([]);
  });

  it('tells of a cancelled order, with the store’s reason and what became of the payment', async () => {
    const { mail, body } = await updated(
      'cancelled@example.org',
      3004,
      async () => ({ about: 'cancellation', reason: 'We did not receive your payment in time.' }),
      {
        status: 'canceled',
        paymentStatus: 'voided',
      },
    );
    expect(mail.headers.get('subject')).toBe('Your order 3004 from The mail shop has been cancelled');
    for (const words of ['Your order has been cancelled.', 'Reason: We did not receive your payment in time.', 'The hold on your card has been released'])
      expect(body).toContain(words);
  });
});
