/**
 * The job queue: background work (emails, webhooks …) as rows of `jobs`, written in the same
 * transaction as the change that causes it, and run by a worker on every app server.
 *
 * A worker claims due rows with FOR UPDATE SKIP LOCKED and holds each under a lease
 * (`locked_until`) that it renews while the handler runs, so a slow handler keeps its job and no
 * other worker starts it; a lease that runs out means its worker died, and the job is claimed
 * again. Delivery is therefore at least once: handlers send the job's delivery key (Message-ID,
 * Idempotency-Key) so that receivers can drop repeats. Each claim bumps `attempts`, which also
 * serves as the fencing token: a worker that lost its lease cannot write over the new holder.
 * Failures are retried with backoff until max_attempts, then kept as 'failed' for ADMINs to retry.
 * Finished jobs are deleted after JOB_RETENTION_DAYS (`pruneJobs`, run with the hourly housekeeping).
 *
 * A worker for slow work (images) claims fairly (`fair`): sites take turns, so one site's hundred
 * uploads do not hold the queue while another's one image waits, and kinds named first go before
 * the others. On stop it may hand running jobs back rather than wait for them (`handBackOnStop`).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Db, Executor } from '../../db/client';
import { jobs } from './schema';
import type { Metrics } from '../metrics';
import { listen } from './listen';

export const JOBS_CHANNEL = 'jobs';
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobRow = typeof jobs.$inferSelect;
/** `signal` aborts when the worker stops and hands the job back (`handBackOnStop`): the handler gives up, writing nothing more. */
export type JobHandler = (job: JobRow, signal?: AbortSignal) => Promise<void>;

export type NewJob = {
  websiteId?: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Defaults to a random UUID; unique across all jobs. */
  deliveryKey?: string;
  /** Defaults to the column default (8). */
  maxAttempts?: number;
  runAt?: Date;
};

export type WorkerOptions = {
  /** Jobs this worker runs at once. */
  concurrency?: number;
  /** How often to look for due jobs without a notification (retries and run_at in the future are only found so). */
  pollMs?: number;
  /** How long a claim holds a job before another worker may take it; renewed while the handler runs. */
  lockMs?: number;
  /** Delay in ms before the next try, given the number of attempts made so far. */
  backoff?: (attempt: number) => number;
  log?: (line: string) => void;
  /**
   * The time leases and due times are measured against. By default the database's own `now()`, one
   * clock for every app server; tests pass a clock they move themselves.
   */
  now?: () => Date;
  /** Where failed attempts are counted (the app's metrics, served at /api/metrics). */
  metrics?: Pick<Metrics, 'jobFailures'>;
  /**
   * The kinds this worker claims (all when not given), and kinds it leaves to another worker: slow
   * kinds (images) get a worker of their own, so they never hold every slot while emails wait.
   */
  kinds?: { only: readonly string[] } | { except: readonly string[] };
  /**
   * Claims in turns across sites rather than oldest first: a site's next job waits behind every
   * other site's next (counting those it has running), and jobs of the kinds in `first` go before
   * any other (the images' first copies before the rest).
   */
  fair?: { first?: readonly string[] };
  /**
   * On stop, running handlers are told to stop (their signal aborts) and their jobs handed back
   * untried, for the next start or another app server, rather than waited for: work that takes
   * minutes must not hold a server's shutdown past its drain time.
   */
  handBackOnStop?: boolean;
};

export type Worker = { stop(): Promise<void> };

/** Thrown by a handler for a failure no retry can mend (a refused webhook address): the job fails at once. */
export class PermanentJobError extends Error {}

/**
 * Days a finished job is kept after it finished: a done one for a while, to answer what went out;
 * a failed one longer, for ADMINs to find and retry (docs/decisions/0117-how-long-jobs-are-kept.md).
 * Payloads hold personal data (email addresses and texts, submissions sent to webhooks).
 */
export const JOB_RETENTION_DAYS = { done: 14, failed: 30 } as const;

/** The most rows listJobs answers: the newest ones. */
const LIST_LIMIT = 200;
const MAX_ERROR_LENGTH = 2000;

/** Inserts a job; call it on the transaction that makes the change the job follows from. */
export async function enqueue(tx: Executor, job: NewJob): Promise<number> {
  return (await enqueueAll(tx, [job]))[0]!;
}

/** Inserts jobs in one statement (a batch of changes' jobs), answering their ids in order; one notification for them all. */
export async function enqueueAll(tx: Executor, list: readonly NewJob[]): Promise<number[]> {
  if (list.length === 0) return [];
  for (const job of list) {
    if (job.maxAttempts !== undefined && !(Number.isInteger(job.maxAttempts) && job.maxAttempts >= 1)) {
      throw new RangeError(`maxAttempts must be a whole number of at least 1, not ${job.maxAttempts}`);
    }
  }
  const made = tx
    .insert(jobs)
    .values(
      list.map((job) => ({
        websiteId: job.websiteId ?? null,
        kind: job.kind,
        payload: job.payload,
        deliveryKey: job.deliveryKey ?? randomUUID(),
        maxAttempts: job.maxAttempts,
        runAt: job.runAt,
      })),
    )
    .returning({ id: jobs.id });
  // The notification rides on the insert (one statement). Inside a transaction PostgreSQL delivers it
  // at commit, and never after a rollback.
  const { rows } = await tx.execute<{ id: number }>(
    sql`WITH made AS (${made.getSQL()}) SELECT made.id, (SELECT pg_notify(${JOBS_CHANNEL}, '')) AS woke FROM made`,
  );
  return rows.map((r) => Number(r.id));
}

/** Exponential from 5 s, doubling per attempt, at most an hour, with ±25 % jitter so retries of a burst spread out. */
export function defaultBackoff(attempt: number): number {
  const base = 5000 * 2 ** Math.max(0, attempt - 1);
  return Math.round(Math.min(3_600_000, base * (0.75 + Math.random() * 0.5)));
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** `now()` in SQL: the database's clock, or the time a given clock tells (sent as a parameter). */
type SqlNow = () => SQL;
const databaseNow: SqlNow = () => sql`now()`;
const clockNow =
  (now: () => Date): SqlNow =>
  () =>
    sql`${now().toISOString()}::timestamptz`;

/** Error text as stored and logged: the message only, with any credentials in a URL masked. */
function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\/\/[^/\s@]*@/g, '//***@').slice(0, MAX_ERROR_LENGTH);
}

/**
 * Claims up to `limit` due jobs: pending ones whose time has come, and running ones whose lease ran
 * out. A job whose lease ran out on its last attempt is failed instead of run again, so a job that
 * kills its worker cannot take every app server down in turn.
 */
async function claim(db: Db, limit: number, lockMs: number, now: SqlNow, kinds: WorkerOptions['kinds'], fair: WorkerOptions['fair']): Promise<JobRow[]> {
  const at = now();
  const ofKind = !kinds ? undefined : 'only' in kinds ? inArray(jobs.kind, [...kinds.only]) : notInArray(jobs.kind, [...kinds.except]);
  const isDue = or(and(eq(jobs.status, 'pending'), lte(jobs.runAt, at)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, at)));
  const due = fair
    ? sql`${jobs.id} IN (${fairlyDue(limit, at, isDue!, ofKind ?? sql`true`, fair.first ?? [])})`
    : inArray(jobs.id, db.select({ id: jobs.id }).from(jobs).where(and(isDue, ofKind)).orderBy(jobs.runAt).limit(limit).for('update', { skipLocked: true }));
  const outOfAttempts = sql`${jobs.status} = 'running' AND ${jobs.attempts} >= ${jobs.maxAttempts}`;
  return db
    .update(jobs)
    .set({
      status: sql`CASE WHEN ${outOfAttempts} THEN 'failed' ELSE 'running' END`,
      attempts: sql`CASE WHEN ${outOfAttempts} THEN ${jobs.attempts} ELSE ${jobs.attempts} + 1 END`,
      lockedUntil: sql`CASE WHEN ${outOfAttempts} THEN NULL ELSE ${at} + ${interval(lockMs)} END`,
      lastError: sql`CASE WHEN ${outOfAttempts} THEN 'The worker stopped during the last attempt' ELSE ${jobs.lastError} END`,
      updatedAt: at,
    })
    .where(due)
    .returning();
}

/**
 * The ids of up to `limit` due jobs (`isDue`, of the worker's kinds), taken in turns: kinds in
 * `first` before the others; then by each site's turn (its place among its own due jobs of that
 * rank, after those it has running); between sites on the same turn, the one served longest ago
 * (its latest job claimed or finished) first; then the oldest. Locked for the claim, skipping rows
 * another worker holds.
 */
function fairlyDue(limit: number, at: SQL, isDue: SQL, ofKind: SQL, first: readonly string[]): SQL {
  const rank =
    first.length > 0
      ? sql`CASE WHEN ${jobs.kind} IN (${sql.join(
          first.map((k) => sql`${k}`),
          sql`, `,
        )}) THEN 0 ELSE 1 END`
      : sql`0`;
  return sql`
    WITH due AS (
      SELECT ${jobs.id} AS id, ${jobs.websiteId} AS website_id, ${jobs.runAt} AS run_at, ${rank} AS rank,
        row_number() OVER (PARTITION BY ${jobs.websiteId}, ${rank} ORDER BY ${jobs.runAt}, ${jobs.id}) AS turn
      FROM ${jobs} WHERE ${isDue} AND ${ofKind}
    ),
    busy AS (
      -- Per site with due jobs: its jobs running now, and its latest claimed or finished (an index,
      -- jobs_served, finds it without reading the site's history of done jobs).
      SELECT s.website_id,
        (SELECT count(*) FROM ${jobs} WHERE ${jobs.websiteId} = s.website_id AND ${jobs.status} = 'running' AND ${jobs.lockedUntil} >= ${at} AND ${ofKind}) AS n,
        (SELECT max(${jobs.updatedAt}) FROM ${jobs} WHERE ${jobs.websiteId} = s.website_id AND ${jobs.status} <> 'pending' AND ${ofKind}) AS served
      FROM (SELECT DISTINCT website_id FROM due) s
    )
    SELECT j.id FROM ${jobs} j JOIN due ON due.id = j.id LEFT JOIN busy ON busy.website_id = due.website_id
    ORDER BY due.rank, due.turn + coalesce(busy.n, 0), busy.served NULLS FIRST, due.run_at, due.id
    LIMIT ${limit}
    FOR UPDATE OF j SKIP LOCKED`;
}

/** The claim is still this worker's: same job, still running, same attempt. */
const held = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

export function startWorker(database: Database, handlers: Record<string, JobHandler>, opts: WorkerOptions = {}): Worker {
  const concurrency = opts.concurrency ?? 4;
  const pollMs = opts.pollMs ?? 1000;
  const lockMs = opts.lockMs ?? 60_000;
  const backoff = opts.backoff ?? defaultBackoff;
  const log = opts.log ?? ((line: string) => console.warn(line));
  const now = opts.now ? clockNow(opts.now) : databaseNow;
  const { db } = database;

  const active = new Set<Promise<void>>();
  /** Each running handler's stop, for handBackOnStop. */
  const handBacks = new Set<AbortController>();
  let stopping = false;
  let pumping: Promise<void> | undefined;
  let wakeAgain = false;
  let stopped: Promise<void> | undefined;

  const renew = async (job: JobRow) => {
    try {
      const renewed = await db
        .update(jobs)
        .set({ lockedUntil: sql`${now()} + ${interval(lockMs)}` })
        .where(held(job))
        .returning({ id: jobs.id });
      if (renewed.length === 0) log(`job ${job.id} (${job.kind}): lease lost to another worker`);
    } catch (err) {
      log(`job ${job.id} (${job.kind}): could not renew its lease: ${errorText(err)}`);
    }
  };

  const succeed = (job: JobRow) => db.update(jobs).set({ status: 'done', lockedUntil: null, updatedAt: now() }).where(held(job)).returning({ id: jobs.id });

  const fail = (job: JobRow, error: string, final: boolean) => {
    const delay = final ? 0 : Math.max(0, backoff(job.attempts));
    opts.metrics?.jobFailures.inc({ kind: job.kind });
    log(`job ${job.id} (${job.kind}) attempt ${job.attempts}/${job.maxAttempts} failed: ${error}${final ? '' : `; next try in ${delay} ms`}`);
    return db
      .update(jobs)
      .set({
        status: final ? 'failed' : 'pending',
        lastError: error,
        lockedUntil: null,
        ...(final ? {} : { runAt: sql`${now()} + ${interval(delay)}` }),
        updatedAt: now(),
      })
      .where(held(job))
      .returning({ id: jobs.id });
  };

  /** Hands back a job claimed after stop() was called, untried, so the next worker runs it at once. */
  const release = async (job: JobRow) => {
    try {
      await db
        .update(jobs)
        .set({ status: 'pending', attempts: sql`${jobs.attempts} - 1`, lockedUntil: null, updatedAt: now() })
        .where(held(job));
    } catch (err) {
      // Its lease runs out and another worker claims it then.
      log(`job ${job.id} (${job.kind}): could not hand it back on stopping: ${errorText(err)}`);
    }
  };

  const run = async (job: JobRow) => {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    try {
      let written: { id: number }[];
      if (!handler) {
        written = await fail(job, `No handler for job kind '${job.kind}' on this server`, true);
      } else {
        const lease = setInterval(() => void renew(job), Math.max(10, Math.floor(lockMs / 3)));
        const handBack = new AbortController();
        handBacks.add(handBack);
        let failure: { error: unknown } | undefined;
        try {
          await handler(job, handBack.signal);
        } catch (error) {
          failure = { error };
        } finally {
          clearInterval(lease);
          handBacks.delete(handBack);
        }
        if (failure && handBack.signal.aborted) {
          await release(job);
          log(`job ${job.id} (${job.kind}): handed back on stopping, to run again on the next start`);
          return;
        }
        written = failure
          ? await fail(job, errorText(failure.error), failure.error instanceof PermanentJobError || job.attempts >= job.maxAttempts)
          : await succeed(job);
      }
      if (written.length === 0) log(`job ${job.id} (${job.kind}): lease lost before its outcome was written`);
    } catch (err) {
      // The outcome was not written; the lease runs out and the job is run again.
      log(`job ${job.id} (${job.kind}): could not record its outcome: ${errorText(err)}`);
    }
  };

  const start = (job: JobRow) => {
    const running: Promise<void> = run(job).finally(() => {
      active.delete(running);
      wake();
    });
    active.add(running);
  };

  const pump = async () => {
    while (!stopping && active.size < concurrency) {
      const wanted = concurrency - active.size;
      let claimed: JobRow[];
      try {
        claimed = await claim(db, wanted, lockMs, now, opts.kinds, opts.fair);
      } catch (err) {
        // Wait for the next poll rather than spin against a database that is down.
        wakeAgain = false;
        log(`jobs: could not claim: ${errorText(err)}`);
        return;
      }
      for (const job of claimed) {
        if (job.status !== 'running') log(`job ${job.id} (${job.kind}) failed: its worker stopped during the last attempt`);
        else if (stopping) await release(job);
        else start(job);
      }
      if (claimed.length < wanted) return;
    }
  };

  function wake() {
    if (stopping) return;
    if (pumping) {
      wakeAgain = true;
      return;
    }
    wakeAgain = false;
    pumping = pump().finally(() => {
      pumping = undefined;
      if (wakeAgain) wake();
    });
  }

  const listener = listen(database.url, JOBS_CHANNEL, { notify: wake, connect: wake, log });
  const poll = setInterval(wake, pollMs);
  wake();

  return {
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearInterval(poll);
        // A claim in flight hands its jobs back; every running handler is let finish, or told to stop and its job handed back.
        await pumping;
        if (opts.handBackOnStop) for (const handBack of handBacks) handBack.abort(new Error('the server is stopping'));
        await Promise.all(active);
        await listener.close();
      })();
      return stopped;
    },
  };
}

/** A site's jobs, newest first (at most LIST_LIMIT), optionally of one status: the failed-jobs view. */
export async function listJobs(db: Executor, websiteId: string, status?: JobStatus): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.websiteId, websiteId), status ? eq(jobs.status, status) : undefined))
    .orderBy(desc(jobs.id))
    .limit(LIST_LIMIT);
}

/** Puts a failed job back in the queue with its attempts reset; false when no such failed job exists. */
export async function retryJob(db: Executor, websiteId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: sql`now()`, lockedUntil: null, lastError: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.websiteId, websiteId), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id });
  if (rows.length === 0) return false;
  await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
  return true;
}

/** Deletes done and failed jobs that finished longer ago than JOB_RETENTION_DAYS; answers how many. */
export async function pruneJobs(db: Executor): Promise<number> {
  const finishedBefore = (days: number) => lt(jobs.updatedAt, sql`now() - make_interval(days => ${days})`);
  const deleted = await db
    .delete(jobs)
    .where(or(and(eq(jobs.status, 'done'), finishedBefore(JOB_RETENTION_DAYS.done)), and(eq(jobs.status, 'failed'), finishedBefore(JOB_RETENTION_DAYS.failed))))
    .returning({ id: jobs.id });
  return deleted.length;
}

/** How many of a site's jobs are in each status. */
export async function jobCounts(db: Executor, websiteId: string): Promise<Record<JobStatus, number>> {
  const rows = await db.select({ status: jobs.status, n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.websiteId, websiteId)).groupBy(jobs.status);
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, failed: 0 };
  for (const row of rows) {
    if ((JOB_STATUSES as readonly string[]).includes(row.status)) counts[row.status as JobStatus] = row.n;
  }
  return counts;
}

/** Jobs waiting, running and failed across every site: the metrics' queue depth (done jobs are history, not depth). */
export async function queueDepth(db: Executor): Promise<Record<Exclude<JobStatus, 'done'>, number>> {
  const rows = await db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ['pending', 'running', 'failed']))
    .groupBy(jobs.status);
  const depth = { pending: 0, running: 0, failed: 0 };
  for (const row of rows) if (row.status === 'pending' || row.status === 'running' || row.status === 'failed') depth[row.status] = row.n;
  return depth;
}
