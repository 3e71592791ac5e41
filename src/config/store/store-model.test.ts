import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CENTS } from '../../domain/commerce';
import { amountText, combinations, commaList, parseAmount, slugOf, variantsFor } from './store-model';

describe('amounts typed in the store currency', () => {
  it('reads an amount as whole minor units, never through a float', () => {
    expect(parseAmount('24.00', 'USD')).toBe(2400);
    expect(parseAmount('0.10', 'USD')).toBe(10);
    expect(parseAmount('19.9', 'EUR')).toBe(1990);
    expect(parseAmount('1,250.05', 'GBP')).toBe(125005);
    expect(parseAmount('.5', 'USD')).toBe(50);
    expect(parseAmount('2400', 'JPY')).toBe(2400);
    expect(parseAmount('1000000.00', 'USD')).toBe(MAX_PRICE_CENTS);
  });

  it('refuses what is not an amount of the currency', () => {
    for (const text of ['', '-1', '1.234', 'abc', '1.2.3', '24.5', '1000000.01']) {
      expect(parseAmount(text, text === '24.5' ? 'JPY' : 'USD'), text).toBeNull();
    }
  });

  it('shows minor units back as the amount they were typed as', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), fc.constantFrom('USD', 'JPY', 'EUR'), (minor, code) => {
        expect(parseAmount(amountText(minor, code), code)).toBe(minor);
      }),
    );
    expect(amountText(2400, 'JPY')).toBe('2400');
    expect(amountText(5, 'USD')).toBe('0.05');
  });
});

describe('variants from options', () => {
  const options = [
    { name: 'Glaze', values: ['Celadon', 'Tenmoku'] },
    { name: 'Size', values: ['Small', 'Large'] },
  ];

  it('makes one variant a combination, first option slowest', () => {
    expect(combinations(options)).toEqual([
      ['Celadon', 'Small'],
      ['Celadon', 'Large'],
      ['Tenmoku', 'Small'],
      ['Tenmoku', 'Large'],
    ]);
    expect(combinations([])).toEqual([[]]);
  });

  it('keeps the variant of a combination that stays and starts new ones from the first price', () => {
    const kept = {
      id: 'a'.repeat(24),
      sku: 'MUG-1',
      optionValues: [{ optionName: 'Glaze', value: 'Celadon' }],
      priceCents: 2400,
      salePriceCents: 0,
      onSale: false,
      unlimited: false,
      qtyInStock: 3,
    };
    const variants = variantsFor({ options, variants: [kept] });
    expect(variants).not.toBe(false);
    if (!variants) return;
    expect(variants).toHaveLength(4);
    expect(variants.every((v) => v.priceCents === 2400 && v.sku === undefined)).toBe(true);
    const again = variantsFor({ options: [options[0]!], variants: [{ ...kept }] });
    expect(again && again[0]).toMatchObject({ id: kept.id, sku: 'MUG-1', qtyInStock: 3 });
  });

  it('refuses more combinations than a product may have', () => {
    const many = [1, 2, 3].map((n) => ({ name: `O${n}`, values: Array.from({ length: 7 }, (_, i) => `v${i}`) }));
    expect(variantsFor({ options: many, variants: [] })).toBe(false);
  });
});

describe('words typed as lists and slugs', () => {
  it('splits on commas without blanks or repeats', () => {
    expect(commaList(' mug, , Stoneware, mug ')).toEqual(['mug', 'Stoneware']);
  });

  it('makes a slug of a name', () => {
    expect(slugOf('Céladon Mug — Large!')).toBe('celadon-mug-large');
  });
});
