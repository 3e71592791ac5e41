/**
 * The orders list's query as the page's address keeps it (/config/store/orders?q=…&filter=…&from=…&to=…),
 * so a reload, Back and a shared link show the same orders, and the same query as the list and
 * export calls take it. A part the address holds that the calls would refuse (an unknown filter, a
 * day that is no day) is left out rather than sent.
 */
import { ORDERS_API, ORDER_FILTERS, type OrderFilter } from '../../contracts/orders';
import { STORE_ADDRESSES } from './store-nav';

export type OrdersQuery = { q: string; filter: OrderFilter | ''; from: string; to: string };

export const NO_QUERY: OrdersQuery = { q: '', filter: '', from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) =>
  DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const isFilter = (text: string): text is OrderFilter => (ORDER_FILTERS as readonly string[]).includes(text);

/** The query an address's search part holds (`?q=…`, with or without its `?`). */
export function queryFromSearch(search: string): OrdersQuery {
  const params = new URLSearchParams(search);
  const filter = params.get('filter') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { q: (params.get('q') ?? '').slice(0, 200), filter: isFilter(filter) ? filter : '', from: isDay(from) ? from : '', to: isDay(to) ? to : '' };
}

/** The query's parameters in a fixed order, the empty ones left out; '' for no query. */
export function searchOf(query: OrdersQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.filter) params.set('filter', query.filter);
  if (isDay(query.from)) params.set('from', query.from);
  if (isDay(query.to)) params.set('to', query.to);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list's address for a query. */
export const listAddress = (query: OrdersQuery): string => `${STORE_ADDRESSES.orders}${searchOf(query)}`;

/** The list call for a query, a page below `before` when given. */
export function listUrl(query: OrdersQuery, before?: number | null): string {
  const search = searchOf(query);
  if (before === undefined || before === null) return `${ORDERS_API.LIST}${search}`;
  return `${ORDERS_API.LIST}${search ? `${search}&` : '?'}before=${before}`;
}

/** The CSV export of the same orders. */
export const exportUrl = (query: OrdersQuery): string => `${ORDERS_API.EXPORT}${searchOf(query)}`;

/** Whether the query narrows the list at all. */
export const isNarrowed = (query: OrdersQuery): boolean => searchOf(query) !== '';

const ORDER = /^\/config\/store\/orders\/([A-Za-z0-9_-]{1,64})\/?$/;

export const orderAddress = (id: string): string => `${STORE_ADDRESSES.orders}/${id}`;

/** The order an address opens, if it names one. */
export function orderIdAt(pathname: string): string | undefined {
  return ORDER.exec(pathname)?.[1];
}
