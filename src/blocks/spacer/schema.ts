/** Spacer block data: none; its height is its grid placement. */
import { z } from 'zod';

export const spacerData = z.object({}).strict();
export type SpacerData = z.infer<typeof spacerData>;
