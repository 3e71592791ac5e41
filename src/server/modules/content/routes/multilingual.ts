/**
 * Multilingual settings (seed 001 §7), behind the `multilingual` labs flag: with the flag off every
 * call answers 404 and changes nothing. Settings area: read to see, write to change
 * (docs/permissions.md). Response shapes are ours (docs/decisions/0026-multilingual-settings.md):
 *
 * - GET  /api/multilingual/settings   { defaultLanguage, languages, maxLanguages, providers, connection }
 * - GET  /api/multilingual/status     { enabled, defaultLanguage, languageCount, visibleLanguageCount, connection }
 * - GET  /api/multilingual/languages  { languages }
 * - PUT  /api/multilingual/languages  body { languages: [{ code, default?, visible? }] } → { languages }
 * - PUT  /api/multilingual/connection body { provider, apiKey } → { connection } (a saved key is answered
 *   only as the fixed mask; the mask, or no key, keeps the saved one)
 * - DELETE /api/multilingual/connection → { connection } (disconnected; also when nothing was connected)
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import {
  API_KEY_PATTERN,
  languageListProblem,
  MAX_LANGUAGES,
  normalizeLanguageCode,
  TRANSLATION_PROVIDERS,
  type TranslationProviderId,
} from '../../../../domain/multilingual';
import { MASKED_SECRET } from '../../../../domain/secrets';
import { configRoute, zodMessage } from '../../accounts';
import { connectProvider, disconnectProvider, multilingualState, NoApiKeyError, saveLanguages, type MultilingualState } from '../settings/multilingual';
import type { WebsiteRow } from '../../sites';
import { multilingual } from '../../../../messages/multilingual';

export const MULTILINGUAL_OFF = multilingual.labsOff;

const PROVIDER_IDS = TRANSLATION_PROVIDERS.map((p) => p.id) as [TranslationProviderId, ...TranslationProviderId[]];

const languagesBody = z
  .object({
    languages: z.array(
      z
        .object({
          code: z.string().max(40),
          default: z.boolean().default(false),
          visible: z.boolean().default(true),
        })
        .strict(),
    ),
  })
  .strict();

const connectionBody = z
  .object({
    provider: z.enum(PROVIDER_IDS, {
      error: `Choose a translation provider: ${TRANSLATION_PROVIDERS.map((p) => `${p.id} (${p.name})`).join(', ')}.`,
    }),
    // The mask a saved key is shown as, sent back unchanged: keep the saved one.
    apiKey: z.preprocess(
      (v) => (v === MASKED_SECRET ? undefined : v),
      z.string({ error: multilingual.pasteApiKey }).trim().regex(API_KEY_PATTERN, multilingual.apiKeyShape).optional(),
    ),
  })
  .strict();

/** 400 with the first problem as the message (the config area shows it as is) and every problem by field. */
function invalid(reply: FastifyReply, error: z.ZodError) {
  const details = zodMessage(error);
  return reply.code(400).send({ ...details, error: error.issues[0]?.message ?? details.error });
}

export async function registerMultilingualApi(app: FastifyInstance, db: Db) {
  /** The call's state, or a 404 answer sent when the site's multilingual flag is off. */
  const stateOr404 = async (site: WebsiteRow, reply: FastifyReply): Promise<MultilingualState | undefined> => {
    const state = await multilingualState(db, site.id);
    if (state.flagOn) return state;
    reply.code(404).send({ error: MULTILINGUAL_OFF, labsFeatureOff: 'multilingual' });
    return undefined;
  };

  configRoute(app, db, {
    method: 'GET',
    url: '/api/multilingual/settings',
    area: 'settings',
    access: 'read',
    handler: async ({ site, reply }) => {
      const state = await stateOr404(site, reply);
      if (!state) return;
      return {
        defaultLanguage: state.defaultLanguage,
        languages: state.languages,
        maxLanguages: MAX_LANGUAGES,
        providers: TRANSLATION_PROVIDERS,
        connection: state.connection,
      };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/multilingual/status',
    area: 'settings',
    access: 'read',
    handler: async ({ site, reply }) => {
      const state = await stateOr404(site, reply);
      if (!state) return;
      return {
        enabled: true,
        defaultLanguage: state.defaultLanguage,
        languageCount: state.languages.length,
        visibleLanguageCount: state.languages.filter((l) => l.visible).length,
        connection: state.connection,
      };
    },
  });

  configRoute(app, db, {
    method: 'GET',
    url: '/api/multilingual/languages',
    area: 'settings',
    access: 'read',
    handler: async ({ site, reply }) => {
      const state = await stateOr404(site, reply);
      if (!state) return;
      return { languages: state.languages };
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/multilingual/languages',
    area: 'settings',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      if (!(await stateOr404(site, reply))) return;
      const parsed = languagesBody.safeParse(req.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      const list = parsed.data.languages.map((l) => ({ ...l, code: normalizeLanguageCode(l.code) }));
      const problem = languageListProblem(list);
      if (problem) return reply.code(400).send({ error: problem.message, errors: { [problem.path]: problem.message } });
      await saveLanguages(db, site.id, list, account.id);
      return { languages: (await multilingualState(db, site.id)).languages };
    },
  });

  configRoute(app, db, {
    method: 'PUT',
    url: '/api/multilingual/connection',
    area: 'settings',
    access: 'write',
    handler: async ({ req, reply, site, account }) => {
      if (!(await stateOr404(site, reply))) return;
      const parsed = connectionBody.safeParse(req.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error);
      try {
        return { connection: await connectProvider(db, site.id, parsed.data.provider, parsed.data.apiKey, account.id) };
      } catch (err) {
        if (!(err instanceof NoApiKeyError)) throw err;
        return reply.code(400).send({ error: err.message, errors: { apiKey: err.message } });
      }
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: '/api/multilingual/connection',
    area: 'settings',
    access: 'write',
    handler: async ({ reply, site, account }) => {
      if (!(await stateOr404(site, reply))) return;
      await disconnectProvider(db, site.id, account.id);
      return { connection: (await multilingualState(db, site.id)).connection };
    },
  });
}
