/**
 * Code block data: the owner's HTML (sanitised when saved; owner scripts are the later
 * code-injection feature), or source shown as code. Its links are checked, and its HTML cleaned,
 * only when it renders as HTML: a listing shows its source as text, as written.
 */
import { z } from 'zod';
import { OWNER_HTML_DESCRIPTION, plainHtml, type HtmlRules, type SanitizedHtml } from '../html';

export const codeSchema = <H extends string>(html: HtmlRules<H>) =>
  z
    .object({
      html: z
        .string()
        .max(100_000)
        .meta({ description: `${OWNER_HTML_DESCRIPTION} (when rendered as HTML, not as a listing)` }),
      /** Show the source as a code listing instead of rendering it. */
      displaySource: z.boolean().default(false),
    })
    .strict()
    .superRefine((data, ctx) => {
      if (!data.displaySource) html.check(ctx, data.html, 'code', ['html']);
    })
    .transform((data) =>
      data.displaySource ? { html: data.html, displaySource: true as const } : { html: html.clean(data.html, 'code'), displaySource: false as const },
    );
export const codeData = codeSchema(plainHtml);
export type CodeData = z.output<typeof codeData>;
export type StoredCodeData = z.output<ReturnType<typeof codeSchema<SanitizedHtml>>>;
