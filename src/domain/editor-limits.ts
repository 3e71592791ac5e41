/**
 * The editor's limits (seed 000 §9 and seed 001 §9): blocks per layout, collection sizes, tag and
 * category lengths. A module of their own, apart from ./limits.ts: that one is part of the visitor
 * chunk (vite.config.ts), which the editor's imports would otherwise make every published page carry.
 */

/** Seed 000 §9 and seed 001 §9 (the SmugMug limits and slider ratio are seed 001's only). */
export const EDITOR_LIMITS = {
  MAX_BLOCKS_PER_LAYOUT: 60,
  MAX_TRACKS_IN_ALBUM: 60,
  MAX_ITEMS_IN_USER_ORDERABLE_COLLECTION: 250,
  MAX_PRODUCTS_IN_COLLECTION: 200,
  NESTED_CATEGORIES_LIMIT: 10000,
  MAX_SMUGMUG_GALLERY_COUNT: 20,
  MAX_SMUGMUG_GALLERY_SIZE: 50,
  MAX_TAG_LENGTH: 50,
  MAX_CATEGORY_LENGTH: 25,
  /** Percent of the width (2:1). */
  DEFAULT_SLIDER_ASPECT_RATIO: 50,
} as const;
