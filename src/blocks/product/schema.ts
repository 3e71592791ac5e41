/** Product block data: the product shown (by id, from the site's store) and whether its card offers a quick view. */
import { z } from 'zod';
import { hexId } from '../../document/primitives';

export const productData = z
  .object({
    productId: hexId,
    quickView: z.boolean().default(true),
  })
  .strict();
export type ProductData = z.output<typeof productData>;
