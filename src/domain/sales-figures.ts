/**
 * The analytics dashboard's sales (issue 34): which orders are sales, and the four figures over a
 * range of site days from its days. The server counts the days (server/modules/measurement/
 * sales-report.ts); these rules make the figures of them, for the server's answer and its tests.
 *
 * - A sale is an order placed on the day (in the site's time zone) that took or holds the
 *   shopper's money (paid, authorised, or paid and then refunded), is not cancelled, was not placed
 *   in test mode and is in the store's currency.
 * - Revenue is the sales' totals less what was refunded of them; orders their count; the average
 *   order value the revenue over the orders, to a whole minor unit.
 * - Conversion is the orders as a share of the product views (a product page's page views and the
 *   quick views of products), in per cent to one decimal. It may pass 100% when orders come from
 *   pages that are not product pages (an add-to-cart block elsewhere).
 *
 * Pure: no I/O.
 */
import type { OrderStatus, PaymentStatus } from './checkout/protocol';

/** Payments of an order that make it a sale: refunded ones too (their refunds are taken off the revenue). */
export const SALE_PAYMENT_STATUSES = ['paid', 'authorized', 'refunded'] as const satisfies readonly PaymentStatus[];
/** The order status that is never a sale. */
export const CANCELED_ORDER: OrderStatus = 'canceled';

/** One site day of sales, and the product views of that day. */
export type SalesDay = { day: string; revenueCents: number; orders: number; productPageViews: number; quickViews: number };

export type SalesTotals = {
  revenueCents: number;
  orders: number;
  /** null without orders. */
  averageOrderCents: number | null;
  productPageViews: number;
  quickViews: number;
  /** Orders per 100 product views, one decimal; null without product views. */
  conversionPercent: number | null;
};

/** The revenue per order in whole minor units (half a cent up), or null without orders. */
export function averageOrderCents(revenueCents: number, orders: number): number | null {
  return orders > 0 ? Math.round(revenueCents / orders) : null;
}

/** Orders per 100 product views to one decimal (12.5), or null without product views. */
export function conversionPercent(orders: number, productViews: number): number | null {
  return productViews > 0 ? Math.round((orders * 1000) / productViews) / 10 : null;
}

/** The range's figures from its days. */
export function salesTotals(days: readonly SalesDay[]): SalesTotals {
  const sum = (pick: (d: SalesDay) => number) => days.reduce((total, d) => total + pick(d), 0);
  const revenueCents = sum((d) => d.revenueCents);
  const orders = sum((d) => d.orders);
  const productPageViews = sum((d) => d.productPageViews);
  const quickViews = sum((d) => d.quickViews);
  return {
    revenueCents,
    orders,
    averageOrderCents: averageOrderCents(revenueCents, orders),
    productPageViews,
    quickViews,
    conversionPercent: conversionPercent(orders, productPageViews + quickViews),
  };
}
