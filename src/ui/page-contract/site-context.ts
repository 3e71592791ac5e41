/**
 * What the server tells the visitor runtime about the site and the page: a JSON script
 * `<script type="application/json" id="op-site">` written by the page renderer on every published
 * page, and read once by the runtime (src/runtime/site-context.ts). Per-visitor facts (a signed-in
 * team member's role, a customer's account id) are in it only on pages rendered for that visitor,
 * which are never shared through the page cache.
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
  /** A signed-in team member's permission config sub-areas (seed 000 §2 accessPermissions, §6). */
  accessPermissions?: string[];
};
