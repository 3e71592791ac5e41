/**
 * The editor's place search calls (seed 001 §7): `GET /api/google-maps/places/autocomplete` and
 * `/details`, each with the tracking context productPage and productSection (7.37, 7.38) and the
 * search's session token. Calling details without a tracking context still sends the call but logs
 * the console error the seed asks for (7.39), so a caller that forgot it shows up in development.
 * The answers' schemas are here, beside their only caller, so the block imports no API contract.
 */
import { z } from 'zod';
import { GOOGLE_PLACES_PATHS, type PlacesTrackingContext } from '../../domain/google-maps';
import { googleMaps as words } from '../../messages/google-maps';

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

type Answer<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

async function get<T>(path: string, params: Record<string, string | undefined>, answer: Answer<T>, fetcher: typeof fetch): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v ? [[k, v]] : [])));
  const res = await fetcher(`${path}?${query.toString()}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const said = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : words.upstreamUnreachable;
    throw new Error(said);
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) throw new Error(words.upstreamMalformed);
  return parsed.data;
}

export function placeSuggestions(
  input: string,
  tracking: PlacesTrackingContext,
  sessionToken: string,
  fetcher: typeof fetch = fetch,
): Promise<PlaceSuggestionsAnswer> {
  return get(GOOGLE_PLACES_PATHS.AUTOCOMPLETE, { input, sessionToken, ...tracking }, placeSuggestionsAnswer, fetcher);
}

export function placeDetails(
  placeId: string,
  tracking: Partial<PlacesTrackingContext> | undefined,
  sessionToken: string,
  fetcher: typeof fetch = fetch,
): Promise<PlaceDetailsAnswer> {
  // 001-7.39: the tracking context is expected with every details call.
  if (!tracking?.productPage || !tracking.productSection) console.error(words.missingTracking);
  return get(
    GOOGLE_PLACES_PATHS.DETAILS,
    { placeId, sessionToken, productPage: tracking?.productPage, productSection: tracking?.productSection },
    placeDetailsAnswer,
    fetcher,
  );
}
