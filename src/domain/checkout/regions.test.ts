import { describe, expect, it } from 'vitest';
import { toPlace } from '../pricing/location';
import { isRegionOf, REGION_COUNTRIES, regionsOf } from './regions';

describe('the subdivision table', () => {
  it('lists US states with DC, Canadian provinces and territories, Australian states and territories, by ISO 3166-2 code', () => {
    expect(REGION_COUNTRIES).toEqual(['US', 'CA', 'AU']);
    expect(regionsOf('US')).toHaveLength(51);
    expect(regionsOf('ca')).toHaveLength(13);
    expect(regionsOf('AU')).toHaveLength(8);
    expect(regionsOf('US')).toContainEqual({ code: 'US-CA', name: 'California' });
    expect(regionsOf('AU')).toContainEqual({ code: 'AU-NSW', name: 'New South Wales' });
    expect(regionsOf('FR')).toBeUndefined();
    expect(regionsOf(undefined)).toBeUndefined();
  });

  it('gives codes the shipping and tax rules read as written, within the cart call’s 6 characters', () => {
    for (const country of REGION_COUNTRIES)
      for (const r of regionsOf(country)!) {
        expect(r.code.length).toBeLessThanOrEqual(6);
        expect(toPlace({ country, region: r.code })?.region).toBe(r.code);
      }
  });

  it('accepts a listed region, refuses another, and takes any region where the country has no list', () => {
    expect(isRegionOf('US', 'us-ny')).toBe(true);
    expect(isRegionOf('US', 'US-ON')).toBe(false);
    expect(isRegionOf('US', undefined)).toBe(false);
    expect(isRegionOf('GB', 'Somerset')).toBe(true);
  });
});
