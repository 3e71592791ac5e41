/**
 * Where a shopper is, compared as the rules write it: country and region codes in upper case, a
 * region given without its country (CA for US-CA) read as the country's, and postcodes without
 * spaces or case.
 */
import type { PricingLocation } from './types';

export type Place = { country: string; region: string | undefined; postcode: string };

export function normalizePostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/** The location as the rules compare it, or null when it has no country. */
export function toPlace(location: PricingLocation | undefined): Place | null {
  const country = location?.country?.trim().toUpperCase();
  if (!country) return null;
  const region = location?.region?.trim().toUpperCase();
  return {
    country,
    region: !region ? undefined : region.includes('-') ? region : `${country}-${region}`,
    postcode: normalizePostcode(location?.postcode ?? ''),
  };
}
