/**
 * The visitor's consent to tracking (seed 000 §4, §9 and our consent rules, docs/decisions.md):
 * the one place that answers "may this page set identifiers and send them?". The consent cookie
 * (ss_cookieAllowed) and the crumb are strictly necessary and always allowed. Tracking with
 * identifiers is allowed when the visitor accepted, or — without the restrictive policy — when they
 * have not answered yet; a Global Privacy Control signal counts as a decline until they accept.
 * Island chunks are separate bundles, so a change is announced as a DOM event on `window`, not
 * through module state.
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

function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The stored answer: true (accepted), false (declined), undefined (not answered). */
export function consentAnswer(): boolean | undefined {
  return parseConsent(cookie(COOKIE_NAMES.CONSENT));
}

function globalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** May this page set, read and send visitor or analytics identifiers? */
export function trackingAllowed(): boolean {
  const ctx = siteContext();
  if (!ctx?.tracked) return false;
  const answer = consentAnswer();
  if (answer !== undefined) return answer;
  return !ctx.restrictive && !globalPrivacyControl();
}

/** Removes every tracking cookie and stored identifier this runtime may have set. */
export function clearTracking(): void {
  const host = window.location.hostname;
  for (const name of TRACKING_COOKIES) {
    for (const domain of ['', `; domain=${host}`, `; domain=.${host}`]) document.cookie = `${name}=; path=/; max-age=0${domain}`;
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
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${COOKIE_NAMES.CONSENT}=${consentCookieValue(accepted)}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS.CONSENT}; samesite=lax${secure}`;
  if (!accepted) clearTracking();
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail: { accepted } }));
}

/** Calls `listener` with the new answer whenever the visitor answers; returns the unsubscribe. */
export function onConsentChange(listener: (allowed: boolean) => void): () => void {
  const handler = () => listener(trackingAllowed());
  window.addEventListener(CONSENT_CHANGE_EVENT, handler);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, handler);
}
