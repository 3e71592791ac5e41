/**
 * Prices and measures as shop pages show them, all worked out on the server in the site's locale
 * (never the visitor's), so a page reads the same to everyone and the browser formats nothing: the
 * variant picker swaps texts it was given. A zero price shows the free label (seed 001 §5).
 */
import { displayPrice, effectivePriceCents, measurementUnits } from '../../domain/commerce';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';
import type { ShopProduct, ShopVariant, StoreFormat } from './types';

/** A variant's price as shown: what it costs now, and the price it is reduced from when on sale. */
export type PriceTexts = { now: string; was?: string };

export function priceText(cents: number, store: Pick<StoreFormat, 'currency' | 'money'>): string {
  return displayPrice({ currency: store.currency, minor: cents }, store.money, { freeIfZero: true, freeLabel: shop.free });
}

export function variantPrices(variant: ShopVariant, store: StoreFormat): PriceTexts {
  const now = priceText(effectivePriceCents(variant), store);
  return variant.onSale && variant.salePriceCents < variant.priceCents ? { now, was: priceText(variant.priceCents, store) } : { now };
}

/** The least a product costs now: what the shop sorts by price. */
export function lowestCents(product: Pick<ShopProduct, 'variants'>): number {
  return Math.min(...product.variants.map(effectivePriceCents));
}

/**
 * A product's price on a card: its one variant's (with the sale), or "from" the least when its
 * variants differ, the reduced price struck through only when every variant is reduced alike.
 */
export function cardPrices(product: Pick<ShopProduct, 'variants'>, store: StoreFormat): PriceTexts & { from: boolean } {
  const first = product.variants[0]!;
  const same = product.variants.every(
    (v) => effectivePriceCents(v) === effectivePriceCents(first) && v.priceCents === first.priceCents && v.onSale === first.onSale,
  );
  if (same) return { ...variantPrices(first, store), from: false };
  return { now: format(shop.fromPrice, { price: priceText(lowestCents(product), store) }), from: true };
}

export const isOnSale = (product: Pick<ShopProduct, 'variants'>) => product.variants.some((v) => v.onSale && v.salePriceCents < v.priceCents);

const number = (value: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/** Seed 000 §3: weight and size in the store's standard, lbs and in for imperial, kg and cm otherwise. */
export function measureTexts(variant: ShopVariant, store: StoreFormat): { weight?: string; dimensions?: string } {
  const units = measurementUnits(store.measurementStandard);
  const { locale } = store.money;
  const d = variant.dimensions;
  return {
    ...(variant.weight !== undefined && variant.weight > 0
      ? { weight: format(shop.weightValue, { weight: number(variant.weight, locale), unit: units.weight }) }
      : {}),
    // A size is shown whole: one side left at 0 is a size not given yet.
    ...(d && d.length > 0 && d.width > 0 && d.height > 0
      ? {
          dimensions: format(shop.dimensionsValue, {
            length: number(d.length, locale),
            width: number(d.width, locale),
            height: number(d.height, locale),
            unit: units.length,
          }),
        }
      : {}),
  };
}
