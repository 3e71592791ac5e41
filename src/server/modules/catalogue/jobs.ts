/**
 * Scheduled availability: publishing a SCHEDULED product queues, in the publish's transaction, a
 * job at its time. The published catalogue already shows a SCHEDULED product once its time has
 * come (the database's clock decides, ./published.ts), so the job has one thing to do: mark the
 * site changed, so every app server drops its cached pages and catalogue and the product appears.
 * A job for a time the product no longer has only drops caches once more: harmless.
 */
import type { Database, Executor } from '../../../db/client';
import { enqueue, PermanentJobError, type JobHandler } from '../../jobs/queue';
import { markSiteChanged } from '../sites';

export const PRODUCT_AVAILABLE_JOB = 'catalogue.product_available';

/** Queues the job that shows the site's scheduled products at `runAt`; call it in the transaction that schedules one. */
export async function scheduleProductAvailability(tx: Executor, websiteId: string, productId: string, runAt: Date): Promise<void> {
  await enqueue(tx, { websiteId, kind: PRODUCT_AVAILABLE_JOB, payload: { productId }, runAt });
}

export function productAvailableHandler(database: Database): JobHandler {
  return async (job) => {
    if (!job.websiteId) throw new PermanentJobError('a scheduled-availability job names no site');
    const websiteId = job.websiteId;
    await database.db.transaction((tx) => markSiteChanged(tx, websiteId));
  };
}
