/**
 * Code block data: the owner's HTML (sanitised; owner scripts are the later code-injection
 * feature), or source shown as code. Its links are checked only when it renders as HTML: a listing
 * shows them as text.
 */
import { z } from 'zod';
import { refineHtmlLinks } from '../sanitize';

export const codeData = z
  .object({
    html: z.string().max(100_000).meta({ description: 'HTML, sanitised as it renders; rendered as HTML (not as a listing), its links follow the rules of a link field' }),
    /** Show the source as a code listing instead of rendering it. */
    displaySource: z.boolean().default(false),
  })
  .strict()
  .superRefine((data, ctx) => {
    if (!data.displaySource) refineHtmlLinks(ctx, data.html, 'code', ['html']);
  });
export type CodeData = z.infer<typeof codeData>;
