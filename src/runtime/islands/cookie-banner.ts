/**
 * The cookie banner and the consent rules on every page load (seed 000 §2, §4, §9), plain DOM code
 * over the server's markup (src/ui/page-contract/cookie-banner-view.tsx). The server adds this
 * island to every page of a site that enables the banner or the restrictive cookie policy.
 * - While consent does not allow tracking (the restrictive policy without an Accept, a decline, or
 *   the Global Privacy Control signal), the tracking cookies and stored identifiers are cleared.
 * - The banner shows unless a consent cookie exists (true or false) or the query has
 *   sqsscreenshot=true. Accept stores true, Decline false, for 30 days, and the banner is removed.
 * - The footer's 'Cookie settings' opens it again, whatever the visitor answered before.
 * - A banner forced for preview (the config area's live preview) stays shown and ignores clicks.
 */
import { clearTracking, consentAllowsTracking, consentAnswer, setConsent } from '../consent';
import { CONSENT_ATTRIBUTE, COOKIE_BANNER_ID, COOKIE_SETTINGS_ATTRIBUTE, SCREENSHOT_PARAM_ATTRIBUTE } from '../../ui/page-contract/cookie-banner-dom';

/** Wires a banner element: answers, removal, and reopening from the footer's 'Cookie settings'. */
export function enhanceCookieBanner(banner: HTMLElement): void {
  if (banner.dataset.preview === 'true') return;
  const parent = banner.parentNode;
  const settings = document.querySelector<HTMLButtonElement>(`[${COOKIE_SETTINGS_ATTRIBUTE}]`);
  let opener: HTMLElement | null = null;

  const open = () => {
    if (!banner.isConnected) parent?.appendChild(banner);
    banner.hidden = false;
  };
  const close = () => {
    const hadFocus = banner.contains(document.activeElement);
    banner.remove();
    if (hadFocus) opener?.focus();
    opener = null;
  };

  banner.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>(`[${CONSENT_ATTRIBUTE}]`);
    if (!button) return;
    setConsent(button.getAttribute(CONSENT_ATTRIBUTE) === 'accept');
    close();
  });

  if (settings) {
    settings.hidden = false;
    settings.addEventListener('click', () => {
      opener = settings;
      open();
      banner.querySelector<HTMLButtonElement>(`[${CONSENT_ATTRIBUTE}]`)?.focus();
    });
  }

  const screenshotParam = banner.getAttribute(SCREENSHOT_PARAM_ATTRIBUTE);
  const screenshot = screenshotParam !== null && new URLSearchParams(window.location.search).get(screenshotParam) === 'true';
  if (consentAnswer() === undefined && !screenshot) open();
  else banner.remove();
}

export default function cookieBanner(): void {
  if (!consentAllowsTracking()) clearTracking();
  // The page's own banner, at the body's top level: owner HTML (inside main) may carry the same id.
  const banner = document.querySelector<HTMLElement>(`body>#${COOKIE_BANNER_ID}`);
  if (banner) enhanceCookieBanner(banner);
}
