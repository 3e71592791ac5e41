/**
 * A coupon's form, new or changed: its code, what it takes off (a percentage, an amount of the
 * store's currency, or the shipping), the order subtotal it needs, when it starts and ends (in the
 * browser's time zone), how many orders may use it, once per customer, and whether it is on. The
 * server checks it all again; its message shows on the field it names.
 */
import { useState, type FormEvent } from 'react';
import { couponRow, PRICING_API, type CouponRow } from '../../contracts/pricing';
import type { Coupon } from '../../document/pricing';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { Messages, useSave } from '../shared/ui';
import { CountField, PercentField } from './pricing-fields';
import { FormButtons } from './pricing-list';
import { words } from './pricing-words';
import { AmountField, ChoiceCards } from './store-fields';
import { instantOf, localDateTime } from './store-model';
import { money } from './store-nav';

type Draft = Omit<Coupon, 'id'>;

const NEW_COUPON: Draft = { code: '', kind: 'PERCENT', percentOff: 10, minimumSubtotalCents: 0, oncePerCustomer: false, enabled: true };

/** The draft as the server reads it: only the kind's own amount. */
function bodyOf(draft: Draft): Record<string, unknown> {
  const { percentOff, amountOffCents, ...rest } = draft;
  return {
    ...rest,
    ...(draft.kind === 'PERCENT' ? { percentOff } : {}),
    ...(draft.kind === 'FIXED_AMOUNT' ? { amountOffCents } : {}),
  };
}

export function CouponForm({ row, currency, onDone }: { row: CouponRow | undefined; currency: string; onDone: (message: string | null) => void }) {
  const [draft, setDraft] = useState<Draft>(() => (row ? row.coupon : NEW_COUPON));
  const { error, fieldErrors, busy, save } = useSave('');
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const title = row ? format(words.editCoupon, { code: row.coupon.code }) : words.newCoupon;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = row ? `${PRICING_API.COUPONS}/${row.coupon.id}` : PRICING_API.COUPONS;
    let code = draft.code;
    save(
      () => call(couponRow, row ? 'PUT' : 'POST', url, bodyOf(draft)).then((saved) => (code = saved.coupon.code)),
      () => onDone(format(words.couponSaved, { code })),
    );
  };
  const date = (key: 'startsAt' | 'endsAt', label: string) => (
    <Field label={label} error={fieldErrors[key]}>
      {(c) => <input {...c} type="datetime-local" value={localDateTime(draft[key])} onChange={(e) => set({ [key]: instantOf(e.target.value) })} />}
    </Field>
  );
  return (
    <form className="store-card pricing-form" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <Messages error={error} />
      <Field label={words.code} hint={words.codeHint} error={fieldErrors.code}>
        {(c) => <input {...c} value={draft.code} autoCapitalize="characters" spellCheck={false} onChange={(e) => set({ code: e.target.value })} />}
      </Field>
      <ChoiceCards
        name="coupon-kind"
        legend={words.kindLegend}
        value={draft.kind}
        disabled={false}
        onChange={(kind) => set({ kind, percentOff: draft.percentOff ?? 10, amountOffCents: draft.amountOffCents ?? 0 })}
        choices={[
          { value: 'PERCENT', label: words.kindPercent, hint: words.kindPercentHint },
          { value: 'FIXED_AMOUNT', label: words.kindFixed, hint: format(words.kindFixedHint, { amount: money(500, currency) }) },
          { value: 'FREE_SHIPPING', label: words.freeShipping, hint: words.kindFreeShippingHint },
        ]}
      />
      <div className="pricing-fields">
        {draft.kind === 'PERCENT' ? (
          <PercentField
            label={words.percentage}
            hint={words.percentHint}
            digits={2}
            value={draft.percentOff}
            error={fieldErrors.percentOff}
            onChange={(percentOff) => set({ percentOff })}
          />
        ) : null}
        {draft.kind === 'FIXED_AMOUNT' ? (
          <AmountField
            label={words.amount}
            value={draft.amountOffCents ?? 0}
            currency={currency}
            error={fieldErrors.amountOffCents}
            onChange={(amountOffCents) => set({ amountOffCents })}
          />
        ) : null}
        <AmountField
          label={words.minimumSubtotal}
          hint={words.minimumSubtotalHint}
          value={draft.minimumSubtotalCents}
          currency={currency}
          error={fieldErrors.minimumSubtotalCents}
          onChange={(minimumSubtotalCents) => set({ minimumSubtotalCents })}
        />
      </div>
      <div className="pricing-fields">
        {date('startsAt', words.startsAt)}
        {date('endsAt', words.endsAt)}
      </div>
      <p className="field-hint pricing-fields-hint">{words.datesHint}</p>
      <CountField
        label={words.usageLimit}
        hint={words.usageLimitHint}
        value={draft.usageLimit}
        error={fieldErrors.usageLimit}
        onChange={(usageLimit) => set({ usageLimit })}
      />
      <Field label={words.oncePerCustomer} hint={words.oncePerCustomerHint} check>
        {(c) => <input {...c} type="checkbox" checked={draft.oncePerCustomer} onChange={(e) => set({ oncePerCustomer: e.target.checked })} />}
      </Field>
      <Field label={words.statusActive} hint={words.enabledHint} check>
        {(c) => <input {...c} type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
      </Field>
      <FormButtons busy={busy} label={row ? words.saveCoupon : words.createCoupon} onCancel={() => onDone(null)} />
    </form>
  );
}
