/**
 * What the variant picker is given, written into the product's markup as JSON: every variant's
 * option values and its prices, weight and size already formatted in the site's locale, and its
 * photo. The browser formats nothing, so the page reads the same to every visitor.
 */
import { measureTexts, variantPrices } from './money';
import type { ShopProduct, StoreFormat } from './types';

export type PickerVariant = { id: string; values: string[]; now: string; was?: string; image?: string; weight?: string; dimensions?: string };
export type PickerData = { productId: string; variants: PickerVariant[] };

export function pickerData(product: ShopProduct, store: StoreFormat): PickerData {
  return {
    productId: product.id,
    variants: product.variants.map((v) => ({
      id: v.id,
      values: v.optionValues.map((o) => o.value),
      ...variantPrices(v, store),
      ...(v.image ? { image: v.image } : {}),
      ...measureTexts(v, store),
    })),
  };
}
