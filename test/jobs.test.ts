/**
 * The job queue against a real PostgreSQL: a job exists only if its transaction commits and then
 * runs once; a failing job is retried with backoff until it is failed, and an ADMIN's retry puts it
 * back; a job whose worker died is taken again; two workers (two app servers) never run one job at
 * the same time, even when a handler outlasts its lease; a dropped LISTEN connection comes back;
 * a stopping worker lets its running handler finish; and finished jobs are deleted after their
 * retention.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { jobs } from '../src/server/jobs/schema';
import { websites } from '../src/server/modules/sites/schema/sites';
import {
  enqueue,
  JOB_RETENTION_DAYS,
  jobCounts,
  listJobs,
  pruneJobs,
  retryJob,
  startWorker,
  type JobHandler,
  type Worker,
  type WorkerOptions,
} from '../src/server/jobs/queue';
import { freshDatabase } from './db';

let database: Awaited<ReturnType<typeof freshDatabase>>;
const workers: Worker[] = [];
const logs: string[] = [];

function worker(on: Database, handlers: Record<string, JobHandler>, opts: WorkerOptions = {}): Worker {
  const w = startWorker(on, handlers, { pollMs: 20, log: (line) => logs.push(line), ...opts });
  workers.push(w);
  return w;
}

async function job(id: number) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

/**
 * A clock the test moves (`advance`), for a worker's `now` option: leases and due times follow it
 * and no real time is waited out. It starts a minute ahead of the database, so rows the database
 * dates with its own `now()` (a new job's run_at, a retry's) are already due by it.
 */
function testClock() {
  let t = Date.now() + 60_000;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** Lets the event loop turn once: a handler's work that takes a moment without waiting for a time. */
const aMoment = () => new Promise<void>((resolve) => setImmediate(resolve));

async function site(identifier: string): Promise<string> {
  await database.db.insert(websites).values({ id: `site-${identifier}`, identifier, settings: {}, navigation: [] });
  return `site-${identifier}`;
}

beforeAll(async () => {
  database = await freshDatabase();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await database.db.delete(jobs);
  logs.length = 0;
});
afterAll(async () => {
  await database?.drop();
});

describe('job queue', () => {
  it('runs a job once when its transaction commits, and never when it rolls back', async () => {
    const runs: unknown[] = [];
    // A poll a minute apart: only the notification sent at commit wakes this worker.
    worker(database, { note: async (j) => void runs.push(j.payload.name) }, { pollMs: 60_000 });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'note', payload: { name: 'rolled back' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await database.db.transaction((tx) => enqueue(tx, { kind: 'note', payload: { name: 'committed' } }));

    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
    expect(runs).toEqual(['committed']);
    expect((await job(id)).attempts).toBe(1);
    expect(await database.db.select().from(jobs)).toHaveLength(1);
  });

  it('retries a failing job with backoff, fails it after max attempts, and runs it again on retry', async () => {
    const websiteId = await site('retries');
    const clock = testClock();
    const tries: number[] = [];
    const backoffAsked: number[] = [];
    let broken = true;
    worker(
      database,
      {
        flaky: async (j) => {
          tries.push(j.attempts);
          if (broken) throw new Error(`refused on try ${j.attempts}`);
        },
      },
      { backoff: (attempt) => (backoffAsked.push(attempt), 60_000), now: clock.now },
    );
    const id = await enqueue(database.db, { websiteId, kind: 'flaky', payload: {}, maxAttempts: 3 });

    // Each failure but the last puts the job back, due a backoff later by the worker's clock.
    for (const attempt of [1, 2]) {
      await expect.poll(async () => (await job(id)).attempts === attempt && (await job(id)).status === 'pending', { timeout: 10_000 }).toBe(true);
      expect((await job(id)).runAt.getTime()).toBe(clock.now().getTime() + 60_000);
      expect(tries).toEqual([1, 2].slice(0, attempt));
      clock.advance(60_000);
    }
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('failed');
    expect(await job(id)).toMatchObject({ attempts: 3, lastError: 'refused on try 3', lockedUntil: null });
    expect(tries).toEqual([1, 2, 3]);
    // Asked for a delay after each failure but the last.
    expect(backoffAsked).toEqual([1, 2]);
    expect((await listJobs(database.db, websiteId, 'failed')).map((j) => j.id)).toEqual([id]);
    expect(await listJobs(database.db, websiteId, 'pending')).toEqual([]);
    expect(await jobCounts(database.db, websiteId)).toEqual({ pending: 0, running: 0, done: 0, failed: 1 });

    broken = false;
    expect(await retryJob(database.db, 'site-other', id)).toBe(false);
    expect(await retryJob(database.db, websiteId, id)).toBe(true);
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
    expect(tries).toEqual([1, 2, 3, 1]);
    expect(await jobCounts(database.db, websiteId)).toEqual({ pending: 0, running: 0, done: 1, failed: 0 });
    expect(await retryJob(database.db, websiteId, id)).toBe(false);
  });

  it('fails a job of a kind no handler knows at once, and keeps credentials out of errors', async () => {
    worker(database, {
      leaky: async () => {
        throw new Error('cannot reach smtp://mailer:hunter2@mail.example.com:587');
      },
    });
    const unknown = await enqueue(database.db, { kind: 'mystery', payload: {} });
    const leaky = await enqueue(database.db, { kind: 'leaky', payload: {}, maxAttempts: 1 });

    await expect.poll(async () => (await job(unknown)).status, { timeout: 10_000 }).toBe('failed');
    expect(await job(unknown)).toMatchObject({ attempts: 1, lastError: "No handler for job kind 'mystery' on this server" });
    await expect.poll(async () => (await job(leaky)).status, { timeout: 10_000 }).toBe('failed');
    expect((await job(leaky)).lastError).toBe('cannot reach smtp://***@mail.example.com:587');
    expect(logs.join('\n')).not.toContain('hunter2');
  });

  it('leaves the kinds another worker runs to that worker', async () => {
    const ran: string[] = [];
    const record = (kind: string) => async () => {
      ran.push(kind);
    };
    // The app server's two workers: one for everything but images, one for images only.
    worker(database, { mail: record('mail') }, { kinds: { except: ['slow-image'] } });
    const image = await enqueue(database.db, { kind: 'slow-image', payload: {} });
    const mail = await enqueue(database.db, { kind: 'mail', payload: {} });
    await expect.poll(async () => (await job(mail)).status, { timeout: 10_000 }).toBe('done');
    expect(await job(image)).toMatchObject({ status: 'pending', attempts: 0 });
    worker(database, { 'slow-image': record('slow-image') }, { kinds: { only: ['slow-image'] } });
    await expect.poll(async () => (await job(image)).status, { timeout: 10_000 }).toBe('done');
    expect(ran).toEqual(['mail', 'slow-image']);
  });

  it('takes again a job whose worker died, but not one whose lease still holds', async () => {
    const runs: number[] = [];
    const running = (attempts: number, lockedUntil: ReturnType<typeof sql>) =>
      database.db
        .insert(jobs)
        .values({ kind: 'work', payload: {}, status: 'running', attempts, maxAttempts: 3, lockedUntil, deliveryKey: crypto.randomUUID() })
        .returning({ id: jobs.id })
        .then(([row]) => row!.id);
    const orphan = await running(1, sql`now() - interval '1 minute'`);
    const held = await running(1, sql`now() + interval '1 hour'`);
    const crashedLast = await running(3, sql`now() - interval '1 minute'`);

    worker(database, { work: async (j) => void runs.push(j.id) });

    await expect.poll(async () => (await job(orphan)).status, { timeout: 10_000 }).toBe('done');
    expect((await job(orphan)).attempts).toBe(2);
    // A job that was on its last attempt when its worker died is failed, not run a fourth time.
    await expect.poll(async () => (await job(crashedLast)).status, { timeout: 10_000 }).toBe('failed');
    expect(await job(crashedLast)).toMatchObject({ attempts: 3, lastError: 'The worker stopped during the last attempt' });
    expect((await job(held)).status).toBe('running');
    expect(runs).toEqual([orphan]);
  });

  it('never runs one job on two workers at once', async () => {
    const other = connect(database.url, 4);
    try {
      const inFlight = new Set<number>();
      const runs = new Map<number, number>();
      const byWorker = [0, 0];
      let overlaps = 0;
      const count =
        (w: 0 | 1): JobHandler =>
        async (j) => {
          if (inFlight.has(j.id)) overlaps++;
          inFlight.add(j.id);
          runs.set(j.id, (runs.get(j.id) ?? 0) + 1);
          byWorker[w]!++;
          await aMoment();
          inFlight.delete(j.id);
        };
      const stopBoth = [worker(database, { count: count(0) }, { pollMs: 10 }), worker(other, { count: count(1) }, { pollMs: 10 })];
      const ids = await database.db.transaction(async (tx) => {
        const made: number[] = [];
        for (let i = 0; i < 200; i++) made.push(await enqueue(tx, { kind: 'count', payload: { i } }));
        return made;
      });

      await expect.poll(async () => (await database.db.select().from(jobs).where(eq(jobs.status, 'done'))).length, { timeout: 30_000 }).toBe(200);
      await Promise.all(stopBoth.map((w) => w.stop()));
      expect(overlaps).toBe(0);
      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      // Both workers took part, so the claims really did race.
      expect(byWorker[0]).toBeGreaterThan(0);
      expect(byWorker[1]).toBeGreaterThan(0);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await other.close();
    }
  });

  it('keeps a job from a second worker while its handler outlasts the lease', async () => {
    const other = connect(database.url, 4);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    try {
      const clock = testClock();
      const runs = { first: 0, second: 0 };
      const lockMs = 300;
      // The first worker runs one job at a time, so a job it holds is the only thing it holds.
      worker(database, { slow: async () => void (runs.first++, await gate) }, { concurrency: 1, lockMs, now: clock.now });
      const id = await enqueue(database.db, { kind: 'slow', payload: {} });
      await expect.poll(() => runs.first, { timeout: 10_000 }).toBe(1);
      const claimedAt = clock.now().getTime();
      expect((await job(id)).lockedUntil?.getTime()).toBe(claimedAt + lockMs);

      // Its handler outlasts the lease by the worker's clock; the worker renews the lease from then.
      clock.advance(10 * lockMs);
      await expect.poll(async () => (await job(id)).lockedUntil?.getTime(), { timeout: 10_000 }).toBe(claimedAt + 11 * lockMs);

      // A second worker on the same clock claims what is due: a probe job, and not the held one.
      const probe = await enqueue(database.db, { kind: 'probe', payload: {} });
      worker(other, { slow: async () => void runs.second++, probe: async () => undefined }, { lockMs, now: clock.now });
      await expect.poll(async () => (await job(probe)).status, { timeout: 10_000 }).toBe('done');
      expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });
      expect(runs).toEqual({ first: 1, second: 0 });

      release();
      await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
      expect(await job(id)).toMatchObject({ attempts: 1 });
      expect(runs).toEqual({ first: 1, second: 0 });
    } finally {
      release();
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await other.close();
    }
  });

  it('takes a job again once its lease has run out by the worker’s clock, and not before', async () => {
    const clock = testClock();
    const lockMs = 300;
    const runs: number[] = [];
    // Stands for a worker that died holding the job: running, its lease ending a lease from now.
    const [row] = await database.db
      .insert(jobs)
      .values({
        kind: 'work',
        payload: {},
        status: 'running',
        attempts: 1,
        maxAttempts: 3,
        lockedUntil: new Date(clock.now().getTime() + lockMs),
        deliveryKey: crypto.randomUUID(),
      })
      .returning({ id: jobs.id });
    const probe = await enqueue(database.db, { kind: 'probe', payload: {} });
    worker(database, { work: async (j) => void runs.push(j.id), probe: async () => undefined }, { lockMs, now: clock.now });
    // The worker has claimed what was due (the probe), and the lease still held then.
    await expect.poll(async () => (await job(probe)).status, { timeout: 10_000 }).toBe('done');
    expect(runs).toEqual([]);
    expect((await job(row!.id)).status).toBe('running');

    clock.advance(lockMs + 1);
    await expect.poll(async () => (await job(row!.id)).status, { timeout: 10_000 }).toBe('done');
    expect(runs).toEqual([row!.id]);
    expect((await job(row!.id)).attempts).toBe(2);
  });

  it('listens again after its LISTEN connection drops', async () => {
    const listeners = async () =>
      (
        await database.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
        )
      ).rows.map((r) => r.pid);
    const runs: number[] = [];
    worker(database, { note: async (j) => void runs.push(j.id) }, { pollMs: 60_000 });
    await expect.poll(listeners, { timeout: 10_000 }).toHaveLength(1);
    const [first] = await listeners();
    await database.pool.query('SELECT pg_terminate_backend($1)', [first]);
    await expect.poll(async () => (await listeners()).filter((pid) => pid !== first), { timeout: 10_000 }).toHaveLength(1);

    const id = await enqueue(database.db, { kind: 'note', payload: {} });
    await expect.poll(async () => (await job(id)).status, { timeout: 10_000 }).toBe('done');
    expect(runs).toEqual([id]);
  });

  it('stop() waits for a running handler, records its outcome, and claims nothing more', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    let started = 0;
    const w = worker(database, {
      slow: async () => {
        started++;
        await gate;
        order.push('handler finished');
      },
    });
    const id = await enqueue(database.db, { kind: 'slow', payload: {} });
    await expect.poll(() => started, { timeout: 10_000 }).toBe(1);

    // A job that arrives while the worker stops, and a claim already under way when stop() is called:
    // the table is held until the worker's next poll waits on it, so that claim finds the new job.
    let stopping!: Promise<void>;
    const later = await database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE jobs IN EXCLUSIVE MODE`);
      const queued = await enqueue(tx, { kind: 'slow', payload: {} });
      const waitingClaims = async () =>
        (
          await database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'update "jobs"%'`,
          )
        ).rows[0]!.n;
      await expect.poll(waitingClaims, { timeout: 10_000 }).toBe(1);
      stopping = w.stop().then(() => void order.push('stopped'));
      return queued;
    });
    expect((await job(id)).status).toBe('running');
    expect(order).toEqual([]);

    release();
    await stopping;
    expect(order).toEqual(['handler finished', 'stopped']);
    expect(started).toBe(1);
    expect((await job(id)).status).toBe('done');
    // Handed back untried: the next worker runs it at once, on its first attempt.
    expect(await job(later)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  });
});

describe('finished jobs', () => {
  it('are deleted once done for longer than 14 days or failed for longer than 30; unfinished ones are kept however old', async () => {
    const siteId = await site('pruned');
    const finished = async (status: string, daysAgo: number) => {
      const id = await enqueue(database.db, { websiteId: siteId, kind: 'note', payload: { status, daysAgo } });
      await database.db.execute(
        sql`UPDATE jobs SET status = ${status}, created_at = now() - make_interval(days => ${daysAgo + 1}), updated_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${id}`,
      );
      return id;
    };
    const doneLongAgo = await finished('done', JOB_RETENTION_DAYS.done + 1);
    const doneLately = await finished('done', JOB_RETENTION_DAYS.done - 1);
    const failedLongAgo = await finished('failed', JOB_RETENTION_DAYS.failed + 1);
    const failedLately = await finished('failed', JOB_RETENTION_DAYS.failed - 1);
    const waiting = await finished('pending', 400);
    const running = await finished('running', 400);

    expect(await pruneJobs(database.db)).toBe(2);
    const left = (await database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id).sort((a, b) => a - b);
    expect(left).toEqual([doneLately, failedLately, waiting, running]);
    expect(left).not.toContain(doneLongAgo);
    expect(left).not.toContain(failedLongAgo);
    expect(await jobCounts(database.db, siteId)).toEqual({ pending: 1, running: 1, done: 1, failed: 1 });
    expect(await pruneJobs(database.db)).toBe(0);
  });
});
