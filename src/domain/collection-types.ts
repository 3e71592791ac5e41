/**
 * Collection types and collection view modes. Seed 000 §3 fixes only the range (1 to 24); these
 * numbers are ours (docs/decisions/0077-collection-and-record-type-numbers.md) and are stored in
 * site documents, so a shipped number is never reused.
 */

export const COLLECTION_TYPES = {
  PAGES: 1,
  BLOG: 2,
  EVENTS: 3,
  GALLERY: 4,
  PRODUCTS: 5,
  ALBUM: 6,
  PORTFOLIO: 7,
} as const;

export type CollectionTypeName = keyof typeof COLLECTION_TYPES;
export type CollectionType = (typeof COLLECTION_TYPES)[CollectionTypeName];

export const COLLECTION_TYPE_MIN = 1;
export const COLLECTION_TYPE_MAX = 24;

const byNumber = new Map<number, CollectionTypeName>(Object.entries(COLLECTION_TYPES).map(([name, n]) => [n, name as CollectionTypeName]));

export function collectionTypeName(n: number): CollectionTypeName | undefined {
  return byNumber.get(n);
}

/** Seed 001 §3: how a collection lists its items. */
export const COLLECTION_VIEW_MODES = ['list', 'grid', 'product'] as const;
export type CollectionViewMode = (typeof COLLECTION_VIEW_MODES)[number];
