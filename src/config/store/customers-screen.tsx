/**
 * The Customers screen (/config/store/customers): the store's customers, accounts and guests, the
 * latest buyer first, found by a name or an email address (kept in the address, `?q=`), a page at a
 * time, each with their number of orders, total spent and last order; "Export CSV" downloads every
 * customer the search finds. A customer opens at their own address
 * (/config/store/customers/{id}) with their orders, each linked to its page in Orders.
 */
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { CUSTOMERS_API, customerAnswer, customersAnswer, type CustomerOrder, type CustomerRow } from '../../contracts/customers';
import { orderStatusWords } from '../../domain/order-status-words';
import { customers as customerWords } from '../../messages/customers';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { useDebounced } from '../shared/file-picker';
import { LoadMore, Messages, usePagedList } from '../shared/ui';
import { orderAddress } from './orders-query';
import { words as orderWords } from './orders-words';
import { go, money, STORE_ADDRESSES, usePathname } from './store-nav';
import './store.css';
import './customers.css';

const words = { ...orderWords, ...customerWords };

const CUSTOMER = /^\/config\/store\/customers\/([ag]-[A-Za-z0-9_-]{1,64})\/?$/;
const customerAddress = (id: string) => `${STORE_ADDRESSES.customers}/${id}`;

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayOf = (iso: string) => day.format(new Date(iso));

/** A link opening an address of the config area in place (with a modifier key or the middle button, as any link would). */
function InPlaceLink({ href, children }: { href: string; children: string }) {
  const open = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(href);
  };
  return (
    <a href={href} onClick={open}>
      {children}
    </a>
  );
}

/** What a customer spent, one amount a currency; a customer who never ordered spent nothing to show. */
const spentText = (c: CustomerRow) => (c.spent.length === 0 ? '—' : c.spent.map((s) => money(s.cents, s.currency)).join(', '));

/** A cell's label, shown only where the table's headers are not (a phone's stacked rows). */
const CellLabel = ({ children }: { children: string }) => <span className="customers-cell-label">{`${children}: `}</span>;

function KindBadge({ customer }: { customer: CustomerRow }) {
  return <span className={customer.hasAccount ? 'role-badge customers-account' : 'role-badge'}>{customer.hasAccount ? words.account : words.guest}</span>;
}

export function CustomersScreen() {
  const path = usePathname();
  const id = CUSTOMER.exec(path)?.[1];
  return id ? <CustomerDetail key={id} id={id} /> : <CustomerList />;
}

const searchInAddress = () => (new URLSearchParams(window.location.search).get('q') ?? '').slice(0, 200);

function CustomerList() {
  const [q, setQ] = useState(searchInAddress);
  const settled = useDebounced(q.trim(), 300);
  const fetch = useCallback((search: string, after: string | null) => {
    const params = new URLSearchParams();
    if (search) params.set('q', search);
    if (after) params.set('after', after);
    const text = params.toString();
    return call(customersAnswer, 'GET', text ? `${CUSTOMERS_API.LIST}?${text}` : CUSTOMERS_API.LIST).then((a) => ({ rows: a.customers, next: a.next }));
  }, []);
  const list = usePagedList<CustomerRow, string, string>(fetch, settled);
  const { show, filter } = list;
  useEffect(() => {
    if (settled === filter) return;
    show(settled);
    // The search stays in the address, so Back from a customer and a reload find the same customers.
    window.history.replaceState(
      window.history.state,
      '',
      settled ? `${STORE_ADDRESSES.customers}?${new URLSearchParams({ q: settled })}` : STORE_ADDRESSES.customers,
    );
  }, [settled, filter, show]);
  const exportUrl = settled ? `${CUSTOMERS_API.EXPORT}?${new URLSearchParams({ q: settled })}` : CUSTOMERS_API.EXPORT;
  return (
    <section className="store-screen customers-screen" aria-labelledby="customers-title">
      <div className="store-head">
        <h1 id="customers-title">{words.title}</h1>
        <div className="button-row store-head-actions">
          <a className="button secondary" href={exportUrl} download aria-describedby="customers-export-hint">
            {words.exportCsv}
          </a>
        </div>
      </div>
      <p className="hint">{words.hint}</p>
      <p className="visually-hidden" id="customers-export-hint">
        {words.exportHint}
      </p>
      <form className="store-filters" role="search" aria-label={words.filtersLabel} onSubmit={(e) => e.preventDefault()}>
        <Field label={words.search} hint={words.searchHint}>
          {(c) => <input {...c} type="search" value={q} onChange={(e) => setQ(e.target.value)} />}
        </Field>
      </form>
      <Messages error={list.error} />
      {!list.loading || list.rows.length > 0 ? (
        <p className="store-count" role="status">
          {format(words.count, { count: list.rows.length })}
        </p>
      ) : null}
      <DataTable
        className="store-table customers-table"
        rows={list.rows}
        rowKey={(c) => c.id}
        rowHeaders
        labelledBy="customers-title"
        busy={list.loading}
        empty={list.loading ? undefined : settled ? words.noMatch : words.noCustomers}
        columns={[
          {
            header: words.customer,
            className: 'customers-who',
            cell: (c) => (
              <>
                <InPlaceLink href={customerAddress(c.id)}>{c.name || c.email}</InPlaceLink>
                {c.name ? <span className="customers-email">{c.email}</span> : null}
              </>
            ),
          },
          { header: words.kind, className: 'customers-kind', cell: (c) => <KindBadge customer={c} /> },
          { header: words.ordersTitle, numeric: true, className: 'customers-orders', cell: (c) => format(words.orderCount, { count: c.orderCount }) },
          {
            header: words.spent,
            numeric: true,
            className: 'customers-spent',
            cell: (c) => (
              <>
                <CellLabel>{words.spent}</CellLabel>
                {spentText(c)}
              </>
            ),
          },
          {
            header: words.lastOrder,
            className: 'customers-last',
            cell: (c) =>
              c.lastOrderAt ? (
                <>
                  <CellLabel>{words.lastOrder}</CellLabel>
                  {dayOf(c.lastOrderAt)}
                </>
              ) : (
                <span className="customers-muted">{words.noOrderYet}</span>
              ),
          },
        ]}
      />
      <LoadMore more={list.next !== null} loading={list.loading} onLoad={list.loadMore} label={words.more} />
    </section>
  );
}

function CustomerDetail({ id }: { id: string }) {
  const [customer, setCustomer] = useState<CustomerRow | null>(null);
  const fetch = useCallback(
    (_: null, before: number | null) =>
      call(customerAnswer, 'GET', before === null ? CUSTOMERS_API.customer(id) : `${CUSTOMERS_API.customer(id)}?before=${before}`).then((a) => {
        setCustomer(a.customer);
        return { rows: a.orders, next: a.next };
      }),
    [id],
  );
  const list = usePagedList<CustomerOrder, null, number>(fetch, null);
  const title = customer ? customer.name || customer.email : words.title;
  return (
    <section className="store-screen customers-screen" aria-labelledby="customer-title">
      <p className="customers-back">
        <InPlaceLink href={STORE_ADDRESSES.customers}>{words.allCustomers}</InPlaceLink>
      </p>
      <h1 id="customer-title">{title}</h1>
      <Messages error={list.error} />
      {customer ? (
        <>
          <p className="customers-facts">
            {customer.name ? <span className="customers-email">{customer.email}</span> : null}
            <KindBadge customer={customer} />
            <span className="customers-muted">
              {customer.accountSince ? format(words.accountSince, { date: dayOf(customer.accountSince) }) : customer.hasAccount ? '' : words.guestSince}
            </span>
          </p>
          <dl className="customers-figures">
            <div>
              <dt>{words.ordersTitle}</dt>
              <dd>{customer.orderCount}</dd>
            </div>
            <div>
              <dt>{words.spent}</dt>
              <dd>{spentText(customer)}</dd>
            </div>
            <div>
              <dt>{words.lastOrder}</dt>
              <dd>{customer.lastOrderAt ? dayOf(customer.lastOrderAt) : words.noOrderYet}</dd>
            </div>
          </dl>
          <h2 id="customer-orders-title">{format(words.ordersOf, { name: title })}</h2>
        </>
      ) : null}
      <DataTable
        className="store-table customer-orders-table"
        rows={list.rows}
        rowKey={(o) => o.id}
        rowHeaders
        labelledBy={customer ? 'customer-orders-title' : 'customer-title'}
        busy={list.loading}
        empty={list.loading || !customer ? undefined : words.customerHasNoOrders}
        columns={[
          {
            header: words.number,
            cell: (o) => <InPlaceLink href={orderAddress(o.id)}>{format(words.orderNumber, { number: String(o.number) })}</InPlaceLink>,
          },
          { header: words.date, cell: (o) => dayOf(o.createdAt) },
          {
            header: words.status,
            cell: (o) => (
              <>
                {orderStatusWords(o).join(' · ')}
                {o.testMode ? (
                  <>
                    {' '}
                    <span className="role-badge">{words.testOrder}</span>
                  </>
                ) : null}
              </>
            ),
          },
          { header: words.total, numeric: true, cell: (o) => money(o.totalCents, o.currency) },
        ]}
      />
      <LoadMore more={list.next !== null} loading={list.loading} onLoad={list.loadMore} label={words.olderOrders} />
    </section>
  );
}
