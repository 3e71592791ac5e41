/**
 * Orders as the owner's orders screens find them, written straight into their tables (over
 * ./order-fixture.ts): a customer, a day, lines of named products of each type with units already
 * sent, a state (cancelled, some of it refunded), for the tests of the list, its search and filters,
 * the CSV and an order's detail.
 */
import { insertOrder, stockedVariant } from './order-fixture';
import type { StoreSite } from './store-harness';

export type SeedLine = { name: string; type?: 'PHYSICAL' | 'DIGITAL' | 'SERVICE' | 'GIFT_CARD'; quantity: number; fulfilled?: number; stock?: number };

export type Seed = {
  number: number;
  lines: SeedLine[];
  customerName?: string;
  email?: string;
  /** When it was placed, as ISO text. */
  createdAt?: string;
  provider?: 'manual' | 'test';
  paymentStatus?: 'unpaid' | 'authorized' | 'paid';
  canceled?: boolean;
  refundedCents?: number;
  currency?: string;
  totalCents?: number;
};

/** The order of the seed, its lines in its order (positions from 0); answers its id and its lines' variants. */
export async function seedOrder(site: StoreSite, seed: Seed): Promise<{ orderId: string; variantIds: string[] }> {
  const pool = site.database.pool;
  const variantIds: string[] = [];
  for (const line of seed.lines) variantIds.push(await stockedVariant(pool, site.websiteId, site.shop.id, { qty: line.stock ?? 10 }));
  const orderId = await insertOrder(pool, site.websiteId, {
    number: seed.number,
    lines: seed.lines.map((l, i) => ({ variantId: variantIds[i]!, quantity: l.quantity })),
    ...(seed.provider && { provider: seed.provider }),
    ...(seed.paymentStatus && { paymentStatus: seed.paymentStatus }),
    ...(seed.customerName && { customerName: seed.customerName }),
    ...(seed.currency && { currency: seed.currency }),
    ...(seed.totalCents !== undefined && { totalCents: seed.totalCents }),
  });
  await pool.query(
    `UPDATE orders SET email = coalesce($3, email), created_at = coalesce($4::timestamptz, created_at), refunded_cents = $5,
        status = CASE WHEN $6 THEN 'canceled' ELSE status END, payment_status = CASE WHEN $6 THEN 'voided' ELSE payment_status END
      WHERE website_id = $1 AND id = $2`,
    [site.websiteId, orderId, seed.email ?? null, seed.createdAt ?? null, seed.refundedCents ?? 0, seed.canceled ?? false],
  );
  for (const [position, line] of seed.lines.entries()) {
    await pool.query(
      `UPDATE order_lines SET product_name = $4, product_type = $5, fulfilled_quantity = $6 WHERE website_id = $1 AND order_id = $2 AND position = $3`,
      [site.websiteId, orderId, position, line.name, line.type ?? 'PHYSICAL', line.fulfilled ?? 0],
    );
  }
  return { orderId, variantIds };
}

/** Reads a CSV file (RFC 4180: quoted cells, doubled quotes, CRLF records) into its rows, its byte-order mark dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
