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
 * What a batch writes and adds up is ./ingest-batch.ts; the rollups are ./rollups.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import type { Metrics } from '../../metrics';
import { createBatchWriter, isRowError } from '../../group-commit/batch-writer';
import { rowCount, writeBatch, type Ingest } from './ingest-batch';
import { key, rollupLoop, sorted, tally } from './rollups';

export type { CensusEventRow, CensusHitRow, Ingest } from './ingest-batch';

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
