/**
 * What a signed-in team member gets on the published site (seed 000 §2, §4):
 * - Opening a page outside the config area's preview frame sends them to `/config/?frameUrl=` with
 *   the page's path and query — except on localhost, after a `noredirect` query flag (remembered
 *   for the browser session), on developer-mode or cloneable sites, and for viewer-only members.
 * - Escape, when nothing is open for it to close, goes to the config area at this page.
 * - Shift+Escape logs out; from inside the preview frame the whole window goes to the frame's
 *   address with logout=true.
 * The server adds this island only to signed-in team members' pages, with the role and the site
 * flags the browser cannot know in its data attributes.
 */
import { configRedirectUrl, QUERY, shouldRedirectToConfig } from '../../domain/routes';
import { logout } from '../../ui/logout';

const NO_REDIRECT_KEY = 'op_noredirect';

function rememberNoRedirect(): boolean {
  try {
    if (new URLSearchParams(window.location.search).has(QUERY.NO_REDIRECT)) sessionStorage.setItem(NO_REDIRECT_KEY, '1');
    return sessionStorage.getItem(NO_REDIRECT_KEY) === '1';
  } catch {
    // Storage refused (a privacy mode): the flag still counts for this page.
    return new URLSearchParams(window.location.search).has(QUERY.NO_REDIRECT);
  }
}

function inPreviewFrame(): boolean {
  try {
    return window.top !== window.self && window.top?.location.pathname.startsWith('/config') === true;
  } catch {
    // A frame on another origin is not our preview frame.
    return false;
  }
}

const here = () => `${window.location.pathname}${window.location.search}`;

export default function teamMember(el: HTMLElement): void {
  const framed = inPreviewFrame();
  const redirect = shouldRedirectToConfig({
    hostname: window.location.hostname,
    signedIn: true,
    roles: [Number(el.dataset.role)],
    inEditorFrame: framed,
    noRedirect: rememberNoRedirect(),
    developerMode: el.dataset.developerMode === 'true',
    cloneable: el.dataset.cloneable === 'true',
  });
  if (redirect) {
    window.location.replace(configRedirectUrl(here()));
    return;
  }
  document.addEventListener('keydown', (event) => {
    // A dialog, menu or tooltip that closed on this press has claimed it.
    if (event.key !== 'Escape' || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.shiftKey) {
      event.preventDefault();
      const top = framed ? window.top! : window;
      void logout({ signedIn: true, returnTo: framed ? here() : '/', navigate: (url) => top.location.assign(url) });
      return;
    }
    // In the preview frame the config area is already open (its editor will give Escape its own meaning).
    if (framed) return;
    event.preventDefault();
    window.location.assign(configRedirectUrl(here()));
  });
}
