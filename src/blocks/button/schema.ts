/** Button block data: the fields of seed 000 §3's button tracking payload, plus a visual style. */
import { z } from 'zod';
import { siteLink } from '../../document/link';

export const buttonData = z
  .object({
    buttonText: z.string().min(1).max(200),
    clickthroughUrl: siteLink(1000),
    alignment: z.enum(['left', 'center', 'right']).default('left'),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    newWindow: z.boolean().default(false),
    style: z.enum(['primary', 'secondary', 'tertiary']).default('primary'),
  })
  .strict();
export type ButtonData = z.infer<typeof buttonData>;
