/**
 * The visitor's consent to tracking (seed 000 §4, §9 and our consent rules: docs/decisions/, the
 * area "Consent and measurement"): the one place that answers "may this page set identifiers and
 * send them?". The consent cookie (ss_cookieAllowed) and the crumb are strictly necessary and
 * always allowed. Tracking with identifiers is allowed when the visitor accepted, or — without the
 * restrictive policy — when they have not answered yet; a Global Privacy Control signal counts as a
 * decline until they accept. Island chunks are separate bundles, so a change is announced as a DOM
 * event on `window`, not through module state.
 */
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES, consentCookieValue, parseConsent, RESTRICTIVE_POLICY_COOKIES } from '../domain/cookies';
import { siteContext } from './site-context';

export const CONSENT_CHANGE_EVENT = 'op:consent';

/** Cookies and storage keys the runtime's tracking sets; cleared when tracking is not allowed. */
export const TRACKING_COOKIES: readonly string[] = [
  ...RESTRICTIVE_POLICY_COOKIES,
  COOKIE_NAMES.SESSION_ID,
  COOKIE_NAMES.IS_FIRST_SESSION,
  COOKIE_NAMES.HAS_LANDED,
  COOKIE_NAMES.ANALYTICS_ID,
];
/** Storage keys holding identifiers start with this prefix, so clearing them cannot touch anything else. */
export const TRACKING_STORAGE_PREFIX = 'op_track_';

/** A cookie's value as the page sees it, or undefined. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Writes a first-party cookie for the whole site: SameSite=Lax, Secure over https. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${value}; path=/; max-age=${maxAgeSeconds}; samesite=lax${secure}`;
}

/** The stored answer: true (accepted), false (declined), undefined (not answered). */
export function consentAnswer(): boolean | undefined {
  return parseConsent(readCookie(COOKIE_NAMES.CONSENT));
}

/** The browser sends the Global Privacy Control signal. */
export function globalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/**
 * What the visitor's answer (or, without one, the site's policy and the GPC signal) says about
 * identifiers, whatever the page: an explicit answer decides; with none, the restrictive policy or
 * GPC mean no. A page without a context (not a published page) is treated as restrictive.
 */
export function consentAllowsTracking(): boolean {
  const answer = consentAnswer();
  if (answer !== undefined) return answer;
  return siteContext()?.restrictive === false && !globalPrivacyControl();
}

/** May this page set, read and send visitor or analytics identifiers? */
export function trackingAllowed(): boolean {
  return siteContext()?.tracked === true && consentAllowsTracking();
}

/** The host and every parent domain: a tracking cookie may have been set on any of them. */
function cookieDomains(host: string): string[] {
  const labels = host.split('.');
  return ['', ...labels.map((_, i) => `; domain=${labels.slice(i).join('.')}`), `; domain=.${host}`];
}

/** `/` and each ancestor of the current path, where a cookie may have been scoped. */
function cookiePaths(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  return ['/', ...parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`)];
}

/** Removes every tracking cookie and stored identifier this runtime may have set. */
export function clearTracking(): void {
  const present = new Set(document.cookie.split(';').map((part) => part.split('=')[0]!.trim()));
  const domains = cookieDomains(window.location.hostname);
  const paths = cookiePaths(window.location.pathname);
  for (const name of TRACKING_COOKIES) {
    if (!present.has(name)) continue;
    for (const domain of domains) for (const path of paths) document.cookie = `${name}=; path=${path}; max-age=0${domain}`;
  }
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      for (const key of Object.keys(storage)) if (key.startsWith(TRACKING_STORAGE_PREFIX)) storage.removeItem(key);
    } catch {
      // Storage refused: nothing of ours can be in it.
    }
  }
}

/** Stores the visitor's answer for 30 days, clears tracking on a decline, and tells the page. */
export function setConsent(accepted: boolean): void {
  writeCookie(COOKIE_NAMES.CONSENT, consentCookieValue(accepted), COOKIE_MAX_AGE_SECONDS.CONSENT);
  if (!accepted) clearTracking();
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail: { accepted } }));
}

/** Calls `listener` with the new answer whenever the visitor answers; returns the unsubscribe. */
export function onConsentChange(listener: (allowed: boolean) => void): () => void {
  const handler = () => listener(trackingAllowed());
  window.addEventListener(CONSENT_CHANGE_EVENT, handler);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, handler);
}
