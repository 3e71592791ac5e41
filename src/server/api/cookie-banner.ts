/**
 * The cookie banner's settings in the API form of seed 000 §3 (`GET/PUT /api/config/cookie-banner`,
 * the 'Cookie banner' screen under Settings): the twelve stored fields with every missing one
 * answered as its seed default, plus isActivityLogEnabled (the inverse of isVisitorDataRestricted)
 * and isAnalyticsCookiesDisabled (the same as isRestrictiveCookiePolicyEnabled). A PUT sets the
 * whole settings: a field left out goes back to its default; either form of the two derived pairs
 * may be sent, and a pair that contradicts itself is refused. Roles that read settings read them;
 * ADMIN and WEBSITE_MANAGER change them. Saving notifies site_changed, so cached pages drop.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { websites } from '../../db/schema';
import {
  COOKIE_BANNER_ACCEPT_TYPES,
  COOKIE_BANNER_BAR_POSITIONS,
  COOKIE_BANNER_CTA_VARIANTS,
  COOKIE_BANNER_DEFAULTS,
  COOKIE_BANNER_POPUP_POSITIONS,
  COOKIE_BANNER_THEMES,
  COOKIE_BANNER_VARIANTS,
  fromApiCookieSettings,
  resolveCookieBanner,
  toApiCookieSettings,
  type CookieBannerSettings,
} from '../../domain/cookie-banner';
import { COOKIE_BANNER_TEXT_MAX, cookieBannerSettingsSchema } from '../../document/schema';
import { configRoute } from '../config-routes';
import { updateSiteSettings } from '../services/sites';
import { settingsScreens } from '../../messages/settings-screens';

export const COOKIE_BANNER_CONFIG_PATH = '/api/config/cookie-banner';

const listed = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) => z.enum(values, { error: `${field} must be ${listed(values)}.` });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false.` });
/** An empty text means the seed's default text. */
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .max(max, `${field} must be at most ${max} characters.`)
    .transform((value) => (value.trim() === '' ? undefined : value));

const apiBody = z
  .object(
    {
      cookieBannerCtaText: text('cookieBannerCtaText', COOKIE_BANNER_TEXT_MAX.cta),
      cookieBannerCtaVariant: oneOf('cookieBannerCtaVariant', COOKIE_BANNER_CTA_VARIANTS),
      cookieBannerPosition: oneOf('cookieBannerPosition', [...COOKIE_BANNER_BAR_POSITIONS, ...COOKIE_BANNER_POPUP_POSITIONS]),
      cookieBannerText: text('cookieBannerText', COOKIE_BANNER_TEXT_MAX.text),
      cookieBannerTheme: oneOf('cookieBannerTheme', COOKIE_BANNER_THEMES),
      cookieBannerVariant: oneOf('cookieBannerVariant', COOKIE_BANNER_VARIANTS),
      cookieBannerOptOutCtaText: text('cookieBannerOptOutCtaText', COOKIE_BANNER_TEXT_MAX.cta),
      cookieBannerAcceptType: oneOf('cookieBannerAcceptType', COOKIE_BANNER_ACCEPT_TYPES),
      isCookieBannerEnabled: flag('isCookieBannerEnabled'),
      isRestrictiveCookiePolicyEnabled: flag('isRestrictiveCookiePolicyEnabled'),
      isRestrictiveCookiePolicyAbsolute: flag('isRestrictiveCookiePolicyAbsolute'),
      isVisitorDataRestricted: flag('isVisitorDataRestricted'),
      isActivityLogEnabled: flag('isActivityLogEnabled'),
      isAnalyticsCookiesDisabled: flag('isAnalyticsCookiesDisabled'),
    },
    { error: settingsScreens.cookieBannerNotObject },
  )
  .partial()
  .strict()
  .superRefine((body, ctx) => {
    // Seed 000 §4: a bar sits at the TOP or BOTTOM, a popup in one of four corners.
    const variant = body.cookieBannerVariant ?? COOKIE_BANNER_DEFAULTS.variant;
    const positions: readonly string[] = variant === 'BAR' ? COOKIE_BANNER_BAR_POSITIONS : COOKIE_BANNER_POPUP_POSITIONS;
    if (body.cookieBannerPosition !== undefined && !positions.includes(body.cookieBannerPosition)) {
      ctx.addIssue({ code: 'custom', path: ['cookieBannerPosition'], message: `cookieBannerPosition must be ${listed(positions)} for the ${variant} variant.` });
    }
    if (body.isActivityLogEnabled !== undefined && body.isVisitorDataRestricted !== undefined && body.isActivityLogEnabled === body.isVisitorDataRestricted) {
      ctx.addIssue({ code: 'custom', path: ['isActivityLogEnabled'], message: 'isActivityLogEnabled must be the inverse of isVisitorDataRestricted.' });
    }
    if (
      body.isAnalyticsCookiesDisabled !== undefined &&
      body.isRestrictiveCookiePolicyEnabled !== undefined &&
      body.isAnalyticsCookiesDisabled !== body.isRestrictiveCookiePolicyEnabled
    ) {
      ctx.addIssue({ code: 'custom', path: ['isAnalyticsCookiesDisabled'], message: 'isAnalyticsCookiesDisabled must equal isRestrictiveCookiePolicyEnabled.' });
    }
  });

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
  const [row] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId));
  const parsed = cookieBannerSettingsSchema.safeParse((row?.settings as { cookieBanner?: unknown } | undefined)?.cookieBanner ?? {});
  return parsed.success ? parsed.data : {};
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
      const parsed = apiBody.safeParse(req.body ?? {});
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
