/**
 * Scheduled publishing: a SCHEDULED post goes live at its publish time by a job (../jobs/queue.ts)
 * queued, in the transaction that schedules it, to run at that time. The job names only its site:
 * when it runs it publishes every post of the site that is SCHEDULED and due by then (status →
 * PUBLISHED) in one transaction with `markSiteChanged`, so every app server drops the site's
 * cached pages (the blog's list, the post, the sitemap). A job queued for a time the post no
 * longer has (rescheduled later, or unscheduled) finds nothing due and does nothing: stale jobs are
 * harmless, and no job has to be found and cancelled.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { collectionItems } from './schema/content';
import { CONTENT_STATUSES } from '../../../domain/website';
import { enqueue, PermanentJobError, type JobHandler } from '../../jobs/queue';
import { logActivity } from '../sites';
import { lockSite } from '../sites';
import { markSiteChanged } from '../sites';

export const SCHEDULED_POSTS_JOB = 'blog.publish_scheduled';

/** Queues the site's scheduled-publishing job to run at `runAt`; call it in the transaction that schedules a post. */
export async function scheduleDuePosts(tx: Executor, websiteId: string, runAt: Date): Promise<void> {
  await enqueue(tx, { websiteId, kind: SCHEDULED_POSTS_JOB, payload: {}, runAt });
}

/**
 * Publishes the site's SCHEDULED posts due at `now` (the database's clock when not given); answers
 * their ids. The site row is locked first, as every write of a post's settings and every publish does.
 */
export async function publishDuePosts(db: Database['db'], websiteId: string, now?: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const at = now ? now.toISOString() : sql<string>`now()`;
    const published = await tx
      .update(collectionItems)
      .set({ status: CONTENT_STATUSES.PUBLISHED })
      .where(and(eq(collectionItems.websiteId, websiteId), eq(collectionItems.status, CONTENT_STATUSES.SCHEDULED), lte(collectionItems.publishedAt, at)))
      .returning({ id: collectionItems.id });
    if (published.length === 0) return [];
    const itemIds = published.map((p) => p.id);
    await markSiteChanged(tx, websiteId);
    await logActivity(tx, websiteId, null, 'posts.published_on_schedule', { itemIds });
    return itemIds;
  });
}

/**
 * The job's handler. `now` is the clock the worker runs on (WorkerOptions.now): tests move it;
 * left out, the database's clock decides what is due, the one clock of every app server.
 */
export function scheduledPostsHandler(database: Database, opts: { now?: () => Date } = {}): JobHandler {
  return async (job) => {
    if (!job.websiteId) throw new PermanentJobError('a scheduled-publishing job names no site');
    await publishDuePosts(database.db, job.websiteId, opts.now?.());
  };
}
