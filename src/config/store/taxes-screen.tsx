/**
 * The Taxes screen (/config/store/taxes): the store's tax switches (prices include tax, tax on
 * shipping, the business's country), its tax rules by place with their rates (a one-click UK VAT
 * at 20% when there are none), and a preview of the tax on an amount at an address.
 */
import { useState, type FormEvent } from 'react';
import { PRICING_API, taxRuleAnswer, taxRulesAnswer, taxSettingsAnswer, type TaxSwitches } from '../../contracts/pricing';
import type { TaxRule } from '../../document/pricing';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { DataTable } from '../shared/data-table';
import { errorText, Messages, useLoad, useSave } from '../shared/ui';
import { countryName } from './countries';
import { CountrySelect } from './pricing-fields';
import { RowActions, useRuleList } from './pricing-list';
import { percentText } from './pricing-model';
import { words } from './pricing-words';
import { TaxPreview } from './tax-preview';
import { TaxRuleForm } from './tax-rule-form';
import './store.css';
import './pricing.css';

/** Where a rule applies, in words: "United Kingdom", "United States, US-NY, postcodes starting 100". */
const whereText = (rule: TaxRule) =>
  [countryName(rule.country), rule.region, rule.postcodePrefix && format(words.postcodesStarting, { prefix: rule.postcodePrefix })].filter(Boolean).join(', ');

function Switches({ settings, writable, onSaved }: { settings: TaxSwitches; writable: boolean; onSaved: () => void }) {
  const [form, setForm] = useState(settings);
  const { error, fieldErrors, done, busy, save } = useSave(words.taxSettingsSaved);
  const set = (change: Partial<TaxSwitches>) => setForm({ ...form, ...change });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(() => call(taxSettingsAnswer, 'PUT', PRICING_API.TAX_SETTINGS, form), onSaved);
  };
  return (
    <form className="store-card" aria-labelledby="tax-switches-title" onSubmit={submit} noValidate>
      <h2 id="tax-switches-title">{words.switchesTitle}</h2>
      <Messages error={error} done={done} />
      <Field label={words.pricesIncludeTax} hint={words.pricesIncludeTaxHint} check>
        {(c) => (
          <input {...c} type="checkbox" checked={form.pricesIncludeTax} disabled={!writable} onChange={(e) => set({ pricesIncludeTax: e.target.checked })} />
        )}
      </Field>
      <Field label={words.taxShipping} hint={words.taxShippingHint} check>
        {(c) => <input {...c} type="checkbox" checked={form.taxShipping} disabled={!writable} onChange={(e) => set({ taxShipping: e.target.checked })} />}
      </Field>
      <CountrySelect
        label={words.originCountry}
        hint={words.originCountryHint}
        value={form.originCountry ?? ''}
        none={words.notSet}
        error={fieldErrors.originCountry}
        disabled={!writable}
        onChange={(code) => {
          const { originCountry: _, ...rest } = form;
          setForm(code ? { ...rest, originCountry: code } : rest);
        }}
      />
      {writable ? (
        <button type="submit" disabled={busy}>
          {words.saveTaxSettings}
        </button>
      ) : null}
    </form>
  );
}

export function TaxesScreen({ writable }: { writable: boolean }) {
  const [settings, settingsError, reloadSettings] = useLoad(taxSettingsAnswer, PRICING_API.TAX_SETTINGS);
  const [data, rulesError, reload] = useLoad(taxRulesAnswer, PRICING_API.TAX_RULES);
  const list = useRuleList<TaxRule>(reload);
  const [exampleError, setExampleError] = useState<string | null>(null);
  const addUkVat = () => {
    setExampleError(null);
    call(taxRuleAnswer, 'POST', PRICING_API.TAX_RULES, { name: words.ukVatName, country: 'GB', ratePercent: 20 }).then(
      (saved) => list.closed(format(words.ruleSaved, { name: saved.rule.name })),
      (err: unknown) => setExampleError(errorText(err)),
    );
  };
  const rules = data?.rules ?? [];
  return (
    <section className="store-screen pricing-screen" aria-labelledby="taxes-title">
      <h1 id="taxes-title">{words.taxesTitle}</h1>
      <p className="hint">{words.taxesHint}</p>
      <Messages error={settingsError ?? rulesError ?? exampleError} />
      {settings ? <Switches settings={settings.settings} writable={writable} onSaved={() => void reloadSettings()} /> : null}
      <section className="store-card" aria-labelledby="tax-rules-title">
        <div className="store-head">
          <h2 id="tax-rules-title">{words.rulesTitle}</h2>
          {writable && list.editing === null ? (
            <button type="button" className="secondary" onClick={() => list.open('new')}>
              {words.addRule}
            </button>
          ) : null}
        </div>
        <p className="field-hint">{words.rulesHint}</p>
        <Messages error={list.error} done={list.done} />
        {list.editing !== null ? (
          <TaxRuleForm rule={list.editing === 'new' ? undefined : list.editing} country={settings?.settings.originCountry ?? ''} onDone={list.closed} />
        ) : null}
        {data && rules.length === 0 ? (
          <div className="pricing-empty">
            <p>{words.noRules}</p>
            {writable ? (
              <button type="button" onClick={addUkVat}>
                {words.addUkVat}
              </button>
            ) : null}
          </div>
        ) : (
          <DataTable
            className="store-table pricing-table pricing-rules"
            rows={rules}
            rowKey={(r) => r.id}
            rowHeaders
            labelledBy="tax-rules-title"
            busy={!data}
            columns={[
              { header: words.name, cell: (r) => r.name },
              { header: words.where, cell: whereText },
              { header: words.rate, numeric: true, cell: (r) => format(words.rateText, { rate: percentText(r.ratePercent) }) },
              writable && {
                header: <span className="visually-hidden">{words.actions}</span>,
                className: 'row-actions',
                cell: (r) => (
                  <RowActions
                    name={r.name}
                    onEdit={() => list.open(r)}
                    onDelete={() =>
                      void list.remove({
                        url: `${PRICING_API.TAX_RULES}/${r.id}`,
                        title: words.deleteRuleTitle,
                        text: format(words.deleteRuleText, { place: whereText(r), name: r.name }),
                        done: format(words.ruleDeleted, { name: r.name }),
                      })
                    }
                  />
                ),
              },
            ]}
          />
        )}
      </section>
      {settings && data ? <TaxPreview tax={{ ...settings.settings, rules }} currency={settings.currency} /> : null}
    </section>
  );
}
