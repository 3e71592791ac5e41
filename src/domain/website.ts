/**
 * Site-level enumerations of seed 000 §3, §4 and seed 001 §3: website types and statuses, content
 * item statuses with their labels (and the product workflow labels), item visibility, analytics
 * item types, template versions, the site badge and the mobile information bar.
 */

export const WEBSITE_TYPES = {
  CLASSIC: 1,
  COVER_PAGE: 2,
  PARKING_PAGE: 3,
  COMMERCE: 4,
  ENTERPRISE: 5,
} as const;
export type WebsiteType = (typeof WEBSITE_TYPES)[keyof typeof WEBSITE_TYPES];

/**
 * Seed 000 §3 names the statuses in words; the stored values are those words in lower_snake_case
 * (docs/decisions/0068-website-status-values.md).
 */
export const WEBSITE_STATUSES = {
  EXPIRED: 'expired',
  PASTDUE: 'pastdue',
  TRIAL: 'trial',
  BETA: 'beta',
  REMOVED: 'removed',
  INTERNAL: 'internal',
  COMPED: 'comped',
  PAID: 'paid',
  V5_LINKED: 'v5_linked',
  PARKING_PAGE: 'parking_page',
  RESOLD: 'resold',
  RESOLD_GRACE: 'resold_grace',
  ENTERPRISE: 'enterprise',
} as const;
export type WebsiteStatus = (typeof WEBSITE_STATUSES)[keyof typeof WEBSITE_STATUSES];

export const CONTENT_STATUSES = {
  PUBLISHED: 1,
  SCHEDULED: 2,
  NEEDS_REVIEW: 3,
  DRAFT: 4,
  PRIVATE: 5,
  DELETED: 6,
} as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[keyof typeof CONTENT_STATUSES];

/**
 * Labels of content statuses. Seed 001 §3 gives Scheduled, Needs Review, Draft and Private; the
 * labels of PUBLISHED and DELETED are ours.
 */
export const CONTENT_STATUS_LABELS: Readonly<Record<ContentStatus, string>> = {
  [CONTENT_STATUSES.PUBLISHED]: 'Published',
  [CONTENT_STATUSES.SCHEDULED]: 'Scheduled',
  [CONTENT_STATUSES.NEEDS_REVIEW]: 'Needs Review',
  [CONTENT_STATUSES.DRAFT]: 'Draft',
  [CONTENT_STATUSES.PRIVATE]: 'Private',
  [CONTENT_STATUSES.DELETED]: 'Deleted',
};

/** Seed 000 §3: item visibility values. */
export const ITEM_VISIBILITY = ['draft', 'published', 'needs_review', 'scheduled'] as const;
export type ItemVisibility = (typeof ITEM_VISIBILITY)[number];

/** Seed 000 §3: collection item types as analytics names them. */
export const COLLECTION_ITEM_ANALYTICS_TYPES = ['album-track', 'event-item', 'gallery-image', 'portfolio-item', 'blog-post', 'gallery-video'] as const;
export type CollectionItemAnalyticsType = (typeof COLLECTION_ITEM_ANALYTICS_TYPES)[number];

/** Seed 000 §3: page context templateVersion. */
export const TEMPLATE_VERSIONS = [7, 7.1, 8] as const;
export type TemplateVersion = (typeof TEMPLATE_VERSIONS)[number];

/** Seed 000 §3: website settings ssBadgeType. */
export const BADGE_TYPES = { NONE: 1, BLACK: 2, WHITE: 3 } as const;
export type BadgeType = (typeof BADGE_TYPES)[keyof typeof BADGE_TYPES];

/** Seed 000 §3: mobile information bar style. */
export const INFO_BAR_STYLES = { NONE: 1, LIGHT: 2, DARK: 3 } as const;
export type InfoBarStyle = (typeof INFO_BAR_STYLES)[keyof typeof INFO_BAR_STYLES];

/** Seed 000 §2: cover and parking pages are told apart by website type. */
export function isCoverPageSite(type: number): boolean {
  return type === WEBSITE_TYPES.COVER_PAGE;
}

export function isParkingPageSite(type: number): boolean {
  return type === WEBSITE_TYPES.PARKING_PAGE;
}
