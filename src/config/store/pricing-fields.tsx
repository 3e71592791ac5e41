/**
 * Fields the Coupons, Shipping and Taxes screens share: a percentage and a whole number typed as
 * the owner writes them (the text kept while it is not yet a value, and said so beside the field),
 * a country chosen by its name, and the address a preview is worked out for.
 */
import { useMemo, useState } from 'react';
import type { PricingLocation } from '../../domain/pricing/types';
import { Field } from '../../ui/field';
import { countryChoices } from './countries';
import { parsePercent, percentText } from './pricing-model';
import { words } from './pricing-words';

type TypedProps<V> = {
  label: string;
  hint?: string;
  value: V;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: V) => void;
};

/** A text field read by `parse` (null: not a value yet), shown from `text`; an empty field is `empty`. */
function TypedField<V>(
  props: TypedProps<V> & { parse: (typed: string) => V | null; text: (value: V) => string; empty: V; invalid: string; inputMode: 'decimal' | 'numeric' },
) {
  const { label, hint, error, onChange } = props;
  const [typed, setTyped] = useState(() => props.text(props.value));
  const [wrong, setWrong] = useState(false);
  return (
    <Field label={label} error={wrong ? props.invalid : error} {...(hint ? { hint } : {})}>
      {(c) => (
        <input
          {...c}
          inputMode={props.inputMode}
          value={typed}
          disabled={props.disabled}
          onChange={(e) => {
            setTyped(e.target.value);
            const blank = e.target.value.trim() === '';
            const read = blank ? props.empty : props.parse(e.target.value);
            setWrong(read === null);
            if (read !== null) onChange(read);
          }}
        />
      )}
    </Field>
  );
}

/** A percentage with at most `digits` decimals, at most 100; empty is undefined. */
export function PercentField(props: TypedProps<number | undefined> & { digits: number }) {
  return (
    <TypedField
      {...props}
      parse={(t) => parsePercent(t, props.digits)}
      text={(v) => (v === undefined ? '' : percentText(v))}
      empty={undefined}
      invalid={words.percentInvalid}
      inputMode="decimal"
    />
  );
}

/** A whole number of at least 1 (a usage limit); empty is undefined. */
export function CountField(props: TypedProps<number | undefined>) {
  return (
    <TypedField
      {...props}
      parse={(t) => (/^\s*[1-9]\d{0,6}\s*$/.test(t) ? Number(t) : null)}
      text={(v) => (v === undefined ? '' : String(v))}
      empty={undefined}
      invalid={words.wholeNumberInvalid}
      inputMode="numeric"
    />
  );
}

/** A weight or a step's start in the store's units (not money: decimals are fine); empty is 0. */
export function MeasureNumberField(props: TypedProps<number>) {
  return (
    <TypedField
      {...props}
      parse={(t) => (/^\s*\d{1,9}(\.\d{1,6})?\s*$/.test(t) ? Number(t) : null)}
      text={(v) => String(v)}
      empty={0}
      invalid={words.weightInvalid}
      inputMode="decimal"
    />
  );
}

/** A country chosen by its name; `none` names the empty choice when one may be left unchosen. */
export function CountrySelect({ label, hint, value, error, disabled, none, onChange }: TypedProps<string> & { none?: string }) {
  const choices = useMemo(() => countryChoices(), []);
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      {(c) => (
        <select {...c} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          {none !== undefined ? <option value="">{none}</option> : null}
          {choices.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Where a preview's shopper is: a country by name, and optionally a region code and a postcode. */
export function LocationFields({ value, onChange }: { value: PricingLocation; onChange: (location: PricingLocation) => void }) {
  return (
    <>
      <CountrySelect label={words.country} value={value.country ?? ''} none={words.chooseCountry} onChange={(country) => onChange({ ...value, country })} />
      <Field label={words.region} hint={words.regionHint}>
        {(c) => <input {...c} value={value.region ?? ''} onChange={(e) => onChange({ ...value, region: e.target.value })} />}
      </Field>
      <Field label={words.postcode}>
        {(c) => <input {...c} value={value.postcode ?? ''} autoComplete="off" onChange={(e) => onChange({ ...value, postcode: e.target.value })} />}
      </Field>
    </>
  );
}
