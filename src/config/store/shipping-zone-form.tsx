/**
 * A shipping zone's form, new or changed: its name, the countries it covers chosen by name (or the
 * rest of the world), the regions it is limited to, and its rates. The server checks it all again,
 * and that no other zone covers the same place as exactly; its messages show on the fields.
 */
import { useState, type FormEvent } from 'react';
import { PRICING_API, shippingZoneAnswer } from '../../contracts/pricing';
import type { ShippingRate, ShippingZone } from '../../document/pricing';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { Messages, useSave } from '../shared/ui';
import { countryName, REST_OF_WORLD } from './countries';
import { CountrySelect } from './pricing-fields';
import { FormButtons } from './pricing-list';
import { words } from './pricing-words';
import { CommaListField } from './store-fields';
import { newId } from './store-model';
import { RateFields } from './shipping-rates';

type Draft = Omit<ShippingZone, 'id'>;

const newRate = (): ShippingRate => ({ id: newId(), name: '', kind: 'FLAT', amountCents: 0, tiers: [] });

function Countries({ countries, error, onChange }: { countries: string[]; error: string | undefined; onChange: (countries: string[]) => void }) {
  const [pick, setPick] = useState('');
  const world = countries.includes(REST_OF_WORLD);
  return (
    <fieldset className="pricing-countries">
      <legend>{words.countries}</legend>
      <Field label={words.restOfWorld} hint={words.restOfWorldHint} check>
        {(c) => <input {...c} type="checkbox" checked={world} onChange={(e) => onChange(e.target.checked ? [REST_OF_WORLD] : [])} />}
      </Field>
      {world ? null : (
        <>
          {countries.length === 0 ? <p className="field-hint">{words.noCountries}</p> : null}
          <ul className="pricing-chips">
            {countries.map((code) => (
              <li key={code}>
                {countryName(code)}
                <button
                  type="button"
                  className="secondary"
                  aria-label={format(words.removeOf, { name: countryName(code) })}
                  onClick={() => onChange(countries.filter((c) => c !== code))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="inline-form pricing-add-country">
            <CountrySelect label={words.chooseCountry} value={pick} none="" onChange={setPick} />
            <button
              type="button"
              className="secondary"
              disabled={pick === '' || countries.includes(pick)}
              onClick={() => {
                onChange([...countries, pick]);
                setPick('');
              }}
            >
              {words.addCountry}
            </button>
          </div>
        </>
      )}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

export function ZoneForm({
  zone,
  currency,
  unit,
  onDone,
}: {
  zone: ShippingZone | undefined;
  currency: string;
  unit: string;
  onDone: (message: string | null) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => zone ?? { name: '', countries: [], regions: [], rates: [newRate()] });
  const { error, fieldErrors, busy, save } = useSave('');
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const title = zone ? format(words.editZone, { name: zone.name }) : words.newZone;
  const firstError = (prefix: string) => Object.entries(fieldErrors).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = zone ? `${PRICING_API.SHIPPING_ZONES}/${zone.id}` : PRICING_API.SHIPPING_ZONES;
    const body = { ...draft, regions: draft.regions.map((r) => r.toUpperCase()) };
    let name = draft.name;
    save(
      () => call(shippingZoneAnswer, zone ? 'PUT' : 'POST', url, body).then((saved) => (name = saved.zone.name)),
      () => onDone(format(words.zoneSaved, { name })),
    );
  };
  return (
    <form className="store-card pricing-form" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <Messages error={error} />
      <Field label={words.zoneName} hint={words.zoneNameHint} error={fieldErrors.name}>
        {(c) => <input {...c} value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <Countries countries={draft.countries} error={firstError('countries')} onChange={(countries) => set({ countries })} />
      <CommaListField
        label={words.regionsField}
        hint={words.regionsHint}
        value={draft.regions}
        error={firstError('regions')}
        onChange={(regions) => set({ regions })}
      />
      <h3>{words.rates}</h3>
      {fieldErrors.rates ? <p className="field-error">{fieldErrors.rates}</p> : null}
      {draft.rates.map((rate, i) => (
        <RateFields
          key={rate.id}
          rate={rate}
          n={i + 1}
          currency={currency}
          unit={unit}
          errors={(path) => fieldErrors[`rates.${i}.${path}`]}
          onChange={(changed) => set({ rates: draft.rates.map((r, j) => (j === i ? changed : r)) })}
          onRemove={draft.rates.length > 1 ? () => set({ rates: draft.rates.filter((_, j) => j !== i) }) : undefined}
        />
      ))}
      <p>
        <button type="button" className="secondary" onClick={() => set({ rates: [...draft.rates, newRate()] })}>
          {words.addRate}
        </button>
      </p>
      <FormButtons busy={busy} label={zone ? words.saveZone : words.createZone} onCancel={() => onDone(null)} />
    </form>
  );
}
