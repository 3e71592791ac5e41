/**
 * What a published page carries besides its content, from the site's settings (seed 000 §3): the
 * 'Made with OpenPress' badge (ssBadgeType: none 1, black 2, white 3) in the bottom right corner,
 * and the mobile information bar (none 1, light 2, dark 3) with the site's contact details, shown
 * at viewport widths of 1024 px or less (seed 000 §9). Both are plain HTML and CSS: the bar's
 * width rule is a media query, so it works without JavaScript. The stylesheet below is appended
 * to the theme (src/server/render/assets.ts), so cached pages stay byte-identical.
 */
import { MOBILE_MAX_WIDTH_PX, Z_INDEX } from '../../domain/design-tokens';
import { LAYOUT_THRESHOLDS_PX } from '../../domain/limits';
import { isPublishableLink } from '../../domain/links';
import { BADGE_TYPES, INFO_BAR_STYLES } from '../../domain/website';
import type { SiteSettings } from '../../document/schema';
import { siteChrome } from '../../messages/site-chrome';

export type SiteChromeSettings = Pick<SiteSettings, 'badgeType' | 'infoBarStyle' | 'contact'>;

/** Where the badge leads: the builder this site was made with on this server (docs/decisions/0010-the-site-badge-and-the-mobile-information-bar.md). */
export const BADGE_HREF = '/config/';
export const BADGE_TEXT = siteChrome.badge;

/** The badge and bar settings (a site stored before they existed reads their defaults: neither is shown). */
export function siteChromeSettings(settings: SiteSettings): SiteChromeSettings {
  return { badgeType: settings.badgeType, infoBarStyle: settings.infoBarStyle, contact: settings.contact };
}

/** tel: keeps digits, hyphens and a leading +; the spaces, brackets, dots and slashes people write are dropped. */
function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/[^0-9-]/g, '')}`;
}

function ContactItems({ contact, host }: { contact: SiteChromeSettings['contact']; host: string }) {
  const phone = contact.phone?.trim();
  const email = contact.email?.trim();
  const address = contact.address?.trim();
  // On phones the links read just 'Call' and 'Email' (their names keep the number and address), so
  // the bar stays one line. A number or address the link rules refuse is shown as text.
  const linked = (href: string, action: string, detail: string) =>
    isPublishableLink(href, host) ? (
      <a href={href} aria-label={`${action} ${detail}`}>
        {action}
        <span className="info-bar-detail">{` ${detail}`}</span>
      </a>
    ) : (
      <span>{`${action} ${detail}`}</span>
    );
  return (
    <>
      {phone ? <li>{linked(telHref(phone), 'Call', phone)}</li> : null}
      {email ? <li>{linked(`mailto:${email}`, 'Email', email)}</li> : null}
      {address ? (
        <li>
          <address>{address}</address>
        </li>
      ) : null}
    </>
  );
}

export function SiteChrome({ chrome, host }: { chrome: SiteChromeSettings; host: string }) {
  const hasContact = Boolean(chrome.contact.phone?.trim() || chrome.contact.email?.trim() || chrome.contact.address?.trim());
  const bar = chrome.infoBarStyle !== INFO_BAR_STYLES.NONE && hasContact;
  const badge = chrome.badgeType !== BADGE_TYPES.NONE;
  if (!bar && !badge) return null;
  return (
    <div className="site-chrome">
      {badge ? (
        <a className={`site-badge site-badge-${chrome.badgeType === BADGE_TYPES.BLACK ? 'black' : 'white'}`} href={BADGE_HREF}>
          {BADGE_TEXT}
        </a>
      ) : null}
      {bar ? (
        <aside className={`info-bar info-bar-${chrome.infoBarStyle === INFO_BAR_STYLES.LIGHT ? 'light' : 'dark'}`} aria-label={siteChrome.contactDetails}>
          <ul className="info-bar-list">
            <ContactItems contact={chrome.contact} host={host} />
          </ul>
        </aside>
      ) : null}
    </div>
  );
}

/** Just under the runtime's dialogs, so a dialog always covers the badge and the bar. */
const CHROME_Z_INDEX = Z_INDEX.DIALOG_BASE - 1;

/**
 * The chrome sits at the end of the page, sticky to the bottom of the viewport: it stays in view
 * while the visitor scrolls, yet at the end of the page the bar sits below the footer instead of
 * covering its last line. The badge floats just above the bar (or the viewport's bottom edge), and
 * the footer keeps room for it so it never covers the footer's links.
 * Colours are tokens and pass WCAG AA contrast: the badge's fixed black and white, the light bar in
 * the white colour theme, the dark bar in the dark colour theme's background, text and link.
 */
export const SITE_CHROME_CSS = `
/* The site badge and the mobile information bar: src/server/render/site-chrome.tsx */
.site-chrome { position: sticky; bottom: 0; z-index: ${CHROME_Z_INDEX}; pointer-events: none; }
.site-footer:has(~ .site-chrome .site-badge) { padding-bottom: var(--space-7); }
.site-badge { position: absolute; right: var(--space-3); bottom: calc(100% + var(--space-3)); pointer-events: auto; padding: var(--space-1) var(--space-2); border: 1px solid var(--color-badge-black); border-radius: var(--radius-1); font-size: var(--font-sm); font-weight: var(--weight-bold); line-height: 1.4; text-decoration: none; white-space: nowrap; box-shadow: 0 1px 4px var(--color-shadow-strong); }
.site-badge:hover { text-decoration: underline; }
.site-badge-black { background: var(--color-badge-black); color: var(--color-badge-white); }
.site-badge-white { background: var(--color-badge-white); color: var(--color-badge-black); }
.info-bar { display: none; pointer-events: auto; border-top: 1px solid; font-size: var(--font-sm); }
@media (max-width: ${LAYOUT_THRESHOLDS_PX.INFO_BAR_MOBILE_MAX}px) { .info-bar { display: block; } }
.info-bar-list { list-style: none; margin: 0; padding: 0 var(--space-3); display: flex; flex-wrap: wrap; justify-content: center; gap: 0 var(--space-4); }
.info-bar-list li { display: flex; align-items: center; min-height: 44px; min-width: 0; overflow-wrap: anywhere; }
.info-bar a { font-weight: var(--weight-bold); padding: var(--space-2) 0; }
.info-bar address { font-style: normal; }
.info-bar-light { background: var(--color-paper); color: var(--color-ink); border-color: var(--color-line); }
.info-bar-light a { color: var(--color-accent); }
.info-bar-dark { background: var(--color-dark); color: var(--color-dark-text); border-color: var(--color-dark); }
.info-bar-dark a { color: var(--color-dark-link); }
@media (max-width: ${MOBILE_MAX_WIDTH_PX}px) { .info-bar-detail { display: none; } }
@media print { .site-chrome { display: none; } }
`;
