/**
 * Visitor measurement of seed 000 (§3, §6, §7): census event types, the button tracking context
 * and when a page view is recorded at all. The visitor runtime sends hits and the server accepts
 * them by these numbers.
 */
import { PAGE_TYPES } from './page-types';
import { SEARCH_PATH } from './measurement-paths';

export const CENSUS_EVENT_TYPES = {
  PAGE_VIEW: 1,
  SITE_SEARCH: 2,
  HEARTBEAT: 10,
  AUDIO: 20,
  VIDEO: 21,
} as const;
export type CensusEventType = (typeof CENSUS_EVENT_TYPES)[keyof typeof CENSUS_EVENT_TYPES];

/** Seed 000 §3: `context` of the button tracking payload. */
export const BUTTON_TRACKING_CONTEXT = { BUTTON_BLOCK: 1, POPUP_OVERLAY: 2 } as const;

/**
 * Seed 000 §6: pages on which nothing is tracked. Built in a pure call, so browser bundles that use
 * only the constants above leave it (and PAGE_TYPES) out.
 */
export const UNTRACKED_PAGE_TYPES: ReadonlySet<number> = /* @__PURE__ */ (() =>
  new Set<number>([PAGE_TYPES.NOT_FOUND, PAGE_TYPES.LOCK_SCREEN, PAGE_TYPES.MEMBER_AREA_ACCESS_DENIED]))();

export type PageViewContext = {
  pageType: number;
  /** The page's path, without query. */
  path: string;
  signedIn: boolean;
  /** The signed-in member's only role is VIEWER (see roles.ts `isViewerOnly`). */
  viewerOnly: boolean;
};

/**
 * Seed 000 §2, §6: no page view on /search, on not-found, lock screen and access-denied pages, or
 * for a signed-in member unless their only role is viewer (who counts as a visitor).
 */
export function isPageViewRecorded(context: PageViewContext): boolean {
  if (context.path === SEARCH_PATH) return false;
  if (UNTRACKED_PAGE_TYPES.has(context.pageType)) return false;
  return !context.signedIn || context.viewerOnly;
}

/**
 * The census hit's pagePermissionTypeValue (seed 000 §3 names the field, not its values; ours,
 * docs/decisions/0097-census-page-permission-values.md): who may open the page.
 */
export const PAGE_PERMISSION_TYPES = { PUBLIC: 1, MEMBERS: 2, PASSWORD: 3 } as const;

/** Seed 000 §3: the button tracking payload, sent to button-render and button-click with visitorCookie. */
export type ButtonTrackingPayload = {
  id: string;
  buttonText: string;
  clickthroughUrl: string;
  alignment: string;
  size: string;
  newWindow: boolean;
  context: (typeof BUTTON_TRACKING_CONTEXT)[keyof typeof BUTTON_TRACKING_CONTEXT];
};
