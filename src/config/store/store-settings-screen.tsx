/**
 * The Store settings screen (/config/store/settings): the one currency the store sells in (seed
 * 000 §3, the 27 with their names), the measurement standard weights and sizes are written in
 * (Imperial: lb and in; Metric: kg and cm; changing it converts what the store holds), express
 * checkout, the least subtotal a shopper may check out with, and the count at which stock is low.
 */
import { useState, type FormEvent } from 'react';
import { STORE_API, storeSettingsAnswer } from '../../contracts/catalogue';
import { MEASUREMENT_STANDARDS } from '../../domain/commerce';
import type { StoreSettings } from '../../document/store';
import { checkout } from '../../messages/checkout';
import { format } from '../../messages/format';
import { words } from './words';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { Messages, useLoad, useSave } from '../shared/ui';
import { AmountField, ChoiceCards } from './store-fields';
import { parseAmount } from './store-model';
import { money } from './store-nav';
import './store.css';

export function StoreSettingsScreen({ writable }: { writable: boolean }) {
  const [data, loadError, reload] = useLoad(storeSettingsAnswer, STORE_API.SETTINGS);
  const [form, setForm] = useState<StoreSettings>();
  const { error, fieldErrors, done, busy, save } = useSave(words.settingsSaved);
  // Each answer (the first, and the one read again after a save) is what the form shows.
  const [shown, setShown] = useState(data);
  if (shown !== data) {
    setShown(data);
    setForm(data?.settings);
  }
  if (!form || !data) return <Messages error={loadError} />;
  const set = (change: Partial<StoreSettings>) => setForm({ ...form, ...change });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(
      () => call(storeSettingsAnswer, 'PUT', STORE_API.SETTINGS, form),
      () => void reload(),
    );
  };
  const converting = form.measurementStandard !== data.settings.measurementStandard;
  return (
    <section className="store-screen store-settings" aria-labelledby="store-settings-title">
      <h1 id="store-settings-title">{words.settingsTitle}</h1>
      <form onSubmit={submit} noValidate aria-labelledby="store-settings-title">
        <Messages error={error} done={done} />
        <section className="store-card" aria-labelledby="store-money">
          <h2 id="store-money">{words.currencyTitle}</h2>
          <Field label={words.currency} hint={words.currencyHint} error={fieldErrors.selectedCurrency}>
            {(c) => (
              <select
                {...c}
                value={form.selectedCurrency}
                disabled={!writable}
                onChange={(e) => set({ selectedCurrency: e.target.value as StoreSettings['selectedCurrency'] })}
              >
                {data.currencies.map((cur) => (
                  <option key={cur.code} value={cur.code}>
                    {cur.name} ({cur.code})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p className="store-example">
            {format(words.currencyExample, { price: money(parseAmount('24', form.selectedCurrency) ?? 0, form.selectedCurrency) })}
          </p>
        </section>
        <section className="store-card" aria-labelledby="store-units">
          <h2 id="store-units">{words.measurementTitle}</h2>
          <ChoiceCards
            name="measurement"
            legend={words.measurementTitle}
            choices={[
              { value: MEASUREMENT_STANDARDS.IMPERIAL, label: words.imperial, hint: words.imperialHint },
              { value: MEASUREMENT_STANDARDS.METRIC, label: words.metric, hint: words.metricHint },
            ]}
            value={form.measurementStandard}
            disabled={!writable}
            onChange={(measurementStandard) => set({ measurementStandard })}
          />
          {converting ? <p className="store-note">{words.measurementConverts}</p> : null}
        </section>
        <section className="store-card" aria-labelledby="store-checkout">
          <h2 id="store-checkout">{checkout.checkout}</h2>
          <Field label={words.expressCheckout} hint={words.expressCheckoutHint} check>
            {(c) => (
              <input {...c} type="checkbox" checked={form.expressCheckout} disabled={!writable} onChange={(e) => set({ expressCheckout: e.target.checked })} />
            )}
          </Field>
          <AmountField
            key={form.selectedCurrency}
            label={words.minimumSubtotal}
            hint={words.minimumSubtotalHint}
            value={form.minimumSubtotalCents}
            currency={form.selectedCurrency}
            error={fieldErrors.minimumSubtotalCents}
            disabled={!writable}
            onChange={(minimumSubtotalCents) => set({ minimumSubtotalCents })}
          />
          <Field label={words.lowStockThreshold} hint={words.lowStockThresholdHint} error={fieldErrors.lowStockThreshold}>
            {(c) => (
              <input
                {...c}
                type="number"
                min={0}
                max={100000}
                step={1}
                value={form.lowStockThreshold}
                disabled={!writable}
                onChange={(e) => set({ lowStockThreshold: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
              />
            )}
          </Field>
        </section>
        <section className="store-card" aria-labelledby="store-business">
          <h2 id="store-business">{words.businessTitle}</h2>
          <p className="hint">{words.businessHint}</p>
          <Field label={words.businessName} error={fieldErrors.businessName}>
            {(c) => (
              <input
                {...c}
                maxLength={200}
                autoComplete="organization"
                value={form.businessName}
                disabled={!writable}
                onChange={(e) => set({ businessName: e.target.value })}
              />
            )}
          </Field>
          <Field label={words.businessAddress} hint={words.businessAddressHint} error={fieldErrors.businessAddress}>
            {(c) => (
              <textarea
                {...c}
                rows={4}
                maxLength={1000}
                value={form.businessAddress}
                disabled={!writable}
                onChange={(e) => set({ businessAddress: e.target.value })}
              />
            )}
          </Field>
          <Field label={words.vatNumber} hint={words.vatNumberHint} error={fieldErrors.vatNumber}>
            {(c) => <input {...c} maxLength={50} value={form.vatNumber} disabled={!writable} onChange={(e) => set({ vatNumber: e.target.value })} />}
          </Field>
        </section>
        {writable ? (
          <button type="submit" disabled={busy}>
            {words.saveSettings}
          </button>
        ) : null}
      </form>
    </section>
  );
}
