/**
 * The measurement batch writer. A call, once validated, becomes one `Ingest` (its raw rows) and
 * waits in a group-commit queue (./batch-writer.ts): as soon as one of the writers (two) is free,
 * it takes what waits, up to `maxRows` rows, so a quiet site's call is written at once and under
 * load the calls that arrive while a batch commits form the next one. One transaction per batch:
 * the rate-limit windows, the visits the hits start, the raw rows (one multi-row INSERT per table,
 * the rows passed as one JSON parameter) and one `measurement_rollup_queue` row holding what the
 * batch adds to the rollups, counted in memory. A call is answered only once the batch holding it
 * has committed, so an acknowledged event is never lost; when the database refuses a batch, every
 * call in it fails (IngestUnavailableError) and nothing of the batch is kept, except that a batch
 * refused for its data is written again call by call, so one bad row fails only its own call.
 *
 * The rollups are added out of the request path (`rollUp`): right after a batch commits, one
 * transaction takes the queued rows (FOR UPDATE SKIP LOCKED, so app servers share the work and
 * never add one twice), adds them up and deletes them. Rollup rows are locked in one order (sorted
 * keys, tables in a fixed order), so concurrent rollups, here or on another app server, wait for
 * each other rather than deadlock. A report first adds what is queued (`rollUp` waiting for rows
 * another server holds), so it shows every acknowledged call; rows left by a server that stopped
 * are added by the next rollup on any server.
 *
 * The rollups are derived from the batch's raw rows by the same rules a recount would use:
 * - page_daily_stats: page views (census event 1), visits (a hit that starts its visit: the first
 *   hit whose (day, visitor, visit start) inserts a visit_starts row), and the census counts;
 * - visitor_days: every hit's visitor;
 * - vitals_daily: page_speed records with a value, by log-scale bucket;
 * - referrer_daily and campaign_daily: Track hits;
 * - device_daily: page views and visits (as in page_daily_stats) by the hit's device class and
 *   viewport width band (domain/analytics-report.ts);
 * - census_target_daily: the census counts by kind and target, with a button's latest text and address.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../db/client';
import type { Metrics } from '../../metrics';
import {
  analyticsEvents,
  campaignDaily,
  censusEvents,
  censusHits,
  censusTargetDaily,
  deviceDaily,
  javascriptErrors,
  measurementRollupQueue,
  pageDailyStats,
  performanceRecords,
  recordedEvents,
  referrerDaily,
  traceEvents,
  trackHits,
  visitorDays,
  vitalsDaily,
} from './schema';
import { deviceClass, isInternalReferral, viewportBand } from '../../../domain/analytics-report';
import type { CensusCountKind } from '../../../domain/measurement';
import { createBatchWriter, isRowError } from '../../group-commit/batch-writer';
import { bucketOf } from './measurement-histogram';

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

export type IngestLimit = { max: number; windowMs: number };
export type IngestOutcome = { stored: true } | { stored: false; retryAfterMs: number };

/** The database refused the batch, or too much is already waiting: the call is not stored. */
export class IngestUnavailableError extends Error {}

export type IngestWriter = {
  /** Resolves once the call's rows have committed, or it was over its rate limit. */
  submit(ingest: Ingest): Promise<IngestOutcome>;
  /** Writes what waits, then adds every committed batch to the rollups. */
  flush(): Promise<void>;
  /** Writes what waits and adds it to the rollups, then refuses further calls. */
  close(): Promise<void>;
};

export type IngestWriterOptions = {
  /** Calls per client and site in each window; null: no limit (the benchmark's single address). */
  limit: IngestLimit | null;
  maxRows?: number;
  /** Rows that may wait before calls are refused outright. */
  maxWaitingRows?: number;
  /** Batches written at once (each holds one pooled connection). */
  concurrency?: number;
  /** Where batch sizes and commit waits are recorded (writer 'census'). */
  metrics?: Metrics;
  /** How often queued rollups left by any app server are looked for, in ms. */
  rollupSweepMs?: number;
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

function rowCount(ingest: Ingest): number {
  let n = 0;
  for (const [key] of RAW_TABLES) n += ingest[key]?.length ?? 0;
  return n;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * INSERT INTO table (columns) SELECT … FROM jsonb_to_recordset($rows): any number of rows as one
 * parameter. Rows are keyed by the schema's property names; `id` and `receivedAt` take their defaults.
 */
function insertRows(table: PgTable, rows: readonly object[], tail: SQL = sql``): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'id' && key !== 'receivedAt');
  const targets = columns.map(([, c]) => quoted(c.name)).join(', ');
  const sources = columns.map(([key]) => quoted(key)).join(', ');
  const types = columns.map(([key, c]) => `${quoted(key)} ${c.getSQLType()}`).join(', ');
  return sql`INSERT INTO ${sql.raw(quoted(getTableName(table)))} (${sql.raw(targets)}) SELECT ${sql.raw(sources)} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${sql.raw(types)}) ${tail}`;
}

/** Adds `n` to the counter under `key`, keeping the key's fields for the row. */
function tally<T extends object>(counts: Map<string, { fields: T; n: number }>, key: string, fields: T, n = 1) {
  const entry = counts.get(key);
  if (entry) entry.n += n;
  else counts.set(key, { fields, n });
}

/** Rows in key order, so every batch locks rollup rows in the same order. */
const sorted = <V>(counts: Map<string, V>): V[] => [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

const PAGE_COUNTERS = ['pageViews', 'visits', 'formRenders', 'buttonRenders', 'buttonClicks', 'overlayViews', 'quickViews'] as const;
type PageCounter = (typeof PAGE_COUNTERS)[number];
const COUNTER_OF_KIND: Record<CensusCountKind, PageCounter> = {
  'button-render': 'buttonRenders',
  'button-click': 'buttonClicks',
  'form-render': 'formRenders',
  overlay: 'overlayViews',
  'quick-view': 'quickViews',
};
const CAMPAIGN_FIELDS = ['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'variation', 'mkwid'] as const;

const key = (...parts: (string | number)[]) => parts.join('\u0000');
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const addition = (table: string, columns: readonly string[]) => sql.raw(columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));

type Site = { websiteId: string; day: string };
type Tally<F> = Map<string, { fields: F; n: number }>;
type PageCounts = { fields: Site & { pagePath: string }; counts: Record<PageCounter, number> };
type DeviceCounts = { fields: Site & { device: string; viewportBand: number }; pageViews: number; visits: number };

type TargetFields = Site & { kind: string; targetId: string; label: string; link: string };

/** The rollup rows a batch adds up to, by key. */
type Rollups = {
  pages: Map<string, PageCounts>;
  visitors: Map<string, Site & { visitorHash: string }>;
  devices: Map<string, DeviceCounts>;
  vitals: Tally<Site & { pagePath: string; metric: string; bucket: number }>;
  referrers: Tally<Site & { referrerHost: string }>;
  campaigns: Tally<Record<string, string>>;
  targets: Tally<TargetFields>;
};

/** What a batch writes: each raw table's rows, and the rollup rows they add up to. */
type BatchRows = Rollups & { raw: Map<RawKey, object[]> };

const ROLLUP_KINDS = ['pages', 'visitors', 'devices', 'vitals', 'referrers', 'campaigns', 'targets'] as const;
/** A batch's rollups as queued: each kind's entries (the maps' values; keys are derived again from their fields). */
type QueuedRollups = { [K in keyof Rollups]?: (Rollups[K] extends Map<string, infer V> ? V : never)[] };

const emptyRows = (): BatchRows => ({
  raw: new Map(),
  pages: new Map(),
  visitors: new Map(),
  devices: new Map(),
  vitals: new Map(),
  referrers: new Map(),
  campaigns: new Map(),
  targets: new Map(),
});

const queued = (rows: Rollups): QueuedRollups => Object.fromEntries(ROLLUP_KINDS.filter((k) => rows[k].size > 0).map((k) => [k, [...rows[k].values()]]));

/** Adds one queued batch to `rows`; batches are added in the order they were queued, so a button's latest text wins. */
function addQueued(rows: Rollups, batch: QueuedRollups) {
  for (const p of batch.pages ?? []) {
    const k = key(p.fields.websiteId, p.fields.day, p.fields.pagePath);
    const entry = rows.pages.get(k);
    if (!entry) rows.pages.set(k, { fields: p.fields, counts: { ...p.counts } });
    else for (const c of PAGE_COUNTERS) entry.counts[c] += p.counts[c];
  }
  for (const v of batch.visitors ?? []) rows.visitors.set(key(v.websiteId, v.day, v.visitorHash), v);
  for (const d of batch.devices ?? []) {
    const k = key(d.fields.websiteId, d.fields.day, d.fields.device, d.fields.viewportBand);
    const entry = rows.devices.get(k);
    if (!entry) rows.devices.set(k, { ...d });
    else Object.assign(entry, { pageViews: entry.pageViews + d.pageViews, visits: entry.visits + d.visits });
  }
  for (const kind of ['vitals', 'referrers', 'campaigns'] as const) {
    for (const t of batch[kind] ?? []) tally(rows[kind] as Tally<object>, key(...Object.values(t.fields)), t.fields, t.n);
  }
  for (const t of batch.targets ?? []) {
    const k = key(t.fields.websiteId, t.fields.day, t.fields.kind, t.fields.targetId);
    const entry = rows.targets.get(k);
    rows.targets.set(k, { fields: t.fields, n: (entry?.n ?? 0) + t.n });
  }
}

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

/** The rollups, added to what is stored: tables in a fixed order, rows in key order, so concurrent rollups wait rather than deadlock. */
async function writeRollups(tx: Executor, rows: Rollups) {
  if (rows.visitors.size) await tx.execute(insertRows(visitorDays, sorted(rows.visitors), sql`ON CONFLICT DO NOTHING`));
  if (rows.pages.size) {
    const pageRows = sorted(rows.pages).map((p) => ({ ...p.fields, ...p.counts }));
    await tx.execute(
      insertRows(
        pageDailyStats,
        pageRows,
        sql`ON CONFLICT (website_id, day, page_path) DO UPDATE SET ${addition('page_daily_stats', ['page_views', 'visits', 'form_renders', 'button_renders', 'button_clicks', 'overlay_views', 'quick_views'])}`,
      ),
    );
  }
  if (rows.vitals.size) {
    const vitalRows = sorted(rows.vitals).map((v) => ({ ...v.fields, count: v.n }));
    await tx.execute(
      insertRows(vitalsDaily, vitalRows, sql`ON CONFLICT (website_id, day, page_path, metric, bucket) DO UPDATE SET ${addition('vitals_daily', ['count'])}`),
    );
  }
  if (rows.referrers.size) {
    const referrerRows = sorted(rows.referrers).map((r) => ({ ...r.fields, hits: r.n }));
    await tx.execute(
      insertRows(referrerDaily, referrerRows, sql`ON CONFLICT (website_id, day, referrer_host) DO UPDATE SET ${addition('referrer_daily', ['hits'])}`),
    );
  }
  if (rows.campaigns.size) {
    const campaignRows = sorted(rows.campaigns).map((c) => ({ ...c.fields, hits: c.n }));
    await tx.execute(
      insertRows(campaignDaily, campaignRows, sql`ON CONFLICT ON CONSTRAINT campaign_daily_pk DO UPDATE SET ${addition('campaign_daily', ['hits'])}`),
    );
  }
  if (rows.devices.size) {
    const deviceRows = sorted(rows.devices).map((d) => ({ ...d.fields, pageViews: d.pageViews, visits: d.visits }));
    await tx.execute(
      insertRows(
        deviceDaily,
        deviceRows,
        sql`ON CONFLICT (website_id, day, device, viewport_band) DO UPDATE SET ${addition('device_daily', ['page_views', 'visits'])}`,
      ),
    );
  }
  if (rows.targets.size) {
    const targetRows = sorted(rows.targets).map((t) => ({ ...t.fields, count: t.n }));
    await tx.execute(
      insertRows(
        censusTargetDaily,
        targetRows,
        sql`ON CONFLICT (website_id, day, kind, target_id) DO UPDATE SET ${addition('census_target_daily', ['count'])}, label = excluded.label, link = excluded.link`,
      ),
    );
  }
}

/**
 * Writes one batch (the calls within their limits) inside `tx`: visits started, then every call's
 * rows counted and written, and what they add to the rollups queued.
 */
async function writeBatch(tx: Executor, batch: readonly Ingest[]): Promise<void> {
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

/** Queued batches added up in one rollup transaction. */
const ROLLUP_BATCHES = 200;

/**
 * Adds queued batches to the rollups, ROLLUP_BATCHES at a time, each time in one transaction that
 * also deletes them, until none is left; answers how many were added. Batches another app server
 * is adding are skipped, or with `wait` waited for (a report's reading then includes them).
 */
export async function rollUp(db: Db, opts: { wait?: boolean } = {}): Promise<number> {
  // Waiting, only what was queued when it began: batches committing meanwhile cannot keep it going.
  const last = opts.wait ? (await db.execute<{ id: string | null }>(sql`SELECT max(id) AS id FROM measurement_rollup_queue`)).rows[0]?.id : undefined;
  if (opts.wait && last == null) return 0;
  const upTo = last == null ? sql`` : sql`WHERE id <= ${last}`;
  let added = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; rollups: QueuedRollups }>(sql`
        DELETE FROM measurement_rollup_queue WHERE id IN (
          SELECT id FROM measurement_rollup_queue ${upTo} ORDER BY id LIMIT ${ROLLUP_BATCHES} FOR UPDATE ${opts.wait ? sql`` : sql`SKIP LOCKED`})
        RETURNING id, rollups`);
      if (rows.length === 0) return 0;
      const rollups = emptyRows();
      for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) addQueued(rollups, row.rollups);
      await writeRollups(tx, rollups);
      return rows.length;
    });
    added += n;
    if (n === 0) return added;
  }
}

/**
 * Counts each call against its client's window (one upsert for the whole batch) and answers, per
 * call, whether it is within the limit; the first calls of a client in the batch take what is left.
 */
async function countAgainstLimits(tx: Executor, batch: readonly Ingest[], limit: IngestLimit): Promise<(number | undefined)[]> {
  const clients = new Map<string, { fields: { websiteId: string; clientHash: string }; n: number }>();
  for (const ingest of batch) tally(clients, key(ingest.websiteId, ingest.clientHash), { websiteId: ingest.websiteId, clientHash: ingest.clientHash });
  const rows = sorted(clients).map((c) => ({ ...c.fields, hits: c.n }));
  const { rows: counted } = await tx.execute<{ website_id: string; client_hash: string; hits: number; retry_ms: number }>(sql`
    INSERT INTO measurement_limits (website_id, client_hash, hits, window_ends_at)
    SELECT "websiteId", "clientHash", "hits", now() + make_interval(secs => ${limit.windowMs / 1000})
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x("websiteId" text, "clientHash" text, "hits" integer)
    ON CONFLICT (website_id, client_hash) DO UPDATE SET
      hits = CASE WHEN measurement_limits.window_ends_at <= now() THEN excluded.hits ELSE measurement_limits.hits + excluded.hits END,
      window_ends_at = CASE WHEN measurement_limits.window_ends_at <= now() THEN excluded.window_ends_at ELSE measurement_limits.window_ends_at END
    RETURNING website_id, client_hash, hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS retry_ms`);
  const left = new Map<string, { left: number; retryMs: number }>();
  for (const r of counted) {
    const k = key(r.website_id, r.client_hash);
    left.set(k, { left: limit.max - (r.hits - clients.get(k)!.n), retryMs: Math.max(0, r.retry_ms) });
  }
  return batch.map((ingest) => {
    const entry = left.get(key(ingest.websiteId, ingest.clientHash))!;
    entry.left -= 1;
    return entry.left >= 0 ? undefined : entry.retryMs;
  });
}

export function createIngestWriter(db: Db, opts: IngestWriterOptions): IngestWriter {
  const batches = createBatchWriter<Ingest, IngestOutcome>({
    name: 'census',
    metrics: opts.metrics,
    concurrency: opts.concurrency ?? 2,
    maxWeight: opts.maxRows ?? 500,
    maxWaiting: opts.maxWaitingRows ?? 50_000,
    weight: rowCount,
    // A row the database refuses (a data or constraint error) fails only its own call: the others are written again without it.
    retryAlone: isRowError,
    unavailable: (reason, cause) => new IngestUnavailableError(`measurement: ${reason}`, { cause }),
    async write(ingests) {
      const outcomes = await db.transaction(async (tx) => {
        const refused = opts.limit ? await countAgainstLimits(tx, ingests, opts.limit) : ingests.map(() => undefined);
        await writeBatch(
          tx,
          ingests.filter((_, i) => refused[i] === undefined),
        );
        return refused.map((retryAfterMs): IngestOutcome => (retryAfterMs === undefined ? { stored: true } : { stored: false, retryAfterMs }));
      });
      rollups.soon();
      return outcomes;
    },
  });
  const rollups = rollupLoop(db, opts.rollupSweepMs ?? 5000);
  return {
    submit: (ingest) => batches.submit(ingest),
    async flush() {
      await batches.flush();
      await rollups.now();
    },
    async close() {
      await batches.close();
      await rollups.stop();
    },
  };
}

/**
 * One rollup at a time per app server: right after a batch commits (`soon`), and every `sweepMs`
 * for batches a stopped server left queued. A failed rollup leaves its batches queued for the next.
 */
function rollupLoop(db: Db, sweepMs: number) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await rollUp(db).catch(() => undefined);
      } while (again && !stopped);
    })().finally(() => (running = undefined));
    return running;
  };
  const sweep = setInterval(() => void run(), sweepMs);
  sweep.unref();
  return {
    soon: () => void run(),
    /** Resolves once a rollup that began after this call has finished. */
    async now() {
      if (running) await running;
      await run();
    },
    async stop() {
      clearInterval(sweep);
      await this.now();
      stopped = true;
    },
  };
}
