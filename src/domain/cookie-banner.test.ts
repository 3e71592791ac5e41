import { describe, expect, it } from 'vitest';
import {
  COOKIE_BANNER_ACCEPT_TYPES,
  COOKIE_BANNER_CTA_VARIANTS,
  COOKIE_BANNER_THEMES,
  COOKIE_BANNER_VARIANTS,
  COOKIE_BANNER_BAR_POSITIONS,
  COOKIE_BANNER_POPUP_POSITIONS,
  cookieBannerPosition,
  fromApiCookieSettings,
  resolveCookieBanner,
  toApiCookieSettings,
} from './cookie-banner';

describe('cookie banner enumerations', () => {
  // constants and helpers for 000-3.35, 000-3.36, 000-3.37, 000-3.38, 000-4.37, 000-4.40 (the HTTP behaviour is left to HTTP tests)
  it('are the seed values', () => {
    expect(COOKIE_BANNER_CTA_VARIANTS).toEqual(['TEXT', 'BUTTON', 'ICON']);
    expect(COOKIE_BANNER_THEMES).toEqual(['LIGHT', 'DARK']);
    expect(COOKIE_BANNER_VARIANTS).toEqual(['BAR', 'POPUP']);
    expect(COOKIE_BANNER_ACCEPT_TYPES).toEqual(['OPT_IN', 'OPT_IN_AND_OUT']);
    expect(COOKIE_BANNER_BAR_POSITIONS).toEqual(['TOP', 'BOTTOM']);
    expect(COOKIE_BANNER_POPUP_POSITIONS).toHaveLength(4);
  });
});

describe('resolveCookieBanner', () => {
  // constants and helpers for 000-4.33, 000-4.34, 000-4.35, 000-4.36, 000-4.38, 000-9.13, 000-9.14, 000-9.15 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('fills missing settings with the seed defaults', () => {
    expect(resolveCookieBanner({})).toEqual({
      variant: 'BAR',
      theme: 'DARK',
      ctaVariant: 'ICON',
      acceptType: 'OPT_IN',
      position: 'BOTTOM',
      ctaText: 'Accept',
      optOutCtaText: 'Decline',
      text: 'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.',
    });
  });

  // constants and helpers for 000-4.33, 000-4.34, 000-4.35, 000-4.36 (the browser behaviour is left to end-to-end tests)
  it('keeps settings that are given', () => {
    expect(
      resolveCookieBanner({
        cookieBannerVariant: 'POPUP',
        cookieBannerTheme: 'LIGHT',
        cookieBannerCtaVariant: 'TEXT',
        cookieBannerAcceptType: 'OPT_IN_AND_OUT',
        cookieBannerCtaText: 'OK',
        cookieBannerOptOutCtaText: 'No thanks',
        cookieBannerText: 'We bake cookies.',
      }),
    ).toEqual({
      variant: 'POPUP',
      theme: 'LIGHT',
      ctaVariant: 'TEXT',
      acceptType: 'OPT_IN_AND_OUT',
      position: 'BOTTOM_LEFT',
      ctaText: 'OK',
      optOutCtaText: 'No thanks',
      text: 'We bake cookies.',
    });
  });
});

describe('cookieBannerPosition', () => {
  // constants and helpers for 000-4.38, 000-4.39 (the browser behaviour is left to end-to-end tests)
  it('puts a bar at the bottom unless a top position was given', () => {
    expect(cookieBannerPosition('BAR', undefined)).toBe('BOTTOM');
    expect(cookieBannerPosition('BAR', 'BOTTOM_RIGHT')).toBe('BOTTOM');
    expect(cookieBannerPosition('BAR', 'TOP')).toBe('TOP');
    expect(cookieBannerPosition('BAR', 'TOP_LEFT')).toBe('TOP');
    expect(cookieBannerPosition('BAR', 'TOP_RIGHT')).toBe('TOP');
  });

  // constants and helpers for 000-4.40, 000-4.41 (what visitors and HTTP clients observe is left to end-to-end and HTTP tests)
  it('puts a popup in one of four corners, bottom-left by default', () => {
    expect(cookieBannerPosition('POPUP', undefined)).toBe('BOTTOM_LEFT');
    expect(cookieBannerPosition('POPUP', 'TOP')).toBe('BOTTOM_LEFT');
    for (const corner of COOKIE_BANNER_POPUP_POSITIONS) expect(cookieBannerPosition('POPUP', corner)).toBe(corner);
  });
});

describe('API form', () => {
  // constants and helpers for 000-3.39 (the HTTP behaviour is left to HTTP tests)
  it('makes isActivityLogEnabled the inverse of isVisitorDataRestricted', () => {
    expect(toApiCookieSettings({ isVisitorDataRestricted: true }).isActivityLogEnabled).toBe(false);
    expect(toApiCookieSettings({ isVisitorDataRestricted: false }).isActivityLogEnabled).toBe(true);
    expect(fromApiCookieSettings({ isActivityLogEnabled: false }).isVisitorDataRestricted).toBe(true);
  });

  // constants and helpers for 000-3.40 (the HTTP behaviour is left to HTTP tests)
  it('makes isAnalyticsCookiesDisabled follow isRestrictiveCookiePolicyEnabled', () => {
    expect(toApiCookieSettings({ isRestrictiveCookiePolicyEnabled: true }).isAnalyticsCookiesDisabled).toBe(true);
    expect(toApiCookieSettings({ isRestrictiveCookiePolicyEnabled: false }).isAnalyticsCookiesDisabled).toBe(false);
    expect(fromApiCookieSettings({ isAnalyticsCookiesDisabled: true }).isRestrictiveCookiePolicyEnabled).toBe(true);
  });
});
