/** Code block data: the owner's HTML (sanitised; owner scripts are the later code-injection feature), or source shown as code. */
import { z } from 'zod';

export const codeData = z
  .object({
    html: z.string().max(100_000),
    /** Show the source as a code listing instead of rendering it. */
    displaySource: z.boolean().default(false),
  })
  .strict();
export type CodeData = z.infer<typeof codeData>;
