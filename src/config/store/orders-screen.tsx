/**
 * The Orders screen (/config/store/orders), minimal until the orders screens come: the store's
 * orders newest first, a page at a time, each with its number, date, customer, total in the
 * store's money and its payment in words; "Mark paid" on an offline order awaiting its money.
 */
import { useCallback, useState } from 'react';
import { ORDERS_API, orderAnswer, ordersAnswer, type OrderRow } from '../../contracts/orders';
import { format } from '../../messages/format';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, LoadMore, Messages, usePagedList } from '../shared/ui';
import { words } from './payments-words';
import { money } from './store-nav';
import './store.css';
import './pricing.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const numberText = (order: OrderRow) => format(words.orderNumber, { number: String(order.number) });

/** The payment in words; a cancelled order says so first. */
function paymentText(order: OrderRow): string {
  const payment = words[order.paymentStatus];
  return order.status === 'canceled' ? `${words.canceled} · ${payment}` : payment;
}

export function OrdersScreen({ writable }: { writable: boolean }) {
  const fetch = useCallback(
    (_: null, before: number | null) =>
      call(ordersAnswer, 'GET', before === null ? ORDERS_API.LIST : `${ORDERS_API.LIST}?before=${before}`).then((a) => ({ rows: a.orders, next: a.next })),
    [],
  );
  const list = usePagedList<OrderRow, null, number>(fetch, null);
  const [done, setDone] = useState<string | null>(null);
  const markPaid = (order: OrderRow) => {
    setDone(null);
    list.setError(null);
    call(orderAnswer, 'POST', ORDERS_API.markPaid(order.id)).then(
      (answer) => {
        list.setRows((rows) => rows.map((r) => (r.id === order.id ? answer.order : r)));
        setDone(format(words.markedPaid, { number: String(order.number) }));
      },
      (err: unknown) => list.setError(errorText(err)),
    );
  };
  return (
    <section className="store-screen pricing-screen" aria-labelledby="orders-title">
      <h1 id="orders-title">{words.ordersTitle}</h1>
      <p className="hint">{words.ordersHint}</p>
      <Messages error={list.error} done={done} />
      <DataTable
        className="store-table pricing-table"
        rows={list.rows}
        rowKey={(o) => o.id}
        rowHeaders
        labelledBy="orders-title"
        busy={list.loading}
        empty={list.loading ? undefined : words.noOrders}
        columns={[
          { header: words.number, cell: numberText },
          { header: words.date, cell: (o) => dateTime.format(new Date(o.createdAt)) },
          {
            header: words.customer,
            cell: (o) => (
              <>
                {o.customerName}
                <br />
                <span className="pricing-muted">{o.email}</span>
              </>
            ),
          },
          { header: words.total, numeric: true, cell: (o) => money(o.totalCents, o.currency) },
          {
            header: words.payment,
            cell: (o) => (
              <>
                <span>{paymentText(o)}</span>
                {o.testMode ? <span className="role-badge">{words.testOrder}</span> : null}
              </>
            ),
          },
          writable && {
            header: <span className="visually-hidden">{words.markPaid}</span>,
            className: 'row-actions',
            cell: (o) =>
              o.canMarkPaid ? (
                <button type="button" className="secondary" aria-label={format(words.markPaidOf, { number: String(o.number) })} onClick={() => markPaid(o)}>
                  {words.markPaid}
                </button>
              ) : null,
          },
        ]}
      />
      <LoadMore more={list.next !== null} loading={list.loading} onLoad={list.loadMore} label={words.moreOrders} />
    </section>
  );
}
