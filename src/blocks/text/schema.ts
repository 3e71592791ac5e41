/** Text block data: sanitised rich text (the seed's html block). */
import { z } from 'zod';

export const textData = z.object({ html: z.string().max(100_000) }).strict();
export type TextData = z.infer<typeof textData>;
