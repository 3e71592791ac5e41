/**
 * An order as its pages show it (`/checkout/orders/{token}`: 202 order confirmed, 207 order received):
 * found by the SHA-256 of the token its link carries, with its lines, in one statement. The token is
 * the order's secret (no sign-in); an unknown one finds nothing. What the page shows is decided here:
 * confirmed once the payment is authorised or taken, received while a manual payment is awaited.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/types';
import { orderTokenHash } from './order-token';
import { orderLines, orders } from './schema';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

export type OrderViewLine = Pick<
  LineRow,
  | 'position'
  | 'productName'
  | 'productType'
  | 'optionValues'
  | 'sku'
  | 'quantity'
  | 'unitPriceCents'
  | 'taxCents'
  | 'totalCents'
  | 'downloadFile'
  | 'fulfilledQuantity'
  | 'refundedQuantity'
>;

export type OrderView = Pick<
  OrderRow,
  | 'id'
  | 'number'
  | 'email'
  | 'currency'
  | 'subtotalCents'
  | 'discountCents'
  | 'shippingCents'
  | 'taxCents'
  | 'totalCents'
  | 'pricesIncludeTax'
  | 'couponCodes'
  | 'shippingAddress'
  | 'provider'
  | 'paymentMethod'
  | 'paymentInstructions'
  | 'testMode'
  | 'status'
  | 'paymentStatus'
  | 'refundedCents'
  | 'createdAt'
  | 'paidAt'
  | 'customerName'
  | 'taxName'
  | 'taxRateMilli'
  | 'shippingTaxCents'
> & {
  /** confirmed (page type 202): paid or authorised; received (207): a manual payment awaited, or a cancelled order. */
  state: 'confirmed' | 'received';
  shippingName: string | null;
  lines: OrderViewLine[];
};

const CONFIRMED = new Set(['authorized', 'paid']);

export async function orderForToken(db: Executor, websiteId: string, token: string): Promise<OrderView | undefined> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return undefined;
  const rows = await db
    .select({ order: orders, line: orderLines })
    .from(orders)
    .leftJoin(orderLines, and(eq(orderLines.websiteId, orders.websiteId), eq(orderLines.orderId, orders.id)))
    .where(and(eq(orders.websiteId, websiteId), eq(orders.accessTokenHash, orderTokenHash(token))))
    .orderBy(asc(orderLines.position));
  const order = rows[0]?.order;
  if (!order) return undefined;
  return {
    id: order.id,
    number: order.number,
    state: CONFIRMED.has(order.paymentStatus) ? 'confirmed' : 'received',
    email: order.email,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    pricesIncludeTax: order.pricesIncludeTax,
    couponCodes: order.couponCodes,
    shippingAddress: order.shippingAddress,
    shippingName: order.shipping?.name ?? null,
    provider: order.provider,
    paymentMethod: order.paymentMethod,
    paymentInstructions: order.paymentInstructions,
    testMode: order.testMode,
    status: order.status,
    paymentStatus: order.paymentStatus,
    refundedCents: order.refundedCents,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    customerName: order.customerName,
    taxName: order.taxName,
    taxRateMilli: order.taxRateMilli,
    shippingTaxCents: order.shippingTaxCents,
    lines: rows.flatMap(({ line }) =>
      line
        ? [
            {
              position: line.position,
              productName: line.productName,
              productType: line.productType,
              optionValues: line.optionValues,
              sku: line.sku,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              taxCents: line.taxCents,
              totalCents: line.totalCents,
              downloadFile: line.downloadFile,
              fulfilledQuantity: line.fulfilledQuantity,
              refundedQuantity: line.refundedQuantity,
            },
          ]
        : [],
    ),
  };
}
