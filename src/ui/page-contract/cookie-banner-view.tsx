/**
 * The cookie banner's markup (seed 000 §3, §4, §9), one React component for the two places that
 * draw it: the server, into every published page of a site that enables it, and the config area's
 * 'Cookie banner' screen, as its live preview. The visitor's browser never runs React for it: the
 * cookie-banner island (./islands/cookie-banner.ts) shows, answers and hides this markup. Its
 * styles are ./cookie-banner.css, appended to the site theme and imported by the config area.
 */
import type { ResolvedCookieBanner } from '../../domain/cookie-banner';
import { QUERY } from '../../domain/routes';
import {
  CONSENT_ATTRIBUTE,
  COOKIE_BANNER_ID,
  COOKIE_BANNER_LABEL,
  COOKIE_SETTINGS_ATTRIBUTE,
  COOKIE_SETTINGS_TEXT,
  SCREENSHOT_PARAM_ATTRIBUTE,
} from './cookie-banner-dom';

const kebab = (value: string) => value.toLowerCase().replace(/_/g, '-');

/** The classes that place and colour the banner: variant, position, theme and CTA variant. */
export function cookieBannerClasses(banner: ResolvedCookieBanner): string {
  return [
    'cookie-banner',
    `cookie-banner-${kebab(banner.variant)}`,
    `cookie-banner-${kebab(banner.position)}`,
    `cookie-banner-${kebab(banner.theme)}`,
    `cookie-banner-cta-${kebab(banner.ctaVariant)}`,
  ].join(' ');
}

/** A check mark: the ICON variant's accept control, named by the accept text beside it for screen readers. */
function CheckIcon() {
  return (
    <svg className="cookie-banner-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4.5 12.5l5 5 10-11" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The banner. On published pages it is rendered `hidden`: the island shows it only to a visitor
 * without a consent cookie (so a cached page serves everyone, and nobody who answered sees it
 * flash). `preview` forces it visible and marks it so the island ignores its buttons (seed 000 §4).
 */
export function CookieBanner({ banner, preview = false }: { banner: ResolvedCookieBanner; preview?: boolean }) {
  const textId = preview ? `${COOKIE_BANNER_ID}-preview-text` : `${COOKIE_BANNER_ID}-text`;
  return (
    <section
      id={preview ? undefined : COOKIE_BANNER_ID}
      className={cookieBannerClasses(banner)}
      aria-label={COOKIE_BANNER_LABEL}
      aria-describedby={textId}
      hidden={!preview}
      // The query flag that keeps it hidden (seed 000 §2), named here so the island needs no route table.
      {...{ [SCREENSHOT_PARAM_ATTRIBUTE]: QUERY.SCREENSHOT }}
      {...(preview ? { 'data-preview': 'true' } : {})}
    >
      <p className="cookie-banner-text" id={textId}>
        {banner.text}
      </p>
      <div className="cookie-banner-actions">
        {banner.acceptType === 'OPT_IN_AND_OUT' ? (
          <button type="button" className="cookie-banner-decline" {...{ [CONSENT_ATTRIBUTE]: 'decline' }}>
            {banner.optOutCtaText}
          </button>
        ) : null}
        <button
          type="button"
          className="cookie-banner-accept"
          {...{ [CONSENT_ATTRIBUTE]: 'accept' }}
          {...(banner.ctaVariant === 'ICON' ? { title: banner.ctaText } : {})}
        >
          {banner.ctaVariant === 'ICON' ? (
            <>
              <CheckIcon />
              <span className="cookie-banner-visually-hidden">{banner.ctaText}</span>
            </>
          ) : (
            banner.ctaText
          )}
        </button>
      </div>
    </section>
  );
}

/** The footer's 'Cookie settings' control: hidden (its room kept) until the island can make it work. */
export function CookieSettingsButton() {
  return (
    <button type="button" className="cookie-settings-button" hidden {...{ [COOKIE_SETTINGS_ATTRIBUTE]: '' }}>
      {COOKIE_SETTINGS_TEXT}
    </button>
  );
}
