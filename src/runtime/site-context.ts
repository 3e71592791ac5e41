/**
 * What the server tells the visitor runtime about the site and the page: a JSON script
 * `<script type="application/json" id="op-site">` written by the page renderer on every published
 * page. The census, analytics, performance, error-report and consent code read it here, once.
 * Per-visitor facts (a signed-in team member's role, a customer's account id) are in it only on
 * pages rendered for that visitor, which are never shared through the page cache.
 */
export const SITE_CONTEXT_ELEMENT_ID = 'op-site';

export type SiteContext = {
  websiteId: string;
  templateId: string;
  /** The site's language tag (the page's `lang`), such as en-US. */
  websiteLocale: string;
  pageType: number;
  /** Seed 000 §6: false for signed-in team members other than viewer-only, and on not-found, lock-screen and access-denied pages. */
  tracked: boolean;
  /** The site's isRestrictiveCookiePolicyEnabled: identifiers wait for an explicit Accept. */
  restrictive: boolean;
  pageId?: string;
  collectionId?: string;
  itemId?: string;
  /** Seed 000 §3 record type of the page's content (record-types.ts), when it has one. */
  recordType?: number;
  /** A signed-in customer's member account id (seed 001 §6), on pages rendered for them. */
  memberAccountId?: string;
  /** A signed-in team member with admin access: tracked events are mirrored on a BroadcastChannel (seed 000 §6). */
  adminAccess?: boolean;
};

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
