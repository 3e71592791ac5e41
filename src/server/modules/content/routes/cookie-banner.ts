/**
 * The cookie banner's settings in the API form of seed 000 §3 (`GET/PUT /api/config/cookie-banner`,
 * the 'Cookie banner' screen under Settings): the twelve stored fields with every missing one
 * answered as its seed default, plus isActivityLogEnabled (the inverse of isVisitorDataRestricted)
 * and isAnalyticsCookiesDisabled (the same as isRestrictiveCookiePolicyEnabled). A PUT sets the
 * whole settings: a field left out goes back to its default; either form of the two derived pairs
 * may be sent, and a pair that contradicts itself is refused. Roles that read settings read them;
 * ADMIN and WEBSITE_MANAGER change them. Saving notifies site_changed, so cached pages drop.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client';
import { cookieBannerBody } from '../../../../contracts/cookie-banner';
import { fromApiCookieSettings, resolveCookieBanner, toApiCookieSettings, type CookieBannerSettings } from '../../../../domain/cookie-banner';
import { configRoute } from '../../accounts';
import { updateSiteSettings } from '../sites/sites';
import { currentSiteSettings } from '../../sites';

export const COOKIE_BANNER_CONFIG_PATH = '/api/config/cookie-banner';

export type CookieBannerApiForm = ReturnType<typeof apiForm>;

/** The API form of stored settings, every missing field answered with what the site does without it. */
export function apiForm(stored: CookieBannerSettings) {
  const shown = resolveCookieBanner(stored);
  return toApiCookieSettings({
    cookieBannerCtaText: shown.ctaText,
    cookieBannerCtaVariant: shown.ctaVariant,
    cookieBannerPosition: shown.position,
    cookieBannerText: shown.text,
    cookieBannerTheme: shown.theme,
    cookieBannerVariant: shown.variant,
    cookieBannerOptOutCtaText: shown.optOutCtaText,
    cookieBannerAcceptType: shown.acceptType,
    isCookieBannerEnabled: stored.isCookieBannerEnabled ?? false,
    isRestrictiveCookiePolicyEnabled: stored.isRestrictiveCookiePolicyEnabled ?? false,
    isRestrictiveCookiePolicyAbsolute: stored.isRestrictiveCookiePolicyAbsolute ?? false,
    isVisitorDataRestricted: stored.isVisitorDataRestricted ?? false,
  });
}

/** The stored settings, read afresh (the request's site row may predate a change just made). */
async function storedSettings(db: Db, websiteId: string): Promise<CookieBannerSettings> {
  return (await currentSiteSettings(db, websiteId))?.cookieBanner ?? {};
}

/** Drops the fields left at undefined, so the stored object holds only what was set. */
function definedOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export async function registerCookieBannerApi(app: FastifyInstance, db: Db) {
  configRoute(app, db, {
    method: 'GET',
    url: COOKIE_BANNER_CONFIG_PATH,
    area: 'settings',
    access: 'read',
    handler: async ({ site }) => apiForm(await storedSettings(db, site.id)),
  });

  configRoute(app, db, {
    method: 'PUT',
    url: COOKIE_BANNER_CONFIG_PATH,
    area: 'settings',
    access: 'write',
    // Checked here rather than by configRoute, so the answer's `error` names each refused field.
    handler: async ({ req, reply, site, account }) => {
      const parsed = cookieBannerBody.safeParse(req.body ?? {});
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '_');
          errors[field] = issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')}: not a cookie banner setting.` : issue.message;
        }
        return reply.code(400).send({ error: Object.values(errors).join(' '), errors });
      }
      const cookieBanner = definedOnly(fromApiCookieSettings(parsed.data));
      await updateSiteSettings(db, site.id, { cookieBanner }, account.id);
      return apiForm(cookieBanner);
    },
  });
}
