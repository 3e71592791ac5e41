/**
 * What one batch of measurement calls writes, counted in memory: each raw table's rows and the
 * rollup rows they add up to (queued for ./rollups.ts), derived by the same rules a recount would use:
 * - page_daily_stats: page views (census event 1), visits (a hit that starts its visit: the first
 *   hit whose (day, visitor, visit start) inserts a visit_starts row), and the census counts;
 * - visitor_days: every hit's visitor;
 * - vitals_daily: page_speed records with a value, by log-scale bucket;
 * - referrer_daily and campaign_daily: Track hits;
 * - device_daily: page views and visits (as in page_daily_stats) by the hit's device class and
 *   viewport width band (domain/analytics-report.ts);
 * - census_target_daily: the census counts by kind and target, with a button's latest text and address.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { sql } from 'drizzle-orm';
import {
  analyticsEvents,
  censusEvents,
  censusHits,
  javascriptErrors,
  measurementRollupQueue,
  performanceRecords,
  recordedEvents,
  traceEvents,
  trackHits,
} from './schema';
import { deviceClass, isInternalReferral, viewportBand } from '../../../domain/analytics-report';
import type { CensusCountKind } from '../../../domain/measurement';
import { bucketOf } from './measurement-histogram';
import { emptyRollups, insertRows, key, PAGE_COUNTERS, queued, sorted, tally, type PageCounter, type Rollups, type Site } from './rollups';

type Row<T extends PgTable> = Omit<T['$inferInsert'], 'websiteId' | 'day' | 'id' | 'receivedAt'>;

export type CensusHitRow = Omit<Row<typeof censusHits>, 'newVisit'>;
export type CensusEventRow = Row<typeof censusEvents> & { kind: CensusCountKind };

/** What one call adds: its rows, each table's without website_id and day (the call's). */
export type Ingest = {
  websiteId: string;
  day: string;
  /** The rate-limit key of the caller (a salted hash of the address). */
  clientHash: string;
  censusHits?: CensusHitRow[];
  censusEvents?: CensusEventRow[];
  analyticsEvents?: Row<typeof analyticsEvents>[];
  recordedEvents?: Row<typeof recordedEvents>[];
  performanceRecords?: Row<typeof performanceRecords>[];
  javascriptErrors?: Row<typeof javascriptErrors>[];
  traceEvents?: Row<typeof traceEvents>[];
  trackHits?: Row<typeof trackHits>[];
};

const RAW_TABLES = [
  ['censusHits', censusHits],
  ['censusEvents', censusEvents],
  ['analyticsEvents', analyticsEvents],
  ['recordedEvents', recordedEvents],
  ['performanceRecords', performanceRecords],
  ['javascriptErrors', javascriptErrors],
  ['traceEvents', traceEvents],
  ['trackHits', trackHits],
] as const;

type RawKey = (typeof RAW_TABLES)[number][0];

export function rowCount(ingest: Ingest): number {
  let n = 0;
  for (const [key] of RAW_TABLES) n += ingest[key]?.length ?? 0;
  return n;
}

const COUNTER_OF_KIND: Record<CensusCountKind, PageCounter> = {
  'button-render': 'buttonRenders',
  'button-click': 'buttonClicks',
  'form-render': 'formRenders',
  overlay: 'overlayViews',
  'quick-view': 'quickViews',
};
const CAMPAIGN_FIELDS = ['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'variation', 'mkwid'] as const;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a batch writes: each raw table's rows, and the rollup rows they add up to. */
type BatchRows = Rollups & { raw: Map<RawKey, object[]> };

const emptyRows = (): BatchRows => ({ raw: new Map(), ...emptyRollups() });

const siteOf = (ingest: Ingest): Site => ({ websiteId: ingest.websiteId, day: ingest.day });

function pushRaw(rows: BatchRows, table: RawKey, ingest: Ingest, add: readonly object[] | undefined) {
  if (!add?.length) return;
  const list = rows.raw.get(table) ?? [];
  for (const row of add) list.push({ ...row, ...siteOf(ingest) });
  rows.raw.set(table, list);
}

function countPage(rows: BatchRows, ingest: Ingest, pagePath: string, counter: PageCounter) {
  const k = key(ingest.websiteId, ingest.day, pagePath);
  let entry = rows.pages.get(k);
  if (!entry) {
    entry = { fields: { ...siteOf(ingest), pagePath }, counts: Object.fromEntries(PAGE_COUNTERS.map((c) => [c, 0])) as Record<PageCounter, number> };
    rows.pages.set(k, entry);
  }
  entry.counts[counter] += 1;
}

type Hit = { ingest: Ingest; hit: CensusHitRow };
const visitKey = ({ ingest, hit }: Hit) => key(ingest.websiteId, ingest.day, hit.visitorHash, hit.visitStart);

/**
 * Visits first: inserts a visit_starts row for every visit the hits name, and answers the visits
 * whose row this batch inserted. The first hit of each of those starts its visit.
 */
async function startVisits(tx: Executor, hits: readonly Hit[]): Promise<Set<string>> {
  const visits = new Map<string, Site & { visitorHash: string; visitStart: number }>();
  for (const h of hits) visits.set(visitKey(h), { ...siteOf(h.ingest), visitorHash: h.hit.visitorHash, visitStart: h.hit.visitStart });
  const started = new Set<string>();
  if (visits.size === 0) return started;
  const { rows } = await tx.execute<{ website_id: string; day: string; visitor_hash: string; visit_start: string }>(
    sql`INSERT INTO visit_starts (website_id, day, visitor_hash, visit_start)
        SELECT "websiteId", "day", "visitorHash", "visitStart" FROM jsonb_to_recordset(${JSON.stringify(sorted(visits))}::jsonb)
          AS x("websiteId" text, "day" date, "visitorHash" text, "visitStart" bigint)
        ON CONFLICT DO NOTHING RETURNING website_id, day::text AS day, visitor_hash, visit_start`,
  );
  for (const r of rows) started.add(key(r.website_id, r.day, r.visitor_hash, Number(r.visit_start)));
  return started;
}

/** Census hits: their rows (marked when they start a visit), the day's visitors, page views and visits by page and by device. */
function countHits(rows: BatchRows, hits: readonly Hit[], started: Set<string>) {
  for (const h of hits) {
    const { ingest, hit } = h;
    const newVisit = started.delete(visitKey(h));
    pushRaw(rows, 'censusHits', ingest, [{ ...hit, newVisit }]);
    rows.visitors.set(key(ingest.websiteId, ingest.day, hit.visitorHash), { ...siteOf(ingest), visitorHash: hit.visitorHash });
    if (hit.event === 1) countPage(rows, ingest, hit.pagePath, 'pageViews');
    if (newVisit) countPage(rows, ingest, hit.pagePath, 'visits');
    if (hit.event === 1 || newVisit) {
      const device = deviceClass(hit.userAgent, hit.viewportInnerWidth);
      const band = viewportBand(hit.viewportInnerWidth);
      const k = key(ingest.websiteId, ingest.day, device, band);
      const entry = rows.devices.get(k) ?? { fields: { ...siteOf(ingest), device, viewportBand: band }, pageViews: 0, visits: 0 };
      if (hit.event === 1) entry.pageViews += 1;
      if (newVisit) entry.visits += 1;
      rows.devices.set(k, entry);
    }
  }
}

/** Census counts: their rows, the page's counter of their kind, and the count per target (a button's latest text and address win, in the batch as over batches). */
function countCensusEvents(rows: BatchRows, ingest: Ingest) {
  pushRaw(rows, 'censusEvents', ingest, ingest.censusEvents);
  for (const e of ingest.censusEvents ?? []) {
    countPage(rows, ingest, e.pagePath, COUNTER_OF_KIND[e.kind]);
    const button = e.kind === 'button-render' || e.kind === 'button-click';
    const fields = {
      ...siteOf(ingest),
      kind: e.kind,
      targetId: e.targetId,
      label: button ? textOf(e.data.buttonText) : '',
      link: button ? textOf(e.data.clickthroughUrl) : '',
    };
    const k = key(ingest.websiteId, ingest.day, e.kind, e.targetId);
    const entry = rows.targets.get(k);
    if (entry) Object.assign(entry, { fields, n: entry.n + 1 });
    else rows.targets.set(k, { fields, n: 1 });
  }
}

/** Performance records: their rows, and page_speed values by page, metric and log-scale bucket. */
function countPerformance(rows: BatchRows, ingest: Ingest) {
  pushRaw(rows, 'performanceRecords', ingest, ingest.performanceRecords);
  for (const r of ingest.performanceRecords ?? []) {
    if (r.event !== 'page_speed' || r.value === null || r.value === undefined) continue;
    const bucket = bucketOf(r.value);
    tally(rows.vitals, key(ingest.websiteId, ingest.day, r.pagePath, r.name, bucket), { ...siteOf(ingest), pagePath: r.pagePath, metric: r.name, bucket });
  }
}

/** Track hits: their rows, and the day's hits by referrer host (not the site's own) and by campaign parameters. */
function countTrackHits(rows: BatchRows, ingest: Ingest) {
  pushRaw(rows, 'trackHits', ingest, ingest.trackHits);
  for (const t of ingest.trackHits ?? []) {
    if (!isInternalReferral(t.referrerHost, t.landing)) {
      tally(rows.referrers, key(ingest.websiteId, ingest.day, t.referrerHost), { ...siteOf(ingest), referrerHost: t.referrerHost });
    }
    const campaign = Object.fromEntries(CAMPAIGN_FIELDS.map((f) => [f, t[f] ?? '']));
    tally(rows.campaigns, key(ingest.websiteId, ingest.day, ...CAMPAIGN_FIELDS.map((f) => campaign[f]!)), { ...siteOf(ingest), ...campaign });
  }
}

/** The raw rows, one multi-row INSERT per table, tables in RAW_TABLES order. */
async function writeRaw(tx: Executor, rows: BatchRows) {
  for (const [name, table] of RAW_TABLES) {
    const list = rows.raw.get(name);
    if (list?.length) await tx.execute(insertRows(table, list));
  }
}

/**
 * Writes one batch (the calls within their limits) inside `tx`: visits started, then every call's
 * rows counted and written, and what they add to the rollups queued.
 */
export async function writeBatch(tx: Executor, batch: readonly Ingest[]): Promise<void> {
  const rows = emptyRows();
  const hits = batch.flatMap((ingest) => (ingest.censusHits ?? []).map((hit) => ({ ingest, hit })));
  countHits(rows, hits, await startVisits(tx, hits));
  for (const ingest of batch) {
    countCensusEvents(rows, ingest);
    pushRaw(rows, 'analyticsEvents', ingest, ingest.analyticsEvents);
    pushRaw(rows, 'recordedEvents', ingest, ingest.recordedEvents);
    countPerformance(rows, ingest);
    pushRaw(rows, 'javascriptErrors', ingest, ingest.javascriptErrors);
    pushRaw(rows, 'traceEvents', ingest, ingest.traceEvents);
    countTrackHits(rows, ingest);
  }
  await writeRaw(tx, rows);
  const rollups = queued(rows);
  if (Object.keys(rollups).length > 0) await tx.insert(measurementRollupQueue).values({ rollups });
}
