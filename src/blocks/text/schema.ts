/** Text block data: sanitised rich text (the seed's html block). */
import { z } from 'zod';
import { ownerHtml } from '../sanitize';

export const textData = z.object({ html: ownerHtml(100_000, 'text') }).strict();
export type TextData = z.infer<typeof textData>;
