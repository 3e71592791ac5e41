/** The site's Labs lists (GET and POST /api/labs/internal, /api/labs/circle): the selection sent and the list answered. */
import { z } from 'zod';
import { LABS_LISTS } from '../domain/labs';

/** The features to turn on in one list; the rest of the list goes off. */
export const labsSelectionBody = z.object({ features: z.array(z.string().max(100)).max(100) }).strict();

export const labsAnswer = z.object({
  list: z.enum(LABS_LISTS),
  title: z.string(),
  description: z.string(),
  features: z.array(z.object({ name: z.string(), title: z.string(), description: z.string(), available: z.boolean(), enabled: z.boolean() })),
  /** The site's feature flags: on in either list. */
  activeFlags: z.array(z.string()),
});
export type LabsAnswer = z.infer<typeof labsAnswer>;
