/**
 * The names the cookie banner's markup (./cookie-banner-view.tsx, rendered by the server and the
 * config area) and its island (./islands/cookie-banner.ts) agree on. Kept apart from the view so
 * the island's chunk carries no React.
 */
export const COOKIE_BANNER_ID = 'op-cookie-banner';
/** The accessible name of the banner's region. */
export const COOKIE_BANNER_LABEL = 'Cookie consent';
/** The footer control that opens the banner again. */
export const COOKIE_SETTINGS_TEXT = 'Cookie settings';
/** On the banner's buttons: `accept` or `decline`. */
export const CONSENT_ATTRIBUTE = 'data-consent';
/** On the footer's 'Cookie settings' button. */
export const COOKIE_SETTINGS_ATTRIBUTE = 'data-cookie-settings';
/** On the banner: the query parameter that hides it when true (sqsscreenshot, seed 000 §2). */
export const SCREENSHOT_PARAM_ATTRIBUTE = 'data-screenshot-param';
