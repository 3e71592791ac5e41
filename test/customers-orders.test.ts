/**
 * The store's customers, through the app: the owner's Customers calls (src/contracts/customers.ts)
 * group an account's orders together whatever address each was placed with, and with the guest
 * orders of its verified address; group guests by lowercased address; count only paid orders, less
 * their refunds, leaving out cancelled, unpaid, authorised and test orders; find customers by name
 * and address; page them; export the same rows as CSV, a formula-looking name neutralised; cost the
 * same statements whatever the store holds. A signed-in customer's account page lists their orders
 * and no one else's, each linked to its page.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { CUSTOMER_CSV_COLUMNS, customerAnswer, customersAnswer, type CustomerRow } from '../src/contracts/customers';
import { TEAM_ROLES } from '../src/domain/roles';
import { loadDocument } from '../src/document/load';
import { buildApp } from '../src/server/app';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { siteUsers } from '../src/server/modules/accounts/schema/customers';
import { createVerifiedSiteUser } from '../src/server/modules/accounts/site-users';
import { readCsv } from '../src/server/modules/catalogue/product-csv/csv-read';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { listCustomers } from '../src/server/modules/orders';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';
import { writeOrder, type TestLine } from './placed-order';
import { client, signedIn, type Client } from './session';
import { statementsDuring } from './statements';

const HOST = 'customers-orders.sites.test';
const MUG: TestLine[] = [{ name: 'Harbour mug', productType: 'PHYSICAL', quantity: 2, unitPriceCents: 2500 }];
const FORMULA = '=HYPERLINK("http://evil.example","Click")';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
let owner: Client;
const accounts: Record<'ada' | 'bob' | 'carol', string> = { ada: '', bob: '', carol: '' };
/** Each order written, by number. */
const placed = new Map<number, { id: string; accessToken: string }>();

type More = Parameters<typeof writeOrder>[3];
async function order(number: number, day: number, more: More, lines: TestLine[] = MUG) {
  const written = await writeOrder(database.db, websiteId, lines, {
    number,
    createdAt: `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`,
    paymentStatus: 'paid',
    ...more,
  });
  placed.set(number, written);
}

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(siteNamed('customers-orders', 'Customers and orders'), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  ({ websiteId } = await writeSiteDocument(database.db, loaded.document));
  accounts.ada = await createVerifiedSiteUser(database.db, websiteId, 'ada@example.com', 'ada-password-1', 'Ada Lovelace');
  accounts.bob = await createVerifiedSiteUser(database.db, websiteId, 'bob@example.com', 'bob-password-1');
  accounts.carol = await createVerifiedSiteUser(database.db, websiteId, 'carol@example.com', 'carol-password-1', 'Carol Never-Ordered');
  // Signed up but never confirmed: no customer yet, and the guest orders of the address stay a guest's.
  await database.db.insert(siteUsers).values({ id: 'unconfirmed-dan', websiteId, email: 'dan@example.com', passwordHash: 'x', displayName: 'Dan Unconfirmed' });

  // Ada: signed in under another address, as a guest with her own (any case), cancelled, and a test order.
  await order(1001, 1, { siteUserId: accounts.ada, email: 'ada.work@example.com', customerName: 'Ada at work' });
  await order(1002, 3, { email: 'ADA@example.com', customerName: 'Ada L.', refundedCents: 500 });
  await order(1003, 4, { siteUserId: accounts.ada, email: 'ada@example.com', customerName: 'Ada Lovelace', status: 'canceled', paymentStatus: 'unpaid' });
  await order(1004, 5, { siteUserId: accounts.ada, email: 'ada@example.com', customerName: 'Ada Lovelace', testMode: true });
  // Bob: a bank transfer awaiting payment, then a paid order in another currency and an authorised card.
  await order(1005, 2, { siteUserId: accounts.bob, email: 'bob@example.com', customerName: 'Bob Builder', paymentStatus: 'unpaid', provider: 'manual' });
  await order(1006, 6, { siteUserId: accounts.bob, email: 'bob@example.com', customerName: 'Bob Builder', currency: 'EUR' });
  await order(1011, 6, { siteUserId: accounts.bob, email: 'bob@example.com', customerName: 'Bob Builder', paymentStatus: 'authorized' });
  // Grace, a guest under two spellings of one address: one order kept, one refunded in full.
  await order(1007, 7, { email: 'grace@example.com', customerName: 'Grace Hopper' });
  await order(1008, 8, { email: 'Grace@Example.COM', customerName: 'Grace Hopper', paymentStatus: 'refunded', refundedCents: 5000 });
  // A guest whose name is a spreadsheet formula, and a guest of the unconfirmed account's address.
  await order(1009, 9, { email: 'mallory@example.com', customerName: FORMULA });
  await order(1010, 2, { email: 'dan@example.com', customerName: 'Dan Guest' });
  // One unit of Ada's first order sent.
  await database.pool.query(`UPDATE order_lines SET fulfilled_quantity = 1 WHERE website_id = $1 AND order_id = $2`, [websiteId, placed.get(1001)!.id]);

  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
  await app.siteChanges.ready;
  const ownerId = await createAccount(database.db, 'owner@example.com', 'owner-password-1');
  await setRole(database.db, websiteId, ownerId, TEAM_ROLES.ADMIN);
  owner = await signedIn(app, 'owner@example.com', 'owner-password-1', HOST);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function list(query = ''): Promise<CustomerRow[]> {
  const res = await owner.call('GET', `/api/config/store/customers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return customersAnswer.parse(JSON.parse(res.body)).customers;
}

const byEmail = (rows: CustomerRow[], email: string) => rows.find((r) => r.email.toLowerCase() === email)!;

describe('the owner’s customers', () => {
  it('groups an account’s orders under any address with its verified address’s guest orders, and guests by lowercased address', async () => {
    const rows = await list();
    expect(rows.map((r) => [r.email.toLowerCase(), r.hasAccount, r.orderCount])).toEqual([
      ['mallory@example.com', false, 1],
      ['grace@example.com', false, 2],
      ['bob@example.com', true, 3],
      ['ada@example.com', true, 4],
      ['dan@example.com', false, 1],
      // Never ordered: last, whatever their name.
      ['carol@example.com', true, 0],
    ]);
    const ada = byEmail(rows, 'ada@example.com');
    expect(ada).toMatchObject({ id: `a-${accounts.ada}`, name: 'Ada Lovelace' });
    expect(new Date(ada.lastOrderAt!).toISOString()).toBe('2026-03-05T10:00:00.000Z');
    // An account without a name is named as on its latest order; the unconfirmed account is nobody's.
    expect(byEmail(rows, 'bob@example.com').name).toBe('Bob Builder');
    expect(byEmail(rows, 'dan@example.com')).toMatchObject({ name: 'Dan Guest', hasAccount: false, id: `g-${placed.get(1010)!.id}` });
    expect(byEmail(rows, 'carol@example.com')).toMatchObject({ name: 'Carol Never-Ordered', lastOrderAt: null, spent: [], accountSince: expect.any(String) });
    // A guest is named by their first order; their address as on their latest.
    expect(byEmail(rows, 'grace@example.com')).toMatchObject({ id: `g-${placed.get(1007)!.id}`, email: 'Grace@Example.COM', accountSince: null });
  });

  it('counts paid orders less their refunds, leaving out cancelled, unpaid, authorised and test orders, one amount a currency', async () => {
    const rows = await list();
    // 1001 (5000) + 1002 (5000 less 500); 1003 cancelled, 1004 a test order.
    expect(byEmail(rows, 'ada@example.com').spent).toEqual([{ currency: 'USD', cents: 9500 }]);
    // 1006 in euros; 1005 awaits payment and 1011 is only authorised.
    expect(byEmail(rows, 'bob@example.com').spent).toEqual([{ currency: 'EUR', cents: 5000 }]);
    // 1008 refunded in full.
    expect(byEmail(rows, 'grace@example.com').spent).toEqual([{ currency: 'USD', cents: 5000 }]);
    const mallory = byEmail(rows, 'mallory@example.com');
    expect(mallory.spent).toEqual([{ currency: 'USD', cents: 5000 }]);
    expect(mallory.name).toBe(FORMULA);
  });

  it('finds a customer by name or address, the account’s or any order’s, wildcards taken literally', async () => {
    const emails = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).map((r) => r.email.toLowerCase());
    expect(await emails('lovelace')).toEqual(['ada@example.com']);
    expect(await emails('ADA.WORK')).toEqual(['ada@example.com']);
    expect(await emails('hopper')).toEqual(['grace@example.com']);
    expect(await emails('grace@example')).toEqual(['grace@example.com']);
    expect(await emails('never-ordered')).toEqual(['carol@example.com']);
    expect(await emails('Dan')).toEqual(['dan@example.com']);
    expect(await emails('%')).toEqual([]);
    expect(await emails('_')).toEqual([]);
    const refused = await owner.call('GET', '/api/config/store/customers?after=nonsense');
    expect(refused.statusCode).toBe(400);
  });

  it('pages the same customers in the same order, a page after another', async () => {
    const all = (await listCustomers(database.db, websiteId, {})).customers;
    const paged: CustomerRow[] = [];
    let after: string | undefined;
    do {
      const page = await listCustomers(database.db, websiteId, { after }, 2);
      expect(page.customers.length).toBeLessThanOrEqual(2);
      paged.push(...page.customers);
      after = page.next ?? undefined;
    } while (after);
    expect(paged).toEqual(all);
    // Through the call too: a cursor the answer gave is taken back.
    const first = await listCustomers(database.db, websiteId, {}, 5);
    expect(first.next).not.toBeNull();
    const rest = await list(`?after=${encodeURIComponent(first.next!)}`);
    expect(rest).toEqual(all.slice(5));
  });

  it('opens a customer with their orders, newest first, by their account or by any of their orders', async () => {
    const open = async (id: string) => {
      const res = await owner.call('GET', `/api/config/store/customers/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return customerAnswer.parse(JSON.parse(res.body));
    };
    const ada = await open(`a-${accounts.ada}`);
    expect(ada.orders.map((o) => o.number)).toEqual([1004, 1003, 1002, 1001]);
    expect(ada.orders.find((o) => o.number === 1001)).toMatchObject({ fulfilment: 'partial', status: 'open', paymentStatus: 'paid' });
    expect(ada.customer.orderCount).toBe(4);
    // Her guest order names her, now that her address has an account.
    expect((await open(`g-${placed.get(1002)!.id}`)).customer.id).toBe(`a-${accounts.ada}`);
    const grace = await open(`g-${placed.get(1008)!.id}`);
    expect([grace.customer.id, grace.orders.map((o) => o.number)]).toEqual([`g-${placed.get(1007)!.id}`, [1008, 1007]]);
    const carol = await open(`a-${accounts.carol}`);
    expect([carol.customer.orderCount, carol.orders]).toEqual([0, []]);
    for (const unknown of ['a-nobody', 'g-nothing', 'a-unconfirmed-dan', 'x-1']) {
      expect((await owner.call('GET', `/api/config/store/customers/${unknown}`)).statusCode, unknown).toBe(404);
    }
  });

  it('exports the rows the list shows as CSV, a formula-looking name neutralised', async () => {
    for (const q of ['', '?q=example.com', '?q=hopper']) {
      const rows = await list(q);
      const res = await owner.call('GET', `/api/config/store/customers/export${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-customers-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      const read = readCsv(res.body);
      if (!read.ok) throw new Error(`unreadable CSV at row ${read.row}`);
      const [header, ...records] = read.records.map((r) => r.cells);
      expect(header).toEqual([...CUSTOMER_CSV_COLUMNS]);
      expect(records.map((cells) => [cells[0], cells[1], cells[2], cells[3]])).toEqual(
        rows.map((r) => [r.name.startsWith('=') ? `'${r.name}` : r.name, r.email, r.hasAccount ? 'Account' : 'Guest', String(r.orderCount)]),
      );
    }
    const res = await owner.call('GET', '/api/config/store/customers/export');
    const line = (email: string) => res.body.split('\r\n').find((l) => l.includes(email))!;
    expect(line('mallory@example.com')).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")",mallory@example.com,Guest,1,50.00,USD,2026-03-09 10:00`);
    expect(line('bob@example.com')).toBe('Bob Builder,bob@example.com,Account,3,50.00,EUR,2026-03-06 10:00');
    expect(line('carol@example.com')).toBe('Carol Never-Ordered,carol@example.com,Account,0,,,');
  });

  it('costs the same statements for a page of customers however many the store has', async () => {
    const call = () => owner.call('GET', '/api/config/store/customers?q=example');
    const few = await statementsDuring(call);
    for (let i = 0; i < 30; i += 1) await order(2000 + i, 10, { email: `crowd${i}@example.com`, customerName: `Crowd ${i}` });
    const many = await statementsDuring(call);
    expect(many.count, many.statements.join('\n')).toBe(few.count);
    const one = await statementsDuring(() => owner.call('GET', `/api/config/store/customers/a-${accounts.ada}`));
    expect(one.count - few.count, one.statements.join('\n')).toBe(1);
  });
});

describe('the customer’s own orders', () => {
  async function accountPage(email: string, password: string, query = '') {
    const c = await client(app, HOST);
    const session = await c.call('POST', '/api/site-users/account/session', { email, password });
    expect(session.statusCode, session.body).toBe(200);
    const res = await c.call('GET', `/account${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const section = res.body.slice(res.body.indexOf('id="account-orders-title"'), res.body.indexOf('id="account-details-title"'));
    const links = [...section.matchAll(/<a href="(\/commerce\/orders\/[^"]+)">Order (\d+)<\/a>/g)].map((m) => ({ href: m[1]!, number: Number(m[2]) }));
    return { c, section, links };
  }

  it('lists the signed-in customer’s orders, and only theirs, each linked to its page', async () => {
    const ada = await accountPage('ada@example.com', 'ada-password-1');
    expect(ada.section).toContain('Your orders');
    expect(ada.links.map((l) => l.number)).toEqual([1004, 1003, 1002, 1001]);
    for (const link of ada.links) {
      expect(link.href).toBe(`/commerce/orders/${placed.get(link.number)!.accessToken}`);
      const page = await ada.c.call('GET', link.href);
      expect(page.statusCode, link.href).toBe(200);
      expect(page.body).toContain(`Order number ${link.number}`);
    }
    for (const words of ['Paid · Partly sent', 'Partially refunded', 'Cancelled', 'Test']) expect(ada.section).toContain(words);

    const bob = await accountPage('bob@example.com', 'bob-password-1');
    expect(bob.links.map((l) => l.number)).toEqual([1011, 1006, 1005]);
    expect(bob.section).toContain('Awaiting payment');
    for (const number of [1001, 1002, 1007, 1009]) expect(bob.section).not.toContain(placed.get(number)!.accessToken);

    const carol = await accountPage('carol@example.com', 'carol-password-1');
    expect([carol.links, carol.section.includes('You have not placed an order yet.')]).toEqual([[], true]);
  });

  it('goes on to older orders from where the page ends', async () => {
    const page = await accountPage('ada@example.com', 'ada-password-1', '?ordersBefore=1003');
    expect(page.links.map((l) => l.number)).toEqual([1002, 1001]);
  });
});
