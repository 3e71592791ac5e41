/** Line block data: a horizontal rule's style and thickness. */
import { z } from 'zod';

export const lineData = z
  .object({
    style: z.enum(['solid', 'dashed', 'dotted']).default('solid'),
    thickness: z.number().int().min(1).max(10).default(1),
  })
  .strict();
export type LineData = z.infer<typeof lineData>;
