/**
 * A placed order written straight into the orders tables, as checkout's finalize leaves it, for
 * the tests of what follows an order (its emails, gift cards and download links) without going
 * through the checkout.
 */
import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../src/db/client';
import { orderToken, orderTokenHash, orderTokenSecret } from '../src/server/modules/orders';
import { files } from '../src/server/modules/files/schema/files';
import { orderLines, orders } from '../src/server/modules/orders/schema';
import { websites } from '../src/server/modules/sites/schema/sites';

export type TestLine = {
  name: string;
  productType: 'PHYSICAL' | 'DIGITAL' | 'SERVICE' | 'GIFT_CARD';
  quantity: number;
  unitPriceCents: number;
  options?: { optionName: string; value: string }[];
  downloadFile?: string;
};

type OrderRow = typeof orders.$inferInsert;

export async function testSite(
  db: Executor,
  identifier: string,
  settings: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): Promise<string> {
  const websiteId = `site-${identifier}`;
  await db.insert(websites).values({ id: websiteId, identifier, settings: { title: `The ${identifier} shop`, ...settings }, header, navigation: [] });
  return websiteId;
}

/** Writes an order and its lines on `tx`; answers its id, number, access token and lines as written. */
export async function writeOrder(tx: Executor, websiteId: string, lines: TestLine[], more: Partial<OrderRow> = {}) {
  const id = randomBytes(12).toString('hex');
  // The token as placing makes it (a transaction serves for the shared secret's read and first write).
  const accessToken = orderToken(await orderTokenSecret(tx as Db), websiteId, id);
  const number = more.number ?? 1001;
  const rows = lines.map((l, i) => ({
    websiteId,
    orderId: id,
    position: i + 1,
    productId: `product-${i + 1}`,
    variantId: `variant-${i + 1}`,
    productName: l.name,
    productType: l.productType,
    optionValues: l.options ?? [],
    sku: `SKU-${i + 1}`,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    discountCents: 0,
    taxCents: 0,
    totalCents: l.quantity * l.unitPriceCents,
    downloadFile: l.downloadFile ?? null,
  }));
  const subtotal = rows.reduce((sum, r) => sum + r.totalCents, 0);
  await tx.insert(orders).values({
    websiteId,
    id,
    number,
    attemptId: `attempt-${id}`,
    cartId: `cart-${id}`,
    email: 'shopper@example.org',
    customerName: 'Ada Shopper',
    currency: 'USD',
    subtotalCents: subtotal,
    discountCents: 0,
    shippingCents: 0,
    taxCents: 0,
    totalCents: subtotal,
    pricesIncludeTax: false,
    paymentStatus: 'authorized',
    provider: 'test',
    paymentMethod: 'card',
    testMode: false,
    accessTokenHash: orderTokenHash(accessToken),
    ...more,
  });
  await tx.insert(orderLines).values(rows);
  return { id, number, accessToken, lines: rows };
}

/** A private file of the site (a digital product's download), its bytes in its row. */
export async function privateDownload(db: Executor, websiteId: string, name: string, bytes: Buffer): Promise<void> {
  await db.insert(files).values({ websiteId, name, contentType: 'application/pdf', size: bytes.length, data: bytes, private: true, position: 0 });
}
