/**
 * Creating an order inside the caller's transaction (checkout's `finalize`): the order, its lines
 * and its payment row in one statement, under a number taken beforehand. `takeOrderNumber` gives the
 * site's next (`order_numbers`, the owner's first number or DEFAULT_FIRST_ORDER_NUMBER) in a
 * statement of its own, so every order of a site waits for the number row only while that statement
 * commits, never across the caller's transaction; numbers increase per site, and one taken for an
 * order that is never made leaves a gap, which is allowed. Prices and totals are those the payment
 * was for, never read again from the catalogue. The timeline's first event (placed) is written by
 * the same statement.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { CheckoutAddress } from '../../../contracts/checkout';
import { DEFAULT_FIRST_ORDER_NUMBER, type PaymentStatus } from '../../../domain/checkout/protocol';
import { eventsFor } from './order-events';
import { orderToken, orderTokenHash } from './order-token';
import type { OrderLineValues, OrderShipping, OrderTotals } from './schema';

export type OrderLineInput = OrderLineValues;

export type NewOrder = {
  /** Made beforehand (`newOrderId`) when rows written before the order name it. */
  orderId?: string;
  /** From `takeOrderNumber`. */
  number: number;
  websiteId: string;
  attemptId: string;
  cartId: string;
  siteUserId: string | null;
  email: string;
  customerName: string;
  shippingAddress: CheckoutAddress | null;
  shipping: OrderShipping | null;
  currency: string;
  paymentStatus: Extract<PaymentStatus, 'unpaid' | 'authorized' | 'paid'>;
  provider: string;
  /** card, or the manual method. */
  paymentMethod: string;
  paymentInstructions: string | null;
  testMode: boolean;
  cancelUnpaidAt: Date | null;
  lines: OrderLineInput[];
  /** The provider's payment: authorized or captured by a card, pending for a manual method. */
  payment: { providerPaymentId: string; status: 'authorized' | 'captured' | 'pending' };
  /** The server's order-token secret (./order-token.ts). */
  tokenSecret: string;
} & OrderTotals;

export type CreatedOrder = { orderId: string; number: number; accessToken: string };

const newId = () => randomBytes(12).toString('hex');

export const newOrderId = newId;

/** The site's next order number, in a statement of its own: outside the transaction that makes the order. */
export async function takeOrderNumber(ex: Executor, websiteId: string): Promise<number> {
  const { rows } = await ex.execute(sql`
INSERT INTO order_numbers (website_id, next_number) VALUES (${websiteId}, ${DEFAULT_FIRST_ORDER_NUMBER + 1})
ON CONFLICT (website_id) DO UPDATE SET next_number = order_numbers.next_number + 1
RETURNING next_number - 1 AS number`);
  return (rows[0] as { number: number }).number;
}

/** Whether an error is the site's order numbers meeting (the owner set the next number back while an order held one). */
export function isOrderNumberTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const found = e.code === '23505' ? e : e.cause?.code === '23505' ? e.cause : undefined;
  return found?.constraint === 'orders_number';
}

export async function createOrder(tx: Executor, o: NewOrder): Promise<CreatedOrder> {
  const orderId = o.orderId ?? newId();
  const accessToken = orderToken(o.tokenSecret, o.websiteId, orderId);
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
  const lines = JSON.stringify(
    o.lines.map((l, i) => ({
      position: i + 1,
      product_id: l.productId,
      variant_id: l.variantId,
      product_name: l.productName,
      product_type: l.productType,
      option_values: l.optionValues,
      sku: l.sku,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      discount_cents: l.discountCents,
      tax_cents: l.taxCents,
      total_cents: l.totalCents,
      download_file: l.downloadFile,
    })),
  );
  const paid = o.paymentStatus === 'paid';
  const { rows } = await tx.execute(sql`
WITH made AS (
  INSERT INTO orders (website_id, id, number, attempt_id, cart_id, site_user_id, email, customer_name, shipping_address, shipping, currency,
    subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, prices_include_tax, coupon_codes, payment_status, provider,
    payment_method, payment_instructions, test_mode, access_token_hash, paid_at, cancel_unpaid_at, tax_name, tax_rate_milli, shipping_tax_cents)
  VALUES (${o.websiteId}, ${orderId}, ${o.number}, ${o.attemptId}, ${o.cartId}, ${o.siteUserId}, ${o.email}, ${o.customerName},
    ${json(o.shippingAddress)}::jsonb, ${json(o.shipping)}::jsonb, ${o.currency}, ${o.subtotalCents}, ${o.discountCents}, ${o.shippingCents},
    ${o.taxCents}, ${o.totalCents}, ${o.pricesIncludeTax}, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(o.couponCodes)}::jsonb)), ${o.paymentStatus}, ${o.provider},
    ${o.paymentMethod}, ${o.paymentInstructions}, ${o.testMode}, ${orderTokenHash(accessToken)}, CASE WHEN ${paid}::boolean THEN now() END,
    ${o.cancelUnpaidAt?.toISOString() ?? null}::timestamptz, ${o.taxRate?.name ?? null}, ${o.taxRate ? Math.round(o.taxRate.ratePercent * 1000) : null}::int,
    ${o.shippingTaxCents ?? 0})
  RETURNING website_id, id, number, total_cents, currency
),
placed AS (
  ${eventsFor('made', 'placed', null, sql`jsonb_build_object('totalCents', total_cents, 'currency', currency)`)}
),
lines AS (
  INSERT INTO order_lines (website_id, order_id, position, product_id, variant_id, product_name, product_type, option_values, sku, quantity,
    unit_price_cents, discount_cents, tax_cents, total_cents, download_file)
  SELECT ${o.websiteId}, ${orderId}, x.position, x.product_id, x.variant_id, x.product_name, x.product_type, x.option_values, x.sku, x.quantity,
    x.unit_price_cents, x.discount_cents, x.tax_cents, x.total_cents,
    coalesce(x.download_file, (SELECT p.digital_file FROM products p WHERE p.website_id = ${o.websiteId} AND p.id = x.product_id AND x.product_type = 'DIGITAL'))
  FROM jsonb_to_recordset(${lines}::jsonb) AS x(position int, product_id text, variant_id text, product_name text, product_type text,
    option_values jsonb, sku text, quantity int, unit_price_cents int, discount_cents int, tax_cents int, total_cents int, download_file text)
),
payment AS (
  INSERT INTO payments (website_id, id, attempt_id, order_id, provider, provider_payment_id, method, amount_cents, currency, status, captured_at)
  VALUES (${o.websiteId}, ${newId()}, ${o.attemptId}, ${orderId}, ${o.provider}, ${o.payment.providerPaymentId}, ${o.paymentMethod},
    ${o.totalCents}, ${o.currency}, ${o.payment.status}, CASE WHEN ${o.payment.status === 'captured'}::boolean THEN now() END)
)
SELECT number FROM made`);
  return { orderId, number: (rows[0] as { number: number }).number, accessToken };
}
