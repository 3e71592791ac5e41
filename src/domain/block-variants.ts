/**
 * Block variant codes 1000 to 1019 of seed 001 §3, numbered in the order the seed lists them
 * (docs/decisions/0070-block-variant-codes.md). A block stores its variant code beside its type.
 */

export const BLOCK_VARIANTS = {
  GALLERY_SLIDESHOW: 1000,
  GALLERY_CAROUSEL: 1001,
  GALLERY_GRID: 1002,
  GALLERY_STACK: 1003,
  SUMMARY_WALL: 1004,
  SUMMARY_CAROUSEL: 1005,
  SUMMARY_LIST: 1006,
  SUMMARY_GRID: 1007,
  CHART_BAR: 1008,
  CHART_LINE: 1009,
  CHART_PIE: 1010,
  IMAGE_INLINE: 1011,
  IMAGE_POSTER: 1012,
  IMAGE_CARD: 1013,
  IMAGE_OVERLAP: 1014,
  IMAGE_COLLAGE: 1015,
  IMAGE_STACK: 1016,
  RESERVATION_FIRST: 1017,
  RESERVATION_SECOND: 1018,
  EVENT: 1019,
} as const;

export type BlockVariantName = keyof typeof BLOCK_VARIANTS;
export type BlockVariant = (typeof BLOCK_VARIANTS)[BlockVariantName];

export const BLOCK_VARIANT_MIN = 1000;
export const BLOCK_VARIANT_MAX = 1019;
