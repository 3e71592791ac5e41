/**
 * An order's page (/config/store/orders/{id}): its number, date, payment and fulfilment; its lines
 * (options, SKU, units, unit price, discount, tax, total, how many sent and refunded); its totals
 * (discount, shipping, tax included or added, refunded, net); the customer and where it goes; the
 * payment as its provider holds it, or the instructions an offline one was given; its fulfilments
 * with their tracking, its refunds, the team's note and its timeline, oldest first. A role that may
 * change orders fulfils, refunds, cancels and marks it paid (./order-dialogs.tsx) and edits the note;
 * each change shows the order as the call answered it, and the sidebar's count follows.
 */
import { receipt as receiptWords } from '../../messages/receipt';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ORDERS_API, orderDetailAnswer, type OrderDetail, type OrderDetailLine } from '../../contracts/orders';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { ordersChanged } from '../shell/orders-badge';
import { ApiError, call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, Messages } from '../shared/ui';
import { FulfilmentBadge, PaymentBadges, paymentText } from './order-badges';
import { CancelDialog, FulfilDialog, MarkPaidDialog, RefundDialog, type DialogOutcome } from './order-dialogs';
import { eventBy, eventText, refundParts, unitsText } from './order-timeline';
import { methodName, words } from './orders-words';
import { go, money, STORE_ADDRESSES } from './store-nav';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

type Dialog = 'fulfil' | 'refund' | 'cancel' | 'markPaid';

/** The list this order was opened from (its search kept), when it was: Back to orders returns to it. */
function listOpenedFrom(): string | undefined {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'ordersList' in state && typeof state.ordersList === 'string') return state.ordersList;
  return undefined;
}

export function OrderDetailScreen({ id, writable }: { id: string; writable: boolean }) {
  const [order, setOrder] = useState<OrderDetail>();
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useEffect(() => {
    let current = true;
    call(orderDetailAnswer, 'GET', ORDERS_API.order(id)).then(
      (answer) => current && setOrder(answer.order),
      (err: unknown) => {
        if (!current) return;
        if (err instanceof ApiError && err.status === 404) setMissing(true);
        else setError(errorText(err));
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  const closed = (outcome: DialogOutcome) => {
    setDialog(null);
    if (!outcome) return;
    setOrder(outcome.order);
    setDone(outcome.message);
    ordersChanged();
  };

  const from = listOpenedFrom();
  const back = (
    <p className="store-back">
      <a
        href={from ?? STORE_ADDRESSES.orders}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          if (from) window.history.back();
          else go(STORE_ADDRESSES.orders);
        }}
      >
        ← {words.backToOrders}
      </a>
    </p>
  );
  if (missing)
    return (
      <section className="store-screen order-screen">
        {back}
        <p role="alert">{words.orderNotFound}</p>
      </section>
    );
  if (!order)
    return (
      <section className="store-screen order-screen">
        {back}
        {error ? <Messages error={error} /> : <p className="loading-inline">{words.loadingOrder}</p>}
      </section>
    );

  const number = String(order.number);
  const paidNotCancellable = order.status === 'open' && !order.canCancel;
  return (
    <section className="store-screen order-screen" aria-labelledby="order-title">
      {back}
      <div className="order-head">
        <div className="order-head-name">
          <h1 id="order-title">{format(words.orderTitle, { number })}</h1>
          <p className="order-head-state">
            <span>{format(words.placedOn, { date: when(order.createdAt) })}</span>
            <PaymentBadges order={order} />
            <FulfilmentBadge order={order} />
          </p>
          <p>
            <a href={ORDERS_API.receipt(order.id)} target="_blank" rel="noopener">
              {receiptWords.openReceipt}
            </a>
          </p>
        </div>
        {writable && order.status === 'open' ? (
          <div className="order-actions">
            <div className="button-row" role="group" aria-label={words.actions}>
              {order.canMarkPaid ? (
                <button type="button" onClick={() => setDialog('markPaid')}>
                  {words.markPaid}
                </button>
              ) : null}
              {order.canFulfil ? (
                <button type="button" onClick={() => setDialog('fulfil')}>
                  {words.fulfilItems}
                </button>
              ) : null}
              {order.canRefund ? (
                <button type="button" className="secondary" onClick={() => setDialog('refund')}>
                  {words.refund}
                </button>
              ) : null}
              <button
                type="button"
                className="secondary danger"
                disabled={!order.canCancel}
                aria-describedby={paidNotCancellable ? 'order-cancel-why' : undefined}
                onClick={() => setDialog('cancel')}
              >
                {words.cancelOrder}
              </button>
            </div>
            {paidNotCancellable ? (
              <p className="field-hint" id="order-cancel-why">
                {words.cancelPaidFirst}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <Messages error={error} done={done} />
      <div className="order-columns">
        <div className="order-main">
          <Lines order={order} />
          <Fulfilments order={order} />
          <Refunds order={order} />
          <Timeline order={order} />
        </div>
        <div className="order-side">
          <Customer order={order} />
          <Payment order={order} />
          <Note order={order} writable={writable} onSaved={(next) => setOrder(next)} />
        </div>
      </div>
      {dialog === 'fulfil' ? <FulfilDialog order={order} onClosed={closed} /> : null}
      {dialog === 'refund' ? <RefundDialog order={order} onClosed={closed} /> : null}
      {dialog === 'cancel' ? <CancelDialog order={order} onClosed={closed} /> : null}
      {dialog === 'markPaid' ? <MarkPaidDialog order={order} onClosed={closed} /> : null}
    </section>
  );
}

function Card({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`store-card order-card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** How much of a line was sent and refunded, when any was. */
function lineProgress(line: OrderDetailLine): string {
  const parts = [];
  if (!line.ships) parts.push(words.noShippingNeeded);
  else if (line.fulfilledQuantity > 0) parts.push(format(words.lineSent, { count: line.fulfilledQuantity }));
  if (line.refundedQuantity > 0) parts.push(format(words.lineRefunded, { count: line.refundedQuantity }));
  if (line.restockedQuantity > 0) parts.push(format(words.lineRestocked, { count: line.restockedQuantity }));
  return parts.join(' · ');
}

function Lines({ order }: { order: OrderDetail }) {
  const m = (cents: number) => money(cents, order.currency);
  return (
    <Card id="order-items" title={words.items}>
      <DataTable
        className="store-table order-lines"
        rows={order.lines}
        rowKey={(l) => l.position}
        rowHeaders
        labelledBy="order-items"
        columns={[
          {
            header: words.product,
            className: 'order-line-product',
            cell: (l) => (
              <>
                <span className="order-line-name">{l.productName}</span>
                {l.options ? <span className="store-sub">{l.options}</span> : null}
                {l.sku ? <span className="store-sub store-sku">{format(words.lineSku, { sku: l.sku })}</span> : null}
                {lineProgress(l) ? <span className="store-sub order-line-progress">{lineProgress(l)}</span> : null}
              </>
            ),
          },
          { header: words.quantity, numeric: true, className: 'order-line-quantity', cell: (l) => `× ${l.quantity}` },
          { header: words.unitPrice, numeric: true, cell: (l) => m(l.unitPriceCents) },
          order.lines.some((l) => l.discountCents > 0) && {
            header: words.discount,
            numeric: true,
            cell: (l) => (l.discountCents > 0 ? `−${m(l.discountCents)}` : ''),
          },
          order.lines.some((l) => l.taxCents > 0) && { header: words.tax, numeric: true, cell: (l) => m(l.taxCents) },
          { header: words.total, numeric: true, className: 'order-line-total', cell: (l) => m(l.totalCents) },
        ]}
      />
      <Totals order={order} />
    </Card>
  );
}

function Totals({ order }: { order: OrderDetail }) {
  const m = (cents: number) => money(cents, order.currency);
  const rows: [string, string, string?][] = [[words.subtotal, m(order.subtotalCents)]];
  if (order.discountCents > 0)
    rows.push([order.couponCodes.length ? format(words.discountCodes, { codes: order.couponCodes.join(', ') }) : words.discount, `−${m(order.discountCents)}`]);
  if (order.shippingName || order.shippingCents > 0)
    rows.push([order.shippingName ? format(words.shippingNamed, { name: order.shippingName }) : words.shipping, m(order.shippingCents)]);
  if (order.taxCents > 0) rows.push([order.pricesIncludeTax ? words.taxIncluded : words.taxAdded, m(order.taxCents)]);
  rows.push([words.total, m(order.totalCents), 'order-total']);
  if (order.refundedCents > 0) {
    rows.push([words.refunded, `−${m(order.refundedCents)}`]);
    rows.push([words.net, m(order.totalCents - order.refundedCents), 'order-total']);
  }
  return (
    <dl className="order-totals" aria-label={words.totalsTitle}>
      {rows.map(([label, value, className]) => (
        <div key={label} className={className}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Customer({ order }: { order: OrderDetail }) {
  const a = order.shippingAddress;
  return (
    <Card id="order-customer" title={words.customer}>
      <p className="order-facts">
        {order.customerName || words.customerNone}
        <br />
        <a href={`mailto:${order.email}`}>{order.email}</a>
      </p>
      <h3>{words.shippingAddress}</h3>
      {a ? (
        <address className="order-facts">
          {[a.name, a.line1, a.line2, a.city, [a.region, a.postcode].filter(Boolean).join(' '), countryName(a.country)]
            .filter((part): part is string => !!part)
            .map((part, i) => (
              <span key={i}>
                {part}
                <br />
              </span>
            ))}
          {a.phone ? format(words.phoneNumber, { phone: a.phone }) : null}
        </address>
      ) : (
        <p className="order-facts muted">{words.noShippingAddress}</p>
      )}
      {order.shippingName ? (
        <>
          <h3>{words.shippingOption}</h3>
          <p className="order-facts">{order.shippingName}</p>
        </>
      ) : null}
    </Card>
  );
}

function Payment({ order }: { order: OrderDetail }) {
  return (
    <Card id="order-payment" title={words.payment}>
      <dl className="order-facts-list">
        <dt>{words.paymentMethod}</dt>
        <dd>{methodName(order.paymentMethod)}</dd>
        <dt>{words.status}</dt>
        <dd>{order.status === 'canceled' ? `${words.canceled} · ${paymentText(order)}` : paymentText(order)}</dd>
        {order.provider !== 'manual' && order.payment.providerPaymentId ? (
          <>
            <dt>{words.paymentId}</dt>
            <dd className="order-code">{order.payment.providerPaymentId}</dd>
          </>
        ) : null}
        {order.payment.capturedAt ? (
          <>
            <dt>{words.paid}</dt>
            <dd>{when(order.payment.capturedAt)}</dd>
          </>
        ) : null}
      </dl>
      {order.testMode ? <p className="field-hint">{words.testPayment}</p> : null}
      {order.paymentInstructions ? (
        <>
          <h3>{words.instructionsGiven}</h3>
          <p className="order-instructions">{order.paymentInstructions}</p>
        </>
      ) : null}
    </Card>
  );
}

function Fulfilments({ order }: { order: OrderDetail }) {
  if (!order.lines.some((l) => l.ships) && order.fulfilments.length === 0) return null;
  return (
    <Card id="order-fulfilments" title={words.fulfilmentsTitle}>
      {order.fulfilments.length === 0 ? (
        <p className="muted">{words.noFulfilments}</p>
      ) : (
        <ul className="order-events">
          {order.fulfilments.map((f) => (
            <li key={f.id}>
              <p className="order-event-head">
                <strong>{format(words.sentOn, { date: when(f.createdAt) })}</strong>
                {f.carrier ? <span>{f.carrier}</span> : null}
                {f.trackingNumber ? (
                  f.trackingUrl ? (
                    <a href={f.trackingUrl} target="_blank" rel="noreferrer" aria-label={format(words.trackingOpens, { tracking: f.trackingNumber })}>
                      {f.trackingNumber}
                    </a>
                  ) : (
                    <span className="order-code">{f.trackingNumber}</span>
                  )
                ) : null}
              </p>
              <p className="order-event-body">{unitsText(order, f.lines).join(', ')}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Refunds({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null;
  return (
    <Card id="order-refunds" title={words.refundsTitle}>
      <ul className="order-events">
        {order.refunds.map((r) => (
          <li key={r.id}>
            <p className="order-event-head">
              <strong>{money(r.amountCents, order.currency)}</strong>
              <span>{when(r.createdAt)}</span>
              {r.status === 'pending' ? <span className="order-badge order-badge-wait">{words.refundPending}</span> : null}
              {r.status === 'failed' ? (
                <span className="order-badge order-badge-muted">
                  {r.failure ? format(words.refundFailedBecause, { reason: r.failure }) : words.refundFailedPlain}
                </span>
              ) : null}
            </p>
            <p className="order-event-body">{refundParts(order, r)}</p>
            {r.reason ? <p className="order-event-body muted">{r.reason}</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Timeline({ order }: { order: OrderDetail }) {
  return (
    <Card id="order-timeline" title={words.timelineTitle}>
      <ol className="order-timeline">
        {order.timeline.map((event, i) => (
          <li key={i}>
            <time dateTime={event.at}>{when(event.at)}</time>
            <span className="order-timeline-text">{eventText(order, event)}</span>
            {eventBy(event) ? <span className="store-sub">{eventBy(event)}</span> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Note({ order, writable, onSaved }: { order: OrderDetail; writable: boolean; onSaved: (order: OrderDetail) => void }) {
  const [note, setNote] = useState(order.note);
  const [saved, setSaved] = useState(order.note);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (order.note !== saved) {
    // The order changed under the field (another action's answer): a note not being edited follows it.
    setSaved(order.note);
    if (note === saved) setNote(order.note);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    call(orderDetailAnswer, 'PUT', ORDERS_API.note(order.id), { note })
      .then(
        (answer) => {
          setSaved(answer.order.note);
          setNote(answer.order.note);
          onSaved(answer.order);
          setDone(words.noteSaved);
        },
        (err: unknown) => setError(errorText(err)),
      )
      .finally(() => setBusy(false));
  };
  if (!writable)
    return (
      <Card id="order-note" title={words.noteTitle}>
        <p className="order-instructions">{order.note || words.noteHint}</p>
      </Card>
    );
  return (
    <Card id="order-note" title={words.noteTitle}>
      <form noValidate onSubmit={submit}>
        <Field label={<span className="visually-hidden">{words.noteTitle}</span>} hint={words.noteHint}>
          {(c) => <textarea {...c} rows={4} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
        <Messages error={error} done={done} />
        <button type="submit" className="secondary" disabled={busy || note === saved}>
          {busy ? words.savingNote : words.saveNote}
        </button>
      </form>
    </Card>
  );
}
