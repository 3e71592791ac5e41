/**
 * Shop page rules the server and the browser share: the orders a shop sorts by (in the browser,
 * since every product of a shop is on its page: docs/decisions/0312-cacheable-shop-pages.md), the
 * variant a set of chosen option values names, which choices lead only to sold-out variants, and
 * the address of the availability call.
 */
import type { StockState } from './commerce';

/** `GET {path}{productId}`: each variant's stock state, never cached (src/contracts/catalogue.ts). */
export const PRODUCT_AVAILABILITY_PATH = '/api/commerce/product-availability/';

export const SHOP_SORTS = ['featured', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

export const isShopSort = (value: string): value is ShopSort => (SHOP_SORTS as readonly string[]).includes(value);

/** What a card tells the sort: its name, its least price in minor units, when it was added, and its place in the owner's order. */
export type SortKey = { name: string; price: number; created: string; index: number };

/** The order of two cards; ties keep the owner's order, so every sort is stable and repeatable. */
export function compareForSort(sort: ShopSort, a: SortKey, b: SortKey, locale: string): number {
  const byIndex = a.index - b.index;
  switch (sort) {
    case 'newest':
      return Date.parse(b.created) - Date.parse(a.created) || byIndex;
    case 'price-asc':
      return a.price - b.price || byIndex;
    case 'price-desc':
      return b.price - a.price || byIndex;
    case 'name':
      return a.name.localeCompare(b.name, locale, { sensitivity: 'base' }) || byIndex;
    default:
      return byIndex;
  }
}

export function sortKeys<T extends SortKey>(sort: ShopSort, keys: readonly T[], locale: string): T[] {
  return [...keys].sort((a, b) => compareForSort(sort, a, b, locale));
}

/** The variant whose option values are `chosen`, in the product's option order. */
export function variantFor<V extends { values: readonly string[] }>(variants: readonly V[], chosen: readonly string[]): V | undefined {
  return variants.find((v) => v.values.length === chosen.length && v.values.every((value, i) => value === chosen[i]));
}

/**
 * The values of option `option` that, with the other options as chosen, name a variant that is sold
 * out: the picker disables them. A value naming no variant at all is left alone (the price says so).
 */
export function soldOutValues<V extends { id: string; values: readonly string[] }>(
  variants: readonly V[],
  chosen: readonly string[],
  option: number,
  states: ReadonlyMap<string, StockState>,
): Set<string> {
  const out = new Set<string>();
  for (const v of variants) {
    const others = v.values.every((value, i) => i === option || value === chosen[i]);
    if (others && states.get(v.id)?.state === 'soldOut') out.add(v.values[option]!);
  }
  return out;
}
