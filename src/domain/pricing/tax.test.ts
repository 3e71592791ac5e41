import { describe, expect, it } from 'vitest';
import { toPlace } from './location';
import { taxRuleFixture } from './pricing.fixture';
import { applicableRule, taxOn, taxPlace } from './tax';

describe('the tax rule that applies where the shopper is', () => {
  const country = taxRuleFixture({ id: 'us', country: 'US', ratePercent: 0 });
  const california = taxRuleFixture({ id: 'ca', country: 'US', region: 'US-CA', ratePercent: 7.25 });
  const sanFrancisco = taxRuleFixture({ id: 'sf', country: 'US', postcodePrefix: '941', ratePercent: 8.625 });
  const sanFranciscoCa = taxRuleFixture({ id: 'sfca', country: 'US', region: 'US-CA', postcodePrefix: '941', ratePercent: 8.75 });
  const rules = [country, california, sanFrancisco];

  it('is the longest postcode prefix, then a region rule, then the country’s', () => {
    expect(applicableRule(rules, toPlace({ country: 'US', region: 'US-CA', postcode: '94103' }))?.id).toBe('sf');
    expect(applicableRule(rules, toPlace({ country: 'US', region: 'US-CA', postcode: '90210' }))?.id).toBe('ca');
    expect(applicableRule(rules, toPlace({ country: 'US', region: 'US-NY', postcode: '10001' }))?.id).toBe('us');
    expect(applicableRule([...rules, sanFranciscoCa], toPlace({ country: 'US', region: 'US-CA', postcode: '94103' }))?.id).toBe('sfca');
  });

  it('compares postcodes without spaces or case', () => {
    const london = taxRuleFixture({ id: 'sw1', postcodePrefix: 'sw1 a' });
    expect(applicableRule([taxRuleFixture(), london], toPlace({ country: 'gb', postcode: 'SW1A 1AA' }))?.id).toBe('sw1');
    expect(applicableRule([taxRuleFixture(), london], toPlace({ country: 'GB', postcode: 'SW19 1AA' }))?.id).toBe('t1');
  });

  it('needs the rule’s region and postcode when the rule names them', () => {
    expect(applicableRule([california, sanFrancisco], toPlace({ country: 'US' }))).toBeNull();
  });

  it('is the first in order among equally specific rules, and none for a country without rules', () => {
    expect(applicableRule([taxRuleFixture({ id: 'a' }), taxRuleFixture({ id: 'b' })], toPlace({ country: 'GB' }))?.id).toBe('a');
    expect(applicableRule(rules, toPlace({ country: 'GB' }))).toBeNull();
    expect(applicableRule(rules, null)).toBeNull();
  });

  it('is reckoned at the shopper’s country when given, else at the store’s origin, else nowhere', () => {
    const settings = { pricesIncludeTax: false, taxShipping: false, originCountry: 'GB', rules: [] };
    expect(taxPlace({ country: 'FR', postcode: '75001' }, settings)).toEqual({ country: 'FR', region: undefined, postcode: '75001' });
    expect(taxPlace({ postcode: '75001' }, settings)).toEqual({ country: 'GB', region: undefined, postcode: '' });
    expect(taxPlace(undefined, { ...settings, originCountry: undefined })).toBeNull();
  });
});

describe('the tax on an amount', () => {
  it('is added on top when prices exclude tax, rounded half-up', () => {
    expect(taxOn(1000, 20, false)).toBe(200);
    expect(taxOn(999, 8.875, false)).toBe(89); // 88.66
    expect(taxOn(1000, 8.875, false)).toBe(89); // 88.75
    expect(taxOn(20, 12.5, false)).toBe(3); // 2.5
    expect(taxOn(1000, 0, false)).toBe(0);
  });

  it('is the part of the price that is tax when prices include it', () => {
    expect(taxOn(1200, 20, true)).toBe(200);
    expect(taxOn(1000, 20, true)).toBe(167); // 166.67
    expect(taxOn(105, 5, true)).toBe(5);
    expect(taxOn(21, 5, true)).toBe(1);
    expect(taxOn(1000, 0, true)).toBe(0);
  });

  it('is exact where float arithmetic would round the wrong way', () => {
    // 200 × 7.25% in floats is 14.499999…: exactly it is 14.5, up to 15.
    expect(taxOn(200, 7.25, false)).toBe(15);
    expect(taxOn(3000, 7.25, false)).toBe(218);
    // 0.5 cent of tax exactly (5 × 10%): up to 1.
    expect(taxOn(5, 10, false)).toBe(1);
  });
});
