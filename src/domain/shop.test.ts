import { describe, expect, it } from 'vitest';
import { soldOutValues, sortKeys, variantFor, type SortKey } from './shop';

const cards: SortKey[] = [
  { name: 'Mug', price: 2800, created: '2026-01-03T00:00:00Z', index: 0 },
  { name: 'bowl', price: 4200, created: '2026-03-01T00:00:00Z', index: 1 },
  { name: 'Vase', price: 2800, created: '2026-02-01T00:00:00Z', index: 2 },
];
const names = (list: SortKey[]) => list.map((c) => c.name);

describe('shop sorting', () => {
  it('sorts by newest, price both ways and name, ties in the owner’s order', () => {
    expect(names(sortKeys('featured', cards, 'en-US'))).toEqual(['Mug', 'bowl', 'Vase']);
    expect(names(sortKeys('newest', cards, 'en-US'))).toEqual(['bowl', 'Vase', 'Mug']);
    expect(names(sortKeys('price-asc', cards, 'en-US'))).toEqual(['Mug', 'Vase', 'bowl']);
    expect(names(sortKeys('price-desc', cards, 'en-US'))).toEqual(['bowl', 'Mug', 'Vase']);
    expect(names(sortKeys('name', cards, 'en-US'))).toEqual(['bowl', 'Mug', 'Vase']);
  });
});

describe('variant choice', () => {
  const variants = [
    { id: 'a', values: ['Blue', 'Small'] },
    { id: 'b', values: ['Blue', 'Large'] },
    { id: 'c', values: ['Green', 'Small'] },
  ];
  it('finds the variant the chosen values name, or none', () => {
    expect(variantFor(variants, ['Blue', 'Large'])?.id).toBe('b');
    expect(variantFor(variants, ['Green', 'Large'])).toBeUndefined();
  });
  it('marks the values that, with the other choices, lead to a sold-out variant', () => {
    const states = new Map([['c', { state: 'soldOut' as const }]]);
    expect([...soldOutValues(variants, ['Blue', 'Small'], 0, states)]).toEqual(['Green']);
    expect([...soldOutValues(variants, ['Blue', 'Small'], 1, states)]).toEqual([]);
    expect([...soldOutValues(variants, ['Green', 'Large'], 1, states)]).toEqual(['Small']);
  });
});
