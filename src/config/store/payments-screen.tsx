/**
 * The Payments screen (/config/store/payments): card payments through the owner's Stripe account
 * (./stripe-connection.tsx); test mode with what it means for shoppers, with Stripe connected or
 * not; the offline methods (bank transfer, cash on delivery, pay at pickup) each on or off with the
 * instructions shoppers are shown and emailed, the days before an unpaid offline order cancels
 * itself; and the number the next order takes.
 */
import { useState, type FormEvent } from 'react';
import {
  orderNumberAnswer,
  PAYMENTS_API,
  paymentSettingsAnswer,
  type PaymentSettingsAnswer,
  type PaymentSettingsBody,
  type StripeConnection,
} from '../../contracts/payments';
import { MAX_CANCEL_UNPAID_DAYS, MIN_CANCEL_UNPAID_DAYS } from '../../domain/checkout/payment-settings';
import type { ManualMethod } from '../../domain/checkout/protocol';
import { format } from '../../messages/format';
import { paymentMethods } from '../../messages/payment-methods';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { Messages, useLoad, useSave } from '../shared/ui';
import { words } from './payments-words';
import { StripeConnectionCard } from './stripe-connection';
import './store.css';
import './pricing.css';

const methodName = (method: ManualMethod) => paymentMethods[method];

/** A whole number typed in a field, or the text itself so the server names what is wrong with it. */
const numberOr = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** What test mode means for shoppers: the test card is offered beside Card while it is on, and Stripe's own test keys take no money either. */
function testModeText(testMode: boolean, stripe: StripeConnection): string {
  if (!stripe.connected) return testMode ? words.testModeOn : words.testModeOff;
  if (testMode) return stripe.mode === 'live' ? words.testModeOnStripeLive : words.testModeOnStripeTest;
  return stripe.mode === 'test' ? words.testModeOffStripeTest : words.testModeOff;
}

function SettingsForm({
  settings,
  stripe,
  writable,
  onSaved,
}: {
  settings: PaymentSettingsAnswer;
  stripe: StripeConnection;
  writable: boolean;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<Omit<PaymentSettingsBody, 'cancelUnpaidDays'>>({ testMode: settings.testMode, manualMethods: settings.manualMethods });
  const [days, setDays] = useState(String(settings.cancelUnpaidDays));
  const { error, fieldErrors, done, busy, save } = useSave(words.paymentsSaved);
  const setMethod = (i: number, change: Partial<PaymentSettingsBody['manualMethods'][number]>) =>
    setForm({ ...form, manualMethods: form.manualMethods.map((m, j) => (j === i ? { ...m, ...change } : m)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(() => call(paymentSettingsAnswer, 'PUT', PAYMENTS_API.SETTINGS, { ...form, cancelUnpaidDays: numberOr(days) }), onSaved);
  };
  return (
    <form className="store-card" aria-labelledby="payments-title" onSubmit={submit} noValidate>
      <Messages error={error} done={done} />
      <fieldset>
        <legend>{words.testMode}</legend>
        <Field label={words.testMode} hint={words.testModeHint} check>
          {(c) => (
            <input {...c} type="checkbox" checked={form.testMode} disabled={!writable} onChange={(e) => setForm({ ...form, testMode: e.target.checked })} />
          )}
        </Field>
        <p className="pricing-muted" role="status">
          {testModeText(form.testMode, stripe)}
        </p>
      </fieldset>
      <fieldset>
        <legend>{words.manualTitle}</legend>
        <p className="field-hint">{words.manualHint}</p>
        {form.manualMethods.map((m, i) => (
          <div key={m.method}>
            <Field label={format(words.offerMethod, { method: methodName(m.method) })} check>
              {(c) => <input {...c} type="checkbox" checked={m.enabled} disabled={!writable} onChange={(e) => setMethod(i, { enabled: e.target.checked })} />}
            </Field>
            {m.enabled ? (
              <Field
                label={format(words.instructions, { method: methodName(m.method) })}
                hint={words.instructionsHint}
                error={fieldErrors[`manualMethods.${i}.instructions`]}
              >
                {(c) => (
                  <textarea {...c} rows={3} value={m.instructions} disabled={!writable} onChange={(e) => setMethod(i, { instructions: e.target.value })} />
                )}
              </Field>
            ) : null}
          </div>
        ))}
        <Field label={words.cancelUnpaidDays} hint={words.cancelUnpaidDaysHint} error={fieldErrors.cancelUnpaidDays}>
          {(c) => (
            <input
              {...c}
              type="number"
              inputMode="numeric"
              min={MIN_CANCEL_UNPAID_DAYS}
              max={MAX_CANCEL_UNPAID_DAYS}
              value={days}
              disabled={!writable}
              onChange={(e) => setDays(e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      {writable ? (
        <button type="submit" disabled={busy}>
          {words.savePayments}
        </button>
      ) : null}
    </form>
  );
}

function OrderNumberForm({ writable }: { writable: boolean }) {
  const [data, loadError, reload] = useLoad(orderNumberAnswer, PAYMENTS_API.ORDER_NUMBER);
  const [typed, setTyped] = useState<string | null>(null);
  const { error, fieldErrors, done, busy, save } = useSave('');
  const value = typed ?? (data ? String(data.nextNumber) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const nextNumber = numberOr(value);
    save(
      () => call(orderNumberAnswer, 'PUT', PAYMENTS_API.ORDER_NUMBER, { nextNumber }),
      () => void reload().then(() => setTyped(null)),
      format(words.orderNumberSaved, { number: String(nextNumber) }),
    );
  };
  return (
    <form className="store-card" aria-labelledby="order-number-title" onSubmit={submit} noValidate>
      <h2 id="order-number-title">{words.orderNumberTitle}</h2>
      <Messages error={loadError ?? error} done={done} />
      <Field
        label={words.nextOrderNumber}
        hint={data ? format(words.nextOrderNumberHint, { lowest: String(data.lowest) }) : undefined}
        error={fieldErrors.nextNumber}
      >
        {(c) => (
          <input
            {...c}
            type="number"
            inputMode="numeric"
            min={data?.lowest ?? 1}
            value={value}
            disabled={!writable || !data}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </Field>
      {writable ? (
        <button type="submit" disabled={busy || !data}>
          {words.saveOrderNumber}
        </button>
      ) : null}
    </form>
  );
}

export function PaymentsScreen({ writable }: { writable: boolean }) {
  const [settings, loadError, reload] = useLoad(paymentSettingsAnswer, PAYMENTS_API.SETTINGS);
  // The connection as Stripe's calls last answered it, until the settings are read again.
  const [changed, setChanged] = useState<StripeConnection | null>(null);
  const stripe = changed ?? settings?.stripe;
  return (
    <section className="store-screen pricing-screen" aria-labelledby="payments-title">
      <h1 id="payments-title">{words.paymentsTitle}</h1>
      <p className="hint">{words.paymentsHint}</p>
      <Messages error={loadError} />
      {settings && stripe ? (
        <>
          <StripeConnectionCard stripe={stripe} writable={writable} onChange={setChanged} />
          <SettingsForm settings={settings} stripe={stripe} writable={writable} onSaved={() => void reload().then(() => setChanged(null))} />
        </>
      ) : null}
      <OrderNumberForm writable={writable} />
    </section>
  );
}
