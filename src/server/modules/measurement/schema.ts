/**
 * Measurement (seed 000 §3, §7; seed 001 §3, §7): what the ingestion calls store, and the rollups
 * the owner's dashboard reads. Written only by services/ingest.ts, in batches: the raw rows and
 * what they add to the rollups in one transaction, the rollups themselves right after. `day` is
 * the site's own calendar day (settings.timeZone) when the call arrived. No IP address is stored anywhere: visitors are `visitor_hash`es
 * (services/measurement.ts). No foreign keys: a key check per ingested row is the costliest part of
 * a batch, and websites are never deleted (a future site deletion deletes by website_id).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { CENSUS_EVENT_TYPES } from '../../../domain/census';
import type { CENSUS_COUNT_KINDS } from '../../../domain/measurement';
import { RECORD_TYPES } from '../../../domain/record-types';

/** One random salt per calendar day for the anonymous visitor hashes; a day's salt is deleted once no site is on that day any more. */
export const measurementSalts = pgTable('measurement_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** Ingestion rate-limit windows per site and client (a salted hash of the address), counted in each batch's transaction. */
export const measurementLimits = pgTable(
  'measurement_limits',
  {
    websiteId: text('website_id').notNull(),
    clientHash: text('client_hash').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.clientHash] })],
);

/**
 * What each committed measurement batch adds to the rollups, waiting to be added (services/ingest.ts):
 * written in the batch's own transaction, and deleted in the transaction that adds it, so every
 * batch is rolled up exactly once, by whichever app server takes it first.
 */
export const measurementRollupQueue = pgTable('measurement_rollup_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rollups: jsonb('rollups').$type<Record<string, unknown[]>>().notNull(),
});

/** The columns every raw measurement table starts with: the site, its day, and the row's arrival. */
const receivedRow = () => ({
  websiteId: text('website_id').notNull(),
  day: date('day').notNull(),
  id: bigserial('id', { mode: 'number' }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
const receivedKey = (t: { websiteId: AnyPgColumn; day: AnyPgColumn; id: AnyPgColumn }) => [primaryKey({ columns: [t.websiteId, t.day, t.id] })];

/**
 * The raw rows the dashboard's sales read (sales-report.ts), each through a partial index on
 * (website_id, day) holding only them: census hits that are page views of a product page, and
 * census counts that are quick views. The report writes these same constants into its statement,
 * so the planner matches the indexes' predicates.
 */
export const PRODUCT_VIEW_HITS = { event: CENSUS_EVENT_TYPES.PAGE_VIEW, recordType: RECORD_TYPES.PRODUCT } as const;
export const QUICK_VIEW_EVENTS = { kind: 'quick-view' } as const satisfies { kind: (typeof CENSUS_COUNT_KINDS)[number] };

/** POST /api/census/RecordHit: one row per acknowledged hit (seed 000 §3 payload; fields it does not name are in `extra`). */
export const censusHits = pgTable(
  'census_hits',
  {
    ...receivedRow(),
    /** Census event type: 1 page view, 2 site search, 10 heartbeat, 20 audio, 21 video. */
    event: smallint('event').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** The visit this hit belongs to: the visitor record's currentVisit, or 0 for an anonymous visitor (one visit a day). */
    visitStart: bigint('visit_start', { mode: 'number' }).notNull(),
    /** This hit started its visit (it is counted in page_daily_stats.visits). */
    newVisit: boolean('new_visit').notNull(),
    /** The visitor record's visit count, when the hit carried one. */
    visitCount: bigint('visit_count', { mode: 'number' }),
    pagePath: text('page_path').notNull(),
    url: text('url').notNull(),
    title: text('title'),
    templateId: text('template_id'),
    websiteLocale: text('website_locale'),
    memberLocale: text('member_locale'),
    memberAccountId: text('member_account_id'),
    userAgent: text('user_agent'),
    clientDate: bigint('client_date', { mode: 'number' }),
    viewportInnerWidth: integer('viewport_inner_width'),
    viewportInnerHeight: integer('viewport_inner_height'),
    screenWidth: integer('screen_width'),
    screenHeight: integer('screen_height'),
    itemId: text('item_id'),
    recordType: smallint('record_type'),
    collectionId: text('collection_id'),
    pagePermissionTypeValue: smallint('page_permission_type_value'),
    localStorageSupported: boolean('local_storage_supported'),
    queryString: text('query_string'),
    referrer: text('referrer'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    ...receivedKey(t),
    index('census_hits_product_views')
      .on(t.websiteId, t.day)
      .where(sql`${t.event} = ${sql.raw(String(PRODUCT_VIEW_HITS.event))} AND ${t.recordType} = ${sql.raw(String(PRODUCT_VIEW_HITS.recordType))}`),
  ],
);

/** The census counts: button-render, button-click, form-render, overlay and quick-view (seed 000 §7). */
export const censusEvents = pgTable(
  'census_events',
  {
    ...receivedRow(),
    kind: text('kind').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** '' when the call did not say which page it came from. */
    pagePath: text('page_path').notNull(),
    /** The button's id, the formId, the overlay's id or the quick-viewed item's id. */
    targetId: text('target_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    ...receivedKey(t),
    index('census_events_quick_views')
      .on(t.websiteId, t.day)
      .where(sql`${t.kind} = ${sql.raw(`'${QUICK_VIEW_EVENTS.kind}'`)}`),
  ],
);

/** POST /api/v1/events (seed 001 §3 envelope). The analytics id is kept only as a keyed hash. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    ...receivedRow(),
    analyticsIdHash: text('analytics_id_hash').notNull(),
    customSchemaName: text('custom_schema_name').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    commonData: jsonb('common_data').$type<Record<string, unknown>>().notNull(),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** POST /api/events/RecordEvent (seed 001 §7): internal events such as system_network_error. */
export const recordedEvents = pgTable(
  'recorded_events',
  {
    ...receivedRow(),
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** POST /api/1/performance/records (seed 001 §3): one row per record. */
export const performanceRecords = pgTable(
  'performance_records',
  {
    ...receivedRow(),
    pageLoadId: text('page_load_id').notNull(),
    app: text('app').notNull(),
    /** page_speed, user or image. */
    event: text('event').notNull(),
    /** The metric's rum- name (data.name). */
    name: text('name').notNull(),
    value: doublePrecision('value'),
    pagePath: text('page_path').notNull(),
    clientTimestamp: bigint('client_timestamp', { mode: 'number' }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  receivedKey,
);

/** POST /api/events/RecordJavascriptErrors (seed 000 §3 error report record). */
export const javascriptErrors = pgTable(
  'javascript_errors',
  {
    ...receivedRow(),
    event: text('event').notNull(),
    app: text('app').notNull(),
    url: text('url').notNull(),
    userAgent: text('user_agent'),
    templateId: text('template_id'),
    message: text('message').notNull(),
    /** At most 5000 characters (seed 000 §9), cut here too. */
    stack: text('stack').notNull(),
    file: text('file'),
    line: integer('line'),
    column: integer('column'),
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull(),
    clientTimestamp: bigint('client_timestamp', { mode: 'number' }).notNull(),
  },
  receivedKey,
);

/** POST /api/events/Trace (seed 001 §3 tracking-event payload). */
export const traceEvents = pgTable(
  'trace_events',
  {
    ...receivedRow(),
    pageUrl: text('page_url').notNull(),
    type: text('type').notNull(),
    /** Any JSON the event carried; NULL for a JSON null. */
    data: jsonb('data').$type<unknown>(),
  },
  receivedKey,
);

/** GET /api/track/Track (seed 001 §7): the pixel's landing, referrer and campaign; rk (a cache breaker) is not kept. */
export const trackHits = pgTable(
  'track_hits',
  {
    ...receivedRow(),
    visitorHash: text('visitor_hash').notNull(),
    landing: text('landing').notNull(),
    pagePath: text('page_path').notNull(),
    refer: text('refer').notNull(),
    /** The referrer's host, '' when there was none. */
    referrerHost: text('referrer_host').notNull(),
    lang: text('lang'),
    screen: text('screen'),
    source: text('source'),
    campaign: text('campaign'),
    subcampaign: text('subcampaign'),
    channel: text('channel'),
    subchannel: text('subchannel'),
    variation: text('variation'),
    mkwid: text('mkwid'),
  },
  receivedKey,
);

/** Per site, day and page: the counts a dashboard sums over a range. '' is the page of calls that named none. */
export const pageDailyStats = pgTable(
  'page_daily_stats',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    pagePath: text('page_path').notNull(),
    pageViews: bigint('page_views', { mode: 'number' }).notNull().default(0),
    /** Visits that started on this page (census_hits.new_visit). */
    visits: bigint('visits', { mode: 'number' }).notNull().default(0),
    formRenders: bigint('form_renders', { mode: 'number' }).notNull().default(0),
    buttonRenders: bigint('button_renders', { mode: 'number' }).notNull().default(0),
    buttonClicks: bigint('button_clicks', { mode: 'number' }).notNull().default(0),
    overlayViews: bigint('overlay_views', { mode: 'number' }).notNull().default(0),
    quickViews: bigint('quick_views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.pagePath] })],
);

/** The visitors of each site day, as a set: unique visitors over any range are COUNT(DISTINCT visitor_hash), never a sum of days. */
export const visitorDays = pgTable(
  'visitor_days',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.visitorHash] })],
);

/** Each visit seen, per day: the first hit of a visit inserts its row, and only that hit counts the visit. */
export const visitStarts = pgTable(
  'visit_starts',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    visitStart: bigint('visit_start', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.visitorHash, t.visitStart] })],
);

/** Core Web Vitals (and every rum- metric) per site, day, page and metric, as counts in fixed log-scale buckets (services/measurement-histogram.ts). */
export const vitalsDaily = pgTable(
  'vitals_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    pagePath: text('page_path').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.pagePath, t.metric, t.bucket] })],
);

/** Track hits per day by referrer host ('' for none). */
export const referrerDaily = pgTable(
  'referrer_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    referrerHost: text('referrer_host').notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.referrerHost] })],
);

/** Track hits per day by campaign parameters ('' for one the page's query did not have). */
export const campaignDaily = pgTable(
  'campaign_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    subcampaign: text('subcampaign').notNull(),
    channel: text('channel').notNull(),
    subchannel: text('subchannel').notNull(),
    variation: text('variation').notNull(),
    mkwid: text('mkwid').notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'campaign_daily_pk',
      columns: [t.websiteId, t.day, t.source, t.campaign, t.subcampaign, t.channel, t.subchannel, t.variation, t.mkwid],
    }),
  ],
);

/** Page views and visits per site day by device class and viewport width band (domain/analytics-report.ts), from census hits. */
export const deviceDaily = pgTable(
  'device_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    /** desktop, mobile, tablet or unknown (deviceClass of the hit's user agent, else its viewport width). */
    device: text('device').notNull(),
    /** The lower bound in CSS pixels of the hit's viewport width band; -1 when it gave no width. */
    viewportBand: integer('viewport_band').notNull(),
    pageViews: bigint('page_views', { mode: 'number' }).notNull(),
    /** Visits whose first hit came from this device and band. */
    visits: bigint('visits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.device, t.viewportBand] })],
);

/**
 * The census counts per site day by kind and target: a button's renders and clicks, a form's
 * renders, an overlay's views, a quick-viewed item. `label` and `link` are the button's text and
 * clickthrough address as last counted that day ('' for other kinds).
 */
export const censusTargetDaily = pgTable(
  'census_target_daily',
  {
    websiteId: text('website_id').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    label: text('label').notNull(),
    link: text('link').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.kind, t.targetId] })],
);
