import { describe, expect, it } from 'vitest';
import { displayPrice } from '../../domain/commerce';
import { cardPrices, measureTexts, priceText, variantPrices } from './money';
import type { StoreFormat } from './types';

const store = (over: Partial<StoreFormat> & { locale?: string; on?: boolean } = {}): StoreFormat => ({
  currency: over.currency ?? 'USD',
  measurementStandard: over.measurementStandard ?? 1,
  money: { locale: over.locale ?? 'en-US', localeFormatting: over.on ?? true },
});
const variant = (priceCents: number, more: Partial<{ salePriceCents: number; onSale: boolean; weight: number }> = {}) => ({
  id: 'v',
  optionValues: [],
  priceCents,
  salePriceCents: more.salePriceCents ?? 0,
  onSale: more.onSale ?? false,
  ...(more.weight !== undefined ? { weight: more.weight } : {}),
});

describe('prices as shop pages show them', () => {
  // covers 001-5.29
  it('shows a zero price as the free label, and refuses free-if-zero without one', () => {
    expect(priceText(0, store())).toBe('Free');
    expect(() => displayPrice({ currency: 'USD', minor: 0 }, store().money, { freeIfZero: true })).toThrow(/free label/);
    expect(priceText(1, store())).toBe('$0.01');
  });

  // covers 000-3.17, 000-3.21, 000-9.16, 000-9.17
  it('formats in the site’s locale with the flag on, as 1,234.56 with it off, and yen without decimals', () => {
    expect(priceText(123456, store())).toBe('$1,234.56');
    expect(priceText(123456, store({ locale: 'de-DE' }))).toBe('1.234,56\u00a0$');
    expect(priceText(123456, store({ locale: 'de-DE', on: false }))).toBe('$1,234.56');
    expect(priceText(123456, store({ currency: 'EUR', locale: 'de-DE' }))).toBe('1.234,56\u00a0€');
    expect(priceText(123456, store({ currency: 'JPY', locale: 'en-US' }))).toBe('¥123,456');
    expect(priceText(123456700, store({ on: false }))).toBe('$1,234,567.00');
  });

  it('strikes the price a sale reduces, and lists a product whose variants differ "from" the least', () => {
    expect(variantPrices(variant(2800, { salePriceCents: 2200, onSale: true }), store())).toEqual({ now: '$22.00', was: '$28.00' });
    expect(variantPrices(variant(2800, { salePriceCents: 2200 }), store())).toEqual({ now: '$28.00' });
    expect(cardPrices({ variants: [variant(2800), variant(3400)] }, store())).toEqual({ now: 'from $28.00', from: true });
  });

  // covers 000-3.23, 000-3.24
  it('gives weights in lbs for the imperial standard and kg otherwise', () => {
    expect(measureTexts(variant(1, { weight: 1.5 }), store())).toEqual({ weight: '1.5 lbs' });
    expect(measureTexts(variant(1, { weight: 1.5 }), store({ measurementStandard: 2 }))).toEqual({ weight: '1.5 kg' });
  });
});
