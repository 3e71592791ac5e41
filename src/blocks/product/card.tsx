/**
 * A product's card, as a shop lists it and a product block shows it: its first image in a square
 * box (sized, so nothing shifts as it loads), its name linking to its page, its price (the reduced
 * one struck through), and a quick view button over the image that the browser shows once its code
 * has run (hidden without JavaScript: it would do nothing). The card carries what the shop's sort reads.
 */
import { API_PATHS } from '../../domain/paths';
import { imageSources, Picture } from '../image/picture';
import type { RenderContext } from '../types';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';
import { cardPrices, isOnSale, lowestCents } from './money';
import type { ShopProduct, StoreFormat } from './types';

export function PriceView({ now, was, className }: { now: string; was?: string | undefined; className: string }) {
  if (was === undefined) return <p className={className}>{now}</p>;
  return (
    <p className={`${className} price-on-sale`}>
      <span className="visually-hidden">{shop.originalPrice}</span> <s className="price-was">{was}</s> <span className="visually-hidden">{shop.salePrice}</span>{' '}
      <span className="price-now">{now}</span>
    </p>
  );
}

/** A product image from the site's files: its sizes and formats, sized so nothing shifts as it arrives. */
export function ProductImage({
  file,
  alt,
  ctx,
  sizes,
  load,
  className,
}: {
  file: string;
  alt: string;
  ctx: RenderContext;
  sizes: string;
  load: 'now' | 'lazy';
  className?: string;
}) {
  const facts = file.startsWith('/s/') ? ctx.files.get(file.slice(3)) : undefined;
  return <Picture offered={imageSources(file, facts)} alt={alt} sizes={sizes} file={facts} className={className} load={load} />;
}

export const imageAlt = (image: { file: string; alt?: string | undefined }, ctx: RenderContext, fallback: string) =>
  image.alt ?? (image.file.startsWith('/s/') ? ctx.files.get(image.file.slice(3))?.alt : undefined) ?? fallback;

type CardProps = {
  product: ShopProduct;
  store: StoreFormat;
  ctx: RenderContext;
  /** The heading level the card's name takes in its page. */
  heading: 'h2' | 'h3';
  quickView: boolean;
  /** Among the first cards of the page: its image loads at once. */
  priority?: boolean;
  sizes?: string;
  /** The product's line under its price (a shop's list view). */
  excerpt?: boolean;
};

export function ProductCard({
  product,
  store,
  ctx,
  heading: Heading,
  quickView,
  priority = false,
  sizes = '(max-width: 640px) 50vw, 33vw',
  excerpt = false,
}: CardProps) {
  const image = product.images[0];
  const price = cardPrices(product, store);
  return (
    <article className="product-card" data-sort-name={product.name} data-sort-price={lowestCents(product)} data-sort-created={product.createdAt}>
      <a className="product-card-link" href={product.path}>
        <span className="product-card-image">
          {image ? <ProductImage file={image.file} alt="" ctx={ctx} sizes={sizes} load={priority ? 'now' : 'lazy'} /> : null}
          {isOnSale(product) ? <span className="product-badge">{shop.saleBadge}</span> : null}
        </span>
        <Heading className="product-card-name">{product.name}</Heading>
      </a>
      <PriceView className="product-card-price" now={price.now} was={price.was} />
      {excerpt && product.excerpt ? <p className="product-card-excerpt">{product.excerpt}</p> : null}
      {quickView ? (
        // Over the image, so showing it moves nothing.
        <div className="product-card-quick">
          <button
            type="button"
            className="product-quick-view"
            data-quick-view={product.path}
            data-product-id={product.id}
            data-census={`${API_PATHS.CENSUS_RECORD_QUICK_VIEW}${product.id}`}
            aria-label={format(shop.quickViewOf, { name: product.name })}
            aria-haspopup="dialog"
            hidden
          >
            {shop.quickView}
          </button>
        </div>
      ) : null}
    </article>
  );
}
