/**
 * Google Maps calls (seed 001 §7; issue 16 item 4). Owners: `GET/PUT /api/config/google-maps`
 * read and change the site's browser key, language and region (Settings; an empty key removes
 * them). The editor's place search: `GET /api/google-maps/places/autocomplete` (7.37) and
 * `GET /api/google-maps/places/details` (7.38), for those who may edit pages, with the query
 * parameters `input` or `placeId`, an optional `sessionToken` (Google bills a search and its pick
 * as one session) and the tracking context `productPage` and `productSection`, which is checked
 * and written to the request's log line. They answer 409 when the site has no key, 400 for bad
 * input and 502 with Google's reason when Google refuses or cannot be reached.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import {
  GOOGLE_MAPS_KEY_PATTERN,
  GOOGLE_MAPS_LANGUAGE_PATTERN,
  GOOGLE_MAPS_REGION_PATTERN,
  GOOGLE_PLACES_PATHS,
  TRACKING_VALUE_PATTERN,
} from '../../../../domain/google-maps';
import { googleMaps as words } from '../../../../messages/google-maps';
import { configRoute } from '../../accounts';
import {
  autocompletePlaces,
  googleMapsSettings,
  PlacesError,
  placeDetails,
  saveGoogleMapsSettings,
  type GoogleMapsSettings,
  type PlaceQuery,
} from '../google-maps';
import type { WebsiteRow } from '../../sites';

export const GOOGLE_MAPS_CONFIG_PATH = '/api/config/google-maps';

const optionalText = (pattern: RegExp, message: string, normalise: (s: string) => string = (s) => s) =>
  z
    .string(message)
    .trim()
    .transform((s) => (s === '' ? null : normalise(s)))
    .refine((s) => s === null || pattern.test(s), message)
    .nullable()
    .optional()
    .transform((s) => s ?? null);

const settingsBody = z
  .object({
    key: z
      .string(words.keyInvalid)
      .trim()
      .refine((k) => k === '' || GOOGLE_MAPS_KEY_PATTERN.test(k), words.keyInvalid),
    language: optionalText(GOOGLE_MAPS_LANGUAGE_PATTERN, words.languageInvalid),
    region: optionalText(GOOGLE_MAPS_REGION_PATTERN, words.regionInvalid, (s) => s.toUpperCase()),
  })
  .strict();

const answer = (s: GoogleMapsSettings | undefined) => ({ key: s?.key ?? null, language: s?.language ?? null, region: s?.region ?? null });

const tracking = z.string(words.trackingInvalid).regex(TRACKING_VALUE_PATTERN, words.trackingInvalid).optional();
const common = {
  sessionToken: z
    .string(words.sessionTokenInvalid)
    .regex(/^[A-Za-z0-9-]{8,36}$/, words.sessionTokenInvalid)
    .optional(),
  productPage: tracking,
  productSection: tracking,
};
const autocompleteQuery = z.object({ input: z.string(words.inputInvalid).trim().min(2, words.inputInvalid).max(200, words.inputInvalid), ...common });
const detailsQuery = z.object({ placeId: z.string(words.placeIdInvalid).regex(/^[A-Za-z0-9_-]{1,300}$/, words.placeIdInvalid), ...common });

export async function registerGoogleMapsApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: GOOGLE_MAPS_CONFIG_PATH,
    area: 'settings',
    access: 'read',
    handler: async ({ site }) => answer(await googleMapsSettings(db, site.id)),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: GOOGLE_MAPS_CONFIG_PATH,
    area: 'settings',
    access: 'write',
    body: settingsBody,
    handler: async ({ site, account, body }) =>
      answer(await saveGoogleMapsSettings(db, site.id, account.id, body.key === '' ? null : { key: body.key, language: body.language, region: body.region })),
  });

  /** The site's key and the rest of a place query, or undefined once the 409 is sent. */
  const placeQuery = async (site: WebsiteRow, sessionToken: string | undefined): Promise<PlaceQuery | undefined> => {
    const settings = await googleMapsSettings(db, site.id);
    if (!settings) return undefined;
    return {
      key: settings.key,
      referer: `${app.siteOrigin(site)}/`,
      ...(settings.language ? { language: settings.language } : {}),
      ...(settings.region ? { region: settings.region } : {}),
      ...(sessionToken ? { sessionToken } : {}),
    };
  };

  configRoute(app, db, {
    method: 'GET',
    url: GOOGLE_PLACES_PATHS.AUTOCOMPLETE,
    area: 'pages',
    access: 'write',
    query: autocompleteQuery,
    handler: async ({ req, reply, site, query }) => {
      req.log.info({ productPage: query.productPage, productSection: query.productSection }, 'place autocomplete');
      const q = await placeQuery(site, query.sessionToken);
      if (!q) return reply.code(409).send({ error: words.noKey });
      try {
        return { suggestions: await autocompletePlaces({ ...q, input: query.input }) };
      } catch (err) {
        if (!(err instanceof PlacesError)) throw err;
        return reply.code(err.status).send({ error: err.message });
      }
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: GOOGLE_PLACES_PATHS.DETAILS,
    area: 'pages',
    access: 'write',
    query: detailsQuery,
    handler: async ({ req, reply, site, query }) => {
      req.log.info({ productPage: query.productPage, productSection: query.productSection }, 'place details');
      const q = await placeQuery(site, query.sessionToken);
      if (!q) return reply.code(409).send({ error: words.noKey });
      try {
        return { place: await placeDetails({ ...q, placeId: query.placeId }) };
      } catch (err) {
        if (!(err instanceof PlacesError)) throw err;
        return reply.code(err.status).send({ error: err.message });
      }
    },
  });
}
