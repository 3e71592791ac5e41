/**
 * Signed download links (000-1.09: a digital product is delivered as a link that expires): the
 * link of an order's digital line answers its private file, to this shopper alone (no-store, an
 * attachment); a link past its seven days answers 410, a tampered or forged one 404, a cancelled
 * order's 410, and another site's host 404 — each with a short page, never a stack.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { DOWNLOAD_LINK_DAYS, downloadLink } from '../src/server/modules/checkout';
import { orders } from '../src/server/modules/orders/schema';
import { loadClientAssets } from '../src/server/render/assets';
import { freshDatabase } from './db';
import { privateDownload, testSite, writeOrder } from './placed-order';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let websiteId: string;
const BYTES = Buffer.from('%PDF-1.4 the glazing handbook, page one');
const DAY_MS = 24 * 60 * 60 * 1000;

const get = (path: string, host = 'dl.sites.test') => app.inject({ method: 'GET', url: path, headers: { host } });

async function digitalOrder(number: number) {
  const order = await writeOrder(
    database.db,
    websiteId,
    [
      { name: 'Mug', productType: 'PHYSICAL', quantity: 1, unitPriceCents: 2800 },
      { name: 'Glazing handbook', productType: 'DIGITAL', quantity: 1, unitPriceCents: 1500, downloadFile: 'glazing handbook.pdf' },
    ],
    { number },
  );
  return { ...order, grant: { websiteId, orderId: order.id, line: 2, file: 'glazing handbook.pdf' } };
}

beforeAll(async () => {
  database = await freshDatabase();
  websiteId = await testSite(database.db, 'dl');
  await testSite(database.db, 'other');
  await privateDownload(database.db, websiteId, 'glazing handbook.pdf', BYTES);
  app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: false });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('download links', () => {
  // covers 000-1.09
  it("answers the line's file to whoever holds the link, as a private attachment", async () => {
    const { grant } = await digitalOrder(1001);
    const path = await downloadLink(database.db, grant);
    expect(path).toMatch(/^\/downloads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="glazing handbook.pdf"; filename*=UTF-8''glazing%20handbook.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A link made six days ago still works.
    expect((await get(await downloadLink(database.db, grant, new Date(Date.now() - (DOWNLOAD_LINK_DAYS - 1) * DAY_MS)))).statusCode).toBe(200);
  });

  it('refuses a link past its days with 410 and a page that says what to do', async () => {
    const { grant } = await digitalOrder(1002);
    const res = await get(await downloadLink(database.db, grant, new Date(Date.now() - (DOWNLOAD_LINK_DAYS * DAY_MS + 1000))));
    expect(res.statusCode).toBe(410);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<h1>This download link no longer works</h1>');
    expect(res.body).toContain('Open your order from its confirmation email to get a fresh link.');
    expect(res.body).not.toContain(BYTES.toString());
  });

  it('refuses a tampered, a forged or another line’s link with 404, and a link on another site’s host', async () => {
    const { grant } = await digitalOrder(1003);
    const token = (await downloadLink(database.db, grant)).slice('/downloads/'.length);
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherLine = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(',2,', ',1,')).toString('base64url');
    const later = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(/,(\d+)\]$/, (_, n: string) => `,${Number(n) + 3600}]`),
    ).toString('base64url');
    for (const bad of [flipped, `${otherLine}.${signature}`, `${later}.${signature}`, payload, 'not-a-token', `${token}.x`]) {
      const res = await get(`/downloads/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).toContain('This download link no longer works');
      expect(res.body).not.toContain('Error');
    }
    expect((await get(`/downloads/${token}`, 'other.sites.test')).statusCode).toBe(404);
  });

  it('stops working once the order is cancelled', async () => {
    const { id, grant } = await digitalOrder(1004);
    const path = await downloadLink(database.db, grant);
    expect((await get(path)).statusCode).toBe(200);
    await database.db.update(orders).set({ status: 'canceled', canceledAt: new Date().toISOString() }).where(eq(orders.id, id));
    expect((await get(path)).statusCode).toBe(410);
  });
});
