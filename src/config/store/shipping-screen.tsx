/**
 * The Shipping screen (/config/store/shipping): the store's shipping zones in their order, each
 * with the countries it covers by name ("Rest of the world" for every other), its regions and its
 * rates; added and changed in a form above the list, deleted once the owner confirms; and a
 * preview of what a shopper at an address with a cart of a subtotal and a weight is offered.
 */
import type { ShippingZone } from '../../document/pricing';
import { PRICING_API, shippingZonesAnswer } from '../../contracts/pricing';
import { format } from '../../messages/format';
import { Messages, useLoad } from '../shared/ui';
import { placesText, ratePriceText, weightUnit } from './pricing-model';
import { RowActions, ScreenHead, useRuleList } from './pricing-list';
import { words } from './pricing-words';
import { ShippingPreview } from './shipping-preview';
import { ZoneForm } from './shipping-zone-form';
import './store.css';
import './pricing.css';

function ZoneCard({
  zone,
  currency,
  writable,
  onEdit,
  onDelete,
}: {
  zone: ShippingZone;
  currency: string;
  writable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = `zone-${zone.id}`;
  return (
    <li className="store-card pricing-zone" aria-labelledby={id}>
      <div className="store-head">
        <h2 id={id}>{zone.name}</h2>
        {writable ? <RowActions name={zone.name} onEdit={onEdit} onDelete={onDelete} /> : null}
      </div>
      <p className="pricing-places">{placesText(zone)}</p>
      {zone.regions.length > 0 ? <p className="pricing-muted">{format(words.regionsOf, { regions: zone.regions.join(', ') })}</p> : null}
      <ul className="pricing-rates" aria-label={format(words.optionsOf, { zone: zone.name })}>
        {zone.rates.map((rate) => (
          <li key={rate.id}>
            <strong>{rate.name}</strong> <span>{ratePriceText(rate, currency)}</span>
            {rate.note ? <span className="pricing-muted"> · {rate.note}</span> : null}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function ShippingScreen({ writable }: { writable: boolean }) {
  const [data, loadError, reload] = useLoad(shippingZonesAnswer, PRICING_API.SHIPPING_ZONES);
  const list = useRuleList<ShippingZone>(reload);
  return (
    <section className="store-screen pricing-screen" aria-labelledby="shipping-title">
      <ScreenHead
        id="shipping-title"
        title={words.shippingTitle}
        hint={words.shippingHint}
        add={writable && list.editing === null ? { label: words.addZone, onClick: () => list.open('new') } : null}
      />
      <Messages error={loadError ?? list.error} done={list.done} />
      {list.editing !== null && data ? (
        <ZoneForm
          zone={list.editing === 'new' ? undefined : list.editing}
          currency={data.currency}
          unit={weightUnit(data.measurementStandard)}
          onDone={list.closed}
        />
      ) : null}
      {data && data.zones.length === 0 ? <p className="empty">{words.noZones}</p> : null}
      <ul className="pricing-zones" aria-busy={!data}>
        {data?.zones.map((zone) => (
          <ZoneCard
            key={zone.id}
            zone={zone}
            currency={data.currency}
            writable={writable}
            onEdit={() => list.open(zone)}
            onDelete={() =>
              void list.remove({
                url: `${PRICING_API.SHIPPING_ZONES}/${zone.id}`,
                title: words.deleteZoneTitle,
                text: format(words.deleteZoneText, { places: placesText(zone) }),
                done: format(words.zoneDeleted, { name: zone.name }),
              })
            }
          />
        ))}
      </ul>
      {data ? <ShippingPreview zones={data.zones} currency={data.currency} unit={weightUnit(data.measurementStandard)} /> : null}
    </section>
  );
}
