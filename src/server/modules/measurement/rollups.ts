/**
 * The rollups, added out of the request path (`rollUp`): right after a batch commits, one
 * transaction takes the queued rows (FOR UPDATE SKIP LOCKED, so app servers share the work and
 * never add one twice), adds them up and deletes them. Rollup rows are locked in one order (sorted
 * keys, tables in a fixed order), so concurrent rollups, here or on another app server, wait for
 * each other rather than deadlock. A report first adds what is queued (`rollUp` waiting for rows
 * another server holds), so it shows every acknowledged call; rows left by a server that stopped
 * are added by the next rollup on any server. Also the counting helpers a batch shares with them.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../db/client';
import { campaignDaily, censusTargetDaily, deviceDaily, pageDailyStats, referrerDaily, visitorDays, vitalsDaily } from './schema';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * INSERT INTO table (columns) SELECT … FROM jsonb_to_recordset($rows): any number of rows as one
 * parameter. Rows are keyed by the schema's property names; `id` and `receivedAt` take their defaults.
 */
export function insertRows(table: PgTable, rows: readonly object[], tail: SQL = sql``): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'id' && key !== 'receivedAt');
  const targets = columns.map(([, c]) => quoted(c.name)).join(', ');
  const sources = columns.map(([key]) => quoted(key)).join(', ');
  const types = columns.map(([key, c]) => `${quoted(key)} ${c.getSQLType()}`).join(', ');
  return sql`INSERT INTO ${sql.raw(quoted(getTableName(table)))} (${sql.raw(targets)}) SELECT ${sql.raw(sources)} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${sql.raw(types)}) ${tail}`;
}

/** Adds `n` to the counter under `key`, keeping the key's fields for the row. */
export function tally<T extends object>(counts: Map<string, { fields: T; n: number }>, key: string, fields: T, n = 1) {
  const entry = counts.get(key);
  if (entry) entry.n += n;
  else counts.set(key, { fields, n });
}

/** Rows in key order, so every batch locks rollup rows in the same order. */
export const sorted = <V>(counts: Map<string, V>): V[] => [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

export const PAGE_COUNTERS = ['pageViews', 'visits', 'formRenders', 'buttonRenders', 'buttonClicks', 'overlayViews', 'quickViews'] as const;
export type PageCounter = (typeof PAGE_COUNTERS)[number];

export const key = (...parts: (string | number)[]) => parts.join('\u0000');
const addition = (table: string, columns: readonly string[]) => sql.raw(columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));

export type Site = { websiteId: string; day: string };
type Tally<F> = Map<string, { fields: F; n: number }>;
type PageCounts = { fields: Site & { pagePath: string }; counts: Record<PageCounter, number> };
type DeviceCounts = { fields: Site & { device: string; viewportBand: number }; pageViews: number; visits: number };

type TargetFields = Site & { kind: string; targetId: string; label: string; link: string };

/** The rollup rows a batch adds up to, by key. */
export type Rollups = {
  pages: Map<string, PageCounts>;
  visitors: Map<string, Site & { visitorHash: string }>;
  devices: Map<string, DeviceCounts>;
  vitals: Tally<Site & { pagePath: string; metric: string; bucket: number }>;
  referrers: Tally<Site & { referrerHost: string }>;
  campaigns: Tally<Record<string, string>>;
  targets: Tally<TargetFields>;
};

const ROLLUP_KINDS = ['pages', 'visitors', 'devices', 'vitals', 'referrers', 'campaigns', 'targets'] as const;
/** A batch's rollups as queued: each kind's entries (the maps' values; keys are derived again from their fields). */
type QueuedRollups = { [K in keyof Rollups]?: (Rollups[K] extends Map<string, infer V> ? V : never)[] };

/** Each rollup kind, none counted yet. */
export const emptyRollups = (): Rollups => ({
  pages: new Map(),
  visitors: new Map(),
  devices: new Map(),
  vitals: new Map(),
  referrers: new Map(),
  campaigns: new Map(),
  targets: new Map(),
});

export const queued = (rows: Rollups): QueuedRollups => Object.fromEntries(ROLLUP_KINDS.filter((k) => rows[k].size > 0).map((k) => [k, [...rows[k].values()]]));

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
      const rollups = emptyRollups();
      for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) addQueued(rollups, row.rollups);
      await writeRollups(tx, rollups);
      return rows.length;
    });
    added += n;
    if (n === 0) return added;
  }
}

/**
 * One rollup at a time per app server: right after a batch commits (`soon`), and every `sweepMs`
 * for batches a stopped server left queued. A failed rollup leaves its batches queued for the next.
 */
export function rollupLoop(db: Db, sweepMs: number) {
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
