/**
 * Block types by number. Seed 000 §3 fixes the range (1 to 71) and gives example names but no
 * numbers, so the numbers below are ours (docs/decisions/0001-block-type-numbers.md). Once shipped,
 * a number is never reused: site documents store it.
 */
export const BLOCK_TYPES = {
  NAVIGATION: 1,
  HTML: 2,
  MAP: 3,
  EMBED: 4,
  IMAGE: 5,
  GALLERY: 6,
  VIDEO: 7,
  AUDIO: 8,
  FORM: 9,
  SUMMARY: 10,
  PRODUCT: 11,
  OPENTABLE: 12,
  NEWSLETTER: 13,
  DONATION: 14,
  BUTTON: 15,
  MEMBER_AREA: 16,
  TOCK: 17,
  ACCORDION: 18,
  MARQUEE: 19,
  SHAPE: 20,
  SPACER: 21,
  LINE: 22,
  CODE: 23,
  QUOTE: 24,
  SOCIAL_LINKS: 25,
  SEARCH: 26,
  MENU: 27,
  PRICING_TOGGLE: 28,
  COMMENTS: 29,
  CHART: 30,
  EVENTS_SUMMARY: 31,
  /** A button adding one product to the cart (issue 31; the seed names no such block). */
  ADD_TO_CART: 32,
} as const;

export type BlockTypeName = keyof typeof BLOCK_TYPES;
export type BlockType = (typeof BLOCK_TYPES)[BlockTypeName];

export const BLOCK_TYPE_MIN = 1;
export const BLOCK_TYPE_MAX = 71;

const byNumber = new Map<number, BlockTypeName>(Object.entries(BLOCK_TYPES).map(([name, n]) => [n, name as BlockTypeName]));

export function blockTypeName(n: number): BlockTypeName | undefined {
  return byNumber.get(n);
}
