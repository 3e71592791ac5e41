/**
 * A site's Google Maps settings and the editor's place search (seed 001 §7: 7.37, 7.38). The
 * settings are one row of `site_google_maps`; saving or removing them records the change in the
 * site's activity and drops cached pages (which render Google's map, and allow Google's hosts in
 * their policy, only while the site has a key) in the same transaction.
 *
 * The place search calls Google's Places API (New) with the site's key, through the
 * outgoing-connection guard (../net/outgoing.ts: resolved once, pinned, private addresses refused
 * unless OUTGOING_ALLOW_PRIVATE=true), with a time limit and a size cap; GOOGLE_PLACES_URL replaces
 * Google's address (tests use a local fake). The key being a browser key restricted to the site's
 * domain, each call sends the site's own address as its Referer, as the site's pages would.
 * Every way Google can fail becomes a `PlacesError` with a sentence for the editor and a status
 * (502 for Google's refusals and failures), never a 500.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { siteGoogleMaps } from './schema/google-maps';
import type { GoogleMapsContext } from '../../../domain/google-maps';
import { format } from '../../../messages/format';
import { googleMaps as words } from '../../../messages/google-maps';
import { guardedRequest, OutgoingError, type OutgoingFailure, type OutgoingPolicy } from '../../net/outgoing';
import { logActivity } from '../sites';
import { markSiteChanged } from '../sites';

export type GoogleMapsSettings = { key: string; language: string | null; region: string | null };

export async function googleMapsSettings(db: Db, websiteId: string): Promise<GoogleMapsSettings | undefined> {
  const [row] = await db.select().from(siteGoogleMaps).where(eq(siteGoogleMaps.websiteId, websiteId));
  return row ? { key: row.apiKey, language: row.language, region: row.region } : undefined;
}

/** The page context the map block's view reads (the key, with language and region when set). */
export function googleMapsContextOf(settings: GoogleMapsSettings): GoogleMapsContext {
  return { key: settings.key, ...(settings.language ? { language: settings.language } : {}), ...(settings.region ? { region: settings.region } : {}) };
}

/** Saves the site's key, language and region; an empty key removes them (maps go back to OpenStreetMap). */
export async function saveGoogleMapsSettings(
  db: Db,
  websiteId: string,
  actorId: string,
  next: GoogleMapsSettings | null,
): Promise<GoogleMapsSettings | undefined> {
  return db.transaction(async (tx) => {
    if (next === null) {
      const removed = await tx.delete(siteGoogleMaps).where(eq(siteGoogleMaps.websiteId, websiteId)).returning({ websiteId: siteGoogleMaps.websiteId });
      if (removed.length === 0) return undefined;
      await logActivity(tx, websiteId, actorId, 'settings.google_maps_removed');
      await markSiteChanged(tx, websiteId);
      return undefined;
    }
    const values = { apiKey: next.key, language: next.language, region: next.region, updatedAt: new Date() };
    await tx
      .insert(siteGoogleMaps)
      .values({ websiteId, ...values })
      .onConflictDoUpdate({ target: siteGoogleMaps.websiteId, set: values });
    // The key is public by nature (every map page carries it); its last characters are enough to tell keys apart in the log.
    await logActivity(tx, websiteId, actorId, 'settings.google_maps_updated', { keyEnding: next.key.slice(-4), language: next.language, region: next.region });
    await markSiteChanged(tx, websiteId);
    return next;
  });
}

/** Google's Places API (New); GOOGLE_PLACES_URL replaces it (tests' local fake). */
export const GOOGLE_PLACES_URL = 'https://places.googleapis.com/v1';
export const PLACES_TIMEOUT_MS = 5_000;
/** An autocomplete answer is a few KB; details with the fields asked for, less. */
export const PLACES_MAX_BYTES = 256 * 1024;
const USER_AGENT = 'OpenPress-Places/1';
const PURPOSE = { refused: 'Place search refused:', allowWith: 'OUTGOING_ALLOW_PRIVATE=true' };

/** Why a place search failed, with the status the call answers. */
export class PlacesError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type PlacesOptions = OutgoingPolicy & { baseUrl: string; timeoutMs: number; maxBytes: number };

/** The place search's connection settings, read when a call is made (as RECAPTCHA_VERIFY_URL is). */
export function placesOptions(env: NodeJS.ProcessEnv = process.env): PlacesOptions {
  return {
    baseUrl: (env.GOOGLE_PLACES_URL || GOOGLE_PLACES_URL).replace(/\/$/, ''),
    allowPrivate: env.OUTGOING_ALLOW_PRIVATE === 'true',
    timeoutMs: PLACES_TIMEOUT_MS,
    maxBytes: PLACES_MAX_BYTES,
  };
}

type Call = { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown };

/** One call to Google through the guard: its status and JSON answer. Throws PlacesError. */
async function callGoogle(call: Call, options: PlacesOptions): Promise<{ status: number; json: unknown }> {
  const url = new URL(`${options.baseUrl}${call.path}`);
  const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
  let answer;
  try {
    answer = await guardedRequest(url, options, PURPOSE, {
      method: call.method,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...call.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: payload } : {}),
    });
  } catch (err) {
    if (!(err instanceof OutgoingError)) throw err;
    const said: Record<OutgoingFailure, string> = {
      refused: err.message,
      tooLarge: format(words.upstreamTooLarge, { kilobytes: Math.round(options.maxBytes / 1024) }),
      timeout: format(words.upstreamTimeout, { seconds: options.timeoutMs / 1000 }),
      unreachable: words.upstreamUnreachable,
      ended: words.upstreamUnreachable,
    };
    throw new PlacesError(said[err.reason], 502);
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    json = undefined;
  }
  if (answer.status < 200 || answer.status >= 300) {
    // Google's own sentence ("API key not valid…", "…referer … blocked") tells the owner what to fix in its console.
    const said = z.object({ error: z.object({ message: z.string() }) }).safeParse(json);
    const reason = said.success ? said.data.error.message.slice(0, 300) : `HTTP ${answer.status}`;
    throw new PlacesError(format(words.upstreamRefused, { status: answer.status, reason }), 502);
  }
  if (json === undefined) throw new PlacesError(words.upstreamMalformed, 502);
  return { status: answer.status, json };
}

export type PlaceQuery = { key: string; referer: string; language?: string; region?: string; sessionToken?: string };

export type PlaceSuggestion = { placeId: string; text: string; mainText: string; secondaryText: string };

const autocompleteAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: z.object({ text: z.string() }),
            structuredFormat: z.object({ mainText: z.object({ text: z.string() }), secondaryText: z.object({ text: z.string() }).optional() }).optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

const headersFor = (q: PlaceQuery, fieldMask: string) => ({ 'x-goog-api-key': q.key, 'x-goog-fieldmask': fieldMask, referer: q.referer });

/** Google's suggestions for what the owner typed (at most five, Google's own limit). */
export async function autocompletePlaces(q: PlaceQuery & { input: string }, options: PlacesOptions = placesOptions()): Promise<PlaceSuggestion[]> {
  const body = {
    input: q.input,
    ...(q.language ? { languageCode: q.language } : {}),
    ...(q.region ? { regionCode: q.region.toLowerCase() } : {}),
    ...(q.sessionToken ? { sessionToken: q.sessionToken } : {}),
  };
  const fields = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text,suggestions.placePrediction.structuredFormat';
  const { json } = await callGoogle({ path: '/places:autocomplete', method: 'POST', headers: headersFor(q, fields), body }, options);
  const parsed = autocompleteAnswer.safeParse(json);
  if (!parsed.success) throw new PlacesError(words.upstreamMalformed, 502);
  return (parsed.data.suggestions ?? []).flatMap(({ placePrediction: p }) =>
    p
      ? [
          {
            placeId: p.placeId,
            text: p.text.text,
            mainText: p.structuredFormat?.mainText.text ?? p.text.text,
            secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
          },
        ]
      : [],
  );
}

/** A place as the map block's location fields take it. */
export type PlaceDetails = {
  placeId: string;
  name: string;
  formattedAddress: string;
  lat: number;
  lng: number;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
};

const detailsAnswer = z.object({
  id: z.string(),
  displayName: z.object({ text: z.string() }).optional(),
  formattedAddress: z.string().optional(),
  location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  addressComponents: z.array(z.object({ longText: z.string().optional(), types: z.array(z.string()).optional() })).optional(),
});

/**
 * The address lines of a formatted address: its first part the street, its last the country (the
 * country's full name when Google gives it), the parts between the second line.
 */
export function addressParts(formatted: string, country: string | undefined): Pick<PlaceDetails, 'addressLine1' | 'addressLine2' | 'addressCountry'> {
  const parts = formatted
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 3) return { addressLine1: parts[0] ?? '', addressLine2: '', addressCountry: country ?? parts[1] ?? '' };
  return { addressLine1: parts[0]!, addressLine2: parts.slice(1, -1).join(', '), addressCountry: country ?? parts.at(-1)! };
}

/** The place's name, coordinates and address. */
export async function placeDetails(q: PlaceQuery & { placeId: string }, options: PlacesOptions = placesOptions()): Promise<PlaceDetails> {
  const query = new URLSearchParams({
    ...(q.language ? { languageCode: q.language } : {}),
    ...(q.region ? { regionCode: q.region.toLowerCase() } : {}),
    ...(q.sessionToken ? { sessionToken: q.sessionToken } : {}),
  });
  const path = `/places/${encodeURIComponent(q.placeId)}${query.size > 0 ? `?${query.toString()}` : ''}`;
  const { json } = await callGoogle({ path, method: 'GET', headers: headersFor(q, 'id,displayName,formattedAddress,location,addressComponents') }, options);
  const parsed = detailsAnswer.safeParse(json);
  if (!parsed.success) throw new PlacesError(words.upstreamMalformed, 502);
  const { id, displayName, formattedAddress = '', location, addressComponents = [] } = parsed.data;
  if (!location) throw new PlacesError(words.upstreamNoLocation, 502);
  const country = addressComponents.find((c) => c.types?.includes('country'))?.longText;
  const cut = (text: string) => text.slice(0, 200);
  const lines = addressParts(formattedAddress, country);
  return {
    placeId: id,
    name: cut(displayName?.text ?? lines.addressLine1),
    formattedAddress: cut(formattedAddress),
    lat: location.latitude,
    lng: location.longitude,
    addressLine1: cut(lines.addressLine1),
    addressLine2: cut(lines.addressLine2),
    addressCountry: cut(lines.addressCountry),
  };
}
