/** Accordion block data (seed 000 §4): items, whether several may be open, whether the first starts open. */
import { z } from 'zod';
import { plainHtml, type HtmlRules, type SanitizedHtml } from '../html';

export const ACCORDION_HEADING_LEVELS = ['h2', 'h3', 'h4'] as const;

export const accordionSchema = <H extends string>(html: HtmlRules<H>) =>
  z
    .object({
      items: z
        .array(z.object({ title: z.string().min(1).max(300), html: html.field(50_000, 'text') }).strict())
        .min(1)
        .max(100),
      allowMultipleOpen: z.boolean().default(false),
      firstItemExpanded: z.boolean().default(false),
      headingLevel: z.enum(ACCORDION_HEADING_LEVELS).default('h3'),
    })
    .strict();
export const accordionData = accordionSchema(plainHtml);
export type AccordionData = z.output<typeof accordionData>;
export type StoredAccordionData = z.output<ReturnType<typeof accordionSchema<SanitizedHtml>>>;
