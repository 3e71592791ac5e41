/**
 * A shop's page (a collection of type PRODUCTS) and its category pages: the heading, the links to
 * its categories, the sort control (hidden until its island runs: the owner's order stays without
 * JavaScript) and the products as cards in a grid or a list (the collection's view mode). A shop in
 * single-product view shows its first product in full instead (./product-view.tsx).
 */
import { ProductCard } from '../../blocks/product/card';
import type { ShopProduct, StoreFormat } from '../../blocks/product/types';
import type { RenderContext } from '../../blocks/types';
import type { CollectionViewMode } from '../../domain/collection-types';
import type { ShopSort } from '../../domain/shop';
import { categoryPath } from '../../document/store';
import { shop } from '../../messages/shop';

/** The island of a shop page: the sort and the quick views (src/runtime/islands/shop.ts). */
export const SHOP_ISLAND = 'shop';

const SORT_LABELS: Readonly<Record<ShopSort, string>> = {
  featured: shop.sortFeatured,
  newest: shop.sortNewest,
  'price-asc': shop.sortPriceLow,
  'price-desc': shop.sortPriceHigh,
  name: shop.sortName,
};

export type ShopListing = {
  shop: { id: string; path: string; title: string; description: string | null; viewMode: CollectionViewMode };
  /** The category shown, on a category's page. */
  category?: { name: string; slug: string } | undefined;
  /** The store's categories that list a product of this shop. */
  categories: readonly { name: string; slug: string }[];
  products: readonly ShopProduct[];
  store: StoreFormat;
};

function CategoryLinks({ listing }: { listing: ShopListing }) {
  if (listing.categories.length === 0) return null;
  const here = listing.category?.slug;
  const links: { name: string; href: string; current: boolean }[] = [
    { name: shop.allProducts, href: listing.shop.path, current: here === undefined },
    ...listing.categories.map((c) => ({ name: c.name, href: categoryPath(listing.shop.path, c.slug), current: c.slug === here })),
  ];
  return (
    <nav className="shop-categories" aria-label={shop.shopCategories}>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} {...(link.current ? { 'aria-current': 'page' as const } : {})}>
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SortControl({ id }: { id: string }) {
  return (
    <div className="shop-sort" hidden>
      <label htmlFor={id}>{shop.sortBy}</label>
      <select id={id} defaultValue="featured">
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ShopView({ listing, ctx }: { listing: ShopListing; ctx: RenderContext }) {
  const { products } = listing;
  const layout = listing.shop.viewMode === 'list' ? 'list' : 'grid';
  return (
    <div className={`shop-page shop-${layout}`} data-island={SHOP_ISLAND} data-load="visible">
      <header className="shop-header">
        <h1>{listing.category?.name ?? listing.shop.title}</h1>
        {listing.shop.description && !listing.category ? <p className="shop-description">{listing.shop.description}</p> : null}
      </header>
      <div className="shop-tools">
        <CategoryLinks listing={listing} />
        {products.length > 1 ? <SortControl id={`sort-${listing.shop.id}`} /> : null}
      </div>
      {products.length === 0 ? (
        <p className="shop-empty">{shop.noProducts}</p>
      ) : (
        <ul className="product-list">
          {products.map((product, i) => (
            <li key={product.id}>
              <ProductCard product={product} store={listing.store} ctx={ctx} heading="h2" quickView priority={i < 3} excerpt={layout === 'list'} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
