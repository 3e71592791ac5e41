/**
 * Product block data: the product shown (by id, from the site's store; empty until the owner
 * chooses one, so a block can be placed first) and whether its card offers a quick view.
 */
import { z } from 'zod';
import { hexId } from '../../document/primitives';

export const productData = z
  .object({
    productId: z.union([hexId, z.literal('')]).default(''),
    quickView: z.boolean().default(true),
  })
  .strict();
export type ProductData = z.output<typeof productData>;
