import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BILLING_PERIOD_UNITS,
  CART_COUNT_CAP,
  CURRENCIES,
  CURRENCY_CODES,
  CURRENCY_FORMAT,
  DEFAULT_CURRENCY,
  formatCartCount,
  formatMoney,
  generateSku,
  GENERATED_SKU_PATTERN,
  isCurrencyCode,
  isIndefinitePlan,
  isValidPriceCents,
  isValidSku,
  MAX_PRICE_CENTS,
  MAX_SKU_LENGTH,
  MEASUREMENT_STANDARDS,
  measurementUnits,
  PRODUCT_TYPE_NUMBERS,
  PRODUCT_TYPES,
  ZERO_USD,
} from './commerce';

describe('product types', () => {
  // constants and helpers for 000-3.01 (the HTTP behaviour is left to HTTP tests)
  it('are PHYSICAL, SERVICE, DIGITAL and GIFT_CARD', () => {
    expect([...PRODUCT_TYPES].sort()).toEqual(['DIGITAL', 'GIFT_CARD', 'PHYSICAL', 'SERVICE']);
  });

  // covers 000-3.75
  it('are numbered physical 1, digital 2, service 3, gift card 4, paywall 5', () => {
    expect(PRODUCT_TYPE_NUMBERS).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
  });
});

describe('currencies', () => {
  // covers 000-3.16
  // constants and helpers for 000-3.18 (the HTTP behaviour is left to HTTP tests)
  it('are the 27 seed currencies, each with code, name, fraction digits and numeric code', () => {
    expect(CURRENCY_CODES).toEqual([
      'EUR',
      'USD',
      'AUD',
      'NOK',
      'CAD',
      'NZD',
      'DKK',
      'GBP',
      'HKD',
      'CHF',
      'MXN',
      'SGD',
      'SEK',
      'CZK',
      'ILS',
      'PHP',
      'RUB',
      'PLN',
      'THB',
      'MYR',
      'ARS',
      'BRL',
      'COP',
      'IDR',
      'INR',
      'JPY',
      'ZAR',
    ]);
    for (const c of CURRENCIES) expect(c.numericCode).toMatch(/^[0-9]{3}$/);
    expect(new Set(CURRENCIES.map((c) => c.numericCode)).size).toBe(27);
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });

  // constants and helpers for 001-3.97 (the on-screen text is left to end-to-end tests)
  it('carry the string-table names', () => {
    expect(CURRENCIES.map((c) => c.name)).toEqual([
      'Euro',
      'US Dollar',
      'Australian Dollar',
      'Norwegian Krone',
      'Canadian Dollar',
      'New Zealand Dollar',
      'Danish Krone',
      'Pound Sterling',
      'Hong Kong Dollar',
      'Swiss Franc',
      'Mexican Peso',
      'Singapore Dollar',
      'Swedish Krona',
      'Czech Koruna',
      'Israeli Shekel',
      'Philippine Peso',
      'Russian Ruble',
      'Polish Zloty',
      'Thai Baht',
      'Malaysian Ringgit',
      'Argentine Peso',
      'Brazilian Real',
      'Colombian Peso',
      'Indonesian Rupiah',
      'Indian Rupee',
      'Yen',
      'South African Rand',
    ]);
  });

  // constants and helpers for 000-3.17 (the on-screen text is left to end-to-end tests)
  it('have 2 fraction digits except JPY with 0', () => {
    for (const c of CURRENCIES) expect(c.fractionDigits).toBe(c.code === 'JPY' ? 0 : 2);
  });

  // covers 000-3.13
  // constants and helpers for 000-3.19 (the HTTP behaviour is left to HTTP tests)
  it('default to USD, and a cart subtotal starts at zero USD', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(ZERO_USD).toEqual({ currency: 'USD', minor: 0 });
  });
});

describe('formatMoney', () => {
  // constants and helpers for 000-3.17, 000-3.21, 000-9.16, 000-9.17 (the on-screen text is left to end-to-end tests)
  it('uses the locale symbol and separators, grouping on, and the currency fraction digits', () => {
    expect(formatMoney({ currency: 'USD', minor: 123456 })).toBe('$1,234.56');
    expect(formatMoney({ currency: 'USD', minor: 123456789 }, 'en-US')).toBe('$1,234,567.89');
    expect(formatMoney({ currency: 'JPY', minor: 1234 })).toBe('¥1,234');
    expect(formatMoney({ currency: 'EUR', minor: 123456 }, 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney({ currency: 'USD', minor: 5 })).toBe('$0.05');
    expect(formatMoney({ currency: 'USD', minor: -150n })).toBe('-$1.50');
    expect(CURRENCY_FORMAT).toEqual({ GROUPING: true, GROUPING_SEPARATOR: ',', DECIMAL_SEPARATOR: '.', MAX_INTEGER_DIGITS: 15 });
  });

  // covers 000-9.18
  it('shows at most 15 integer digits', () => {
    expect(formatMoney({ currency: 'USD', minor: 99999999999999999n })).toBe('$999,999,999,999,999.99');
    expect(formatMoney({ currency: 'USD', minor: 1234567890123456789n })).toBe('$345,678,901,234,567.89');
  });

  // constants and helpers for 000-3.17 (the on-screen text is left to end-to-end tests)
  it('keeps every minor unit of large bigint amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (minor) => {
        const digits = formatMoney({ currency: 'USD', minor }).replace(/[^0-9]/g, '');
        expect(BigInt(digits)).toBe(minor);
      }),
    );
  });

  // covers 000-3.17
  it('never gives yen decimals, in any locale, and always gives other currencies two', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-GB'), (minor, locale) => {
        const yen = formatMoney({ currency: 'JPY', minor }, locale);
        expect(yen.replace(/[^0-9]/g, '')).toBe((minor < 0n ? -minor : minor).toString());
        const euro = formatMoney({ currency: 'EUR', minor }, locale);
        expect(euro).toMatch(/[.,]\d{2}(?!\d)/);
      }),
      { seed: 30, numRuns: 200 },
    );
  });

  it('refuses fractional minor units', () => {
    expect(() => formatMoney({ currency: 'USD', minor: 1.5 })).toThrow(RangeError);
  });
});

describe('prices and SKUs', () => {
  // constants and helpers for 000-9.01 (the HTTP behaviour is left to HTTP tests)
  it('allows prices up to 100000000 cents', () => {
    expect(MAX_PRICE_CENTS).toBe(100000000);
    expect(isValidPriceCents(100000000)).toBe(true);
    expect(isValidPriceCents(100000001)).toBe(false);
    expect(isValidPriceCents(-1)).toBe(false);
    expect(isValidPriceCents(10.5)).toBe(false);
  });

  // constants and helpers for 000-9.02 (the HTTP behaviour is left to HTTP tests)
  it('allows SKUs up to 60 characters', () => {
    expect(MAX_SKU_LENGTH).toBe(60);
    expect(isValidSku('a'.repeat(60))).toBe(true);
    expect(isValidSku('a'.repeat(61))).toBe(false);
  });

  // constants and helpers for 000-9.03 (the HTTP behaviour is left to HTTP tests)
  it("generates 'SQ' plus 7 digits", () => {
    expect(generateSku(() => 0)).toBe('SQ0000000');
    expect(generateSku(() => 0.9999999)).toBe('SQ9999999');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        expect(generateSku(() => r)).toMatch(/^SQ[0-9]{7}$/);
      }),
    );
    expect(generateSku()).toMatch(GENERATED_SKU_PATTERN);
  });
});

describe('store settings and plans', () => {
  // covers 000-3.25
  // constants and helpers for 000-3.23, 000-3.24 (the on-screen text is left to end-to-end tests)
  it('gives lbs and inches for imperial (1), kg and cm otherwise', () => {
    expect(MEASUREMENT_STANDARDS).toEqual({ IMPERIAL: 1, METRIC: 2 });
    expect(measurementUnits(1)).toEqual({ weight: 'lbs', length: 'in' });
    expect(measurementUnits(2)).toEqual({ weight: 'kg', length: 'cm' });
    expect(measurementUnits(7)).toEqual({ weight: 'kg', length: 'cm' });
  });

  // covers 000-3.06
  // constants and helpers for 000-3.05 (the HTTP behaviour is left to HTTP tests)
  it('bills by week, month or year, and zero or missing cycles run indefinitely', () => {
    expect(BILLING_PERIOD_UNITS).toEqual(['week', 'month', 'year']);
    expect(isIndefinitePlan(0)).toBe(true);
    expect(isIndefinitePlan(undefined)).toBe(true);
    expect(isIndefinitePlan(null)).toBe(true);
    expect(isIndefinitePlan(12)).toBe(false);
  });
});

describe('formatCartCount', () => {
  // constants and helpers for 000-9.19, 001-6.08, 001-9.82 (the on-screen text is left to end-to-end tests)
  it("shows the count up to 100 and '100+' above", () => {
    expect(CART_COUNT_CAP).toBe(100);
    expect(formatCartCount(0)).toBe('0');
    expect(formatCartCount(100)).toBe('100');
    expect(formatCartCount(101)).toBe('100+');
    fc.assert(
      fc.property(fc.nat(100000), (n) => {
        expect(formatCartCount(n)).toBe(n > 100 ? '100+' : String(n));
      }),
    );
  });
});
