import { describe, expect, it } from 'vitest';
import { normalizePostcode, toPlace } from './location';

describe('a shopper’s location as the rules compare it', () => {
  it('is nothing without a country', () => {
    expect(toPlace(undefined)).toBeNull();
    expect(toPlace({ postcode: 'SW1A 1AA' })).toBeNull();
    expect(toPlace({ country: ' ' })).toBeNull();
  });

  it('has its codes in upper case, a bare region read as its country’s, and its postcode without spaces', () => {
    expect(toPlace({ country: 'us', region: 'ca', postcode: '94103' })).toEqual({ country: 'US', region: 'US-CA', postcode: '94103' });
    expect(toPlace({ country: 'GB', region: 'gb-sct', postcode: 'eh1 1yz' })).toEqual({ country: 'GB', region: 'GB-SCT', postcode: 'EH11YZ' });
    expect(toPlace({ country: 'FR' })).toEqual({ country: 'FR', region: undefined, postcode: '' });
    expect(normalizePostcode(' sw1a  1aa ')).toBe('SW1A1AA');
  });
});
