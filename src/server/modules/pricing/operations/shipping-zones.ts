/**
 * The owner's shipping zones, each with its rates, in the owner's order. A place belongs to one
 * zone: the most specific covering zone prices a cart (a region, then a country, then the rest of
 * the world; src/domain/pricing/shipping.ts), so a zone that covers a place exactly as another
 * does would never be used, and is refused with the zone that has it.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client';
import type { ShippingZone } from '../../../../document/pricing';
import { MAX_SHIPPING_ZONES } from '../../../../domain/pricing/limits';
import { format } from '../../../../messages/format';
import { pricingApi } from '../../../../messages/pricing-api';
import { storeSettingsOf } from '../../catalogue';
import { zoneOf } from '../pricing-document';
import { shippingZones } from '../schema';
import { deleteRule, placeFor, refused, ruleChange, writeRow } from './rule-rows';

export async function listShippingZones(db: Executor, websiteId: string) {
  const [settings, rows] = await Promise.all([
    storeSettingsOf(db, websiteId),
    db.select().from(shippingZones).where(eq(shippingZones.websiteId, websiteId)).orderBy(asc(shippingZones.position)),
  ]);
  return { currency: settings.selectedCurrency, measurementStandard: settings.measurementStandard, zones: rows.map(zoneOf) };
}

/** The places a zone covers as exactly as its matching counts them: its regions, else its countries ('*' the rest of the world). */
const placesOf = (zone: Pick<ShippingZone, 'countries' | 'regions'>) => (zone.regions.length > 0 ? zone.regions : zone.countries);

async function checkPlacesFree(tx: Executor, websiteId: string, zone: ShippingZone): Promise<void> {
  const others = await tx
    .select()
    .from(shippingZones)
    .where(and(eq(shippingZones.websiteId, websiteId), ne(shippingZones.id, zone.id)));
  const field = zone.regions.length > 0 ? 'regions' : 'countries';
  for (const other of others.map(zoneOf)) {
    if (other.regions.length > 0 !== zone.regions.length > 0) continue;
    const shared = placesOf(zone).find((p) => placesOf(other).includes(p));
    if (shared === undefined) continue;
    const message =
      shared === '*' ? format(pricingApi.restOfWorldTaken, { zone: other.name }) : format(pricingApi.placeInZone, { place: shared, zone: other.name });
    throw refused(pricingApi.zoneNotSaved, { [field]: message });
  }
}

/** Adds a zone last (`zoneId` undefined: the body's id is not used) or changes one in its place. */
export async function saveShippingZone(db: Db, websiteId: string, accountId: string, body: ShippingZone, zoneId?: string): Promise<{ zone: ShippingZone }> {
  return ruleChange(db, websiteId, accountId, async (tx) => {
    const place = await placeFor(tx, shippingZones, websiteId, zoneId, {
      most: MAX_SHIPPING_ZONES,
      tooMany: format(pricingApi.tooManyZones, { max: MAX_SHIPPING_ZONES }),
      missing: pricingApi.noShippingZone,
    });
    const zone: ShippingZone = { ...body, id: place.id, countries: [...new Set(body.countries)], regions: [...new Set(body.regions)] };
    await checkPlacesFree(tx, websiteId, zone);
    await writeRow(tx, shippingZones, websiteId, place, { name: zone.name, countries: zone.countries, regions: zone.regions, rates: zone.rates });
    const action = zoneId === undefined ? 'shipping_zones.created' : 'shipping_zones.updated';
    return { answer: { zone }, action, detail: { zoneId: zone.id, name: zone.name } };
  });
}

export async function deleteShippingZone(db: Db, websiteId: string, accountId: string, zoneId: string) {
  return deleteRule(db, websiteId, accountId, { table: shippingZones, id: zoneId, missing: pricingApi.noShippingZone, action: 'shipping_zones.deleted' });
}
