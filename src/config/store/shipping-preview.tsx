/**
 * The Shipping screen's calculator: an address (country, region, postcode) and a cart (its subtotal
 * and weight) give the options a shopper there is offered with their prices, worked out by the
 * domain's `priceCart` over the saved zones, as the cart page will.
 */
import { useState } from 'react';
import type { ShippingZone } from '../../document/pricing';
import type { PricingLocation } from '../../domain/pricing/types';
import { format } from '../../messages/format';
import { LocationFields, MeasureNumberField } from './pricing-fields';
import { PreviewCard } from './pricing-list';
import { previewShipping } from './pricing-model';
import { words } from './pricing-words';
import { AmountField } from './store-fields';
import { money } from './store-nav';

export function ShippingPreview({ zones, currency, unit }: { zones: readonly ShippingZone[]; currency: string; unit: string }) {
  const [location, setLocation] = useState<PricingLocation>({});
  const [subtotalCents, setSubtotal] = useState(2500);
  const [weight, setWeight] = useState(1);
  const preview = previewShipping(zones, location, { subtotalCents, weight }, new Date());
  return (
    <PreviewCard
      id="shipping-preview-title"
      hint={words.shippingPreviewHint}
      fields={
        <>
          <LocationFields value={location} onChange={setLocation} />
          <AmountField label={words.cartSubtotal} value={subtotalCents} currency={currency} onChange={setSubtotal} />
          <MeasureNumberField label={format(words.cartWeight, { unit })} value={weight} onChange={setWeight} />
        </>
      }
    >
      {preview.state === 'noCountry' ? <p>{words.chooseCountryFirst}</p> : null}
      {preview.state === 'noZone' ? <p>{words.noZoneCovers}</p> : null}
      {preview.state === 'noRate' ? <p>{format(words.noRateFits, { zone: preview.zone })}</p> : null}
      {preview.state === 'options' ? (
        <>
          <p>{format(words.optionsOf, { zone: preview.zone })}</p>
          <ul className="pricing-rates">
            {preview.options.map((o) => (
              <li key={o.id}>
                <strong>{o.name}</strong> <span>{o.amountCents === 0 ? words.free : money(o.amountCents, currency)}</span>
                {o.note ? <span className="pricing-muted"> · {o.note}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </PreviewCard>
  );
}
