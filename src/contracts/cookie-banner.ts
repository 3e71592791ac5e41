/**
 * The cookie banner's settings in the API form of seed 000 §3 (GET and PUT
 * /api/config/cookie-banner): the body the server checks and the answer the config area reads.
 */
import { z } from 'zod';
import {
  COOKIE_BANNER_ACCEPT_TYPES,
  COOKIE_BANNER_BAR_POSITIONS,
  COOKIE_BANNER_CTA_VARIANTS,
  COOKIE_BANNER_DEFAULTS,
  COOKIE_BANNER_POPUP_POSITIONS,
  COOKIE_BANNER_THEMES,
  COOKIE_BANNER_VARIANTS,
} from '../domain/cookie-banner';
import { COOKIE_BANNER_TEXT_MAX } from '../document/settings';
import { settingsScreens } from '../messages/settings-screens';

const listed = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) => z.enum(values, { error: `${field} must be ${listed(values)}.` });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false.` });
/** An empty text means the seed's default text. */
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .max(max, `${field} must be at most ${max} characters.`)
    .transform((value) => (value.trim() === '' ? undefined : value));

/** PUT /api/config/cookie-banner: the whole settings; a field left out goes back to its default, and a derived pair that contradicts itself is refused. */
export const cookieBannerBody = z
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
      ctx.addIssue({
        code: 'custom',
        path: ['cookieBannerPosition'],
        message: `cookieBannerPosition must be ${listed(positions)} for the ${variant} variant.`,
      });
    }
    if (body.isActivityLogEnabled !== undefined && body.isVisitorDataRestricted !== undefined && body.isActivityLogEnabled === body.isVisitorDataRestricted) {
      ctx.addIssue({ code: 'custom', path: ['isActivityLogEnabled'], message: 'isActivityLogEnabled must be the inverse of isVisitorDataRestricted.' });
    }
    if (
      body.isAnalyticsCookiesDisabled !== undefined &&
      body.isRestrictiveCookiePolicyEnabled !== undefined &&
      body.isAnalyticsCookiesDisabled !== body.isRestrictiveCookiePolicyEnabled
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['isAnalyticsCookiesDisabled'],
        message: 'isAnalyticsCookiesDisabled must equal isRestrictiveCookiePolicyEnabled.',
      });
    }
  });

/** The settings as the server answers them: every field, a missing one as the site's default. */
export const cookieBannerAnswer = z.object({
  cookieBannerCtaText: z.string(),
  cookieBannerCtaVariant: z.enum(COOKIE_BANNER_CTA_VARIANTS),
  cookieBannerPosition: z.enum([...COOKIE_BANNER_BAR_POSITIONS, ...COOKIE_BANNER_POPUP_POSITIONS]),
  cookieBannerText: z.string(),
  cookieBannerTheme: z.enum(COOKIE_BANNER_THEMES),
  cookieBannerVariant: z.enum(COOKIE_BANNER_VARIANTS),
  cookieBannerOptOutCtaText: z.string(),
  cookieBannerAcceptType: z.enum(COOKIE_BANNER_ACCEPT_TYPES),
  isCookieBannerEnabled: z.boolean(),
  isRestrictiveCookiePolicyEnabled: z.boolean(),
  isRestrictiveCookiePolicyAbsolute: z.boolean(),
  isVisitorDataRestricted: z.boolean(),
  isActivityLogEnabled: z.boolean(),
  isAnalyticsCookiesDisabled: z.boolean(),
});
export type CookieBannerAnswer = z.infer<typeof cookieBannerAnswer>;
