/**
 * The Store screens' own fields: an amount of the store's currency typed as the owner writes it
 * ("24.00", JPY "2400") and kept as whole minor units, a measure (weight, a side) in the store's
 * units, and a comma list kept as the owner types it. Each keeps the text typed while it is not yet
 * a value, and says so beside the field instead of changing it under the owner's fingers.
 */
import { useState, type ReactNode } from 'react';
import { format } from '../../messages/format';
import { words } from './words';
import { Field } from '../../ui/field';
import { amountText, commaList, fractionDigitsOf, parseAmount } from './store-model';

export function AmountField({
  label,
  value,
  currency,
  error,
  hint,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  currency: string;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
  onChange: (minor: number) => void;
}) {
  const [text, setText] = useState(() => amountText(value, currency));
  const [wrong, setWrong] = useState(false);
  // A value set elsewhere (the first variant's price copied, a save's answer) shows as typed.
  const [shown, setShown] = useState({ value, currency });
  if (shown.value !== value || shown.currency !== currency) {
    setShown({ value, currency });
    if (parseAmount(text, currency) !== value) setText(amountText(value, currency));
  }
  const example = fractionDigitsOf(currency) === 0 ? '2400' : '24.00';
  return (
    <Field label={label} error={wrong ? format(words.amountInvalid, { example }) : error} {...(hint ? { hint } : {})}>
      {(c) => (
        <span className="store-amount">
          <span className="store-amount-code" aria-hidden="true">
            {currency}
          </span>
          <input
            {...c}
            inputMode={fractionDigitsOf(currency) === 0 ? 'numeric' : 'decimal'}
            value={text}
            disabled={disabled}
            onChange={(e) => {
              setText(e.target.value);
              const minor = parseAmount(e.target.value, currency);
              setWrong(minor === null && e.target.value.trim() !== '');
              if (minor !== null) onChange(minor);
              else if (e.target.value.trim() === '') onChange(0);
            }}
          />
        </span>
      )}
    </Field>
  );
}

/** A weight or a side in the store's units: empty is none; a number otherwise (not money: decimals are fine). */
export function MeasureField({
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: number | undefined;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [wrong, setWrong] = useState(false);
  return (
    <Field label={label} error={wrong ? words.measureInvalid : error}>
      {(c) => (
        <input
          {...c}
          inputMode="decimal"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            const typed = e.target.value.trim();
            setText(e.target.value);
            const n = typed === '' ? undefined : Number(typed);
            const ok = n === undefined || (/^\d+(\.\d+)?$/.test(typed) && n <= 1_000_000);
            setWrong(!ok);
            if (ok) onChange(n);
          }}
        />
      )}
    </Field>
  );
}

/** Words typed with commas (tags, an option's values), handed on as a list without blanks or repeats. */
export function CommaListField({
  label,
  hint,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  value: readonly string[];
  error?: string | undefined;
  disabled?: boolean;
  onChange: (list: string[]) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      {(c) => (
        <input
          {...c}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            onChange(commaList(e.target.value));
          }}
        />
      )}
    </Field>
  );
}

/** One of a few choices, each a card with its words beside its radio button (availability, measurement standard). */
export function ChoiceCards<V extends string | number>({
  name,
  legend,
  choices,
  value,
  disabled,
  onChange,
}: {
  name: string;
  legend: string;
  choices: readonly { value: V; label: ReactNode; hint: string }[];
  value: V;
  disabled: boolean;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="store-choices">
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} className="store-choice">
          <input type="radio" name={name} checked={value === c.value} disabled={disabled} onChange={() => onChange(c.value)} />
          <span>
            <strong>{c.label}</strong>
            <span className="field-hint">{c.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
