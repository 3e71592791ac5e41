/**
 * Cookie banner settings of seed 000 (§3, §4, §9): the enumerations, the defaults a missing
 * setting falls back to (default texts included), where the banner sits, and the API form of the
 * settings. The banner module, the settings API and the design panel all resolve settings here.
 */
import { cookieBanner } from '../messages/cookie-banner';

export const COOKIE_BANNER_CTA_VARIANTS = ['TEXT', 'BUTTON', 'ICON'] as const;
export const COOKIE_BANNER_THEMES = ['LIGHT', 'DARK'] as const;
export const COOKIE_BANNER_VARIANTS = ['BAR', 'POPUP'] as const;
export const COOKIE_BANNER_ACCEPT_TYPES = ['OPT_IN', 'OPT_IN_AND_OUT'] as const;
export const COOKIE_BANNER_BAR_POSITIONS = ['TOP', 'BOTTOM'] as const;
/** The seed names "four corners"; the value spelling is ours (docs/decisions/0071-cookie-banner-corners.md). */
export const COOKIE_BANNER_POPUP_POSITIONS = ['TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_RIGHT'] as const;

export type CookieBannerCtaVariant = (typeof COOKIE_BANNER_CTA_VARIANTS)[number];
export type CookieBannerTheme = (typeof COOKIE_BANNER_THEMES)[number];
export type CookieBannerVariant = (typeof COOKIE_BANNER_VARIANTS)[number];
export type CookieBannerAcceptType = (typeof COOKIE_BANNER_ACCEPT_TYPES)[number];
export type CookieBannerBarPosition = (typeof COOKIE_BANNER_BAR_POSITIONS)[number];
export type CookieBannerPopupPosition = (typeof COOKIE_BANNER_POPUP_POSITIONS)[number];
export type CookieBannerPosition = CookieBannerBarPosition | CookieBannerPopupPosition;

/** Seed 000 §3: the stored settings; any of them may be missing. */
export type CookieBannerSettings = {
  cookieBannerCtaText?: string;
  cookieBannerCtaVariant?: CookieBannerCtaVariant;
  cookieBannerPosition?: CookieBannerPosition;
  cookieBannerText?: string;
  cookieBannerTheme?: CookieBannerTheme;
  cookieBannerVariant?: CookieBannerVariant;
  cookieBannerOptOutCtaText?: string;
  cookieBannerAcceptType?: CookieBannerAcceptType;
  isCookieBannerEnabled?: boolean;
  isRestrictiveCookiePolicyEnabled?: boolean;
  isRestrictiveCookiePolicyAbsolute?: boolean;
  isVisitorDataRestricted?: boolean;
};

/** Seed 000 §4, §9 defaults. */
export const COOKIE_BANNER_DEFAULTS = {
  variant: 'BAR',
  theme: 'DARK',
  ctaVariant: 'ICON',
  acceptType: 'OPT_IN',
  barPosition: 'BOTTOM',
  popupPosition: 'BOTTOM_LEFT',
  ctaText: cookieBanner.accept,
  optOutCtaText: cookieBanner.decline,
  text: cookieBanner.text,
} as const;

export type ResolvedCookieBanner = {
  variant: CookieBannerVariant;
  theme: CookieBannerTheme;
  ctaVariant: CookieBannerCtaVariant;
  acceptType: CookieBannerAcceptType;
  position: CookieBannerPosition;
  ctaText: string;
  optOutCtaText: string;
  text: string;
};

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((v) => v === value);
}

/**
 * Seed 000 §4: a bar sits at the bottom unless a top position was given (TOP, or a top corner left
 * from the popup variant); a popup sits in its corner, bottom-left by default.
 */
export function cookieBannerPosition(variant: CookieBannerVariant, position: unknown): CookieBannerPosition {
  if (variant === 'BAR') {
    return position === 'TOP' || position === 'TOP_LEFT' || position === 'TOP_RIGHT' ? 'TOP' : COOKIE_BANNER_DEFAULTS.barPosition;
  }
  return oneOf(COOKIE_BANNER_POPUP_POSITIONS, position) ?? COOKIE_BANNER_DEFAULTS.popupPosition;
}

/** The banner as shown: every missing or unknown setting replaced by its seed default. */
export function resolveCookieBanner(settings: CookieBannerSettings): ResolvedCookieBanner {
  const variant = oneOf(COOKIE_BANNER_VARIANTS, settings.cookieBannerVariant) ?? COOKIE_BANNER_DEFAULTS.variant;
  const text = (value: string | undefined, fallback: string) => (value !== undefined && value.trim() !== '' ? value : fallback);
  return {
    variant,
    theme: oneOf(COOKIE_BANNER_THEMES, settings.cookieBannerTheme) ?? COOKIE_BANNER_DEFAULTS.theme,
    ctaVariant: oneOf(COOKIE_BANNER_CTA_VARIANTS, settings.cookieBannerCtaVariant) ?? COOKIE_BANNER_DEFAULTS.ctaVariant,
    acceptType: oneOf(COOKIE_BANNER_ACCEPT_TYPES, settings.cookieBannerAcceptType) ?? COOKIE_BANNER_DEFAULTS.acceptType,
    position: cookieBannerPosition(variant, settings.cookieBannerPosition),
    ctaText: text(settings.cookieBannerCtaText, COOKIE_BANNER_DEFAULTS.ctaText),
    optOutCtaText: text(settings.cookieBannerOptOutCtaText, COOKIE_BANNER_DEFAULTS.optOutCtaText),
    text: text(settings.cookieBannerText, COOKIE_BANNER_DEFAULTS.text),
  };
}

/**
 * Seed 000 §3: the API form adds isActivityLogEnabled (the inverse of isVisitorDataRestricted) and
 * isAnalyticsCookiesDisabled (the same as isRestrictiveCookiePolicyEnabled).
 */
export function toApiCookieSettings(
  settings: CookieBannerSettings,
): CookieBannerSettings & { isActivityLogEnabled: boolean; isAnalyticsCookiesDisabled: boolean } {
  return {
    ...settings,
    isActivityLogEnabled: !(settings.isVisitorDataRestricted ?? false),
    isAnalyticsCookiesDisabled: settings.isRestrictiveCookiePolicyEnabled ?? false,
  };
}

/** The stored form back from the API form: the two derived fields decide their sources. */
export function fromApiCookieSettings(
  api: CookieBannerSettings & { isActivityLogEnabled?: boolean; isAnalyticsCookiesDisabled?: boolean },
): CookieBannerSettings {
  const { isActivityLogEnabled, isAnalyticsCookiesDisabled, ...settings } = api;
  return {
    ...settings,
    ...(isActivityLogEnabled === undefined ? {} : { isVisitorDataRestricted: !isActivityLogEnabled }),
    ...(isAnalyticsCookiesDisabled === undefined ? {} : { isRestrictiveCookiePolicyEnabled: isAnalyticsCookiesDisabled }),
  };
}
