/**
 * Images left 'processing' by a dead worker. A worker killed during the image-variants job's last
 * attempt leaves the job 'running' with its lease running out; the next worker to claim it fails it
 * without calling the handler, so the handler's own "mark the file failed" never runs and the file
 * would stay 'processing' for ever. The sweep (sweepStuckImages) settles such files: it marks them
 * 'failed', as the asset library then lists them ('File processing failed'), or queues the job once
 * more when no job for the file's bytes is left at all.
 *
 * The dead worker is simulated by SQL on the jobs table only: the row as a killed worker leaves it
 * (running, on its last attempt, lease expired). Content rows are written as an upload writes them.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { connect, type Database } from '../src/db/client';
import { files, fileVariants } from '../src/server/modules/files/schema/files';
import { jobs } from '../src/server/jobs/schema';
import { websites } from '../src/server/modules/sites/schema/sites';
import { loadDocument } from '../src/document/load';
import { postgresBlobStore } from '../src/server/blobs/postgres-store';
import type { BlobStore } from '../src/server/blobs/store';
import { sweepStuckImages } from '../src/server/modules/files/images/stuck-images';
import { enqueueImageVariants, imageJobHandlers } from '../src/server/modules/files/images/variants-job';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { listFiles } from '../src/server/modules/files/site-files';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { imageRunSettled, jobSettled } from './image-jobs';
import { siteNamed } from './fixtures';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let pool: Database;
let store: BlobStore;
let websiteId: string;
let worker: Worker | undefined;

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(siteNamed('sweep', 'Sweep'), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  pool = connect(database.url, 8);
  store = postgresBlobStore(pool);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await store?.close();
  await pool?.close();
  await database?.drop();
});

/** The image worker as main.ts runs it; started once a test has put its jobs in the state it wants. */
const startImageWorker = () => {
  worker = startWorker(pool, imageJobHandlers(pool, { store, concurrency: 2, avifEffort: 0 }), { pollMs: 30, log: () => undefined });
};

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const version = async () => (await database.db.select({ v: websites.contentVersion }).from(websites).where(eq(websites.id, websiteId)))[0]!.v;
const fileRow = async (id: string) =>
  (
    await database.db
      .select()
      .from(files)
      .where(and(eq(files.websiteId, websiteId), eq(files.id, id)))
  )[0]!;
const variantCount = async (id: string) =>
  (
    await database.db
      .select()
      .from(fileVariants)
      .where(and(eq(fileVariants.websiteId, websiteId), eq(fileVariants.fileId, id)))
  ).length;
const imageJobs = (id: string) => database.db.select().from(jobs).where(sql`${jobs.payload}->>'fileId' = ${id}`).orderBy(jobs.id);
async function blobPaths(id: string): Promise<string[]> {
  const paths: string[] = [];
  for await (const key of store.list(websiteId, `files/${id}/`)) paths.push(key.path);
  return paths.sort();
}

const image = (background: string) =>
  sharp({ create: { width: 160, height: 120, channels: 3, background } })
    .png()
    .toBuffer();

/** The original stored, then the row ('processing') and its job in one transaction, as an upload does. */
async function upload(name: string, bytes: Buffer): Promise<{ id: string; job: number }> {
  const id = `file-${name.replace(/\W/g, '-')}`;
  await store.put({ websiteId, path: `files/${id}/original-5a5a5a` }, bytes);
  const job = await database.db.transaction(async (tx) => {
    await tx.insert(files).values({
      websiteId,
      id,
      name,
      contentType: 'image/png',
      size: bytes.length,
      sha256: sha(bytes),
      blobPath: `files/${id}/original-5a5a5a`,
      status: 'processing',
      position: 0,
    });
    return enqueueImageVariants(tx, websiteId, id, sha(bytes));
  });
  return { id, job };
}

/** The row a worker killed during the job's last attempt leaves: running, every attempt spent, its lease run out. */
async function killWorkerDuringLastAttempt(job: number): Promise<void> {
  await database.db.execute(sql`UPDATE jobs SET status = 'running', attempts = max_attempts, locked_until = now() - interval '1 second' WHERE id = ${job}`);
}

const listed = async (name: string) => (await listFiles(database.db, websiteId)).find((f) => f.name === name);

describe('images left processing by a dead worker', () => {
  it('are marked failed by the sweep, and the library lists them as failed', async () => {
    const { id, job } = await upload('killed.png', await image('#357'));
    // A job still waiting is the worker's: the sweep leaves the file alone however old it is.
    expect(await sweepStuckImages(pool, store, { olderThanMs: 0 })).toEqual({ requeued: 0, failed: 0 });

    // The dead worker had written a variant before it died.
    await store.put({ websiteId, path: `files/${id}/100.webp` }, Buffer.from('half-made'));
    await killWorkerDuringLastAttempt(job);
    startImageWorker();
    const failedJob = await jobSettled(database.db, job);
    expect(failedJob).toMatchObject({ status: 'failed', lastError: 'The worker stopped during the last attempt' });
    await worker!.stop();
    // The queue alone leaves the file processing: its handler never ran.
    expect((await fileRow(id)).status).toBe('processing');
    expect((await listed('killed.png'))?.status).toBe('processing');

    // Only files stuck for a while (5 minutes by default) are swept: this one has just been uploaded.
    expect(await sweepStuckImages(pool, store)).toEqual({ requeued: 0, failed: 0 });
    expect((await fileRow(id)).status).toBe('processing');

    const before = await version();
    const lines: string[] = [];
    expect(await sweepStuckImages(pool, store, { olderThanMs: 0, log: (line) => lines.push(line) })).toEqual({ requeued: 0, failed: 1 });
    expect((await fileRow(id)).status).toBe('failed');
    // What the asset library lists; the files screen shows 'failed' as 'File processing failed'.
    expect(await listed('killed.png')).toMatchObject({ status: 'failed', name: 'killed.png' });
    expect(await variantCount(id)).toBe(0);
    expect(await blobPaths(id)).toEqual([`files/${id}/original-5a5a5a`]);
    expect(await version()).toBe(before + 1);
    expect(lines).toEqual([expect.stringMatching(/marked failed/)]);
    // The image that killed its worker is not tried again.
    expect((await imageJobs(id)).map((j) => j.status)).toEqual(['failed']);

    // Settled once: a second sweep finds nothing.
    expect(await sweepStuckImages(pool, store, { olderThanMs: 0 })).toEqual({ requeued: 0, failed: 0 });
    expect(await version()).toBe(before + 1);
  });

  it('with no job left for their bytes are queued once more; if that job dies too, they are failed', async () => {
    const lost = await upload('lost.png', await image('#a52'));
    const twice = await upload('twice.png', await image('#2a5'));
    // Their jobs are gone (pruned, or never queued by an older server).
    await database.db.execute(sql`DELETE FROM jobs WHERE id IN (${lost.job}, ${twice.job})`);

    expect(await sweepStuckImages(pool, store, { olderThanMs: 0 })).toEqual({ requeued: 2, failed: 0 });
    const [again] = await imageJobs(lost.id);
    const [twiceAgain] = await imageJobs(twice.id);
    expect(again).toMatchObject({ status: 'pending', payload: { fileId: lost.id } });
    // Queued jobs are the worker's: nothing more for the sweep to do.
    expect(await sweepStuckImages(pool, store, { olderThanMs: 0 })).toEqual({ requeued: 0, failed: 0 });

    // The second file's new job dies with its worker too.
    await killWorkerDuringLastAttempt(twiceAgain!.id);
    startImageWorker();
    expect(await imageRunSettled(database.db, again!.id)).toMatchObject({ status: 'done' });
    expect(await jobSettled(database.db, twiceAgain!.id)).toMatchObject({ status: 'failed' });
    expect(await fileRow(lost.id)).toMatchObject({ status: 'ready', width: 160, height: 120 });
    expect(await variantCount(lost.id)).toBeGreaterThan(0);
    expect((await listed('lost.png'))?.status).toBe('ready');

    // The sweep's one extra job is spent: failed, not queued a third time.
    expect(await sweepStuckImages(pool, store, { olderThanMs: 0 })).toEqual({ requeued: 0, failed: 1 });
    expect((await listed('twice.png'))?.status).toBe('failed');
    expect((await imageJobs(twice.id)).length).toBe(1);
  });
});
