/**
 * Store → Payments over HTTP (src/contracts/payments.ts): test mode, the manual methods with their
 * instructions and the days before an unpaid one cancels itself, read and written, bad input refused
 * with a 400 naming the field; the next order number, never at or below an order's; who may do what
 * (`commerce-payments`), the crumb on every write; and test mode's start: on for a new store on the
 * embedded database, off on a managed one.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { orderNumberAnswer, paymentSettingsAnswer } from '../src/contracts/payments';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { importDemoIfEmpty } from '../src/server/demo';
import { freshDatabase } from './db';
import { insertOrder, stockedVariant } from './order-fixture';
import { signedIn, type Client } from './session';
import { storeSiteForFile } from './store-harness';

const site = storeSiteForFile('payments-config');

const SETTINGS = '/api/config/store/payments';
const ORDER_NUMBER = '/api/config/store/order-number';

const settings = async (as: Client = site.owner) => paymentSettingsAnswer.parse((await as.call('GET', SETTINGS)).json());

const bank = { method: 'bank_transfer', enabled: true, instructions: 'Pay to IBAN GB33 BUKB 2020 1555 5555 55, reference your order number.' };
const off = (method: string) => ({ method, enabled: false, instructions: '' });

async function refused(as: Client, url: string, body: unknown, field: string): Promise<string> {
  const res = await as.call('PUT', url, body);
  expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
  const message = (res.json() as { errors?: Record<string, string> }).errors?.[field];
  expect(message, res.body).toBeTruthy();
  return message!;
}

describe('payment settings', () => {
  it('start with test mode off and no offline method for a store made without them, each method listed', async () => {
    expect(await settings()).toEqual({
      testMode: false,
      manualMethods: [off('bank_transfer'), off('cash_on_delivery'), off('pay_at_pickup')],
      cancelUnpaidDays: 7,
    });
  });

  it('are saved whole, instructions kept while a method is off, and logged', async () => {
    const res = await site.owner.call('PUT', SETTINGS, { testMode: true, manualMethods: [bank], cancelUnpaidDays: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(paymentSettingsAnswer.parse(res.json())).toEqual({
      testMode: true,
      manualMethods: [bank, off('cash_on_delivery'), off('pay_at_pickup')],
      cancelUnpaidDays: 10,
    });
    const pickup = { method: 'pay_at_pickup', enabled: true, instructions: '  Pay at the studio, 4 Kiln Lane, Tuesday to Saturday.  ' };
    await site.owner.call('PUT', SETTINGS, { testMode: false, manualMethods: [{ ...bank, enabled: false }, pickup], cancelUnpaidDays: 10 });
    expect(await settings()).toEqual({
      testMode: false,
      manualMethods: [{ ...bank, enabled: false }, off('cash_on_delivery'), { ...pickup, instructions: pickup.instructions.trim() }],
      cancelUnpaidDays: 10,
    });
    const { rows } = await site.database.pool.query(
      `SELECT detail FROM activity_log WHERE website_id = $1 AND action = 'payments.settings_updated' ORDER BY id`,
      [site.websiteId],
    );
    expect(rows.map((r) => r.detail)).toEqual([
      { testMode: true, manualMethods: ['bank_transfer'], cancelUnpaidDays: 10 },
      { testMode: false, manualMethods: ['pay_at_pickup'], cancelUnpaidDays: 10 },
    ]);
  });

  it('refuse a method turned on without instructions, days out of 1–90, a method twice, and a body of another shape', async () => {
    const before = await settings();
    const base = { testMode: true, manualMethods: [bank], cancelUnpaidDays: 7 };
    expect(
      await refused(
        site.owner,
        SETTINGS,
        { ...base, manualMethods: [bank, { method: 'cash_on_delivery', enabled: true, instructions: '   ' }] },
        'manualMethods.1.instructions',
      ),
    ).toBe('Write the instructions shoppers are shown and emailed for this method, or turn it off.');
    expect(await refused(site.owner, SETTINGS, { ...base, manualMethods: [{ ...bank, instructions: 'x'.repeat(2001) }] }, 'manualMethods.0.instructions')).toBe(
      'Instructions are at most 2,000 characters.',
    );
    for (const days of [0, 91, 2.5, '7'])
      expect(await refused(site.owner, SETTINGS, { ...base, cancelUnpaidDays: days }, 'cancelUnpaidDays')).toBe('Choose between 1 and 90 days.');
    expect(await refused(site.owner, SETTINGS, { ...base, manualMethods: [bank, bank] }, 'manualMethods.1.method')).toBe('Each payment method is listed once.');
    await refused(site.owner, SETTINGS, { ...base, manualMethods: [{ ...bank, method: 'cheque' }] }, 'manualMethods.0.method');
    await refused(site.owner, SETTINGS, { ...base, stripeKey: 'sk_live_x' }, '_');
    await refused(site.owner, SETTINGS, { manualMethods: [], cancelUnpaidDays: 7 }, 'testMode');
    expect(await settings()).toEqual(before);
  });

  // related to 000-6.02 (the commerce-payments sub-area enforced; the page context's accessPermissions are not asserted here)
  it('are read by whoever may see the store’s payments and changed only by whoever may change them, with the crumb', async () => {
    const body = { testMode: true, manualMethods: [], cancelUnpaidDays: 7 };
    expect((await site.editor.call('GET', SETTINGS)).statusCode).toBe(403);
    expect((await site.viewer.call('GET', SETTINGS)).statusCode).toBe(200);
    expect((await site.viewer.call('PUT', SETTINGS, body)).statusCode).toBe(403);
    expect((await site.editor.call('PUT', ORDER_NUMBER, { nextNumber: 5000 })).statusCode).toBe(403);
    expect((await site.owner.call('PUT', SETTINGS, body, { crumb: false })).statusCode).toBe(403);
    expect((await site.storeManager.call('PUT', SETTINGS, body)).statusCode).toBe(200);
    expect((await settings()).testMode).toBe(true);
  });
});

describe('the next order number', () => {
  it('is 1001 until set, may be set higher than every order’s number, and never to one at or below it', async () => {
    expect(orderNumberAnswer.parse((await site.owner.call('GET', ORDER_NUMBER)).json())).toEqual({ nextNumber: 1001, lowest: 1 });
    const set = await site.owner.call('PUT', ORDER_NUMBER, { nextNumber: 5000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ nextNumber: 5000, lowest: 1 });

    const variantId = await stockedVariant(site.database.pool, site.websiteId, site.shop.id, { qty: 5 });
    await insertOrder(site.database.pool, site.websiteId, { number: 5000, lines: [{ variantId, quantity: 1 }] });
    await site.database.pool.query(`UPDATE order_numbers SET next_number = 5001 WHERE website_id = $1`, [site.websiteId]);
    const message =
      'The next order number must be higher than every order’s number so far: 5001 or more. Numbers are never given twice, so they cannot go back.';
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 5000 }, 'nextNumber')).toBe(message);
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 1200 }, 'nextNumber')).toBe(message);
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 0 }, 'nextNumber')).toBe('An order number is a whole number, 1 or more.');
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 1.5 }, 'nextNumber')).toBe('An order number is a whole number, 1 or more.');
    expect(await refused(site.owner, ORDER_NUMBER, { nextNumber: 2_000_000_000 }, 'nextNumber')).toBe('An order number is at most 1,000,000,000.');
    expect(orderNumberAnswer.parse((await site.owner.call('GET', ORDER_NUMBER)).json())).toEqual({ nextNumber: 5001, lowest: 5001 });
    expect((await site.owner.call('PUT', ORDER_NUMBER, { nextNumber: 5001 })).statusCode).toBe(200);
    expect((await site.owner.call('PUT', ORDER_NUMBER, { nextNumber: 10000 })).json()).toEqual({ nextNumber: 10000, lowest: 5001 });
  });
});

describe('test mode at a store’s start', () => {
  const testModeOf = async (pool: pg.Pool, identifier: string) =>
    (
      await pool.query<{ test_mode: boolean }>(`SELECT s.test_mode FROM payment_settings s JOIN websites w ON w.id = s.website_id WHERE w.identifier = $1`, [
        identifier,
      ])
    ).rows[0]?.test_mode;

  it('is on for a new site on the embedded database, off for one on a managed database, and on for the demo', async () => {
    const res = await site.owner.call('POST', '/api/auth/Sites', { identifier: 'pottery-two', title: 'Pottery two', template: 'blank' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await testModeOf(site.database.pool, 'pottery-two')).toBe(true);

    const managed = await buildApp({
      database: site.database,
      assets: loadClientAssets(),
      appDomain: 'sites.test',
      serveDefaultSite: true,
      siteLimits: { newStoreTestMode: false },
    });
    try {
      const owner = await signedIn(managed, 'owner@example.com', 'owner-password-123');
      const made = await owner.call('POST', '/api/auth/Sites', { identifier: 'pottery-three', title: 'Pottery three', template: 'blank' });
      expect(made.statusCode, made.body).toBe(200);
      expect(await testModeOf(site.database.pool, 'pottery-three')).toBe(false);
    } finally {
      await managed.close();
    }

    const empty = await freshDatabase();
    try {
      const demoId = await importDemoIfEmpty(empty.db);
      const { rows } = await empty.pool.query(`SELECT test_mode FROM payment_settings WHERE website_id = $1`, [demoId]);
      expect(rows).toEqual([{ test_mode: true }]);
    } finally {
      await empty.drop();
    }
  });
});
