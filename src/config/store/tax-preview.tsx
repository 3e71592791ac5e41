/**
 * The Taxes screen's calculator: an address and an amount give the tax a shopper there pays and
 * what they pay in all, worked out by the domain's `priceCart` over the saved switches and rules.
 */
import { useState } from 'react';
import type { TaxSettings } from '../../document/pricing';
import type { PricingLocation } from '../../domain/pricing/types';
import { format } from '../../messages/format';
import { LocationFields } from './pricing-fields';
import { PreviewCard } from './pricing-list';
import { percentText, previewTax } from './pricing-model';
import { words } from './pricing-words';
import { AmountField } from './store-fields';
import { money } from './store-nav';

export function TaxPreview({ tax, currency }: { tax: TaxSettings; currency: string }) {
  const [location, setLocation] = useState<PricingLocation>({});
  const [amountCents, setAmount] = useState(10000);
  const preview = previewTax(tax, location, amountCents, new Date());
  return (
    <PreviewCard
      id="tax-preview-title"
      hint={words.taxPreviewHint}
      fields={
        <>
          <LocationFields value={location} onChange={setLocation} />
          <AmountField label={words.previewAmount} value={amountCents} currency={currency} onChange={setAmount} />
        </>
      }
    >
      {preview.rule ? (
        <p>{format(words.previewRule, { name: preview.rule.name, rate: format(words.rateText, { rate: percentText(preview.rule.ratePercent) }) })}</p>
      ) : (
        <p>{words.noRuleApplies}</p>
      )}
      <dl className="pricing-totals">
        <dt>{words.previewTax}</dt>
        <dd>{money(preview.taxCents, currency)}</dd>
        <dt>{words.previewTotal}</dt>
        <dd>{money(preview.totalCents, currency)}</dd>
      </dl>
      {tax.pricesIncludeTax && preview.taxCents > 0 ? (
        <p className="pricing-muted">{format(words.includedTax, { tax: money(preview.taxCents, currency) })}</p>
      ) : null}
    </PreviewCard>
  );
}
