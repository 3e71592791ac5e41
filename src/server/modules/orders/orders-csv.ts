/**
 * The orders a search finds, every page of them, as a CSV file (ORDER_CSV_COLUMNS, one row an
 * order, newest first), written as src/server/http/csv.ts writes CSV: RFC 4180, a byte-order mark,
 * a formula start in a cell (a customer's name such as "=HYPERLINK(…)") neutralised with a leading
 * quote. Money is a decimal with the currency's minor-unit digits ("38.00", "1500" for yen); the
 * date and time are the site's. Read a page of CSV_PAGE orders a statement, so a large store is
 * never held in memory whole.
 */
import { ORDER_CSV_COLUMNS } from '../../../contracts/orders';
import type { Executor } from '../../../db/client';
import { currency, isCurrencyCode } from '../../../domain/commerce';
import { csvRow, CSV_BOM } from '../../http/csv';
import { minorUnitsText } from '../catalogue';
import { checkDays, searchOrders, type ListedOrder, type OrderSearch } from './orders-list';

const CSV_PAGE = 500;

/** "2026-03-14 09:05" in the site's time zone. */
export function localTime(timeZone: string): (iso: string) => string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso) => {
    const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
}

/** An order's cells, in ORDER_CSV_COLUMNS' order. */
export function orderCsvCells(o: ListedOrder, time: (iso: string) => string): string[] {
  const digits = isCurrencyCode(o.currency) ? currency(o.currency).fractionDigits : 2;
  const money = (minor: number) => minorUnitsText(minor, digits);
  return [
    String(o.number),
    time(o.createdAt),
    o.customerName,
    o.email,
    o.paymentStatus,
    o.fulfilmentStatus,
    String(o.itemCount),
    o.currency,
    money(o.subtotalCents),
    money(o.discountCents),
    money(o.shippingCents),
    money(o.taxCents),
    money(o.totalCents),
    money(o.refundedCents),
    o.paymentMethod,
    o.couponCodes.join(' '),
    o.shippingCountry ?? '',
  ];
}

/**
 * The CSV's lines: the header, then each order the search finds. The days are checked here, before
 * the first line, so a bad one is refused (400) rather than break the file midway.
 */
export function ordersCsv(ex: Executor, websiteId: string, query: OrderSearch, timeZone: string): AsyncGenerator<string> {
  checkDays(query);
  const time = localTime(timeZone);
  return (async function* () {
    yield CSV_BOM + csvRow(ORDER_CSV_COLUMNS);
    let before: number | undefined;
    do {
      const page = await searchOrders(ex, websiteId, query, { timeZone, before, pageSize: CSV_PAGE });
      yield page.orders.map((o) => csvRow(orderCsvCells(o, time))).join('');
      before = page.next ?? undefined;
    } while (before !== undefined);
  })();
}
