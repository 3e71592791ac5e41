/**
 * An address's town line as the country writes it: the postcode before the town in most of
 * continental Europe ("10115 Berlin"), after it elsewhere ("New York NY 10001", "Bristol BS1 4DJ"),
 * a region code shown without its country ("US-NY" → "NY").
 */
const POSTCODE_FIRST = new Set([
  'AT',
  'BE',
  'CH',
  'CZ',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IS',
  'IT',
  'LI',
  'LU',
  'NL',
  'NO',
  'PL',
  'PT',
  'SE',
  'SI',
  'SK',
]);

export function townLine(a: { city: string; region?: string | undefined; postcode?: string | undefined; country: string }): string {
  const region = a.region?.startsWith(`${a.country}-`) ? a.region.slice(a.country.length + 1) : a.region;
  const parts = POSTCODE_FIRST.has(a.country) ? [a.postcode, a.city, region] : [a.city, region, a.postcode];
  return parts.filter((p) => p !== undefined && p !== '').join(' ');
}
