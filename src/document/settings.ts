/**
 * A site's settings in the document: identity, locale and time zone, the website type and
 * template version, the site badge and mobile information bar, contact details, retention
 * periods, the cookie banner, and the header and footer.
 */
import { z } from 'zod';
import {
  COOKIE_BANNER_ACCEPT_TYPES,
  COOKIE_BANNER_BAR_POSITIONS,
  COOKIE_BANNER_CTA_VARIANTS,
  COOKIE_BANNER_POPUP_POSITIONS,
  COOKIE_BANNER_THEMES,
  COOKIE_BANNER_VARIANTS,
} from '../domain/cookie-banner';
import { EMAIL_LENGTH } from '../domain/limits';
import { BADGE_TYPES, INFO_BAR_STYLES, TEMPLATE_VERSIONS, WEBSITE_TYPES } from '../domain/website';
import { LOGO_DISPLAYS, LOGO_HEIGHT_PX } from '../domain/site-brand';
import { siteLink } from './link';
import { hostName, identifier, isTimeZone, navLink, numberEnum } from './primitives';

/**
 * A file of the site by its address (`/s/{name}`, as the asset library hands it back). A new
 * schema each time, so the JSON Schema writes it in place rather than as a shared definition.
 */
const siteFileAddress = () =>
  z
    .string()
    .max(203)
    .regex(/^\/s\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file of this site, such as /s/logo.png');

/**
 * The site header and footer (seed 001 §3 "Header and footer payload"; GET/PUT /api/site-header-footer).
 * The header's logo and the site icon are images of the site's files; each setting of theirs may
 * be missing, and the renderer then uses the defaults of src/domain/site-brand.ts.
 */
export const headerSchema = z
  .object({
    layout: z.enum(['left', 'center']).default('left'),
    showTagline: z.boolean().default(false),
    button: z
      .object({ text: z.string().min(1).max(60), href: siteLink(1000).min(1) })
      .strict()
      .optional(),
    logo: siteFileAddress().optional(),
    /** With a logo: the logo and the title, the logo alone (its text the title), or the title alone. */
    logoDisplay: z.enum(LOGO_DISPLAYS).optional(),
    /** In CSS pixels; phones show at most LOGO_PHONE_MAX_PX. */
    logoHeight: z.number().int().min(LOGO_HEIGHT_PX.MIN).max(LOGO_HEIGHT_PX.MAX).optional(),
    /** The browser tab's and the home screen's icon; the default mark when missing. */
    icon: siteFileAddress().optional(),
  })
  .strict();
export const footerSchema = z
  .object({
    showNavigation: z.boolean().default(true),
    links: z.array(navLink).max(30).default([]),
  })
  .strict();
export type SiteHeader = z.infer<typeof headerSchema>;
export type SiteFooter = z.infer<typeof footerSchema>;

/** Longest cookie banner texts: a button's words, and the banner's sentence or two. */
export const COOKIE_BANNER_TEXT_MAX = { cta: 60, text: 1000 } as const;

/**
 * Seed 000 §3 cookie banner settings, as stored; any may be missing, and the banner then shows the
 * seed's defaults (src/domain/cookie-banner.ts). A stored position may belong to the other variant
 * (an owner switched variants): a bar given a top corner sits at the top (seed 000 §4).
 */
export const cookieBannerSettingsSchema = z
  .object({
    cookieBannerCtaText: z.string().max(COOKIE_BANNER_TEXT_MAX.cta).optional(),
    cookieBannerCtaVariant: z.enum(COOKIE_BANNER_CTA_VARIANTS).optional(),
    cookieBannerPosition: z.enum([...COOKIE_BANNER_BAR_POSITIONS, ...COOKIE_BANNER_POPUP_POSITIONS]).optional(),
    cookieBannerText: z.string().max(COOKIE_BANNER_TEXT_MAX.text).optional(),
    cookieBannerTheme: z.enum(COOKIE_BANNER_THEMES).optional(),
    cookieBannerVariant: z.enum(COOKIE_BANNER_VARIANTS).optional(),
    cookieBannerOptOutCtaText: z.string().max(COOKIE_BANNER_TEXT_MAX.cta).optional(),
    cookieBannerAcceptType: z.enum(COOKIE_BANNER_ACCEPT_TYPES).optional(),
    isCookieBannerEnabled: z.boolean().optional(),
    isRestrictiveCookiePolicyEnabled: z.boolean().optional(),
    isRestrictiveCookiePolicyAbsolute: z.boolean().optional(),
    isVisitorDataRestricted: z.boolean().optional(),
  })
  .strict();

/** Seed 000 §3: templateVersion 7, 7.1 or 8, written as text in the document. */
const templateVersions = TEMPLATE_VERSIONS.map(String) as ['7', '7.1', '8'];

export const settingsSchema = z
  .object({
    identifier,
    title: z.string().min(1).max(200),
    tagline: z.string().max(300).optional(),
    description: z.string().max(1000).optional(),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a locale such as en-US')
      .default('en-US'),
    timeZone: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/London').default('UTC'),
    /** Website types (seed 000 §3): CLASSIC 1 … ENTERPRISE 5. */
    websiteType: numberEnum(WEBSITE_TYPES).default(WEBSITE_TYPES.CLASSIC),
    templateVersion: z.enum(templateVersions).default('7.1'),
    customDomains: z.array(hostName).max(20).default([]),
    socialImage: siteLink(500).optional(),
    footerText: z.string().max(500).optional(),
    /** Seed 000 §4: the Escape key opens the team sign-in dialog for visitors when this is on. */
    escapeKeyLogin: z.boolean().default(false),
    /** Seed 000 §3 ssBadgeType: none 1, black 2, white 3 (a 'Made with OpenPress' badge). */
    badgeType: numberEnum(BADGE_TYPES).default(BADGE_TYPES.NONE),
    /** Seed 000 §3: the mobile information bar, none 1, light 2, dark 3 (shown at 1024 px wide or less). */
    infoBarStyle: numberEnum(INFO_BAR_STYLES).default(INFO_BAR_STYLES.NONE),
    /** The contact details the mobile information bar shows. */
    contact: z
      .object({
        email: z.string().email().max(EMAIL_LENGTH.MAX).optional(),
        phone: z
          .string()
          .max(40)
          .regex(/^[+0-9 ()./-]*$/, 'must be a phone number')
          .optional(),
        address: z.string().max(300).optional(),
      })
      .strict()
      .default({}),
    /** Seed 001 §6: developer mode is a site flag; team members are not sent to the config area from its pages. */
    developerMode: z.boolean().default(false),
    /** Seed 000 §3 page context website.cloneable: the site may be copied as a template. */
    cloneable: z.boolean().default(false),
    /** Form submissions older than this many days are deleted; unset keeps them until deleted by hand. */
    formRetentionDays: z.number().int().min(1).max(3650).optional(),
    /** Measurement rows and rollups of days older than this many days are deleted; unset: 400 days. */
    analyticsRetentionDays: z.number().int().min(1).max(3650).optional(),
    /** Seed 000 §3, §4: the cookie banner and the cookie policy; absent: no banner, tracking from the first visit. */
    cookieBanner: cookieBannerSettingsSchema.optional(),
  })
  .strict();
export type SiteSettings = z.infer<typeof settingsSchema>;
