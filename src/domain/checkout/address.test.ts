import { describe, expect, it } from 'vitest';
import { townLine } from './address';

describe('an address’s town line', () => {
  it('puts the postcode where the country writes it, and the region without its country', () => {
    expect(townLine({ city: 'New York', region: 'US-NY', postcode: '10001', country: 'US' })).toBe('New York NY 10001');
    expect(townLine({ city: 'Bristol', postcode: 'BS1 4DJ', country: 'GB' })).toBe('Bristol BS1 4DJ');
    expect(townLine({ city: 'Berlin', postcode: '10115', country: 'DE' })).toBe('10115 Berlin');
    expect(townLine({ city: 'Toulouse', region: '', postcode: '31000', country: 'FR' })).toBe('31000 Toulouse');
  });
});
