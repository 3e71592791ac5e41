import { describe, expect, it } from 'vitest';
import { analyticsItemType, RECORD_TYPE_MAX, RECORD_TYPE_MIN, RECORD_TYPES, recordTypeName } from './record-types';
import { COLLECTION_ITEM_ANALYTICS_TYPES } from './website';

describe('record types', () => {
  // covers 000-3.74
  it('are distinct numbers within 1 to 62', () => {
    expect([RECORD_TYPE_MIN, RECORD_TYPE_MAX]).toEqual([1, 62]);
    const numbers = Object.values(RECORD_TYPES);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n >= 1 && n <= 62).toBe(true);
    expect(recordTypeName(RECORD_TYPES.PRODUCT)).toBe('PRODUCT');
  });

  // constants and helpers for 000-3.69 (the browser behaviour is left to end-to-end tests)
  it('map every collection item analytics type to one record type', () => {
    const mapped = Object.values(RECORD_TYPES)
      .map(analyticsItemType)
      .filter((t) => t !== undefined);
    expect(mapped.sort()).toEqual([...COLLECTION_ITEM_ANALYTICS_TYPES].sort());
    expect(analyticsItemType(RECORD_TYPES.PAGE)).toBeUndefined();
  });
});
