/** Google Maps calls as they answer: the site's settings (GET/PUT /api/config/google-maps) and the editor's place search. */
import { z } from 'zod';

export const googleMapsSettingsAnswer = z.object({
  key: z.string().nullable(),
  language: z.string().nullable(),
  region: z.string().nullable(),
});
export type GoogleMapsSettingsAnswer = z.infer<typeof googleMapsSettingsAnswer>;

export const placeSuggestionsAnswer = z.object({
  suggestions: z.array(z.object({ placeId: z.string(), text: z.string(), mainText: z.string(), secondaryText: z.string() })),
});
export type PlaceSuggestionsAnswer = z.infer<typeof placeSuggestionsAnswer>;

export const placeDetailsAnswer = z.object({
  place: z.object({
    placeId: z.string(),
    name: z.string(),
    formattedAddress: z.string(),
    lat: z.number(),
    lng: z.number(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    addressCountry: z.string(),
  }),
});
export type PlaceDetailsAnswer = z.infer<typeof placeDetailsAnswer>;
