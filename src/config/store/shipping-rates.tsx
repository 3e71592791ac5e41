/**
 * One shipping rate's fields in a zone's form: its name, how it is priced (flat, by weight, by
 * order subtotal, local pickup), its price or its steps, free from an order subtotal, and its note.
 * Errors are the server's, by the rate's path (`rates.0.tiers.1.from`).
 */
import type { ShippingRate } from '../../document/pricing';
import type { ShippingRateKind } from '../../domain/pricing/limits';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { MeasureNumberField } from './pricing-fields';
import { words } from './pricing-words';
import { AmountField } from './store-fields';

const KINDS: { value: ShippingRateKind; label: string }[] = [
  { value: 'FLAT', label: words.kindFlat },
  { value: 'WEIGHT', label: words.kindWeight },
  { value: 'SUBTOTAL', label: words.kindSubtotal },
  { value: 'PICKUP', label: words.kindPickup },
];

const tiered = (kind: ShippingRateKind) => kind === 'WEIGHT' || kind === 'SUBTOTAL';

type Props = {
  rate: ShippingRate;
  n: number;
  currency: string;
  unit: string;
  errors: (path: string) => string | undefined;
  onChange: (rate: ShippingRate) => void;
  onRemove: (() => void) | undefined;
};

function Steps({ rate, currency, unit, errors, onChange }: Omit<Props, 'n' | 'onRemove'>) {
  const setTier = (i: number, change: Partial<ShippingRate['tiers'][number]>) =>
    onChange({ ...rate, tiers: rate.tiers.map((t, j) => (j === i ? { ...t, ...change } : t)) });
  const fromLabel = rate.kind === 'WEIGHT' ? format(words.stepFromWeight, { unit }) : words.stepFromSubtotal;
  return (
    <fieldset className="pricing-steps">
      <legend>{words.steps}</legend>
      <p className="field-hint">{words.stepsHint}</p>
      {errors('tiers') ? <p className="field-error">{errors('tiers')}</p> : null}
      {rate.tiers.map((tier, i) => (
        <div key={i} className="pricing-step">
          {rate.kind === 'WEIGHT' ? (
            <MeasureNumberField label={fromLabel} value={tier.from} error={errors(`tiers.${i}.from`)} onChange={(from) => setTier(i, { from })} />
          ) : (
            <AmountField label={fromLabel} value={tier.from} currency={currency} error={errors(`tiers.${i}.from`)} onChange={(from) => setTier(i, { from })} />
          )}
          <AmountField
            label={words.stepPrice}
            value={tier.amountCents}
            currency={currency}
            error={errors(`tiers.${i}.amountCents`)}
            onChange={(amountCents) => setTier(i, { amountCents })}
          />
          <button type="button" className="secondary" onClick={() => onChange({ ...rate, tiers: rate.tiers.filter((_, j) => j !== i) })}>
            {words.removeStep}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="secondary"
        onClick={() =>
          onChange({ ...rate, tiers: [...rate.tiers, { from: (rate.tiers.at(-1)?.from ?? -1) + 1, amountCents: rate.tiers.at(-1)?.amountCents ?? 0 }] })
        }
      >
        {words.addStep}
      </button>
    </fieldset>
  );
}

export function RateFields({ rate, n, currency, unit, errors, onChange, onRemove }: Props) {
  const set = (change: Partial<ShippingRate>) => onChange({ ...rate, ...change });
  return (
    <fieldset className="pricing-rate">
      <legend>{format(words.rateOf, { n })}</legend>
      <div className="pricing-fields">
        <Field label={words.rateName} hint={words.rateNameHint} error={errors('name')}>
          {(c) => <input {...c} value={rate.name} onChange={(e) => set({ name: e.target.value })} />}
        </Field>
        <Field label={words.rateKind} error={errors('kind')}>
          {(c) => (
            <select
              {...c}
              value={rate.kind}
              onChange={(e) => {
                const kind = e.target.value as ShippingRateKind;
                set({ kind, tiers: tiered(kind) ? (rate.tiers.length > 0 ? rate.tiers : [{ from: 0, amountCents: rate.amountCents }]) : [] });
              }}
            >
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {tiered(rate.kind) ? null : (
          <AmountField
            label={words.price}
            value={rate.amountCents}
            currency={currency}
            error={errors('amountCents')}
            onChange={(amountCents) => set({ amountCents })}
          />
        )}
      </div>
      {tiered(rate.kind) ? <Steps rate={rate} currency={currency} unit={unit} errors={errors} onChange={onChange} /> : null}
      <Field label={words.freeAboveCheck} check>
        {(c) => (
          <input
            {...c}
            type="checkbox"
            checked={rate.freeAboveCents !== undefined}
            onChange={(e) => set({ freeAboveCents: e.target.checked ? (rate.freeAboveCents ?? 5000) : undefined })}
          />
        )}
      </Field>
      {rate.freeAboveCents !== undefined ? (
        <AmountField
          label={words.freeAbove}
          value={rate.freeAboveCents}
          currency={currency}
          error={errors('freeAboveCents')}
          onChange={(freeAboveCents) => set({ freeAboveCents })}
        />
      ) : null}
      <Field label={words.rateNote} hint={words.rateNoteHint} error={errors('note')}>
        {(c) => <input {...c} value={rate.note ?? ''} onChange={(e) => set({ note: e.target.value === '' ? undefined : e.target.value })} />}
      </Field>
      {onRemove ? (
        <button type="button" className="secondary danger" onClick={onRemove}>
          {words.removeRate}
        </button>
      ) : null}
    </fieldset>
  );
}
