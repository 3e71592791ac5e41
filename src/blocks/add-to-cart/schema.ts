/**
 * Add-to-cart block data: the product it adds (by id, from the site's store; empty until the owner
 * chooses one), the button's words (empty: the seed's default title, 'Order Now', 000-9.52) and look.
 */
import { z } from 'zod';
import { hexId } from '../../document/primitives';

export const addToCartData = z
  .object({
    productId: z.union([hexId, z.literal('')]).default(''),
    buttonText: z.string().max(200).default(''),
    alignment: z.enum(['left', 'center', 'right']).default('left'),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    style: z.enum(['primary', 'secondary']).default('primary'),
  })
  .strict();
export type AddToCartData = z.output<typeof addToCartData>;
