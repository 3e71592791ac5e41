/**
 * Images left 'processing' by a worker killed during their last attempt (./variants-job.ts).
 *
 * A worker killed during the last attempt never marks its file 'failed' as the handler does: the
 * queue fails the job when its
 * lease runs out, without calling the handler (so an image that kills its worker cannot take every
 * app server down in turn), and the file would stay 'processing' for ever. `sweepStuckImages`, run
 * at start and every few minutes by `startImageSweep`, settles such files: see there.
 */
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { files } from '../schema/files';
import { jobs } from '../../../jobs/schema';
import type { BlobStore } from '../../../blobs/store';
import { enqueue } from '../../../jobs/queue';
import { startPeriodic, type Periodic } from '../../../jobs/periodic';
import { lockSite } from '../../sites';
import { fileIs, IMAGE_JOB_ATTEMPTS, IMAGE_JOB_KINDS, IMAGE_MORE_VARIANTS_JOB, IMAGE_VARIANTS_JOB, setFailed, strayBlobs, withFileLock } from './variants-job';

/** A file 'processing' this long (since its row last changed) with no job waiting or running for it is stuck. */
export const STUCK_AFTER_MS = 5 * 60_000;
/** How often each app server looks for stuck files (and once at start). */
export const SWEEP_EVERY_MS = 5 * 60_000;
/** Files settled per sweep at most; the rest wait for the next. */
const SWEEP_BATCH = 100;

/**
 * The delivery key of the one job the sweep may queue for a file's bytes: the key is unique among
 * jobs, so the sweep can never queue a second one for the same bytes (while the first is kept).
 */
const sweepKey = (websiteId: string, fileId: string, sha256: string) => `image-variants-sweep:${websiteId}:${fileId}:${sha256}`;

export type SweepOutcome = 'requeued' | 'failed' | 'left';
export type SweepResult = { requeued: number; failed: number };

/**
 * Settles one stuck file, under its lock and holding its row (an upload or replacement queues its
 * job in the transaction that sets 'processing', so what is seen here is consistent):
 * - a job for the file still waiting or running: left alone;
 * - a job for these bytes that failed (its worker killed during the last attempt, or its outcome
 *   never written), or the sweep's own job for them already spent: the file is 'failed', as the
 *   handler's last failed attempt would have marked it. An image that killed its worker on every
 *   attempt is not tried again; an ADMIN may still retry the job, which marks the file 'ready';
 * - no job at all for these bytes (queued by an older server, or pruned): one more job is queued.
 */
async function settleStuckFile(database: Database, store: BlobStore, websiteId: string, fileId: string): Promise<SweepOutcome> {
  return withFileLock(database, websiteId, fileId, async () => {
    const outcome = await database.db.transaction(async (tx): Promise<SweepOutcome> => {
      await lockSite(tx, websiteId);
      const [file] = await tx.select({ sha256: files.sha256, status: files.status }).from(files).where(fileIs(websiteId, fileId)).for('update');
      if (!file?.sha256 || file.status !== 'processing') return 'left';
      const sha256 = file.sha256;
      const queued = await tx
        .select({ status: jobs.status, deliveryKey: jobs.deliveryKey, sha256: sql<string | null>`${jobs.payload}->>'sha256'` })
        .from(jobs)
        .where(and(inArray(jobs.kind, [...IMAGE_JOB_KINDS]), eq(jobs.websiteId, websiteId), sql`${jobs.payload}->>'fileId' = ${fileId}`));
      if (queued.some((j) => j.status === 'pending' || j.status === 'running')) return 'left';
      const forBytes = queued.filter((j) => j.sha256 === null || j.sha256 === sha256);
      if (!forBytes.some((j) => j.status === 'failed' || j.deliveryKey === sweepKey(websiteId, fileId, sha256))) {
        await enqueue(tx, {
          websiteId,
          kind: IMAGE_VARIANTS_JOB,
          payload: { fileId, sha256 },
          maxAttempts: IMAGE_JOB_ATTEMPTS,
          deliveryKey: sweepKey(websiteId, fileId, sha256),
        });
        return 'requeued';
      }
      await setFailed(tx, websiteId, fileId);
      return 'failed';
    });
    if (outcome === 'failed') await store.delete(await strayBlobs(store, websiteId, fileId, new Set()));
    return outcome;
  });
}

/**
 * Finds images 'processing' for longer than `olderThanMs` with no image-variants job waiting or
 * running for them, and settles each (settleStuckFile): queued once more, or marked 'failed', which
 * the asset library shows as 'File processing failed'. Safe on every app server at once.
 */
export async function sweepStuckImages(
  database: Database,
  store: BlobStore,
  opts: { olderThanMs?: number; log?: (line: string) => void } = {},
): Promise<SweepResult> {
  const olderThanMs = opts.olderThanMs ?? STUCK_AFTER_MS;
  const stuck = await database.db
    .select({ websiteId: files.websiteId, id: files.id })
    .from(files)
    .where(
      and(
        eq(files.status, 'processing'),
        isNotNull(files.blobPath),
        isNotNull(files.sha256),
        lt(files.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        sql`NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.kind} IN (${IMAGE_VARIANTS_JOB}, ${IMAGE_MORE_VARIANTS_JOB}) AND ${jobs.websiteId} = ${files.websiteId} AND ${jobs.payload}->>'fileId' = ${files.id} AND ${jobs.status} IN ('pending', 'running'))`,
      ),
    )
    .limit(SWEEP_BATCH);
  const result: SweepResult = { requeued: 0, failed: 0 };
  for (const file of stuck) {
    const outcome = await settleStuckFile(database, store, file.websiteId, file.id);
    if (outcome === 'left') continue;
    result[outcome] += 1;
    opts.log?.(
      `image file ${file.id} of site ${file.websiteId} was left processing with no job: ${outcome === 'requeued' ? 'its variants job is queued again' : 'marked failed'}`,
    );
  }
  return result;
}

/** Runs the sweep now and every `everyMs` (main.ts, beside the image worker); `stop` waits for a sweep under way. */
export function startImageSweep(
  database: Database,
  store: BlobStore,
  opts: { everyMs?: number; olderThanMs?: number; log?: (line: string) => void } = {},
): Periodic {
  const log = opts.log ?? ((line: string) => console.warn(line));
  return startPeriodic(() => sweepStuckImages(database, store, { olderThanMs: opts.olderThanMs, log }), {
    everyMs: opts.everyMs ?? SWEEP_EVERY_MS,
    failed: (err) => log(`sweeping images left processing failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
