/**
 * Orders written straight into their tables, as checkout's `createOrder` leaves them, for the tests
 * of what happens to an order after it is placed (marking paid, cancelling, the unpaid sweep, the
 * owner's list): a product with a variant in stock, an order of it, its lines and its payment row.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

const hex = () => randomBytes(12).toString('hex');

/** A published physical product of `shopId` with one variant holding `qty` (or not counted at all); answers the variant's id. */
export async function stockedVariant(pool: pg.Pool, websiteId: string, shopId: string, opts: { qty: number; unlimited?: boolean }): Promise<string> {
  const [productId, variantId] = [hex(), hex()];
  await pool.query(
    `INSERT INTO products (website_id, id, shop_id, slug, path, name, product_type, status, created_at, images, tags, categories, seo, options, position)
      VALUES ($1, $2, $3, $4, $5, 'Stoneware jug', 1, 4, now(), '[]', '{}', '{}', '{}', '[]', 999)`,
    [websiteId, productId, shopId, `jug-${productId}`, `/jugs/jug-${productId}`],
  );
  await pool.query(
    `INSERT INTO product_variants (website_id, id, product_id, position, sku, option_values, price_cents, qty_in_stock, unlimited) VALUES ($1, $2, $3, 0, $4, '[]', 2500, $5, $6)`,
    [websiteId, variantId, productId, `JUG-${variantId.slice(0, 8)}`, opts.qty, opts.unlimited ?? false],
  );
  return variantId;
}

export type OrderSeed = {
  number: number;
  lines: { variantId: string; quantity: number }[];
  provider?: 'manual' | 'test';
  paymentStatus?: 'unpaid' | 'authorized' | 'paid';
  /** An unpaid manual order's deadline, as SQL (`now() - interval '1 hour'`); none when not given. */
  cancelUnpaidAt?: string;
  customerName?: string;
  totalCents?: number;
  currency?: string;
  /** The provider's id for the payment (`pay_{orderId}` when not given). */
  providerPaymentId?: string;
};

/** The order, its lines and its payment row (pending for a manual order, authorised or captured for the test provider); answers the order's id. */
export async function insertOrder(pool: pg.Pool, websiteId: string, seed: OrderSeed): Promise<string> {
  const [orderId, attemptId] = [hex(), hex()];
  const provider = seed.provider ?? 'manual';
  const paymentStatus = seed.paymentStatus ?? (provider === 'manual' ? 'unpaid' : 'authorized');
  const total = seed.totalCents ?? 2500 * seed.lines.reduce((n, l) => n + l.quantity, 0);
  const method = provider === 'manual' ? 'bank_transfer' : 'card';
  await pool.query(
    `INSERT INTO orders (website_id, id, number, attempt_id, cart_id, email, customer_name, currency, subtotal_cents, discount_cents, shipping_cents, tax_cents,
        total_cents, prices_include_tax, payment_status, provider, payment_method, payment_instructions, test_mode, access_token_hash, cancel_unpaid_at, paid_at)
      VALUES ($1, $2, $3, $4, $5, 'ada@example.com', $6, $7, $8, 0, 0, 0, $8, false, $9, $10, $11, $12, $13, $14, ${seed.cancelUnpaidAt ?? 'NULL'},
        ${paymentStatus === 'paid' ? 'now()' : 'NULL'})`,
    [
      websiteId,
      orderId,
      seed.number,
      attemptId,
      hex(),
      seed.customerName ?? 'Ada Lovelace',
      seed.currency ?? 'USD',
      total,
      paymentStatus,
      provider,
      method,
      provider === 'manual' ? 'Pay to IBAN GB00 TEST 0000 0000' : null,
      provider === 'test',
      hex(),
    ],
  );
  for (const [position, line] of seed.lines.entries()) {
    await pool.query(
      `INSERT INTO order_lines (website_id, order_id, position, product_id, variant_id, product_name, product_type, option_values, sku, quantity, unit_price_cents, discount_cents, tax_cents, total_cents)
        SELECT $1, $2, $3, v.product_id, v.id, 'Stoneware jug', 'PHYSICAL', '[]', v.sku, $5, 2500, 0, 0, 2500 * $5 FROM product_variants v WHERE v.website_id = $1 AND v.id = $4`,
      [websiteId, orderId, position, line.variantId, line.quantity],
    );
  }
  const paymentRow = { unpaid: 'pending', authorized: 'authorized', paid: 'captured' }[paymentStatus];
  await pool.query(
    `INSERT INTO payments (website_id, id, attempt_id, order_id, provider, provider_payment_id, method, amount_cents, currency, status)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [websiteId, hex(), attemptId, orderId, provider, seed.providerPaymentId ?? `pay_${orderId}`, method, total, seed.currency ?? 'USD', paymentRow],
  );
  return orderId;
}

/** What the order, its payment row and a variant's stock say now. */
export async function orderState(pool: pg.Pool, websiteId: string, orderId: string, variantId?: string) {
  const { rows } = await pool.query<{ status: string; payment_status: string; payment: string; paid: boolean; due: boolean; qty: number | null }>(
    `SELECT o.status, o.payment_status, p.status AS payment, o.paid_at IS NOT NULL AS paid, o.cancel_unpaid_at IS NOT NULL AS due,
        (SELECT qty_in_stock FROM product_variants WHERE website_id = $1 AND id = $3) AS qty
      FROM orders o JOIN payments p ON p.website_id = o.website_id AND p.order_id = o.id WHERE o.website_id = $1 AND o.id = $2`,
    [websiteId, orderId, variantId ?? ''],
  );
  return rows[0]!;
}
