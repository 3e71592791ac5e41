/** Accordion block data (seed 000 §4): items, whether several may be open, whether the first starts open. */
import { z } from 'zod';
import { ownerHtml } from '../sanitize';

export const accordionData = z
  .object({
    items: z
      .array(z.object({ title: z.string().min(1).max(300), html: ownerHtml(50_000, 'text') }).strict())
      .min(1)
      .max(100),
    allowMultipleOpen: z.boolean().default(false),
    firstItemExpanded: z.boolean().default(false),
    headingLevel: z.enum(['h2', 'h3', 'h4']).default('h3'),
  })
  .strict();
export type AccordionData = z.infer<typeof accordionData>;
