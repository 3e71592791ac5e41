/**
 * What the order emails show, read when the email is sent (never from the job's payload): the
 * order and its lines as they were placed, its gift card codes opened for delivery, and the site's
 * title, logo, locale and way of writing money. Amounts are written as the store writes them.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import { townLine } from '../../../../domain/checkout/address';
import { formatPrice, isCurrencyCode, type MoneyFormat } from '../../../../domain/commerce';
import { format } from '../../../../messages/format';
import { cart } from '../../../../messages/cart';
import { orderEmails as words } from '../../../../messages/order-emails';
import { paymentMethods } from '../../../../messages/payment-methods';
import { moneyFormatOf, siteHeader, siteSettings, type WebsiteRow } from '../../sites';
import { giftCardCodesOf, type IssuedGiftCard } from '../gift-cards';
import { orderLines, orders } from '../schema';
import type { AmountRow, MailLine, MailSite } from './frame';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export type PlacedOrder = { order: OrderRow; lines: OrderLineRow[]; giftCards: IssuedGiftCard[] };

/** The order, its lines in order and its gift cards; undefined when the order is gone. */
export async function placedOrder(db: Executor, websiteId: string, orderId: string): Promise<PlacedOrder | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  if (!order) return undefined;
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.websiteId, websiteId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
  return { order, lines, giftCards: await giftCardCodesOf(db, websiteId, orderId) };
}

export type MailMoney = (minor: number) => string;

export function moneyOf(site: WebsiteRow, currency: string): MailMoney {
  const fmt: MoneyFormat = moneyFormatOf(site);
  if (!isCurrencyCode(currency)) throw new Error(`an order's currency ${currency} is not one the store knows`);
  return (minor) => formatPrice({ currency, minor }, fmt);
}

/** The site as the email's frame shows it: its title, its address, its logo as an absolute address. */
export function mailSite(site: WebsiteRow, origin: string): MailSite {
  const logo = siteHeader(site).logo;
  return { title: siteSettings(site).title, origin, ...(logo ? { logoUrl: `${origin}${logo}` } : {}) };
}

export function mailLines(lines: OrderLineRow[], money: MailMoney): MailLine[] {
  return lines.map((l) => ({
    name: l.productName,
    options: l.optionValues.map((o) => `${o.optionName}: ${o.value}`).join(', '),
    quantity: l.quantity,
    unitPrice: money(l.unitPriceCents),
    total: money(l.totalCents),
  }));
}

/** Subtotal, discounts, shipping, tax added on top, and the total; tax included in prices is said beneath instead. */
export function totalRows(order: OrderRow, money: MailMoney): { rows: AmountRow[]; includedTax?: string } {
  const rows: AmountRow[] = [{ label: cart.subtotal, amount: money(order.subtotalCents) }];
  if (order.discountCents > 0) rows.push({ label: cart.discount, amount: `−${money(order.discountCents)}` });
  if (order.shipping) rows.push({ label: cart.shipping, amount: money(order.shippingCents) });
  if (!order.pricesIncludeTax && order.taxCents > 0) rows.push({ label: cart.tax, amount: money(order.taxCents) });
  rows.push({ label: cart.total, amount: money(order.totalCents), strong: true });
  const included = order.pricesIncludeTax && order.taxCents > 0 ? format(words.includingTax, { amount: money(order.taxCents) }) : undefined;
  return included ? { rows, includedTax: included } : { rows };
}

export function methodName(order: OrderRow): string {
  return (paymentMethods as Record<string, string>)[order.paymentMethod] ?? order.paymentMethod;
}

/** The shipping address as lines to print, the country by its name in the site's language. */
export function addressLines(order: OrderRow, lang: string): string[] | undefined {
  const a = order.shippingAddress;
  if (!a) return undefined;
  const country = new Intl.DisplayNames([lang], { type: 'region' }).of(a.country) ?? a.country;
  return [a.name, a.line1, ...(a.line2 ? [a.line2] : []), townLine(a), country, ...(a.phone ? [a.phone] : [])];
}
