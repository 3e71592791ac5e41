/** A tax rule's form, new or changed: its name, the country, optionally a region and a postcode start, and its rate. */
import { useState, type FormEvent } from 'react';
import { PRICING_API, taxRuleAnswer } from '../../contracts/pricing';
import type { TaxRule } from '../../document/pricing';
import { format } from '../../messages/format';
import { Field } from '../../ui/field';
import { call } from '../shared/api';
import { Messages, useSave } from '../shared/ui';
import { CountrySelect, PercentField } from './pricing-fields';
import { FormButtons } from './pricing-list';
import { words } from './pricing-words';

type Draft = { name: string; country: string; region: string; postcodePrefix: string; ratePercent: number | undefined };

const draftOf = (rule: TaxRule | undefined, country: string): Draft => ({
  name: rule?.name ?? '',
  country: rule?.country ?? country,
  region: rule?.region ?? '',
  postcodePrefix: rule?.postcodePrefix ?? '',
  ratePercent: rule?.ratePercent,
});

export function TaxRuleForm({ rule, country, onDone }: { rule: TaxRule | undefined; country: string; onDone: (message: string | null) => void }) {
  const [draft, setDraft] = useState(() => draftOf(rule, country));
  const { error, fieldErrors, busy, save } = useSave('');
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const title = rule ? format(words.editRule, { name: rule.name }) : words.newRule;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const region = draft.region.trim().toUpperCase();
    const postcodePrefix = draft.postcodePrefix.trim();
    const body = {
      name: draft.name,
      country: draft.country,
      ...(region ? { region } : {}),
      ...(postcodePrefix ? { postcodePrefix } : {}),
      ...(draft.ratePercent !== undefined ? { ratePercent: draft.ratePercent } : {}),
    };
    save(
      () => call(taxRuleAnswer, rule ? 'PUT' : 'POST', rule ? `${PRICING_API.TAX_RULES}/${rule.id}` : PRICING_API.TAX_RULES, body),
      () => onDone(format(words.ruleSaved, { name: draft.name.trim() })),
    );
  };
  return (
    <form className="store-card pricing-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      <Messages error={error} />
      <div className="pricing-fields">
        <Field label={words.name} hint={words.ruleNameHint} error={fieldErrors.name}>
          {(c) => <input {...c} value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
        </Field>
        <CountrySelect label={words.country} value={draft.country} none="" error={fieldErrors.country} onChange={(country) => set({ country })} />
        <Field label={words.region} hint={words.regionHint} error={fieldErrors.region}>
          {(c) => <input {...c} value={draft.region} onChange={(e) => set({ region: e.target.value })} />}
        </Field>
        <Field label={words.postcodePrefix} hint={words.postcodePrefixHint} error={fieldErrors.postcodePrefix}>
          {(c) => <input {...c} value={draft.postcodePrefix} onChange={(e) => set({ postcodePrefix: e.target.value })} />}
        </Field>
        <PercentField
          label={words.ratePercent}
          hint={words.ratePercentHint}
          digits={3}
          value={draft.ratePercent}
          error={fieldErrors.ratePercent}
          onChange={(ratePercent) => set({ ratePercent })}
        />
      </div>
      <FormButtons busy={busy} label={rule ? words.saveRule : words.createRule} onCancel={() => onDone(null)} />
    </form>
  );
}
