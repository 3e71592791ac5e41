/**
 * The page's site context (src/ui/page-contract/site-context.ts, written by the server), read once:
 * the census, analytics, performance, error-report and consent code read it here.
 */
import { SITE_CONTEXT_ELEMENT_ID, type SiteContext } from '../ui/page-contract/site-context';

let cached: SiteContext | null | undefined;

/** The page's context, or undefined on a page without one (the config area, a test page). */
export function siteContext(): SiteContext | undefined {
  if (cached === undefined) {
    // Found among the page's scripts: owner HTML may carry the same id, but is never a script.
    const text =
      typeof document === 'undefined'
        ? null
        : (document.scripts as unknown as Record<string, HTMLScriptElement | undefined>)[SITE_CONTEXT_ELEMENT_ID]?.textContent;
    try {
      cached = text ? (JSON.parse(text) as SiteContext) : null;
    } catch {
      cached = null;
    }
  }
  return cached ?? undefined;
}
