/**
 * The paths the seeds fix (seed 000 §2, §7; seed 001 §2, §7): the site's own routes and the API
 * calls. A module of its own so the visitor's measurement code, on every published page, can use
 * the paths without the rest of routes.ts; routes.ts re-exports them for everyone else.
 */
import { CART_PAGE_PATH } from './cart-paths';
import { MEASUREMENT_PATHS, quickViewPath, SEARCH_PATH } from './measurement-paths';

export const ROUTES = {
  GOTO_CHECKOUT: '/commerce/goto-checkout',
  /** The cart page (page type 205), on every site with a shop. */
  CART: CART_PAGE_PATH,
  SUBSCRIBE_CHECKOUT: '/checkout/subscribe',
  DONATE_CHECKOUT: '/checkout/donate',
  GIFT_CARD_CHECKOUT: '/checkout/giftcard',
  CONFIG: '/config/',
  CONFIG_DESIGN: '/config/design',
  SEARCH: SEARCH_PATH,
  CONTENT_PAGE_PREFIX: '/pages/',
  FILE_PREFIX: '/s/',
  BILLING_UPGRADE: '/settings/billing/upgrade',
  BILLING_SUBSCRIPTION: '/settings/billing/subscriptions/website',
  API_ROOT: '/api/',
  REST_ROOT: '/api/rest/',
  LIBRARY_BASE: '/universal/yui3/3.17.2/',
} as const;

/** Calls of seed 000 §7 and seed 001 §7. */
export const API_PATHS = {
  ...MEASUREMENT_PATHS,
  FORM_SUBMISSION_KEY: '/api/form/FormSubmissionKey',
  SAVE_FORM_SUBMISSION: '/api/form/SaveFormSubmission',
  LOGOUT: '/api/auth/Logout',
  WIDGET_RENDERING: '/api/widget/GetWidgetRendering',
  LABS_INTERNAL: '/api/labs/internal',
  LABS_CIRCLE: '/api/labs/circle',
  SITE_USER_SESSION: '/api/site-users/account/session',
  MULTILINGUAL_SETTINGS: '/api/multilingual/settings',
  MULTILINGUAL_STATUS: '/api/multilingual/status',
  MULTILINGUAL_LANGUAGES: '/api/multilingual/languages',
  MULTILINGUAL_CONNECTION: '/api/multilingual/connection',
  SITE_HEADER_FOOTER: '/api/site-header-footer',
  PLACES_AUTOCOMPLETE: '/api/google-maps/places/autocomplete',
  PLACES_DETAILS: '/api/google-maps/places/details',
  SESSION_RECORDING_ID: '/api/commerce/fullstory/getId',
  /** Ours: a new ALTCHA challenge signed with the site's key (GET). */
  CAPTCHA_CHALLENGE: '/api/captcha/challenge',
  /** Ours: a newsletter sign-up (listId, email, name, captchaKey), confirmed by email. */
  NEWSLETTER_SUBSCRIBE: '/api/newsletter/subscribe',
  NEWSLETTER_CONFIRM: '/api/newsletter/confirm',
  NEWSLETTER_UNSUBSCRIBE: '/api/newsletter/unsubscribe',
} as const;

export { quickViewPath };
