/**
 * The product block's server part: when a draft is saved, a product block must name a product of
 * the site's store (any status: a hidden one shows once it is available). Otherwise the save is
 * refused with a message on the block's product field, and nothing is stored.
 */
import { shop } from '../../messages/shop';
import type { BlockServer } from '../server-types';
import type { ProductData } from './schema';

export const productServer: BlockServer = {
  async resolve(block, { path }, ctx) {
    const { productId } = block.data as Partial<ProductData>;
    if (!productId || !ctx.products || (await ctx.products.has(productId))) return { block, errors: {} };
    return { block, errors: { [`${path}.data.productId`]: shop.noSuchProduct } };
  },
};
