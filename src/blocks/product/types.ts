/**
 * The catalogue as views see it: a product and its variants as the published catalogue holds them
 * (src/server/modules/catalogue/published.ts, which fits these shapes), and how the store formats
 * money and measures. Never stock: a view renders into a cached page.
 */
import type { CurrencyCode, MoneyFormat } from '../../domain/commerce';
import type { RichText } from '../../document/rich-text';

export type ShopVariant = {
  id: string;
  sku?: string | undefined;
  optionValues: readonly { optionName: string; value: string }[];
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  image?: string | undefined;
  weight?: number | undefined;
  dimensions?: { length: number; width: number; height: number } | undefined;
};

export type ShopProduct = {
  id: string;
  shopId: string;
  path: string;
  name: string;
  createdAt: string;
  excerpt?: string | undefined;
  description?: RichText | undefined;
  images: readonly { file: string; alt?: string | undefined }[];
  categories: readonly string[];
  options: readonly { name: string; values: readonly string[] }[];
  variants: readonly ShopVariant[];
};

/** The store's currency and measurement standard, and the site's money format (its locale, and whether the flag asks for it). */
/** `expressCheckout` (seed 000 §3): buying a product goes straight to checkout, its button reading 'Purchase'. */
export type StoreFormat = { currency: CurrencyCode; money: MoneyFormat; measurementStandard: number; expressCheckout?: boolean };

/** What a product block looks a product up in: the site's published catalogue, held in memory. */
export type CatalogueLookup = { format: StoreFormat; productById(id: string): ShopProduct | undefined };
