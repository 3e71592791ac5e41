/**
 * What a published page tells the visitor runtime (src/ui/page-contract/site-context.ts), written by
 * renderPage as `<script type="application/json" id="op-site">`: the site's facts, the page's,
 * and — on pages rendered for them — the visitor's. Also the site's cookie banner and policy as
 * the renderer needs them. Per-visitor facts come from the team role (part of the page cache's key,
 * through the team-member island) or a customer's account (pages rendered for a signed-in customer
 * are not cached), so they never reach another visitor.
 */
import { accessPermissionsOf } from '../../domain/permissions';
import { UNTRACKED_PAGE_TYPES } from '../../domain/census';
import { COLLECTION_TYPES } from '../../domain/collection-types';
import { resolveCookieBanner, type ResolvedCookieBanner } from '../../domain/cookie-banner';
import { RECORD_TYPES } from '../../domain/record-types';
import { isViewerOnly, TEAM_ROLES } from '../../domain/roles';
import type { SiteSettings } from '../../document/schema';
import type { SiteContext } from '../../ui/page-contract/site-context';

/** The site's banner (when enabled) and whether identifiers wait for an explicit Accept. */
export type SiteConsent = { banner?: ResolvedCookieBanner; restrictive: boolean };

/** Who the page is rendered for: a signed-in team member's role, a signed-in customer's account. */
export type PageVisitor = { teamRole?: number | undefined; memberAccountId?: string | undefined };

/** The facts of the page itself. */
export type PageFacts = { pageType: number; pageId?: string; collectionId?: string; itemId?: string; recordType?: number };

/** The banner settings; none (or unreadable ones, which the settings reader drops) mean no banner and no restrictive policy. */
export function siteConsent(settings: Pick<SiteSettings, 'cookieBanner'>): SiteConsent {
  const stored = settings.cookieBanner ?? {};
  return {
    ...(stored.isCookieBannerEnabled ? { banner: resolveCookieBanner(stored) } : {}),
    restrictive: stored.isRestrictiveCookiePolicyEnabled === true,
  };
}

/**
 * Our templateId (docs/decisions/0078-templateid.md): sites have no template catalogue yet; every
 * page is drawn by the built-in template at the site's templateVersion.
 */
export function templateIdOf(settings: Pick<SiteSettings, 'templateVersion'>): string {
  return `openpress-${settings.templateVersion}`;
}

/** The record type of a collection's items (docs/decisions/0077-collection-and-record-type-numbers.md). */
const ITEM_RECORD_TYPES: ReadonlyMap<number, number> = new Map([
  [COLLECTION_TYPES.PAGES, RECORD_TYPES.PAGE],
  [COLLECTION_TYPES.BLOG, RECORD_TYPES.BLOG_POST],
  [COLLECTION_TYPES.EVENTS, RECORD_TYPES.EVENT],
  [COLLECTION_TYPES.GALLERY, RECORD_TYPES.GALLERY_IMAGE],
  [COLLECTION_TYPES.PRODUCTS, RECORD_TYPES.PRODUCT],
  [COLLECTION_TYPES.ALBUM, RECORD_TYPES.ALBUM_TRACK],
  [COLLECTION_TYPES.PORTFOLIO, RECORD_TYPES.PORTFOLIO_ITEM],
]);

export function itemRecordType(collectionType: number): number | undefined {
  return ITEM_RECORD_TYPES.get(collectionType);
}

/**
 * Seed 000 §6: nothing is tracked on not-found, lock-screen and access-denied pages, nor for a
 * signed-in team member unless their only role is viewer. (No page view on /search is the
 * census's own rule; the page is tracked.)
 */
export function isPageTracked(pageType: number, visitor: PageVisitor): boolean {
  if (UNTRACKED_PAGE_TYPES.has(pageType)) return false;
  return visitor.teamRole === undefined || isViewerOnly([visitor.teamRole]);
}

export function pageSiteContext(
  site: { id: string; locale: string; templateId: string; consent: SiteConsent },
  page: PageFacts,
  visitor: PageVisitor = {},
): SiteContext {
  return {
    websiteId: site.id,
    templateId: site.templateId,
    websiteLocale: site.locale,
    pageType: page.pageType,
    tracked: isPageTracked(page.pageType, visitor),
    restrictive: site.consent.restrictive,
    ...(page.pageId ? { pageId: page.pageId } : {}),
    ...(page.collectionId ? { collectionId: page.collectionId } : {}),
    ...(page.itemId ? { itemId: page.itemId } : {}),
    ...(page.recordType !== undefined ? { recordType: page.recordType } : {}),
    ...(visitor.memberAccountId ? { memberAccountId: visitor.memberAccountId } : {}),
    ...(visitor.teamRole === TEAM_ROLES.ADMIN ? { adminAccess: true } : {}),
    ...(visitor.teamRole !== undefined ? { accessPermissions: accessPermissionsOf(visitor.teamRole) } : {}),
  };
}
