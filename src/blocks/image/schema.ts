/** Image block data: the image, its alternative text, and how it fills its grid area. */
import { z } from 'zod';
import { siteLink } from '../../document/link';

export const imageData = z
  .object({
    /** A site file (/s/name) or an absolute https URL. */
    src: z.string().min(1).max(1000).regex(/^(\/s\/[A-Za-z0-9][A-Za-z0-9._-]*|https:\/\/\S+)$/, 'must be a site file (/s/name) or an https URL'),
    /** Empty only for a decorative image. */
    alt: z.string().max(500),
    caption: z.string().max(1000).optional(),
    link: siteLink(1000).optional(),
    fit: z.enum(['fill', 'fit']).default('fill'),
    focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict().default({ x: 0.5, y: 0.5 }),
  })
  .strict();
export type ImageData = z.infer<typeof imageData>;
