/**
 * Paths, query flags and API call paths the seeds fix (seed 000 §2, §7, §9; seed 001 §2, §7), with
 * the few URLs built from them (checkout links, the owner redirect, the logout return) and the
 * owner-redirect rule. Server routes and the browser code that calls them share these strings. The
 * paths themselves live in paths.ts (so the measurement code can take them alone) and are
 * re-exported here.
 */
import { ROUTES } from './paths';
import { isViewerOnly } from './roles';

export { API_PATHS, quickViewPath, ROUTES } from './paths';

/** Query parameter names and the values that switch behaviour on. */
export const QUERY = {
  CART_TOKEN: 'cartToken',
  DONATE_PAGE_ID: 'donatePageId',
  WEBSITE_ID: 'websiteId',
  GIFT_CARD_PRODUCT_ID: 'giftCardProductId',
  SKU: 'sku',
  FRAME_URL: 'frameUrl',
  CRUMB: 'crumb',
  /** logout=true shows the logout dialog. */
  LOGOUT: 'logout',
  /** Present: the owner redirect is skipped for the session. */
  NO_REDIRECT: 'noredirect',
  /** sqsscreenshot=true hides the popup overlay and the cookie banner. */
  SCREENSHOT: 'sqsscreenshot',
  /** platform=mobile-app: running inside the mobile app. */
  PLATFORM: 'platform',
  /** nomotion=true turns gallery autoplay off. */
  NO_MOTION: 'nomotion',
  ITEM_ID: 'itemId',
} as const;

export const MOBILE_APP_PLATFORM = 'mobile-app';

/** The HTML attribute the donation button carries its page id in (seed 000 §2). */
export const DONATE_PAGE_ID_ATTRIBUTE = 'data-donate-page-id';

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  return `${path}?${query.toString()}`;
}

export function subscribeCheckoutUrl(cartToken: string): string {
  return withQuery(ROUTES.SUBSCRIBE_CHECKOUT, { [QUERY.CART_TOKEN]: cartToken });
}

export function donateCheckoutUrl(donatePageId: string): string {
  return withQuery(ROUTES.DONATE_CHECKOUT, { [QUERY.DONATE_PAGE_ID]: donatePageId });
}

/** Seed 000 §2: sku is optional. */
export function giftCardCheckoutUrl(input: { websiteId: string; giftCardProductId: string; sku?: string }): string {
  return withQuery(ROUTES.GIFT_CARD_CHECKOUT, {
    [QUERY.WEBSITE_ID]: input.websiteId,
    [QUERY.GIFT_CARD_PRODUCT_ID]: input.giftCardProductId,
    [QUERY.SKU]: input.sku,
  });
}

/** Seed 000 §2: the config area with frameUrl holding the encoded path and query being left. */
export function configRedirectUrl(pathAndQuery: string): string {
  return `${ROUTES.CONFIG}?${QUERY.FRAME_URL}=${encodeURIComponent(pathAndQuery)}`;
}

/** Seed 000 §4: where logout returns, the site root unless a preview frame address is given. */
export function logoutReturnUrl(base: string = '/'): string {
  const [beforeHash = '', hash] = base.split('#', 2);
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}${QUERY.LOGOUT}=true${hash === undefined ? '' : `#${hash}`}`;
}

/** Host names that count as localhost for the owner redirect (as `location.hostname` gives them). */
export const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** First path segments the platform answers itself: site pages may not use them. */
export const RESERVED_PATH_SEGMENTS = [
  'account',
  'api',
  'assets',
  'cart',
  'checkout',
  'commerce',
  'config',
  'downloads',
  'fonts',
  'newsletter-subscription',
  's',
] as const;

/** The newsletter pages every published site has: confirming a sign-up, and unsubscribing (page type 300). */
export const NEWSLETTER_PATHS = {
  HOME: '/newsletter-subscription',
  CONFIRM: '/newsletter-subscription/confirm',
  UNSUBSCRIBE: '/newsletter-subscription/unsubscribe',
} as const;

/** Customer account pages (seed 001 §3 site users) on every published site. */
export const ACCOUNT_PATHS = {
  HOME: '/account',
  LOGIN: '/account/login',
  SIGNUP: '/account/signup',
  VERIFY: '/account/verify',
  FORGOT: '/account/forgot-password',
  RESET: '/account/reset-password',
} as const;

export type OwnerRedirectContext = {
  hostname: string;
  signedIn: boolean;
  /** The signed-in member's roles (team role numbers). */
  roles: readonly number[];
  inEditorFrame: boolean;
  /** noredirect was in the query now or earlier in this browser session. */
  noRedirect: boolean;
  developerMode: boolean;
  cloneable: boolean;
};

/**
 * Seed 000 §2: a signed-in member opening a page outside the editor frame goes to /config/, except
 * on localhost, with noredirect, on developer-mode or cloneable sites, and for viewer-only members.
 */
export function shouldRedirectToConfig(context: OwnerRedirectContext): boolean {
  if (!context.signedIn || context.inEditorFrame) return false;
  if (LOCAL_HOSTNAMES.has(context.hostname) || context.noRedirect) return false;
  if (context.developerMode || context.cloneable) return false;
  return !isViewerOnly(context.roles);
}

/**
 * Seed 000 §2: analytics' name for a config-area address: `design` for the design path
 * (/config/design and its parts, /config/design/colours …), `editor` for a page open in the editor (/config/pages/{id}), `config` for the rest
 * of the config area, and undefined for a site page. The config area opens the screen it names, and
 * it is never counted as a page of the site.
 */
export function configAreaPage(path: string): 'design' | 'editor' | 'config' | undefined {
  const bare = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  if (bare === ROUTES.CONFIG_DESIGN || bare.startsWith(`${ROUTES.CONFIG_DESIGN}/`)) return 'design';
  if (/^\/config\/pages\/[0-9a-f]{24}$/.test(bare)) return 'editor';
  if (bare === '/config' || bare.startsWith('/config/')) return 'config';
  return undefined;
}
