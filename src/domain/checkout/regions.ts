/**
 * The subdivisions an address picks from where its country has a short, fixed list (US states and
 * the District of Columbia, Canadian provinces and territories, Australian states and territories),
 * by their ISO 3166-2 codes ('US-CA'): the codes shipping zones and tax rules name, so the place a
 * checkout address gives matches them as written (src/domain/pricing/location.ts). Intl names
 * countries in the site's language (the cart page's `countryChoices`) but not subdivisions, so their
 * names are kept here, as their countries write them. Other countries' regions stay free text.
 */

// biome-ignore format: a table, a line per country
const SUBDIVISIONS: Readonly<Record<string, string>> = {
  US: 'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming',
  CA: 'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NT Northwest Territories|NS Nova Scotia|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|YT Yukon',
  AU: 'ACT Australian Capital Territory|NSW New South Wales|NT Northern Territory|QLD Queensland|SA South Australia|TAS Tasmania|VIC Victoria|WA Western Australia',
};

export type Region = { code: string; name: string };

const parsed = new Map<string, readonly Region[]>();

/** The country's subdivisions by name ('US-CA' California), or undefined where its region is free text. */
export function regionsOf(country: string | undefined): readonly Region[] | undefined {
  const key = country?.toUpperCase() ?? '';
  const table = Object.hasOwn(SUBDIVISIONS, key) ? SUBDIVISIONS[key] : undefined;
  if (table === undefined) return undefined;
  let found = parsed.get(key);
  if (!found) {
    found = table.split('|').map((entry) => {
      const space = entry.indexOf(' ');
      return { code: `${key}-${entry.slice(0, space)}`, name: entry.slice(space + 1) };
    });
    parsed.set(key, found);
  }
  return found;
}

/** The countries whose region is picked from a list, as the checkout page sends them to the browser. */
export const REGION_COUNTRIES = Object.keys(SUBDIVISIONS);

/** Whether `region` is one of the country's subdivisions (any region passes where the country has no list). */
export function isRegionOf(country: string, region: string | undefined): boolean {
  const list = regionsOf(country);
  return list === undefined || list.some((r) => r.code === region?.toUpperCase());
}
