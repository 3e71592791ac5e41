/**
 * Add-to-cart block: a button that adds one product to the cart, on any page. Its words are the
 * owner's, or the seed's default title 'Order Now' (000-9.52). It adds the product's first variant,
 * and is disabled until its island runs (a cached page cannot carry the crumb a form would need).
 * A product visitors cannot see renders nothing for them; in the editor's canvas (no catalogue) the
 * button is drawn as it will read, with a note when no product is chosen yet.
 */
import { blocks } from '../../messages/blocks';
import { shop } from '../../messages/shop';
import type { BlockViewProps } from '../types';
import type { AddToCartData } from './schema';

export function AddToCartView({ data, ctx }: BlockViewProps<AddToCartData>) {
  const title = data.buttonText.trim() || blocks.defaultLinkTitle;
  const product = ctx.catalogue?.productById(data.productId);
  if (ctx.catalogue && !product) return null;
  const variant = product?.variants[0];
  return (
    <div className={`block-add-to-cart align-${data.alignment}`} {...(product ? { 'data-product-id': product.id, 'data-variant-id': variant?.id ?? '' } : {})}>
      <button type="button" className={`button button-${data.style} button-${data.size}`} data-add-to-cart="" disabled>
        {title}
      </button>
      {ctx.catalogue ? <p className="add-to-cart-status" role="status" /> : !data.productId ? <p className="block-product-note">{shop.chooseProduct}</p> : null}
    </div>
  );
}
