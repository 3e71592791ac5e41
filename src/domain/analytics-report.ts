/**
 * The owner's analytics dashboard: the rules the server's report and the config area share. The
 * date ranges a report covers (site days, inclusive), the device classes and viewport width bands
 * page views are counted in as they are ingested (the device_daily rollup), the Core Web Vitals it
 * reports and the words for their ratings, and the tables it exports as CSV. The report's shape as
 * the server answers it is src/contracts/analytics.ts. Pure: no I/O.
 */
import { TRACK_QUERY_PARAMS } from './analytics';

export const REPORT_RANGE = {
  /** The range a report covers when none is asked for: the last 30 site days, today included. */
  DEFAULT_DAYS: 30,
  /** About 13 months: a year beside the same month a year before, and the default retention (400 days). */
  MAX_DAYS: 400,
  /** The ranges the dashboard offers with one click, in days. */
  PRESETS: [7, 30, 90],
} as const;

/** Recent JavaScript errors shown at once, and fetched per page after that. */
export const ERRORS_PAGE_SIZE = 20;
/** Rows of the dashboard's ranked tables (pages, referrers, campaigns, buttons, vitals); the CSV files hold every row. */
export const REPORT_TOP_ROWS = 20;

const DAY_MS = 86_400_000;
const DAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function isDay(text: string): boolean {
  const m = DAY_FORMAT.exec(text);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.getUTCFullYear() === Number(m[1]) && at.getUTCMonth() === Number(m[2]) - 1 && at.getUTCDate() === Number(m[3]);
}

/** The day `n` days after `day` (before it when negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted (1 for a single day; 0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `days` days up to `today`, today included. */
export function lastDays(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, 1 - days), to: today };
}

/* ---------- devices and viewports ---------- */

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_LABELS: Readonly<Record<DeviceClass, string>> = { desktop: 'Desktop', mobile: 'Phone', tablet: 'Tablet', unknown: 'Unknown' };

const TABLET_AGENT = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const PHONE_AGENT = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i;
/** Below these widths (CSS pixels) a hit without a user agent came from a phone, then a tablet. */
const PHONE_WIDTH = 768;
const TABLET_WIDTH = 1024;

/**
 * A hit's device class: by its user agent's own words (phones say Mobile, iPhone …; tablets iPad,
 * Tablet, or Android without Mobile), any other user agent being a desktop; without a user agent,
 * by the viewport's width; without either, unknown. iPads that present themselves as Macs count as
 * desktops, as they ask to be treated.
 */
export function deviceClass(userAgent: string | null | undefined, viewportWidth: number | null | undefined): DeviceClass {
  if (userAgent) return TABLET_AGENT.test(userAgent) ? 'tablet' : PHONE_AGENT.test(userAgent) ? 'mobile' : 'desktop';
  if (viewportWidth === null || viewportWidth === undefined || viewportWidth <= 0) return 'unknown';
  return viewportWidth < PHONE_WIDTH ? 'mobile' : viewportWidth < TABLET_WIDTH ? 'tablet' : 'desktop';
}

/** Viewport width bands by their lower bound in CSS pixels: common phone, tablet, laptop and desktop widths. */
export const VIEWPORT_BANDS = [0, 360, 480, 768, 1024, 1280, 1440, 1920] as const;
/** The band of a hit that gave no viewport width. */
export const NO_VIEWPORT = -1;

/** The lower bound of the band holding `width`, or NO_VIEWPORT. */
export function viewportBand(width: number | null | undefined): number {
  if (width === null || width === undefined || !(width > 0)) return NO_VIEWPORT;
  let band: number = VIEWPORT_BANDS[0];
  for (const lower of VIEWPORT_BANDS) if (width >= lower) band = lower;
  return band;
}

/** '768–1023 px', '1920 px and wider', 'Unknown'. */
export function viewportBandLabel(band: number): string {
  const i = VIEWPORT_BANDS.indexOf(band as (typeof VIEWPORT_BANDS)[number]);
  if (i === -1) return 'Unknown';
  const next = VIEWPORT_BANDS[i + 1];
  return next === undefined ? `${band} px and wider` : `${band}–${next - 1} px`;
}

/* ---------- Core Web Vitals ---------- */

/** The vitals the dashboard rates, by their stored rum- name, with web-vitals' metric name. */
export const REPORT_VITALS = [
  { metric: 'rum-lcp', name: 'LCP', label: 'Largest Contentful Paint', unit: 'ms' },
  { metric: 'rum-inp', name: 'INP', label: 'Interaction to Next Paint', unit: 'ms' },
  { metric: 'rum-cls', name: 'CLS', label: 'Cumulative Layout Shift', unit: '' },
  { metric: 'rum-fcp', name: 'FCP', label: 'First Contentful Paint', unit: 'ms' },
  { metric: 'rum-ttfb', name: 'TTFB', label: 'Time to First Byte', unit: 'ms' },
] as const;
export type ReportVital = (typeof REPORT_VITALS)[number];
export type VitalName = ReportVital['name'];

export const RATING_LABELS = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const;
export type VitalRating = keyof typeof RATING_LABELS;

/** A vital's value as people read it: milliseconds rounded, or seconds from one second on; CLS with two decimals. */
export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(2);
  return Math.round(value) >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/* ---------- referrals and campaigns ---------- */

/**
 * Whether a pixel hit came from another page of the same site (its referrer's host is the landing
 * page's): such a hit is a step inside a visit, not a referral, and the referrers report leaves it out.
 */
export function isInternalReferral(referrerHost: string, landing: string): boolean {
  if (referrerHost === '') return false;
  try {
    return new URL(landing).host.toLowerCase() === referrerHost;
  } catch {
    return false;
  }
}
/** The Track pixel's campaign parameters (seed 001 §7), as campaign_daily keeps them ('' for one not given). */
export const CAMPAIGN_FIELDS = TRACK_QUERY_PARAMS;

/* ---------- CSV exports ---------- */

/** The report's tables that download as CSV (GET /api/config/analytics/csv/:table). */
export const REPORT_TABLES = ['days', 'pages', 'referrers', 'campaigns', 'devices', 'viewports', 'forms', 'buttons', 'vitals', 'errors'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
