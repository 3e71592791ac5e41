/** The site's Google Maps settings as GET/PUT /api/config/google-maps answer them (the place search's answers live with the map block, src/blocks/map/google-places.ts). */
import { z } from 'zod';

export const googleMapsSettingsAnswer = z.object({
  key: z.string().nullable(),
  language: z.string().nullable(),
  region: z.string().nullable(),
});
export type GoogleMapsSettingsAnswer = z.infer<typeof googleMapsSettingsAnswer>;
