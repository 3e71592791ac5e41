/**
 * The Orders screen (/config/store/orders): the store's orders newest first, found by a search (an
 * order number, a customer's email or name, a product), narrowed by what is left to do with them
 * (paid, awaiting payment, unfulfilled, fulfilled, refunded, cancelled) and by the days they were
 * placed, the query kept in the address so a reload or a shared link shows the same orders. Each
 * row opens its order (/config/store/orders/{id}, ./order-detail-screen.tsx); "Export CSV" downloads
 * the same orders; "Mark paid" pays an offline order from the list. On a phone each order is a card.
 */
import { EMAIL_PREVIEW_PATH } from '../../domain/checkout/paths';
import { configRedirectUrl } from '../../domain/routes';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { orderAnswer, ordersAnswer, ORDERS_API, ORDER_FILTERS, type OrderFilter, type OrderRow } from '../../contracts/orders';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { ordersChanged } from '../shell/orders-badge';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { useDebounced } from '../shared/file-picker';
import { errorText, Messages } from '../shared/ui';
import { FulfilmentBadge, PaymentBadges } from './order-badges';
import { exportUrl, isNarrowed, listAddress, listUrl, NO_QUERY, orderAddress, orderIdAt, queryFromSearch, searchOf, type OrdersQuery } from './orders-query';
import { itemsText } from './order-timeline';
import { words } from './orders-words';
import { money, STORE_ADDRESSES, usePathname } from './store-nav';
import './store.css';
import './orders.css';

const OrderDetailScreen = lazy(() => import('./order-detail-screen').then((m) => ({ default: m.OrderDetailScreen })));

/** Opens an order in place; its page's Back to orders returns to the list as it was (its query, through history). */
function openOrder(id: string, from: string): void {
  window.history.pushState({ ordersList: from }, '', orderAddress(id));
  window.dispatchEvent(new PopStateEvent('popstate'));
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const FILTER_LABELS: Record<OrderFilter | '', string> = {
  '': words.all,
  paid: words.paid,
  unpaid: words.unpaid,
  unfulfilled: words.unfulfilled,
  fulfilled: words.fulfilled,
  refunded: words.refunded,
  canceled: words.canceled,
};

export function OrdersScreen({ writable }: { writable: boolean }) {
  const path = usePathname();
  const id = orderIdAt(path);
  if (id)
    return (
      <Suspense fallback={<p className="loading-inline">{words.loadingOrder}</p>}>
        <OrderDetailScreen key={id} id={id} writable={writable} />
      </Suspense>
    );
  return <OrdersList writable={writable} />;
}

const onList = () => window.location.pathname.replace(/\/+$/, '') === STORE_ADDRESSES.orders;

/** The query the address holds, followed as Back and Forward move it. */
function useAddressQuery(): [OrdersQuery, Dispatch<SetStateAction<OrdersQuery>>] {
  const [query, setQuery] = useState(() => queryFromSearch(window.location.search));
  useEffect(() => {
    const moved = () => {
      if (onList()) setQuery(queryFromSearch(window.location.search));
    };
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  return [query, setQuery];
}

type Page = { key: string; rows: OrderRow[]; next: number | null };

function OrdersList({ writable }: { writable: boolean }) {
  const [query, setQuery] = useAddressQuery();
  // The search box's text, asked for once typing pauses; the other parts are asked for at once.
  const [typed, setTyped] = useState(query.q);
  const [shownQ, setShownQ] = useState(query.q);
  if (query.q !== shownQ) {
    // The address changed under the box (Back, a cleared search): the box follows it.
    setShownQ(query.q);
    setTyped(query.q);
  }
  const settledQ = useDebounced(typed, 300);
  const lastSettled = useRef(settledQ);
  useEffect(() => {
    if (settledQ === lastSettled.current) return;
    lastSettled.current = settledQ;
    setShownQ(settledQ);
    setQuery((q) => ({ ...q, q: settledQ }));
  }, [settledQ, setQuery]);
  const key = searchOf(query);
  // The address keeps the query (replaced, not pushed: Back leaves the list rather than undoing each keystroke).
  useEffect(() => {
    const address = listAddress(query);
    if (onList() && `${window.location.pathname}${window.location.search}` !== address) {
      window.history.replaceState(null, '', address);
    }
  }, [query]);

  const [page, setPage] = useState<Page>();
  // A list that could not be read, for the query it was asked for; and a later page's or Mark paid's refusal.
  const [failed, setFailed] = useState<{ key: string; error: string } | null>(null);
  const [actionError, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    let current = true;
    call(ordersAnswer, 'GET', listUrl(queryFromSearch(key))).then(
      (answer) => current && setPage({ key, rows: answer.orders, next: answer.next }),
      (err: unknown) => current && setFailed({ key, error: errorText(err) }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  const listError = failed?.key === key ? failed.error : null;
  const error = listError ?? actionError;
  const loading = page?.key !== key && listError === null;
  const rows = page?.key === key ? page.rows : [];

  const loadMore = () => {
    if (!page || page.next === null) return;
    setLoadingMore(true);
    setError(null);
    call(ordersAnswer, 'GET', listUrl(query, page.next))
      .then(
        (answer) => setPage((p) => (p && p.key === key ? { key, rows: [...p.rows, ...answer.orders], next: answer.next } : p)),
        (err: unknown) => setError(errorText(err)),
      )
      .finally(() => setLoadingMore(false));
  };

  const markPaid = (order: OrderRow) => {
    setDone(null);
    setError(null);
    // The call answers the order in full; the list keeps the fields it shows.
    call(orderAnswer, 'POST', ORDERS_API.markPaid(order.id)).then(
      (answer) => {
        setPage((p) => p && { ...p, rows: p.rows.map((r) => (r.id === order.id ? answer.order : r)) });
        setDone(format(words.markedPaid, { number: String(order.number) }));
        ordersChanged();
      },
      (err: unknown) => setError(errorText(err)),
    );
  };

  const change = (part: keyof OrdersQuery) => (e: ChangeEvent<HTMLInputElement>) => setQuery({ ...query, [part]: e.target.value });
  const clear = () => {
    setTyped('');
    setShownQ('');
    setQuery(NO_QUERY);
  };
  const narrowed = isNarrowed(query) || typed.trim() !== '';

  return (
    <section className="store-screen orders-screen" aria-labelledby="orders-title">
      <div className="store-head">
        <h1 id="orders-title">{words.ordersTitle}</h1>
        <div className="button-row store-head-actions">
          <a className="button secondary" href={configRedirectUrl(EMAIL_PREVIEW_PATH)}>
            {words.previewEmails}
          </a>
          <a className="button secondary" href={exportUrl(query)} download>
            {words.exportCsv}
          </a>
        </div>
      </div>
      <p className="hint">{words.ordersHint}</p>
      <form className="orders-filters" role="search" aria-label={words.searchOrders} onSubmit={(e) => e.preventDefault()}>
        <Field label={words.searchOrders} hint={words.searchOrdersHint}>
          {(c) => <input {...c} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} />}
        </Field>
        <fieldset className="orders-dates">
          <legend>{words.datePlaced}</legend>
          <Field label={words.fromDay}>{(c) => <input {...c} type="date" value={query.from} max={query.to || undefined} onChange={change('from')} />}</Field>
          <Field label={words.toDay}>{(c) => <input {...c} type="date" value={query.to} min={query.from || undefined} onChange={change('to')} />}</Field>
        </fieldset>
        <fieldset className="orders-chips">
          <legend className="visually-hidden">{words.showOrders}</legend>
          {(['', ...ORDER_FILTERS] as const).map((filter) => (
            <label key={filter || 'all'} className="orders-chip">
              <input type="radio" name="orders-filter" value={filter} checked={query.filter === filter} onChange={() => setQuery({ ...query, filter })} />
              <span>{FILTER_LABELS[filter]}</span>
            </label>
          ))}
        </fieldset>
        {narrowed ? (
          <p className="orders-clear">
            <button type="button" className="link" onClick={clear}>
              {words.clearQuery}
            </button>
          </p>
        ) : null}
      </form>
      <Messages error={error} done={done} />
      {!loading && rows.length > 0 ? (
        <p className="store-count" role="status">
          {format(words.ordersCount, { count: rows.length })}
        </p>
      ) : null}
      {!loading && rows.length === 0 && narrowed ? (
        <div className="orders-empty">
          <p>{words.noMatches}</p>
          <button type="button" className="secondary" onClick={clear}>
            {words.clearQuery}
          </button>
        </div>
      ) : (
        <DataTable
          className="store-table orders-table"
          rows={rows}
          rowKey={(o) => o.id}
          rowHeaders
          labelledBy="orders-title"
          busy={loading}
          empty={loading ? undefined : words.noOrders}
          columns={[
            {
              header: words.number,
              className: 'orders-number',
              cell: (o) => (
                <a
                  href={orderAddress(o.id)}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    openOrder(o.id, listAddress(query));
                  }}
                >
                  {format(words.orderNumber, { number: String(o.number) })}
                </a>
              ),
            },
            { header: words.date, className: 'orders-date', cell: (o) => dateTime.format(new Date(o.createdAt)) },
            {
              header: words.customer,
              className: 'orders-customer',
              cell: (o) => (
                <>
                  {o.customerName || words.customerNone}
                  <span className="store-sub">{o.email}</span>
                </>
              ),
            },
            { header: words.payment, className: 'orders-payment', cell: (o) => <PaymentBadges order={o} /> },
            { header: words.fulfilment, className: 'orders-fulfilment', cell: (o) => <FulfilmentBadge order={o} /> },
            { header: words.items, className: 'orders-items', cell: (o) => itemsText(o.itemCount) },
            { header: words.total, numeric: true, className: 'orders-total', cell: (o) => money(o.totalCents, o.currency) },
            writable && {
              header: <span className="visually-hidden">{words.markPaid}</span>,
              className: 'row-actions orders-row-actions',
              cell: (o) =>
                o.canMarkPaid ? (
                  <button type="button" className="secondary" aria-label={format(words.markPaidOf, { number: String(o.number) })} onClick={() => markPaid(o)}>
                    {words.markPaid}
                  </button>
                ) : null,
            },
          ]}
        />
      )}
      {page && page.key === key && page.next !== null ? (
        <p>
          <button type="button" className="secondary" disabled={loadingMore} onClick={loadMore}>
            {words.olderOrders}
          </button>
        </p>
      ) : null}
    </section>
  );
}
