/**
 * A product shown in full (its page, a shop in single-product view, and what quick view takes from
 * the page): its images with the gallery's lightbox, name, price with the reduced one struck
 * through, its options as the variant picker's choices, quantity, weight and size in the store's
 * units, its add-to-cart button, and its description. Everything is the first variant's until the picker (an island) runs;
 * nothing says anything of stock (docs/decisions/0312-cacheable-shop-pages.md).
 */
import { PriceView, ProductImage, imageAlt } from '../../blocks/product/card';
import { measureTexts, variantPrices } from '../../blocks/product/money';
import { pickerData } from '../../blocks/product/picker-data';
import type { ShopProduct, StoreFormat } from '../../blocks/product/types';
import { TextView } from '../../blocks/text/view';
import type { RenderContext } from '../../blocks/types';
import { format } from '../../messages/format';
import { shop } from '../../messages/shop';
import { addToCart as words } from '../../messages/add-to-cart';
import { checkout } from '../../messages/checkout';
import { scriptJson } from './page';

/** The island that wakes a product's picker and images (src/runtime/islands/product-page.ts). */
export const PRODUCT_ISLAND = 'product-page';

/** How wide the large image and the small ones are drawn, for the browser's choice of copy. */
const MAIN_SIZES = '(max-width: 800px) 100vw, 600px';
const SMALL_SIZES = '(max-width: 800px) 25vw, 150px';

function Gallery({ product, ctx }: { product: ShopProduct; ctx: RenderContext }) {
  const main = product.variants[0]?.image ?? product.images[0]?.file;
  return (
    <div className="product-gallery" data-lightbox="true" data-lightbox-title={format(shop.productImages, { name: product.name })} data-main-sizes={MAIN_SIZES}>
      <ul className="product-slides gallery-slides">
        {product.images.map((image, i) => {
          const facts = image.file.startsWith('/s/') ? ctx.files.get(image.file.slice(3)) : undefined;
          const isMain = image.file === main;
          return (
            <li
              key={image.file}
              className={`product-slide gallery-slide${isMain ? ' is-main' : ''}`}
              data-file={image.file}
              data-slide-id={String(i + 1)}
              data-src={image.file}
              {...(facts?.width && facts.height ? { 'data-image-dimensions': `${facts.width}x${facts.height}` } : {})}
            >
              <div className="gallery-frame product-frame">
                <ProductImage
                  file={image.file}
                  alt={imageAlt(image, ctx, product.name)}
                  ctx={ctx}
                  sizes={isMain ? MAIN_SIZES : SMALL_SIZES}
                  load={isMain ? 'now' : 'lazy'}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Picker({ product }: { product: ShopProduct }) {
  const first = product.variants[0];
  return (
    <div className="product-options">
      {product.options.map((option, i) => {
        const id = `option-${product.id}-${i}`;
        const chosen = first?.optionValues[i]?.value;
        return (
          <div className="product-option" key={option.name}>
            <label htmlFor={id}>{option.name}</label>
            <select id={id} name={option.name} data-option={i} defaultValue={chosen}>
              {option.values.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}

/**
 * Disabled until the page's code runs (src/runtime/islands/product-page.ts): a cached page cannot carry the crumb a form would need.
 * With express checkout it reads 'Purchase' and goes on to checkout once added (src/ui/cart/add-button.ts).
 */
function AddToCart({ express }: { express: boolean }) {
  return (
    <div className="add-to-cart">
      <button type="button" className="button button-primary button-medium" data-add-to-cart="" {...(express ? { 'data-express': '' } : {})} disabled>
        {express ? checkout.purchase : words.addToCart}
      </button>
      <p className="add-to-cart-status" role="status" />
    </div>
  );
}

export function ProductDetail({
  product,
  store,
  ctx,
  heading = 'h1',
}: {
  product: ShopProduct;
  store: StoreFormat;
  ctx: RenderContext;
  heading?: 'h1' | 'h2';
}) {
  const first = product.variants[0]!;
  const price = variantPrices(first, store);
  const measures = measureTexts(first, store);
  const Heading = heading;
  const quantityId = `quantity-${product.id}`;
  return (
    <div className="product-detail" data-island={PRODUCT_ISLAND} data-load="eager" data-product-id={product.id}>
      {product.images.length > 0 ? <Gallery product={product} ctx={ctx} /> : null}
      <div className="product-summary">
        <Heading className="product-name">{product.name}</Heading>
        <PriceView className="product-price" now={price.now} was={price.was} />
        {product.excerpt ? <p className="product-excerpt">{product.excerpt}</p> : null}
        <Picker product={product} />
        <p className="product-stock" aria-live="polite" />
        <div className="product-quantity">
          <label htmlFor={quantityId}>{shop.quantity}</label>
          <input id={quantityId} name="quantity" type="number" inputMode="numeric" min={1} step={1} defaultValue={1} />
        </div>
        <AddToCart express={store.expressCheckout === true} />
        <dl className="product-specs">
          <div data-spec="weight" hidden={measures.weight === undefined}>
            <dt>{shop.weight}</dt>
            <dd>{measures.weight ?? ''}</dd>
          </div>
          <div data-spec="dimensions" hidden={measures.dimensions === undefined}>
            <dt>{shop.dimensions}</dt>
            <dd>{measures.dimensions ?? ''}</dd>
          </div>
        </dl>
        <script type="application/json" className="product-variants" dangerouslySetInnerHTML={{ __html: scriptJson(pickerData(product, store)) }} />
      </div>
    </div>
  );
}

export function ProductDescription({ product, ctx }: { product: ShopProduct; ctx: RenderContext }) {
  if (!product.description || product.description.content.length === 0) return null;
  return (
    <section className="product-description" aria-label={shop.details}>
      <TextView id={`description-${product.id}`} data={{ text: product.description }} ctx={ctx} columns={24} priority={false} />
    </section>
  );
}
