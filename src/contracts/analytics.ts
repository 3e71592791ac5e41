/**
 * The owner's analytics dashboard as the server answers it: GET /api/config/analytics (the
 * report over a range of site days), GET /api/config/analytics/errors (the recent JavaScript
 * errors, a page at a time) and GET /api/config/analytics/sales (the store's sales over the same
 * range, by day). The rules behind the figures are src/domain/analytics-report.ts and
 * src/domain/sales-figures.ts.
 */
import { z } from 'zod';
import { type CAMPAIGN_FIELDS, DEVICE_CLASSES, RATING_LABELS, REPORT_VITALS } from '../domain/analytics-report';
import { CURRENCY_CODES, type CurrencyCode } from '../domain/commerce';
import type { SalesDay, SalesTotals } from '../domain/sales-figures';

const count = z.number();
const VITAL_NAMES = REPORT_VITALS.map((v) => v.name) as [VitalName, ...VitalName[]];
type VitalName = (typeof REPORT_VITALS)[number]['name'];

/** Site days, both ends included. */
export const reportRange = z.object({ from: z.string(), to: z.string() });
export type ReportRange = z.infer<typeof reportRange>;

export const totals = z.object({ visits: count, visitors: count, pageViews: count });
export const dayRow = z.object({ day: z.string(), visits: count, visitors: count, pageViews: count });
export const pageRow = z.object({ pagePath: z.string(), pageViews: count, visits: count });
export const referrerRow = z.object({ referrerHost: z.string(), hits: count });
/** One row per campaign: the Track pixel's campaign parameters (CAMPAIGN_FIELDS, '' for one not given) and the hits. */
export const campaignRow = z.object({
  source: z.string(),
  campaign: z.string(),
  subcampaign: z.string(),
  channel: z.string(),
  subchannel: z.string(),
  variation: z.string(),
  mkwid: z.string(),
  hits: count,
}) satisfies z.ZodType<Record<(typeof CAMPAIGN_FIELDS)[number], string> & { hits: number }>;
export const deviceRow = z.object({ device: z.enum(DEVICE_CLASSES), label: z.string(), visits: count, pageViews: count });
export const viewportRow = z.object({ band: z.number(), label: z.string(), visits: count, pageViews: count });
export const formRow = z.object({ formId: z.string(), name: z.string(), views: count, submissions: count });
export const buttonRow = z.object({ buttonId: z.string(), text: z.string(), link: z.string(), renders: count, clicks: count });
const vitalRating = z.enum(Object.keys(RATING_LABELS) as [keyof typeof RATING_LABELS, ...(keyof typeof RATING_LABELS)[]]);
export const vitalValue = z.object({ p75: z.number(), display: z.string(), rating: vitalRating, ratingLabel: z.string(), samples: count });
/** A page's vitals (pagePath null: every page of the site together). */
export const vitalsRow = z.object({ pagePath: z.string().nullable(), samples: count, metrics: z.partialRecord(z.enum(VITAL_NAMES), vitalValue) });

export const errorRow = z.object({
  /** Where this error stands in the newest-first order: the next page starts after it. */
  cursor: z.string(),
  receivedAt: z.string(),
  message: z.string(),
  stack: z.string(),
  url: z.string(),
  file: z.string().nullable(),
  line: z.number().nullable(),
  column: z.number().nullable(),
  userAgent: z.string().nullable(),
});
export const errorsPage = z.object({ errors: z.array(errorRow), next: z.string().nullable() });

/** GET /api/config/analytics: the dashboard's figures (its errors come a page at a time from GET /api/config/analytics/errors). */
export const dashboardReport = z.object({
  range: reportRange,
  /** The site's time zone, whose calendar days the range counts. */
  timeZone: z.string(),
  totals,
  days: z.array(dayRow),
  pages: z.array(pageRow),
  referrers: z.array(referrerRow),
  campaigns: z.array(campaignRow),
  devices: z.array(deviceRow),
  viewports: z.array(viewportRow),
  forms: z.array(formRow),
  buttons: z.array(buttonRow),
  /** The site's row first (pagePath null), then the pages with the most samples. */
  vitals: z.array(vitalsRow),
  /** web-vitals' thresholds: good up to the first, poor above the second. */
  thresholds: z.record(z.enum(VITAL_NAMES), z.tuple([z.number(), z.number()]).readonly()),
});

/** One site day of sales: the sales' revenue (minor units of the store's currency, refunds taken off) and count, and the product views. */
export const salesDay = z.object({
  day: z.string(),
  revenueCents: count,
  orders: count,
  /** Page views of product pages. */
  productPageViews: count,
  /** Products opened in a quick view. */
  quickViews: count,
}) satisfies z.ZodType<SalesDay>;

/**
 * GET /api/config/analytics/sales?from&to: the sales over the dashboard's range, every day of it
 * listed, in the store's currency (src/domain/sales-figures.ts says which orders are sales).
 */
export const salesReport = z.object({
  range: reportRange,
  timeZone: z.string(),
  currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]]),
  totals: z.object({
    revenueCents: count,
    orders: count,
    averageOrderCents: count.nullable(),
    productPageViews: count,
    quickViews: count,
    /** Orders per 100 product views, one decimal. */
    conversionPercent: count.nullable(),
  }) satisfies z.ZodType<SalesTotals>,
  days: z.array(salesDay),
  /** Orders of the range that would be sales but were placed in test mode: left out of every figure. */
  testOrders: count,
  /** Orders of the range that would be sales but are in another currency than the store's now (placed before it changed): left out. */
  otherCurrencyOrders: count,
});

export type Totals = z.infer<typeof totals>;
export type DayRow = z.infer<typeof dayRow>;
export type PageRow = z.infer<typeof pageRow>;
export type ReferrerRow = z.infer<typeof referrerRow>;
export type CampaignRow = z.infer<typeof campaignRow>;
export type DeviceRow = z.infer<typeof deviceRow>;
export type ViewportRow = z.infer<typeof viewportRow>;
export type FormRow = z.infer<typeof formRow>;
export type ButtonRow = z.infer<typeof buttonRow>;
export type VitalValue = z.infer<typeof vitalValue>;
export type VitalsRow = z.infer<typeof vitalsRow>;
export type ErrorRow = z.infer<typeof errorRow>;
export type ErrorsPage = z.infer<typeof errorsPage>;
export type DashboardReport = z.infer<typeof dashboardReport>;
export type SalesReport = z.infer<typeof salesReport>;
