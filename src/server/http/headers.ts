/**
 * The security headers every answer carries, and a published page's Content-Security-Policy, as
 * pure functions of a few request facts: the framework's hooks send them (plugins/
 * security-headers.ts, plugins/page-routes.ts), and a plain-Node path in front of the framework
 * (a cached page answered before any per-request work) can send the very same set.
 *
 * The base set is what helmet sends by default, less what we set ourselves: our CSP (per page, from
 * its hashes), HSTS (only over https), and the browser's own referrer policy
 * (docs/decisions/0099-referrer-policy.md); Cross-Origin-Embedder-Policy is not sent, so pages may
 * embed images and frames from other sites.
 */
import { STRIPE_CSP, usesStripe } from '../../domain/checkout/stripe-js';
import { GOOGLE_MAPS_CSP, usesGoogleMaps } from '../../domain/google-maps';

export type HeaderSet = Readonly<Record<string, string>>;

export const SECURITY_HEADERS: HeaderSet = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** For every answer that sets no policy of its own (assets, files, XML, API answers): nothing runs, nothing frames it. */
export const LOCKED_DOWN_CSP = "default-src 'none'; img-src 'self'; style-src 'self'; frame-ancestors 'none'";

/** For an email's HTML shown in the owner's preview frame: its inline styles and its images, nothing that runs, framed only by the site itself. */
export const EMAIL_FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'; form-action 'none'";

export const HSTS = 'max-age=15552000; includeSubDomains';

/** The facts of a request the headers depend on. */
export type RequestFacts = {
  /** The request came over TLS (as a trusted proxy reports it). */
  tls: boolean;
  /** Answers mark cookies Secure: over TLS, or whenever the public address is https. */
  secure: boolean;
};

/** The headers every answer carries: the base set, and HSTS when the site is reached over https. */
export function securityHeaders(facts: Pick<RequestFacts, 'secure'>): HeaderSet {
  return facts.secure ? { ...SECURITY_HEADERS, 'strict-transport-security': HSTS } : SECURITY_HEADERS;
}

/** What a page using reCAPTCHA must allow in its CSP's script-src (Google's documented hosts and paths). */
export const RECAPTCHA_CSP_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] as const;

/** Whether a rendered page holds a reCAPTCHA container (its CSP then allows Google's scripts). */
export function usesRecaptcha(html: string): boolean {
  return html.includes('data-captcha-provider="recaptcha"');
}

/** What a rendered page contributes to its policy: the hashes of its inline script and style, and its HTML. */
export type PageFacts = { scriptHashes: readonly string[]; styleHashes: readonly string[]; html?: string };

/**
 * A published page's policy: its own inline script and style by hash, and nothing else inline. A
 * page that renders a reCAPTCHA container (a site that chose reCAPTCHA over the built-in captcha)
 * may load Google's scripts; frame-src already allows its https: frame. A checkout page offering
 * cards through Stripe may load Stripe.js, frame its Payment Element and call Stripe's API (its
 * frame hosts named as Stripe lists them, so they stay allowed should frame-src ever drop https:).
 */
export function pageCsp(page: PageFacts, facts: Pick<RequestFacts, 'tls'>): string {
  const hashes = (list: readonly string[]) => list.map((h) => ` '${h}'`).join('');
  const recaptcha = page.html !== undefined && usesRecaptcha(page.html);
  // A page showing a Google map (only on a site with a key) allows Google's hosts; the map writes
  // <style> elements of its own, so its styles are allowed inline (a hash would switch that off).
  const maps = page.html !== undefined && usesGoogleMaps(page.html);
  const stripe = page.html !== undefined && usesStripe(page.html);
  /** The sources of the lists whose condition holds, each after a space. */
  const more = (...lists: (readonly string[] | false)[]) =>
    lists
      .flatMap((list) => list || [])
      .map((source) => ` ${source}`)
      .join('');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes(page.scriptHashes)}${more(recaptcha && RECAPTCHA_CSP_SOURCES, maps && GOOGLE_MAPS_CSP.script, stripe && STRIPE_CSP.script)}`,
    maps ? `style-src 'self' 'unsafe-inline'${more(GOOGLE_MAPS_CSP.style)}` : `style-src 'self'${hashes(page.styleHashes)}`,
    "img-src 'self' data: https:",
    `font-src 'self' data:${more(maps && GOOGLE_MAPS_CSP.font)}`,
    `connect-src 'self'${more(maps && GOOGLE_MAPS_CSP.connect, stripe && STRIPE_CSP.connect)}`,
    ...(maps ? [`worker-src 'self'${more(GOOGLE_MAPS_CSP.worker)}`] : []),
    `frame-src 'self' https:${more(stripe && STRIPE_CSP.frame)}`,
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(facts.tls ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Every header of an HTML page answer: its type, caching (a page for one visitor is never stored
 * by anyone; a shared one is revalidated), its policy and the security set.
 */
export function pageHeaders(csp: string, personal: boolean, facts: Pick<RequestFacts, 'secure'>): HeaderSet {
  return {
    ...securityHeaders(facts),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': personal ? 'private, no-store' : 'no-cache',
    'content-security-policy': csp,
  };
}
