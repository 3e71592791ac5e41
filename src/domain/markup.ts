/** Text made safe to put in hand-written markup (HTML or XML): in an element's text or an attribute in double quotes. */
export function escapeMarkup(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The meta element the config area's page names its site in (server: render/config-shell.ts; browser: config/login-card.tsx). */
export const SITE_TITLE_META = 'site-title';
