/**
 * The owner's orders screens (the orders module's config calls, sub-area `commerce-orders`: read for
 * GET, write for the rest; the crumb plugin checks every write). Refusals are `{ error, errors? }`
 * (`errors` by field path, as `lines.0.quantity`); 404 for an id the store has no order with.
 *
 * - `GET /api/config/store/orders?before&q&filter&from&to`: `ordersAnswer`, 50 orders a page, newest
 *   first (numbered below `before` when given). `q` finds an order by its number (with or without
 *   `#`), the customer's email or name, or a product's name on a line; `filter` one of
 *   ORDER_FILTERS; `from` and `to` (YYYY-MM-DD, the site's time zone, both days included) the date
 *   range. `next`: the `before` of the page after, null on the last.
 * - `GET /api/config/store/orders/export?q&filter&from&to`: the same orders, every page, as CSV
 *   (`text/csv`, one row an order, ORDER_CSV_COLUMNS), named `orders-{site}-{date}.csv`.
 * - `GET /api/config/store/orders/counts`: `orderCountsAnswer` (`toFulfil`: open orders, paid or
 *   awaiting an offline payment, with a line left to send: the sidebar's badge).
 * - `GET /api/config/store/orders/:orderId`: `orderDetailAnswer`: lines, totals with each line's
 *   tax and discount, payment, shipping address, fulfilments, refunds, the note and the timeline.
 * - `POST /api/config/store/orders/:orderId/mark-paid` (write): an unpaid manual order is paid;
 *   answers `orderDetailAnswer`. Marked paid already: the same answer, nothing changed again.
 *   409 for a cancelled order or one a provider takes payment for.
 * - `POST /api/config/store/orders/:orderId/fulfilments` (write): `fulfilBody`, some or all units of
 *   its lines sent, with the carrier and tracking number; answers `orderDetailAnswer`. 409 for
 *   more units than are left to send on a line, or a cancelled order.
 * - `POST /api/config/store/orders/:orderId/refunds` (write): `refundBody`, units of lines (each
 *   back to stock or not) and some of the shipping, through the provider that took the payment;
 *   each unit's amount is its share of the line's total (its discount and tax included), the last
 *   unit of a line taking what is left, so refunding every unit gives back the order's total.
 *   `refundKey` (made by the screen when it opens the refund, sent again on a retry) makes a
 *   repeat refund once: the same key answers the same refund. 409 for more than is left to refund,
 *   an order not paid, or one the provider refused; a manual payment's refund is recorded, no
 *   provider asked (the owner pays it back outside the store); 502 when the provider could not be
 *   reached (the same key may be sent again). `notify` (on by default) emails the customer each
 *   change: a fulfilment with its tracking, a refund once it has gone through, a cancellation.
 * - `POST /api/config/store/orders/:orderId/cancel` (write): `cancelBody`; the unsent units go back
 *   to stock and an authorisation not captured is voided; answers `orderDetailAnswer`. 409 for a
 *   paid order (refund it first). Cancelled already: the same answer.
 * - `PUT /api/config/store/orders/:orderId/note` (write): `noteBody`; answers `orderDetailAnswer`.
 * - `GET /api/config/store/orders/:orderId/receipt`: 303 to the order's printable receipt on the
 *   site (`/commerce/orders/{token}/receipt`: the seller's details, the tax per rate).
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '../domain/checkout/protocol';
import { isoTime } from './common';

const orderPath = (orderId: string) => `/api/config/store/orders/${encodeURIComponent(orderId)}`;

export const ORDERS_API = {
  LIST: '/api/config/store/orders',
  EXPORT: '/api/config/store/orders/export',
  COUNTS: '/api/config/store/orders/counts',
  order: orderPath,
  markPaid: (orderId: string) => `${orderPath(orderId)}/mark-paid`,
  fulfil: (orderId: string) => `${orderPath(orderId)}/fulfilments`,
  refund: (orderId: string) => `${orderPath(orderId)}/refunds`,
  cancel: (orderId: string) => `${orderPath(orderId)}/cancel`,
  note: (orderId: string) => `${orderPath(orderId)}/note`,
  /** GET: 303 to the order's receipt on the site (its token's page), for the owner to print or send. */
  receipt: (orderId: string) => `${orderPath(orderId)}/receipt`,
} as const;

/** The orders list's filters: paid (or authorised), awaiting payment, every line sent, some or all of it refunded, cancelled. */
export const ORDER_FILTERS = ['paid', 'unpaid', 'unfulfilled', 'fulfilled', 'refunded', 'canceled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** An order's lines sent: none, some, every one (a line of a service or a digital product needs no sending and counts as sent). */
export const FULFILMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The columns of the orders CSV, one row an order, in this order. */
export const ORDER_CSV_COLUMNS = [
  'Order',
  'Date',
  'Customer',
  'Email',
  'Payment',
  'Fulfilment',
  'Items',
  'Currency',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Refunded',
  'Payment method',
  'Coupon codes',
  'Shipping country',
] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ORDERS_PAGE_SIZE = 50;

export const ordersQuery = z
  .object({
    before: z.coerce.number().int().min(1).optional(),
    q: z.string().trim().max(200).optional(),
    filter: z.enum(ORDER_FILTERS).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .strict();
export type OrdersQuery = z.infer<typeof ordersQuery>;

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
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES),
  refundedCents: z.number().int(),
  /** Units ordered, every line together. */
  itemCount: z.number().int(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const ordersAnswer = z.object({ orders: z.array(orderRow), next: z.number().int().nullable() });
export const orderCountsAnswer = z.object({ toFulfil: z.number().int() });

const address = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string(),
  phone: z.string().optional(),
});

export const orderDetailLine = z.object({
  position: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  /** PHYSICAL, DIGITAL, SERVICE or GIFT_CARD. */
  productType: z.string(),
  options: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** The line's share of the order's discounts, and its tax (included in its total or added to it, as the order's prices are). */
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** Whether it is sent (a physical product's), and how many units are. */
  ships: z.boolean(),
  fulfilledQuantity: z.number().int(),
  refundedQuantity: z.number().int(),
  restockedQuantity: z.number().int(),
  /** What is left to refund of the line. */
  refundableCents: z.number().int(),
});
export type OrderDetailLine = z.infer<typeof orderDetailLine>;

export const orderFulfilment = z.object({
  id: z.string(),
  lines: z.array(z.object({ position: z.number().int(), quantity: z.number().int() })),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  createdAt: isoTime,
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const orderRefund = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  shippingCents: z.number().int(),
  lines: z.array(z.object({ position: z.number().int(), quantity: z.number().int(), amountCents: z.number().int(), restock: z.boolean() })),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  failure: z.string().nullable(),
  createdAt: isoTime,
});

/** What happened to the order, oldest first. */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'captured',
  'fulfilled',
  'refunded',
  'refund_failed',
  'restocked',
  'canceled',
  'voided',
  'note',
  'email_sent',
] as const;
export const orderEvent = z.object({
  at: isoTime,
  kind: z.enum(ORDER_EVENT_KINDS),
  /** The team member who did it, by email; null for the store or the shopper. */
  by: z.string().nullable(),
  /** Its facts, as the timeline words them (amounts in minor units, a carrier and tracking number, the email's kind…). */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export const orderDetail = orderRow.extend({
  lines: z.array(orderDetailLine),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  pricesIncludeTax: z.boolean(),
  couponCodes: z.array(z.string()),
  shippingAddress: address.nullable(),
  /** The shipping option chosen, by name. */
  shippingName: z.string().nullable(),
  paymentInstructions: z.string().nullable(),
  /** The payment as the provider holds it: its own id, when it was taken. */
  payment: z.object({ providerPaymentId: z.string().nullable(), capturedAt: isoTime.nullable() }),
  fulfilments: z.array(orderFulfilment),
  refunds: z.array(orderRefund),
  note: z.string(),
  timeline: z.array(orderEvent),
  /** The shipping still refundable. */
  refundableShippingCents: z.number().int(),
  canFulfil: z.boolean(),
  canRefund: z.boolean(),
  canCancel: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderDetailAnswer = z.object({ order: orderDetail });
/** Kept for the mark-paid call's older answer shape: the order as the list shows it. */
export const orderAnswer = z.object({ order: orderRow });

const MAX_TEXT = 100;
export const fulfilBody = z
  .object({
    lines: z
      .array(z.object({ position: z.number().int().min(0), quantity: z.number().int().min(1).max(9999) }).strict())
      .min(1)
      .max(500),
    carrier: z.string().trim().max(MAX_TEXT).default(''),
    trackingNumber: z.string().trim().max(MAX_TEXT).default(''),
    /** The carrier's page for the parcel; https only. */
    trackingUrl: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https:\/\/\S+$/)
      .optional(),
    /** Email the customer what was sent, with the tracking (on unless the owner turns it off). */
    notify: z.boolean().default(true),
  })
  .strict();
export type FulfilBody = z.infer<typeof fulfilBody>;

/** A refund's key: made by the screen when the owner opens the refund, sent again by a retry. */
export const REFUND_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const refundBody = z
  .object({
    refundKey: z.string().regex(REFUND_KEY_PATTERN),
    lines: z.array(z.object({ position: z.number().int().min(0), quantity: z.number().int().min(1).max(9999), restock: z.boolean() }).strict()).max(500),
    shippingCents: z.number().int().min(0).default(0),
    reason: z.string().trim().max(500).default(''),
    /** Email the customer the refund once it has gone through. */
    notify: z.boolean().default(true),
  })
  .strict()
  .refine((b) => b.lines.length > 0 || b.shippingCents > 0, { message: 'Choose what to refund.', path: ['lines'] });
export type RefundBody = z.infer<typeof refundBody>;

export const cancelBody = z
  .object({
    reason: z.string().trim().max(500).default(''),
    /** Email the customer that the order is cancelled. */
    notify: z.boolean().default(true),
  })
  .strict();
export const noteBody = z.object({ note: z.string().max(5000) }).strict();
