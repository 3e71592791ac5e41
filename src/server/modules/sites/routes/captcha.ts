/**
 * Captcha calls (seed 001 §5; issue 4 item 5). Visitors: `GET /api/captcha/challenge` answers a new
 * ALTCHA challenge signed with the site's key (the widget fetches it when the visitor ticks the
 * box), at most CAPTCHA_CHALLENGE_LIMIT a window per address and site (429 with Retry-After past
 * it). Owners: `GET/PUT/DELETE /api/config/captcha` read and change the site's captcha — the
 * self-hosted ALTCHA (a key generated here) or the owner's reCAPTCHA key pair — in the Settings
 * area; a saved reCAPTCHA secret is answered only as the fixed mask, and the mask sent back keeps it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { API_PATHS } from '../../../../domain/routes';
import { MASKED_SECRET } from '../../../../domain/secrets';
import { configRoute } from '../../accounts';
import { hashedIp, refusedByLimits } from '../../../rate-limits/rate-limit';
import {
  altchaChallenge,
  CaptchaSettingsError,
  RECAPTCHA_KEY_PATTERN,
  removeCaptcha,
  siteCaptchaFor,
  chooseAltcha,
  chooseRecaptcha,
  type PublicCaptcha,
} from '../captcha';
import { captchaSettings } from '../../../../messages/captcha-settings';
import { http } from '../../../../messages/http';
import { format } from '../../../../messages/format';

export const CAPTCHA_CONFIG_PATH = '/api/config/captcha';

/**
 * Challenges per address (hashed) and site in ten minutes. A visitor fetches one a form they send,
 * and another when one expires or a send fails; sixty leaves room for a classroom or an office
 * behind one address, while one address cannot gather challenges to solve in bulk for a flood of
 * submissions (docs/decisions/0114-the-captcha-challenge-limit.md).
 */
export const CAPTCHA_CHALLENGE_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 } as const;
export const CAPTCHA_CHALLENGE_LIMITED = captchaSettings.challengeLimited;

const keyText = (what: string) => z.string().trim().regex(RECAPTCHA_KEY_PATTERN, format(captchaSettings.pasteKey, { what }));

const captchaChoice = z.discriminatedUnion(
  'provider',
  [
    z.object({ provider: z.literal('altcha') }).strict(),
    z
      .object({
        provider: z.literal('recaptcha'),
        siteKey: keyText('site key'),
        // The mask a saved secret is shown as, sent back unchanged: keep the saved one.
        secret: z.preprocess((v) => (v === MASKED_SECRET ? undefined : v), keyText('secret key').optional()),
      })
      .strict(),
  ],
  { error: "provider must be 'altcha' or 'recaptcha'" },
);

type Answer = { provider: PublicCaptcha['provider'] | null; siteKey: string | null; secret?: typeof MASKED_SECRET };

const answer = (captcha: PublicCaptcha | undefined): Answer => ({
  provider: captcha?.provider ?? null,
  siteKey: captcha?.siteKey ?? null,
  // The built-in captcha's key is the server's own and never shown; an owner's reCAPTCHA secret shows as the mask.
  ...(captcha?.provider === 'recaptcha' ? { secret: MASKED_SECRET } : {}),
});

export async function registerCaptchaApi(app: FastifyInstance, db: Db) {
  app.get(API_PATHS.CAPTCHA_CHALLENGE, async (req, reply) => {
    const site = await app.siteForRequest(req);
    if (!site) return reply.code(404).send({ error: http.noSite });
    const limit = { key: `captcha-challenge:${site.id}:${hashedIp(req.ip)}`, ...CAPTCHA_CHALLENGE_LIMIT };
    if (await refusedByLimits(app.rateLimits, reply, [limit], { error: CAPTCHA_CHALLENGE_LIMITED })) return reply;
    const challenge = await altchaChallenge(db, site.id);
    if (!challenge) return reply.code(404).send({ error: captchaSettings.builtInUnused });
    return reply.header('cache-control', 'no-store').send(challenge);
  });

  configRoute(app, db, {
    method: 'GET',
    url: CAPTCHA_CONFIG_PATH,
    area: 'settings',
    access: 'read',
    handler: async ({ site }) => answer(await siteCaptchaFor(db, site.id)),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: CAPTCHA_CONFIG_PATH,
    area: 'settings',
    access: 'write',
    body: captchaChoice,
    handler: async ({ site, account, body, reply }) => {
      if (body.provider === 'altcha') return answer(await chooseAltcha(db, site.id, account.id));
      try {
        return answer(await chooseRecaptcha(db, site.id, account.id, body.siteKey, body.secret));
      } catch (err) {
        if (!(err instanceof CaptchaSettingsError)) throw err;
        return reply.code(400).send({ error: err.message, errors: { secret: err.message } });
      }
    },
  });

  configRoute(app, db, {
    method: 'DELETE',
    url: CAPTCHA_CONFIG_PATH,
    area: 'settings',
    access: 'write',
    handler: async ({ site, account }) => {
      await removeCaptcha(db, site.id, account.id);
      return answer(undefined);
    },
  });
}
