/**
 * Record types: the kind of thing a page shows, sent as recordType with census hits. Seed 000 §3
 * fixes only the range (1 to 62); these numbers are ours
 * (docs/decisions/0077-collection-and-record-type-numbers.md) and, once shipped, never reused.
 */
import type { CollectionItemAnalyticsType } from './website';

export const RECORD_TYPES = {
  PAGE: 1,
  COLLECTION: 2,
  BLOG_POST: 3,
  EVENT: 4,
  PRODUCT: 5,
  GALLERY_IMAGE: 6,
  GALLERY_VIDEO: 7,
  ALBUM_TRACK: 8,
  PORTFOLIO_ITEM: 9,
} as const;

export type RecordTypeName = keyof typeof RECORD_TYPES;
export type RecordType = (typeof RECORD_TYPES)[RecordTypeName];

export const RECORD_TYPE_MIN = 1;
export const RECORD_TYPE_MAX = 62;

const byNumber = new Map<number, RecordTypeName>(Object.entries(RECORD_TYPES).map(([name, n]) => [n, name as RecordTypeName]));

export function recordTypeName(n: number): RecordTypeName | undefined {
  return byNumber.get(n);
}

const ANALYTICS_ITEM_TYPES: ReadonlyMap<number, CollectionItemAnalyticsType> = new Map([
  [RECORD_TYPES.ALBUM_TRACK, 'album-track'],
  [RECORD_TYPES.EVENT, 'event-item'],
  [RECORD_TYPES.GALLERY_IMAGE, 'gallery-image'],
  [RECORD_TYPES.PORTFOLIO_ITEM, 'portfolio-item'],
  [RECORD_TYPES.BLOG_POST, 'blog-post'],
  [RECORD_TYPES.GALLERY_VIDEO, 'gallery-video'],
]);

/** The seed 000 §3 analytics item type of a record type, when it is a collection item. */
export function analyticsItemType(recordType: number): CollectionItemAnalyticsType | undefined {
  return ANALYTICS_ITEM_TYPES.get(recordType);
}
