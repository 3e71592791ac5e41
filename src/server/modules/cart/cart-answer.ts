/**
 * A cart as the shopper sees it, priced again on every read: each line at the published catalogue's
 * price now (the sale price when on sale), the store's coupons, shipping zones and tax rules applied
 * by the domain's pure rules (src/domain/pricing/). Nothing the browser sent is read but the lines'
 * variants and quantities and the shopper's choices. A line whose product visitors can no longer
 * see is left out of the answer and the totals (its row stays: the product may come back).
 */
import { effectivePriceCents, formatPrice, type CurrencyCode, type MoneyFormat, type StockState } from '../../../domain/commerce';
import { priceCart } from '../../../domain/pricing/price-cart';
import type { CouponUsage, PricingLine } from '../../../domain/pricing/types';
import type { CartAnswer, CartEntryAnswer } from '../../../contracts/cart';
import type { PublishedCatalogue, PublishedProduct, PublishedVariant } from '../catalogue';
import type { Pricing } from '../pricing';
import { couponRefusalWords } from './coupon-words';
import type { CartRow } from './cart-rows';

export type PricingContext = {
  websiteId: string;
  catalogue: PublishedCatalogue;
  pricing: Pricing;
  usage: Readonly<Record<string, CouponUsage>>;
  stock: ReadonlyMap<string, StockState>;
  now: Date;
  format: MoneyFormat;
};

type Found = { line: CartRow['lines'][number]; product: PublishedProduct; variant: PublishedVariant };

function found(row: CartRow | undefined, catalogue: PublishedCatalogue): Found[] {
  return (row?.lines ?? []).flatMap((line) => {
    const product = catalogue.productById(line.productId);
    const variant = product?.variants.find((v) => v.id === line.variantId);
    return product && variant ? [{ line, product, variant }] : [];
  });
}

export function cartAnswerOf(row: CartRow | undefined, ctx: PricingContext): CartAnswer {
  const currency: CurrencyCode = ctx.catalogue.settings.selectedCurrency;
  const lines = found(row, ctx.catalogue);
  const pricingLines: PricingLine[] = lines.map(({ line, product, variant }) => ({
    id: line.id,
    productType: product.productType,
    unitPriceCents: effectivePriceCents(variant),
    quantity: line.quantity,
    weight: variant.weight ?? 0,
  }));
  const priced = priceCart({
    lines: pricingLines,
    couponCodes: row?.couponCodes ?? [],
    couponUsage: ctx.usage,
    ...(row?.shippingLocation ? { location: row.shippingLocation } : {}),
    ...(row?.shippingRateId ? { selectedShippingRateId: row.shippingRateId } : {}),
    now: ctx.now,
    rules: {
      coupons: ctx.pricing.coupons,
      shippingZones: ctx.pricing.shippingZones,
      tax: ctx.pricing.tax,
      minimumSubtotalCents: ctx.catalogue.settings.minimumSubtotalCents,
    },
  });
  const entries: CartEntryAnswer[] = lines.map(({ line, product, variant }, i) => {
    const p = priced.lines[i]!;
    const image = variant.image ?? product.images[0]?.file;
    return {
      id: line.id,
      productId: product.id,
      variantId: variant.id,
      productName: product.name,
      productType: product.productType,
      path: product.path,
      image: image === undefined ? null : { file: image, alt: product.images.find((im) => im.file === image)?.alt ?? product.name },
      optionValues: variant.optionValues,
      sku: variant.sku ?? '',
      quantity: line.quantity,
      unitPriceCents: p.unitPriceCents,
      regularPriceCents: variant.priceCents,
      subtotalCents: p.subtotalCents,
      discountCents: p.discountCents,
      taxCents: p.taxCents,
      totalCents: p.totalCents,
      availability: ctx.stock.get(variant.id) ?? { state: 'unavailable' },
    };
  });
  const money = (minor: number) => formatPrice({ currency, minor }, ctx.format);
  return {
    id: row?.id ?? '',
    websiteId: ctx.websiteId,
    orderId: '',
    created: row ? Date.parse(row.created) : ctx.now.getTime(),
    isPurchased: false,
    entries,
    shippingOptions: priced.shippingOptions,
    selectedShippingOption: priced.selectedShippingOption ?? {},
    shippingLocation: row?.shippingLocation ?? {},
    applicableTaxRules: priced.applicableTaxRules,
    coupons: row?.couponCodes ?? [],
    validCoupons: priced.validCoupons,
    invalidCoupons: priced.invalidCoupons.map((c) => ({ ...c, message: couponRefusalWords(c, ctx.pricing.coupons, money) })),
    subtotalCents: priced.subtotalCents,
    taxCents: priced.taxCents,
    shippingCostCents: priced.shippingCostCents,
    discountCents: priced.discountCents,
    grandTotalCents: priced.grandTotalCents,
    totalQuantity: priced.totalQuantity,
    subtotalAmount: { currency, minor: priced.subtotalCents },
    hasDigital: priced.hasDigital,
    purelyDigital: priced.purelyDigital,
    requiresShipping: priced.requiresShipping,
    pricesIncludeTax: ctx.pricing.tax.pricesIncludeTax,
    minimumSubtotalCents: ctx.catalogue.settings.minimumSubtotalCents,
    meetsMinimum: priced.meetsMinimum,
    needsLocation: priced.needsLocation,
    noShippingToLocation: priced.noShippingToLocation,
  };
}
