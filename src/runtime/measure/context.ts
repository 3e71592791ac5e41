/**
 * What every tracked event says about the site and the page (seed 000 §3 "Event context added to
 * tracking", seed 001 §3 "Payload fields for analytics"), and the census hit's data (seed 000 §3).
 * The builders are pure, over a snapshot of the page (`pageFacts()`), so they are unit-tested
 * without a browser. The member account id is an identifier: it is added only when the caller says
 * identifiers are allowed (consent.ts).
 */
import { analyticsPagePath } from '../../domain/analytics';
import { TRACKING_STORAGE_PREFIX } from '../consent';
import type { SiteContext } from '../../ui/page-contract/site-context';

/**
 * Fields the context may carry that site-context.ts does not name yet: the page's access
 * (`PAGE_PERMISSION_TYPES` in domain/census.ts) and a variant id (none exist yet).
 */
export type MeasuredContext = SiteContext & { pagePermissionTypeValue?: number; variantId?: string };

/** The page as the browser sees it, read once per event. */
export type PageFacts = {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
  host: string;
  title: string;
  referrer: string;
  userAgent: string;
  language: string;
  /** The document's lang attribute. */
  lang: string;
  innerWidth: number;
  innerHeight: number;
  screenWidth: number;
  screenHeight: number;
  localStorageSupported: boolean;
  now: number;
};

export type EventContext = {
  websiteId: string;
  templateId: string;
  variantId: string | null;
  memberAccountId: string | null;
  pagePath: string;
  pageHash: string;
  member_locale: string;
  website_locale: string;
};

let storageWorks: boolean | undefined;

/** Whether local storage can be written, tried once per page with a key that holds no identifier. */
function localStorageWorks(): boolean {
  if (storageWorks === undefined) {
    const key = `${TRACKING_STORAGE_PREFIX}probe`;
    try {
      localStorage.setItem(key, '1');
      localStorage.removeItem(key);
      storageWorks = true;
    } catch {
      storageWorks = false;
    }
  }
  return storageWorks;
}

export function pageFacts(): PageFacts {
  return {
    origin: location.origin,
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    host: location.host,
    title: document.title,
    referrer: document.referrer,
    userAgent: navigator.userAgent,
    language: navigator.language,
    lang: document.documentElement.lang,
    innerWidth: window.innerWidth,
    innerHeight: window.innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    localStorageSupported: localStorageWorks(),
    now: Date.now(),
  };
}

/** Seed 000 §3: the eight context fields; what the page does not have is null. */
export function eventContext(ctx: MeasuredContext, page: PageFacts, identified: boolean): EventContext {
  return {
    websiteId: ctx.websiteId,
    templateId: ctx.templateId,
    variantId: ctx.variantId ?? null,
    memberAccountId: identified ? (ctx.memberAccountId ?? null) : null,
    pagePath: analyticsPagePath(page.pathname),
    pageHash: page.hash,
    member_locale: page.language,
    website_locale: ctx.websiteLocale,
  };
}

/** Seed 000 §3: the census hit's `data`, with the event context. */
export function hitData(ctx: MeasuredContext, page: PageFacts, identified: boolean): Record<string, unknown> {
  return {
    ...eventContext(ctx, page, identified),
    userAgent: page.userAgent,
    clientDate: page.now,
    viewportInnerHeight: page.innerHeight,
    viewportInnerWidth: page.innerWidth,
    screenHeight: page.screenHeight,
    screenWidth: page.screenWidth,
    url: page.origin + page.pathname,
    title: page.title,
    itemId: ctx.itemId ?? null,
    recordType: ctx.recordType ?? null,
    collectionId: ctx.collectionId ?? null,
    pagePermissionTypeValue: ctx.pagePermissionTypeValue ?? null,
    localStorageSupported: page.localStorageSupported,
    queryString: page.search.replace(/^\?/, ''),
    referrer: page.referrer,
  };
}
