/**
 * The order page's actions, each in a dialog of the config area (src/ui/dialogs/popup.tsx): Fulfil
 * items (the units of each line to send, defaulting to what is left, with the carrier and tracking),
 * Refund (units of each line, each back to stock or not, and some of the shipping, the amount worked
 * out as the owner chooses by the server's own rule, src/domain/orders/refund-amounts.ts), Cancel
 * order and Mark paid. A dialog stays open while its call runs and shows the server's refusal in
 * itself, each refused field's message beside the field; once the call succeeds it closes, and the
 * order's page shows the order the call answered with.
 *
 * A refund's key is made when its dialog opens and sent again by every retry from it, so a refund
 * whose answer was lost (the provider out of reach, a dropped connection) is made once.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ORDERS_API, orderDetailAnswer, type OrderDetail, type OrderDetailLine } from '../../contracts/orders';
import { lineRefundCents, refundCents } from '../../domain/orders/refund-amounts';
import { format } from '../../messages/format';
import { Popup } from '../../ui/dialogs/popup';
import { Field } from '../../ui/field';
import { ApiError, call } from '../shared/api';
import { errorText, fieldErrorsOf, Messages } from '../shared/ui';
import { itemsText } from './order-timeline';
import { methodName, words } from './orders-words';
import { AmountField } from './store-fields';
import { money } from './store-nav';

/** What a dialog hands back once closed: the order as the call answered it and what to say, or nothing (cancelled). */
export type DialogOutcome = { order: OrderDetail; message: string } | null;

type DialogProps = { order: OrderDetail; onClosed: (outcome: DialogOutcome) => void };

/** Units of a line still to send: those neither sent nor refunded. */
export const leftToSend = (line: OrderDetailLine): number => Math.max(0, line.quantity - line.fulfilledQuantity - line.refundedQuantity);
/** Units of a line still to refund. */
export const leftToRefund = (line: OrderDetailLine): number => (line.refundableCents > 0 ? Math.max(0, line.quantity - line.refundedQuantity) : 0);

/** A line as the owner tells it apart in a dialog: its product, and its options when it has any. */
const lineLabel = (line: OrderDetailLine) => (line.options ? `${line.productName} (${line.options})` : line.productName);

/**
 * A new refund key: a random UUID without its dashes. A config area served over plain HTTP on a
 * network address is no secure context and has no randomUUID: 16 random bytes in hex there.
 */
const newRefundKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID().replaceAll('-', '')
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A dialog's call: busy while it runs, its refusal and each refused field's message after; on
 * success the dialog closes and hands the answer back.
 */
function useDialogCall(onClosed: (outcome: DialogOutcome) => void) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<DialogOutcome>(null);
  const run = (send: () => Promise<{ order: OrderDetail }>, message: (order: OrderDetail) => string, onRefused?: (err: unknown) => void) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    send()
      .then(
        (answer) => {
          setOutcome({ order: answer.order, message: message(answer.order) });
          setOpen(false);
        },
        (err: unknown) => {
          setError(errorText(err));
          setFieldErrors(fieldErrorsOf(err));
          onRefused?.(err);
        },
      )
      .finally(() => setBusy(false));
  };
  return {
    busy,
    error,
    fieldErrors,
    run,
    close: () => setOpen(false),
    popup: (title: string, body: ReactNode) => (
      <Popup
        role="dialog"
        placement="center"
        open={open}
        title={title}
        text={<div className="page-dialog order-dialog">{body}</div>}
        onHide={() => onClosed(outcome)}
      />
    ),
  };
}

/** "Email the customer": on unless the owner turns it off, with what the email tells them. */
function NotifyField({ notify, onChange, hint }: { notify: boolean; onChange: (notify: boolean) => void; hint: string }) {
  return (
    <Field label={words.notifyCustomer} hint={hint} check>
      {(c) => <input {...c} type="checkbox" checked={notify} onChange={(e) => onChange(e.target.checked)} />}
    </Field>
  );
}

function Buttons({
  busy,
  busyText,
  label,
  onCancel,
  cancelLabel = words.cancel,
  danger,
  disabled,
}: {
  busy: boolean;
  busyText: string;
  label: string;
  onCancel: () => void;
  cancelLabel?: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="button-row">
      <button type="button" className="secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={danger ? 'danger-solid' : undefined} disabled={busy || disabled}>
        {busy ? busyText : label}
      </button>
    </div>
  );
}

/** The refused field's message for a line sent at `index` of the body's lines. */
const lineError = (fieldErrors: Record<string, string>, index: number) =>
  index < 0 ? undefined : (fieldErrors[`lines.${index}.quantity`] ?? fieldErrors[`lines.${index}`]);

export function FulfilDialog({ order, onClosed }: DialogProps) {
  const lines = order.lines.filter((l) => l.ships && leftToSend(l) > 0);
  const [quantities, setQuantities] = useState<Record<number, number>>(() => Object.fromEntries(lines.map((l) => [l.position, leftToSend(l)])));
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [notify, setNotify] = useState(true);
  const [nothing, setNothing] = useState(false);
  const dialog = useDialogCall(onClosed);
  const chosen = lines.map((l) => ({ position: l.position, quantity: quantities[l.position] ?? 0 })).filter((l) => l.quantity > 0);
  const units = chosen.reduce((n, l) => n + l.quantity, 0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNothing(chosen.length === 0);
    if (chosen.length === 0) return;
    const body = {
      lines: chosen,
      carrier: carrier.trim(),
      trackingNumber: trackingNumber.trim(),
      ...(trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
      notify,
    };
    dialog.run(
      () => call(orderDetailAnswer, 'POST', ORDERS_API.fulfil(order.id), body),
      () => format(words.itemsFulfilled, { items: itemsText(units) }),
    );
  };
  return dialog.popup(
    words.fulfilItems,
    <form noValidate onSubmit={submit}>
      <p className="hint">{words.fulfilIntro}</p>
      <Messages error={nothing ? words.fulfilNothing : dialog.error} />
      {lines.map((line) => (
        <fieldset key={line.position} className="order-dialog-line">
          <legend>{lineLabel(line)}</legend>
          <Field
            label={words.quantityToSend}
            hint={format(words.leftToSend, { count: leftToSend(line) })}
            error={lineError(
              dialog.fieldErrors,
              chosen.findIndex((c) => c.position === line.position),
            )}
          >
            {(c) => (
              <input
                {...c}
                type="number"
                inputMode="numeric"
                min={0}
                max={leftToSend(line)}
                step={1}
                value={quantities[line.position] ?? 0}
                onChange={(e) => setQuantities((q) => ({ ...q, [line.position]: clamp(e.target.valueAsNumber, leftToSend(line)) }))}
              />
            )}
          </Field>
        </fieldset>
      ))}
      <div className="order-dialog-grid">
        <Field label={words.carrier} error={dialog.fieldErrors.carrier}>
          {(c) => <input {...c} value={carrier} maxLength={100} autoComplete="off" onChange={(e) => setCarrier(e.target.value)} />}
        </Field>
        <Field label={words.trackingNumber} error={dialog.fieldErrors.trackingNumber}>
          {(c) => <input {...c} value={trackingNumber} maxLength={100} autoComplete="off" onChange={(e) => setTrackingNumber(e.target.value)} />}
        </Field>
      </div>
      <Field label={words.trackingUrl} hint={words.trackingUrlHint} error={dialog.fieldErrors.trackingUrl}>
        {(c) => <input {...c} type="url" inputMode="url" value={trackingUrl} maxLength={2000} onChange={(e) => setTrackingUrl(e.target.value)} />}
      </Field>
      <NotifyField notify={notify} onChange={setNotify} hint={words.notifyFulfilHint} />
      <Buttons
        busy={dialog.busy}
        busyText={words.fulfilling}
        label={format(words.fulfilCount, { count: units })}
        onCancel={dialog.close}
        disabled={units === 0}
      />
    </form>,
  );
}

/** A whole number of units from 0 to `max`; anything else typed counts as 0. */
function clamp(value: number, max: number): number {
  return Number.isInteger(value) ? Math.min(Math.max(value, 0), max) : 0;
}

export function RefundDialog({ order, onClosed }: DialogProps) {
  const lines = order.lines.filter((l) => leftToRefund(l) > 0);
  const [refundKey, setRefundKey] = useState(newRefundKey);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  // Goods refunded go back to stock unless the owner says not (they came back, or were never sent).
  const [restock, setRestock] = useState<Record<number, boolean>>(() => Object.fromEntries(lines.map((l) => [l.position, l.ships])));
  const [shippingCents, setShippingCents] = useState(0);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [nothing, setNothing] = useState(false);
  const dialog = useDialogCall(onClosed);
  const chosen = lines
    .map((l) => ({ position: l.position, quantity: quantities[l.position] ?? 0, restock: l.ships && (restock[l.position] ?? false) }))
    .filter((l) => l.quantity > 0);
  const shipping = Math.min(shippingCents, order.refundableShippingCents);
  const { amountCents } = refundCents(order.lines, chosen, shipping);
  const amount = money(amountCents, order.currency);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNothing(amountCents === 0);
    if (amountCents === 0) return;
    const body = { refundKey, lines: chosen, shippingCents: shipping, reason: reason.trim(), notify };
    dialog.run(
      () => call(orderDetailAnswer, 'POST', ORDERS_API.refund(order.id), body),
      () => format(words.refundDone, { amount }),
      (err) => {
        // Refused outright (4xx), no refund was made under this key: the next try is a refund of its own.
        // Out of reach (502) or no answer at all: the same key again, so the provider refunds once.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) setRefundKey(newRefundKey());
      },
    );
  };
  return dialog.popup(
    words.refund,
    <form noValidate onSubmit={submit}>
      <p className="hint">{words.refundIntro}</p>
      {order.provider === 'manual' ? <p className="store-note">{words.refundOffline}</p> : null}
      <Messages error={nothing ? words.refundNothing : dialog.error} />
      {lines.map((line) => {
        const left = leftToRefund(line);
        const units = quantities[line.position] ?? 0;
        return (
          <fieldset key={line.position} className="order-dialog-line">
            <legend>{lineLabel(line)}</legend>
            <div className="order-dialog-grid">
              <Field
                label={words.quantityToRefund}
                hint={format(words.leftToRefund, { count: left })}
                error={lineError(
                  dialog.fieldErrors,
                  chosen.findIndex((c) => c.position === line.position),
                )}
              >
                {(c) => (
                  <input
                    {...c}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    step={1}
                    value={units}
                    onChange={(e) => setQuantities((q) => ({ ...q, [line.position]: clamp(e.target.valueAsNumber, left) }))}
                  />
                )}
              </Field>
              <p className="order-dialog-amount" aria-hidden="true">
                {money(lineRefundCents(line, units), order.currency)}
              </p>
            </div>
            {line.ships ? (
              <Field check label={words.restock} hint={words.restockHint}>
                {(c) => (
                  <input
                    {...c}
                    type="checkbox"
                    checked={restock[line.position] ?? false}
                    onChange={(e) => setRestock((r) => ({ ...r, [line.position]: e.target.checked }))}
                  />
                )}
              </Field>
            ) : null}
          </fieldset>
        );
      })}
      {order.refundableShippingCents > 0 ? (
        <AmountField
          label={words.shippingToRefund}
          hint={format(words.shippingRefundable, { amount: money(order.refundableShippingCents, order.currency) })}
          value={shippingCents}
          currency={order.currency}
          error={dialog.fieldErrors.shippingCents}
          onChange={setShippingCents}
        />
      ) : null}
      <Field label={words.refundReason} hint={words.refundReasonHint} error={dialog.fieldErrors.reason}>
        {(c) => <input {...c} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <NotifyField notify={notify} onChange={setNotify} hint={words.notifyRefundHint} />
      <p className="order-refund-total" role="status">
        {format(words.refundAmount, { amount })}
      </p>
      <Buttons
        busy={dialog.busy}
        busyText={words.refunding}
        label={format(words.refundAmountButton, { amount })}
        onCancel={dialog.close}
        disabled={amountCents === 0}
      />
    </form>,
  );
}

export function CancelDialog({ order, onClosed }: DialogProps) {
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const dialog = useDialogCall(onClosed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dialog.run(
      () => call(orderDetailAnswer, 'POST', ORDERS_API.cancel(order.id), { reason: reason.trim(), notify }),
      (o) => format(words.cancelDone, { number: String(o.number) }),
    );
  };
  return dialog.popup(
    format(words.cancelTitle, { number: String(order.number) }),
    <form noValidate onSubmit={submit}>
      <p>{words.cancelText}</p>
      <Messages error={dialog.error} />
      <Field label={words.cancelReason} hint={words.refundReasonHint} error={dialog.fieldErrors.reason}>
        {(c) => <input {...c} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <NotifyField notify={notify} onChange={setNotify} hint={words.notifyCancelHint} />
      <Buttons busy={dialog.busy} busyText={words.cancelling} label={words.cancelOrder} onCancel={dialog.close} cancelLabel={words.keepOrder} danger />
    </form>,
  );
}

export function MarkPaidDialog({ order, onClosed }: DialogProps) {
  const dialog = useDialogCall(onClosed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dialog.run(
      () => call(orderDetailAnswer, 'POST', ORDERS_API.markPaid(order.id)),
      (o) => format(words.markedPaid, { number: String(o.number) }),
    );
  };
  return dialog.popup(
    format(words.markPaidTitle, { number: String(order.number) }),
    <form noValidate onSubmit={submit}>
      <p>{format(words.markPaidText, { amount: money(order.totalCents, order.currency), method: methodName(order.paymentMethod) })}</p>
      <Messages error={dialog.error} />
      <Buttons busy={dialog.busy} busyText={words.markingPaid} label={words.markPaid} onCancel={dialog.close} />
    </form>,
  );
}
