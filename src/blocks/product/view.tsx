/**
 * Product block: one product's card (./card.tsx) on any page, looked up in the site's published
 * catalogue the render context carries. A product visitors cannot see (hidden, not yet available,
 * removed, or none chosen yet) renders nothing for them; where no catalogue is given (the editor's
 * canvas) a note says where the card shows, or that a product is to be chosen.
 */
import type { BlockViewProps } from '../types';
import { shop } from '../../messages/shop';
import { ProductCard } from './card';
import type { ProductData } from './schema';

export function ProductView({ data, ctx, priority }: BlockViewProps<ProductData>) {
  if (!ctx.catalogue) return <p className="block-product-note">{data.productId ? shop.productOnSite : shop.chooseProduct}</p>;
  const product = ctx.catalogue.productById(data.productId);
  if (!product) return null;
  return (
    <div className="block-product">
      <ProductCard
        product={product}
        store={ctx.catalogue.format}
        ctx={ctx}
        heading="h3"
        quickView={data.quickView}
        priority={priority}
        sizes="(max-width: 640px) 100vw, 400px"
      />
    </div>
  );
}
