import { describe, expect, it } from 'vitest';
import { COLLECTION_TYPE_MAX, COLLECTION_TYPE_MIN, COLLECTION_TYPES, COLLECTION_VIEW_MODES, collectionTypeName } from './collection-types';

describe('collection types', () => {
  // covers 000-3.73
  it('are distinct numbers within 1 to 24', () => {
    expect([COLLECTION_TYPE_MIN, COLLECTION_TYPE_MAX]).toEqual([1, 24]);
    const numbers = Object.values(COLLECTION_TYPES);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n >= 1 && n <= 24).toBe(true);
    expect(collectionTypeName(COLLECTION_TYPES.BLOG)).toBe('BLOG');
    expect(collectionTypeName(25)).toBeUndefined();
  });

  // constants and helpers for 001-3.90 (the browser behaviour is left to end-to-end tests)
  it('list items as list, grid or product', () => {
    expect(COLLECTION_VIEW_MODES).toEqual(['list', 'grid', 'product']);
  });
});
