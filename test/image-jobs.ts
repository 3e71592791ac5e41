/**
 * Waiting for an image's copies in integration tests: its first job (the copies pages show first)
 * and, once that is done, the follow-up it queued for the rest (AVIF, the other widths).
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { jobs } from '../src/server/jobs/schema';
import { IMAGE_MORE_VARIANTS_JOB } from '../src/server/modules/files/images/variants-job';

type Settled = typeof jobs.$inferSelect;

/** The job once done or failed. */
export async function jobSettled(db: Executor, job: number, timeoutMs = 20_000): Promise<Settled> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job));
    if (row && (row.status === 'done' || row.status === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`job ${job} did not finish: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The image's first job settled and, when it queued the rest, the rest's job settled too: that one is answered. */
export async function imageRunSettled(db: Executor, job: number): Promise<Settled> {
  const first = await jobSettled(db, job);
  const [more] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, IMAGE_MORE_VARIANTS_JOB),
        gt(jobs.id, job),
        sql`${jobs.payload}->>'fileId' = ${(first.payload as { fileId: string }).fileId}`,
        sql`${jobs.payload}->>'sha256' IS NOT DISTINCT FROM ${(first.payload as { sha256?: string }).sha256 ?? null}`,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return more ? jobSettled(db, more.id) : first;
}
