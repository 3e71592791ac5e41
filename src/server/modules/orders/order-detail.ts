/**
 * An order as the owner's order screen shows it (`orderDetail`, src/contracts/orders.ts): its row as
 * the list shows it, its lines with their tax, discount and progress (sent, refunded, restocked, what
 * is left to refund), its totals, payment, address, fulfilments, refunds, note and timeline (the
 * team member who did each thing, by email), and what may be done with it next. One statement,
 * whatever the order holds: each part is a JSON aggregate over its table's index on the order.
 */
import { sql } from 'drizzle-orm';
import type { CheckoutAddress } from '../../../contracts/checkout';
import type { OrderDetail, OrderDetailLine } from '../../../contracts/orders';
import type { Executor } from '../../../db/client';
import { lineShips, shippingShareCents, unitsToSend } from '../../../domain/orders/order-progress';
import { lineRefundCents } from '../../../domain/orders/refund-amounts';
import { LINE_SUMS, listedOrderOf, ORDER_COLUMNS, orderRowOf } from './orders-list';

type LineRaw = Omit<OrderDetailLine, 'options' | 'ships' | 'refundableCents'> & { options: { optionName: string; value: string }[] };
type RefundRaw = OrderDetail['refunds'][number];

type DetailRaw = Parameters<typeof listedOrderOf>[0] & {
  pricesIncludeTax: boolean;
  shippingAddress: CheckoutAddress | null;
  shippingName: string | null;
  paymentInstructions: string | null;
  note: string;
  payment: OrderDetail['payment'] | null;
  lines: LineRaw[];
  fulfilments: OrderDetail['fulfilments'];
  refunds: RefundRaw[];
  timeline: OrderDetail['timeline'];
};

/** The order's detail, or undefined when the store has no order with that id. */
export async function orderDetail(ex: Executor, websiteId: string, orderId: string): Promise<OrderDetail | undefined> {
  const { rows } = await ex.execute(sql`
SELECT ${ORDER_COLUMNS}, o.prices_include_tax AS "pricesIncludeTax", o.shipping_address AS "shippingAddress", o.shipping->>'name' AS "shippingName",
  o.payment_instructions AS "paymentInstructions", o.note,
  (SELECT json_build_object('providerPaymentId', p.provider_payment_id, 'capturedAt', p.captured_at)
    FROM payments p WHERE p.website_id = o.website_id AND p.order_id = o.id ORDER BY p.created_at DESC LIMIT 1) AS payment,
  (SELECT coalesce(json_agg(json_build_object('position', l.position, 'productId', l.product_id, 'productName', l.product_name,
      'productType', l.product_type, 'options', l.option_values, 'sku', l.sku, 'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
      'discountCents', l.discount_cents, 'taxCents', l.tax_cents, 'totalCents', l.total_cents, 'fulfilledQuantity', l.fulfilled_quantity,
      'refundedQuantity', l.refunded_quantity, 'restockedQuantity', l.restocked_quantity) ORDER BY l.position), '[]')
    FROM order_lines l WHERE l.website_id = o.website_id AND l.order_id = o.id) AS lines,
  (SELECT coalesce(json_agg(json_build_object('id', f.id, 'lines', f.lines, 'carrier', f.carrier, 'trackingNumber', f.tracking_number,
      'trackingUrl', f.tracking_url, 'createdAt', f.created_at) ORDER BY f.created_at, f.id), '[]')
    FROM fulfilments f WHERE f.website_id = o.website_id AND f.order_id = o.id) AS fulfilments,
  (SELECT coalesce(json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents, 'shippingCents', r.shipping_cents, 'lines', r.lines,
      'reason', r.reason, 'status', r.status, 'failure', r.failure, 'createdAt', r.created_at) ORDER BY r.created_at, r.id), '[]')
    FROM refunds r WHERE r.website_id = o.website_id AND r.order_id = o.id) AS refunds,
  (SELECT coalesce(json_agg(json_build_object('at', e.at, 'kind', e.kind, 'by', a.email, 'detail', e.detail) ORDER BY e.id), '[]')
    FROM order_events e LEFT JOIN accounts a ON a.id = e.account_id WHERE e.website_id = o.website_id AND e.order_id = o.id) AS timeline
FROM orders o ${LINE_SUMS}
WHERE o.website_id = ${websiteId} AND o.id = ${orderId}`);
  const raw = rows[0] as DetailRaw | undefined;
  return raw && detailOf(raw);
}

function detailOf(raw: DetailRaw): OrderDetail {
  const { pricesIncludeTax, shippingAddress, shippingName, paymentInstructions, note, payment, fulfilments, refunds, timeline } = raw;
  const listed = listedOrderOf(raw);
  const lines: OrderDetailLine[] = raw.lines.map(({ options, ...l }) => ({
    ...l,
    options: options.map((o) => `${o.optionName}: ${o.value}`).join(', '),
    ships: lineShips(l.productType),
    refundableCents: lineRefundCents(l, l.quantity - l.refundedQuantity),
  }));
  // Shipping given back or being given back (a pending refund holds what it asked for).
  const shippingRefunded = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.shippingCents, 0);
  const refundableShippingCents = Math.max(0, shippingShareCents(listed.totalCents, lines) - shippingRefunded);
  const open = listed.status === 'open';
  return {
    ...orderRowOf(listed),
    lines,
    subtotalCents: listed.subtotalCents,
    discountCents: listed.discountCents,
    shippingCents: listed.shippingCents,
    taxCents: listed.taxCents,
    pricesIncludeTax,
    couponCodes: listed.couponCodes,
    shippingAddress,
    shippingName,
    paymentInstructions,
    payment: payment ?? { providerPaymentId: null, capturedAt: null },
    fulfilments,
    refunds,
    note,
    timeline,
    refundableShippingCents,
    canFulfil: open && lines.some((l) => unitsToSend(l) > 0),
    canRefund: listed.paymentStatus === 'paid' && (refundableShippingCents > 0 || lines.some((l) => l.refundableCents > 0)),
    canCancel: open && (listed.paymentStatus === 'unpaid' || listed.paymentStatus === 'authorized'),
  };
}
