/**
 * The owner's orders list (the orders module's config calls, sub-area `commerce-orders`: read for
 * GET, write for the rest), minimal until the orders screens come: newest first, a page at a time.
 *
 * - `GET /api/config/store/orders?before={number}`: `ordersAnswer`, the 50 newest orders (numbered
 *   below `before` when given), `next` the `before` of the page after, null on the last.
 * - `POST /api/config/store/orders/:orderId/mark-paid` (write): an unpaid manual order is paid;
 *   answers `{ order }` (`orderRow`). Marked paid already: the same answer, nothing changed again.
 *   409 for a cancelled order or one a provider takes payment for; 404 for an id the store has no order with.
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '../domain/checkout/protocol';
import { isoTime } from './common';

export const ORDERS_API = {
  LIST: '/api/config/store/orders',
  markPaid: (orderId: string) => `/api/config/store/orders/${encodeURIComponent(orderId)}/mark-paid`,
} as const;

export const ORDERS_PAGE_SIZE = 50;

export const ordersQuery = z.object({ before: z.coerce.number().int().min(1).optional() }).strict();

export const orderRow = z.object({
  id: z.string(),
  number: z.number().int(),
  createdAt: isoTime,
  customerName: z.string(),
  email: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** card, or the manual method. */
  paymentMethod: z.string(),
  testMode: z.boolean(),
  /** An open manual order not paid yet: the owner marks it paid when the money comes. */
  canMarkPaid: z.boolean(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const ordersAnswer = z.object({ orders: z.array(orderRow), next: z.number().int().nullable() });
export const orderAnswer = z.object({ order: orderRow });
