/**
 * The store's addresses on a site, rendered from its published catalogue held in memory (no query
 * of their own): a shop (a collection of type PRODUCTS) as a grid, a list or its one product in
 * full; a category of a shop (`{shop}/category/{slug}`); a product (`{shop}/{slug}`) with its Open
 * Graph tags and schema.org Product data; the 301 from a product's old address. Prices are in the
 * site's locale when its currency-formatting flag is on, the legacy format otherwise (seed 001 §9),
 * and nothing about stock is written (docs/decisions/0312-cacheable-shop-pages.md).
 */
import type { CatalogueLookup, StoreFormat } from '../../blocks/product/types';
import type { RenderContext } from '../../blocks/types';
import { currency, effectivePriceCents } from '../../domain/commerce';
import { COLLECTION_TYPES, type CollectionViewMode } from '../../domain/collection-types';
import { FEATURE_FLAGS } from '../../domain/feature-flags';
import { CONTENT_SOURCES } from '../../domain/forms';
import { PAGE_TYPES } from '../../domain/page-types';
import { RECORD_TYPES } from '../../domain/record-types';
import { CATEGORY_SEGMENT } from '../../document/store';
import { shop as words } from '../../messages/shop';
import type { PublishedCatalogue, PublishedProduct } from '../modules/catalogue';
import type { PublishedCollection } from '../modules/content';
import { renderPage, type PageHead } from './page';
import { ProductDescription, ProductDetail, PRODUCT_ISLAND } from './product-view';
import { SHOP_ISLAND, ShopView, type ShopListing } from './shop-view';

/** What every page of a site is rendered with (site-page.tsx). */
export type PageBase = Pick<Parameters<typeof renderPage>[0], 'site' | 'currentPath' | 'ctx' | 'assets' | 'visitor' | 'pageIslands'>;
export type ShopResponse = { kind: 'page'; status: number; page: ReturnType<typeof renderPage> } | { kind: 'redirect'; location: string };
type Titled = (title: string, seoTitle?: string) => string;
type ShopCollection = PublishedCollection & { viewMode?: string | null };

export function storeFormat(catalogue: PublishedCatalogue, locale: string, ctx: Pick<RenderContext, 'featureFlags'>): StoreFormat {
  return {
    currency: catalogue.settings.selectedCurrency,
    measurementStandard: catalogue.settings.measurementStandard,
    expressCheckout: catalogue.settings.expressCheckout,
    money: { locale, localeFormatting: ctx.featureFlags.includes(FEATURE_FLAGS.CURRENCY_FORMATTING) },
  };
}

export function catalogueLookup(catalogue: PublishedCatalogue, format: StoreFormat): CatalogueLookup {
  return { format, productById: (id) => catalogue.productById(id) };
}

export const isShop = (collection: { type: number }) => collection.type === COLLECTION_TYPES.PRODUCTS;

/** A shop's view mode (seed 001 §3): a grid when the owner chose none. */
function viewModeOf(collection: ShopCollection): CollectionViewMode {
  return collection.viewMode === 'list' || collection.viewMode === 'product' ? collection.viewMode : 'grid';
}

/** The categories listing at least one of the shop's products, in the store's order. */
function shopCategories(catalogue: PublishedCatalogue, products: readonly PublishedProduct[]) {
  const used = new Set(products.flatMap((p) => p.categories));
  return catalogue.categories.filter((c) => used.has(c.id));
}

/** An amount as schema.org and Open Graph write it: a decimal number with the currency's fraction digits. */
export function decimalAmount(minor: number, code: StoreFormat['currency']): string {
  const digits = currency(code).fractionDigits;
  const text = String(minor).padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** schema.org Product with an Offer per variant; no availability: stock is never in a cached page. */
function productData(product: PublishedProduct, store: StoreFormat, url: string, origin: string): Record<string, unknown> {
  const offers = product.variants.map((v) => ({
    '@type': 'Offer',
    price: decimalAmount(effectivePriceCents(v), store.currency),
    priceCurrency: store.currency,
    ...(v.sku ? { sku: v.sku } : {}),
    url,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    ...(product.excerpt ? { description: product.excerpt } : {}),
    ...(product.images.length > 0 ? { image: product.images.map((im) => new URL(im.file, origin).href) } : {}),
    ...(product.variants.length === 1 && product.variants[0]!.sku ? { sku: product.variants[0]!.sku } : {}),
    offers: offers.length === 1 ? offers[0] : offers,
  };
}

function productHead(product: PublishedProduct, store: StoreFormat, url: string, origin: string, titled: Titled): PageHead {
  const first = product.variants[0]!;
  return {
    title: titled(product.name, product.seo.title),
    description: product.seo.description ?? product.excerpt,
    socialImage: product.seo.socialImage ?? product.images[0]?.file,
    url,
    type: 'product',
    meta: [
      { property: 'product:price:amount', content: decimalAmount(effectivePriceCents(first), store.currency) },
      { property: 'product:price:currency', content: store.currency },
    ],
    structuredData: productData(product, store, url, origin),
  };
}

function productPage(base: PageBase, product: PublishedProduct, store: StoreFormat, head: PageHead, shop: ShopCollection, single = false) {
  return renderPage({
    ...base,
    pageType: PAGE_TYPES.CONTENT_ITEM,
    source: { pageId: product.id, collectionId: shop.id, itemId: product.id, contentSource: CONTENT_SOURCES.ITEM, recordType: RECORD_TYPES.PRODUCT },
    sections: [],
    head,
    islands: [PRODUCT_ISLAND],
    before: (
      <div className="product-page">
        {single ? null : (
          <nav className="product-breadcrumb" aria-label={words.breadcrumb}>
            <a href={shop.path}>{shop.title}</a>
            <span aria-hidden="true"> / </span>
            <span aria-current="page">{product.name}</span>
          </nav>
        )}
        <ProductDetail product={product} store={store} ctx={base.ctx} />
        <ProductDescription product={product} ctx={base.ctx} />
      </div>
    ),
  });
}

/** A shop's own page, or one of its categories' pages. */
export function shopPage(
  base: PageBase,
  catalogue: PublishedCatalogue,
  collection: ShopCollection,
  req: { url: string; origin: string; locale: string; titled: Titled; category?: { id: string; name: string; slug: string } },
): ShopResponse {
  const store = storeFormat(catalogue, req.locale, base.ctx);
  const all = catalogue.shopProducts(collection.id);
  const viewMode = viewModeOf(collection);
  const single = viewMode === 'product' && !req.category ? all[0] : undefined;
  if (single) {
    const head = { ...productHead(single, store, req.url, req.origin, req.titled), title: req.titled(collection.title, collection.seo.title) };
    return { kind: 'page', status: 200, page: productPage(base, single, store, head, collection, true) };
  }
  const category = req.category;
  const listing: ShopListing = {
    shop: { id: collection.id, path: collection.path, title: collection.title, description: collection.description, viewMode },
    category,
    categories: shopCategories(catalogue, all),
    products: category ? all.filter((p) => p.categories.includes(category.id)) : all,
    store,
  };
  const title = category ? req.titled(`${category.name} — ${collection.title}`) : req.titled(collection.title, collection.seo.title);
  const page = renderPage({
    ...base,
    pageType: PAGE_TYPES.MAIN_CONTENT,
    source: { pageId: collection.id, collectionId: collection.id, contentSource: CONTENT_SOURCES.COLLECTION, recordType: RECORD_TYPES.COLLECTION },
    sections: [],
    head: { title, description: collection.seo.description ?? collection.description ?? undefined, url: req.url },
    islands: [SHOP_ISLAND],
    before: <ShopView listing={listing} ctx={base.ctx} />,
  });
  return { kind: 'page', status: 200, page };
}

/** The shop a product's or a category's address is under, and what it names there. */
export function storeAddress(path: string): { shopPath: string; category?: string; slug: string } | undefined {
  const parts = path.split('/');
  if (parts.length < 2 || parts.at(-1) === '') return undefined;
  const slug = parts.at(-1)!;
  if (parts.length >= 3 && parts.at(-2) === CATEGORY_SEGMENT) return { shopPath: parts.slice(0, -2).join('/') || '/', category: slug, slug };
  return { shopPath: parts.slice(0, -1).join('/') || '/', slug };
}

/** What an address under a shop shows: a product, a category, the 301 from a product's old address, or nothing (undefined). */
export function storePathResponse(
  base: PageBase,
  catalogue: PublishedCatalogue,
  shopOf: (path: string) => ShopCollection | undefined,
  req: { path: string; url: string; origin: string; locale: string; titled: Titled },
): ShopResponse | undefined {
  const address = storeAddress(req.path);
  const collection = address && shopOf(address.shopPath);
  if (!address || !collection || !isShop(collection)) return movedProduct(catalogue, req.path);
  if (address.category !== undefined) {
    const category = catalogue.category(address.category);
    return category ? shopPage(base, catalogue, collection, { ...req, category }) : undefined;
  }
  const product = catalogue.product(req.path);
  if (!product || product.shopId !== collection.id) return movedProduct(catalogue, req.path);
  const store = storeFormat(catalogue, req.locale, base.ctx);
  return { kind: 'page', status: 200, page: productPage(base, product, store, productHead(product, store, req.url, req.origin, req.titled), collection) };
}

/** A product's old address (its slug changed): a 301 to where it is now, when the catalogue keeps such redirects. */
function movedProduct(catalogue: PublishedCatalogue, path: string): ShopResponse | undefined {
  const lookup = 'redirect' in catalogue && typeof catalogue.redirect === 'function' ? (catalogue.redirect as (p: string) => unknown) : undefined;
  const to = lookup?.(path);
  return typeof to === 'string' && to !== path ? { kind: 'redirect', location: to } : undefined;
}
