/**
 * The owner's Customers screen (Store → Customers): config calls under `commerce-orders`, read
 * only. A customer is an account (a site user: the orders placed signed in, and the orders placed as
 * a guest with the account's verified email address) or a guest (the orders of one email address,
 * lowercased, with no account). Refusals are `{ error, errors? }`; 404 for a customer the store has
 * not got.
 *
 * - `GET /api/config/store/customers?q&after`: `customersAnswer`, 50 customers a page, the latest
 *   buyer first (accounts that never ordered last). `q` finds a name or an email address, the
 *   account's or one given on any of the customer's orders. `next`: the `after` of the page after,
 *   null on the last.
 * - `GET /api/config/store/customers/export?q`: the customers the same search finds, every page,
 *   as CSV (`text/csv`, RFC 4180 with a byte-order mark, a cell starting a formula neutralised by a
 *   leading `'`; one row a customer, CUSTOMER_CSV_COLUMNS), named `customers-{site}-{date}.csv`.
 * - `GET /api/config/store/customers/:customerId?before`: `customerAnswer`, the customer and 50 of
 *   their orders a page, newest first (numbered below `before` when given). A guest's id names one
 *   of their orders, so it still finds them once their address has an account.
 *
 * Total spent counts each order paid (or paid and refunded) less its refunds, leaving out cancelled
 * orders, orders awaiting payment or only authorised, and test orders; one amount a currency.
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../domain/checkout/protocol';
import { isoTime } from './common';

export const CUSTOMERS_API = {
  LIST: '/api/config/store/customers',
  EXPORT: '/api/config/store/customers/export',
  customer: (customerId: string) => `/api/config/store/customers/${encodeURIComponent(customerId)}`,
} as const;

/** `a-{site user id}` for an account, `g-{order id}` for a guest (the customer who placed that order). */
export const CUSTOMER_ID = /^[ag]-[A-Za-z0-9_-]{1,64}$/;
/** A page's last customer, `{id}~{last order time}` (the time empty for one who never ordered). */
export const CUSTOMERS_CURSOR = /^[ag]-[A-Za-z0-9_-]{1,64}~(\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2}))?$/;

export const CUSTOMERS_PAGE_SIZE = 50;
export const CUSTOMER_ORDERS_PAGE_SIZE = 50;

const search = z.string().trim().max(200).optional();
export const customersQuery = z.object({ q: search, after: z.string().regex(CUSTOMERS_CURSOR).optional() }).strict();
export const customersExportQuery = z.object({ q: search }).strict();
export const customerParams = z.object({ customerId: z.string().regex(CUSTOMER_ID) });
export const customerQuery = z.object({ before: z.coerce.number().int().min(1).optional() }).strict();

/** What a customer spent in one currency, in its minor units. */
export const customerSpent = z.object({ currency: z.string(), cents: z.number().int() });

export const customerRow = z.object({
  id: z.string(),
  hasAccount: z.boolean(),
  /** The account's name, else the name on their latest order; empty when neither has one. */
  name: z.string(),
  /** The account's address, else the one on their latest order. */
  email: z.string(),
  orderCount: z.number().int(),
  /** By currency; none for a customer who never ordered, zero in their last order's currency when nothing counted yet. */
  spent: z.array(customerSpent),
  lastOrderAt: isoTime.nullable(),
  /** When the account was made; null for a guest. */
  accountSince: isoTime.nullable(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customersAnswer = z.object({ customers: z.array(customerRow), next: z.string().nullable() });

/** Units sent of the order's shipped lines: none, some, all; null when nothing in it is sent. */
export const CUSTOMER_FULFILMENTS = ['unfulfilled', 'partial', 'fulfilled'] as const;

export const customerOrder = z.object({
  id: z.string(),
  number: z.number().int(),
  createdAt: isoTime,
  currency: z.string(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  testMode: z.boolean(),
  fulfilment: z.enum(CUSTOMER_FULFILMENTS).nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrder>;

export const customerAnswer = z.object({ customer: customerRow, orders: z.array(customerOrder), next: z.number().int().nullable() });

/** The columns of the customers CSV, one row a customer, in this order. */
export const CUSTOMER_CSV_COLUMNS = ['Name', 'Email', 'Account', 'Orders', 'Total spent', 'Currency', 'Last order'] as const;
