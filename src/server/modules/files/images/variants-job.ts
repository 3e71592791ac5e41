/**
 * The background jobs that make an image's variants (image-pipeline.ts) after it is uploaded or
 * replaced, in two phases so the owner does not wait: the first job (IMAGE_VARIANTS_JOB), queued in
 * the upload's transaction (`enqueueImageVariants`), makes the copies a page shows first and, in the
 * transaction that writes them, queues the second (IMAGE_MORE_VARIANTS_JOB) for the rest (AVIF,
 * other widths). Pages name the copies that exist; the file stays 'processing' (the Files screen
 * saying more are coming) until the second is written. Run by the image worker (../jobs/queue.ts)
 * on any app server, which takes first jobs before second ones and sites in turns, and hands a
 * running job back when the server stops (the handler's signal).
 *
 * A run works on the bytes of the original it reads, named by their SHA-256: it does nothing when
 * the file is gone or its bytes changed since the job was queued (the replacement queued its own
 * job), and writes its result only if the file still has those bytes. The result is one
 * transaction: the old variant rows out, the new ones in, the file 'ready' with its size, and
 * `markSiteChanged`, so every app server drops the site's cached pages and they are rendered again
 * with the new `<picture>` sources. Blobs no longer listed are deleted after the commit.
 *
 * Runs for one file take turns under a PostgreSQL advisory lock (held on a connection of its own,
 * not in an open transaction), because they write the same blob paths: a run for the old bytes
 * could otherwise overwrite the new bytes' variants after those were committed. Runs for different
 * files go ahead together, at most IMAGE_CONCURRENCY of them in this process.
 *
 * A corrupt image or one past the pixel limit fails at once (PermanentJobError); other failures are
 * retried. When the last attempt fails the file is marked 'failed', its variants removed, and
 * pages go on using the original.
 *
 * Files a killed worker left 'processing' are settled by ./stuck-images.ts.
 */
import { and, eq, exists, inArray, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db, Executor } from '../../../../db/client';
import { files, fileVariants } from '../schema/files';
import type { BlobKey, BlobStore } from '../../../blobs/store';
import { enqueue, PermanentJobError, type JobHandler } from '../../../jobs/queue';
import { lockSite } from '../../sites';
import { markSiteChanged } from '../../sites';
import {
  createImageGate,
  variantPlan,
  IMAGE_CONCURRENCY_DEFAULT,
  IMAGE_PIPELINE_VERSION,
  ImageRefusedError,
  makeVariants,
  variantPath,
  type ImageGate,
  type Variant,
  type VariantFormat,
  type VariantPhase,
} from './image-pipeline';

export const IMAGE_VARIANTS_JOB = 'image-variants';
/** The second phase: the copies a page does not need first (AVIF, other widths). */
export const IMAGE_MORE_VARIANTS_JOB = 'image-variants-more';
/** The image worker's kinds, the first phase first (main.ts). */
export const IMAGE_JOB_KINDS = [IMAGE_VARIANTS_JOB, IMAGE_MORE_VARIANTS_JOB] as const;
/** A failure other than the image's own is retried twice (5 s, then 10 s later): a store or database briefly away. */
export const IMAGE_JOB_ATTEMPTS = 3;
/** An arbitrary constant naming "an image's variants" among advisory locks; the file is the second key. */
const VARIANTS_LOCK = 7_316_015;

const payloadSchema = z.object({
  fileId: z.string().min(1),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/** Queues the making of a file's variants, answering the job's id; call it in the transaction that stores the file's row (upload or replacement). */
export async function enqueueImageVariants(tx: Executor, websiteId: string, fileId: string, sha256: string): Promise<number> {
  return enqueue(tx, { websiteId, kind: IMAGE_VARIANTS_JOB, payload: { fileId, sha256 }, maxAttempts: IMAGE_JOB_ATTEMPTS });
}

export type ImageJobOptions = {
  store: BlobStore;
  /** Images this process works on at once (IMAGE_CONCURRENCY, 2 by default). */
  concurrency?: number;
  avifEffort?: number;
  /** Copies of more pixels are encoded at the fastest effort (IMAGE_LARGE_PIXELS). */
  largePixels?: number;
  maxPixels?: number;
};

/** A gate that lets everything through: the handler has already passed its own. */
const OPEN_GATE: ImageGate = { limit: Number.POSITIVE_INFINITY, active: 0, run: (work) => work() };

export const fileIs = (websiteId: string, fileId: string) => and(eq(files.websiteId, websiteId), eq(files.id, fileId));
const variantsOf = (websiteId: string, fileId: string) => and(eq(fileVariants.websiteId, websiteId), eq(fileVariants.fileId, fileId));

/** A variant's path ({width}.{format}); originals (the upload's own key) are the upload's to keep or delete. */
const VARIANT_PATH = /^files\/[^/]+\/\d+\.[a-z]+$/;

/**
 * Every variant blob under the file's folder but the paths kept: variants of earlier runs and of
 * runs that failed. Never an original: a replacement's new original may be in the store before its
 * row names it.
 */
export async function strayBlobs(store: BlobStore, websiteId: string, fileId: string, keep: ReadonlySet<string>): Promise<BlobKey[]> {
  const stray: BlobKey[] = [];
  for await (const key of store.list(websiteId, `files/${fileId}/`)) {
    if (VARIANT_PATH.test(key.path) && !keep.has(key.path)) stray.push(key);
  }
  return stray;
}

export type Outcome = 'written' | 'gone' | 'changed';

/** What a run (or a copy) gives a file: the variants of the bytes named by `sha256`, and the image's size. */
type Result = { sha256: string; image: { width: number; height: number }; variants: Variant[] };

/**
 * Writes the variants as the file's, if it still has the bytes they were made from: 'all' and
 * 'first' replace every variant row (a replacement's old copies go), 'rest' adds to the first's.
 * 'first' leaves the file 'processing' and queues the rest, unless `more` is false (nothing left).
 */
async function commitVariants(db: Executor, websiteId: string, fileId: string, made: Result, phase: VariantPhase = 'all', more = true): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const [file] = await tx
      .select({ sha256: files.sha256, width: files.width, height: files.height })
      .from(files)
      .where(fileIs(websiteId, fileId))
      .for('update');
    if (!file) return 'gone';
    if (file.sha256 !== made.sha256) return 'changed';
    const paths = made.variants.map((v) => v.blobPath);
    await tx
      .delete(fileVariants)
      .where(and(variantsOf(websiteId, fileId), phase === 'rest' ? inArray(fileVariants.blobPath, paths.length > 0 ? paths : ['']) : undefined));
    if (made.variants.length > 0) await tx.insert(fileVariants).values(made.variants.map((v) => ({ websiteId, fileId, ...v })));
    const coming = phase === 'first' && more;
    await tx
      .update(files)
      .set({
        ...(coming ? {} : { status: 'ready' as const, variantsVersion: IMAGE_PIPELINE_VERSION }),
        width: file.width ?? made.image.width,
        height: file.height ?? made.image.height,
        updatedAt: new Date(),
      })
      .where(fileIs(websiteId, fileId));
    if (coming) {
      await enqueue(tx, { websiteId, kind: IMAGE_MORE_VARIANTS_JOB, payload: { fileId, sha256: made.sha256 }, maxAttempts: IMAGE_JOB_ATTEMPTS });
    }
    await markSiteChanged(tx, websiteId);
    return 'written';
  });
}

/** After the last attempt: the file is 'failed' with no variants (pages use the original), unless its bytes changed meanwhile. */
async function markFailed(db: Database['db'], store: BlobStore, websiteId: string, fileId: string, sha256: string | undefined): Promise<void> {
  const failed = await db.transaction(async (tx) => {
    await lockSite(tx, websiteId);
    const [file] = await tx.select({ sha256: files.sha256 }).from(files).where(fileIs(websiteId, fileId)).for('update');
    if (!file || (sha256 !== undefined && file.sha256 !== sha256)) return false;
    await setFailed(tx, websiteId, fileId);
    return true;
  });
  if (failed) await store.delete(await strayBlobs(store, websiteId, fileId, new Set()));
}

/** In the caller's transaction, holding the file's row: 'failed', no variant rows (pages use the original), the site changed. */
export async function setFailed(tx: Executor, websiteId: string, fileId: string): Promise<void> {
  await tx.delete(fileVariants).where(variantsOf(websiteId, fileId));
  await tx.update(files).set({ status: 'failed', variantsVersion: null, updatedAt: new Date() }).where(fileIs(websiteId, fileId));
  await markSiteChanged(tx, websiteId);
}

/**
 * Runs `work` holding the file's advisory lock, on a connection checked out for it alone (a lock
 * is its session's: a worker that dies drops its connection, and the lock with it).
 */
export async function withFileLock<T>(database: Database, websiteId: string, fileId: string, work: () => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  const args = [VARIANTS_LOCK, `${websiteId}/${fileId}`];
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', args);
  } catch (err) {
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  try {
    return await work();
  } finally {
    // A connection whose lock could not be released is closed (dropping the lock), not handed on.
    const released = await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', args).then(
      () => undefined,
      (err: unknown) => (err instanceof Error ? err : true),
    );
    client.release(released);
  }
}

/**
 * One run for one file, making the copies of `phase` ('all' when not given; the jobs run 'first',
 * whose commit queues 'rest'); answers what became of it.
 */
export async function runImageVariants(
  database: Database,
  websiteId: string,
  payload: { fileId: string; sha256?: string },
  opts: ImageJobOptions & { gate: ImageGate; phase?: VariantPhase; signal?: AbortSignal },
): Promise<Outcome> {
  const phase = opts.phase ?? 'all';
  const { fileId } = payload;
  const { db } = database;
  // The gate first, then a connection for the lock: waiting runs hold no connection.
  return opts.gate.run(() =>
    withFileLock(database, websiteId, fileId, async () => {
      const [file] = await db.select({ sha256: files.sha256, blobPath: files.blobPath }).from(files).where(fileIs(websiteId, fileId));
      if (!file) return 'gone';
      if (payload.sha256 !== undefined && file.sha256 !== payload.sha256) return 'changed';
      if (!file.blobPath) throw new Error(`the bytes of file ${fileId} are not in the blob store yet`);
      const made = await makeVariants(opts.store, websiteId, fileId, {
        gate: OPEN_GATE,
        phase,
        signal: opts.signal,
        avifEffort: opts.avifEffort,
        largePixels: opts.largePixels,
        maxPixels: opts.maxPixels,
        original: file.blobPath,
      });
      const outcome = await commitVariants(db, websiteId, fileId, made, phase, variantPlan(made.image, 'rest').length > 0);
      // The rest's paths were cleared by the first phase's run; its own stay.
      if (outcome === 'written' && phase !== 'rest') {
        await opts.store.delete(await strayBlobs(opts.store, websiteId, fileId, new Set(made.variants.map((v) => v.blobPath))));
      } else if (outcome === 'gone') {
        // Deleting the file removed its folder, perhaps before these variants were written.
        await opts.store.delete(await strayBlobs(opts.store, websiteId, fileId, new Set()));
      }
      // 'changed': the newer bytes' run waits for this lock and then writes every path again.
      return outcome;
    }),
  );
}

// ---- variants copied from the same bytes ----

export type VariantDonor = { websiteId: string; fileId: string };

/**
 * Another file, of any site, with the same bytes and variants the current pipeline made: a new
 * file with those bytes copies them (`copyImageVariants`) rather than making them again, so a site
 * imported with files the server already has (a template's) needs no image job.
 */
export async function variantDonor(db: Executor, sha256: string, except: VariantDonor): Promise<VariantDonor | undefined> {
  const [donor] = await db
    .select({ websiteId: files.websiteId, fileId: files.id })
    .from(files)
    .where(
      and(
        eq(files.sha256, sha256),
        eq(files.status, 'ready'),
        eq(files.variantsVersion, IMAGE_PIPELINE_VERSION),
        not(and(eq(files.websiteId, except.websiteId), eq(files.id, except.fileId))!),
        exists(
          db
            .select({ one: sql`1` })
            .from(fileVariants)
            .where(and(eq(fileVariants.websiteId, files.websiteId), eq(fileVariants.fileId, files.id))),
        ),
      ),
    )
    .limit(1);
  return donor;
}

/**
 * Gives a file copies of a donor's variants, holding the file's lock (as a run does, in a
 * transaction here): the blobs copied, as one batch, into the file's own folder inside the store
 * (the bytes do not pass through the server; never a reference to the donor's, which its site may
 * delete), then the rows and 'ready' written as a run writes them.
 * Answers false, having written nothing, when the donor's variants went meanwhile (deleted,
 * replaced): the caller queues the job instead.
 */
export async function copyImageVariants(db: Db, store: BlobStore, websiteId: string, fileId: string, sha256: string, donor: VariantDonor): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${VARIANTS_LOCK}, hashtext(${`${websiteId}/${fileId}`}))`);
    const [source] = await tx
      .select({ sha256: files.sha256, width: files.width, height: files.height })
      .from(files)
      .where(fileIs(donor.websiteId, donor.fileId));
    const rows = await tx.select().from(fileVariants).where(variantsOf(donor.websiteId, donor.fileId));
    if (source?.sha256 !== sha256 || rows.length === 0) return false;
    const paths = rows.map((row) => variantPath(fileId, row.width, row.format as VariantFormat));
    const stored = await store.copyMany(
      rows.map((row, i) => ({ from: { websiteId: donor.websiteId, path: row.blobPath }, to: { websiteId, path: paths[i]! } })),
    );
    const copied: Variant[] = rows.flatMap((row, i) => {
      const size = stored[i]?.size;
      return size === undefined
        ? []
        : [{ width: row.width, height: row.height, format: row.format as VariantFormat, contentType: row.contentType, blobPath: paths[i]!, size }];
    });
    const copiedKeys = () => copied.map((v) => ({ websiteId, path: v.blobPath }));
    if (copied.length < rows.length) {
      await store.delete(copiedKeys());
      return false;
    }
    const largest = copied.reduce((a, b) => (b.width > a.width ? b : a));
    const outcome = await commitVariants(tx, websiteId, fileId, {
      sha256,
      image: { width: source.width ?? largest.width, height: source.height ?? largest.height },
      variants: copied,
    });
    // Gone: the file was deleted meanwhile. Changed: its new bytes have a job of their own, whose run rewrites these paths.
    if (outcome === 'gone') await store.delete(copiedKeys());
    return true;
  });
}

/** For an image whose transaction found a donor and queued no job: its copies, or the job after all when the donor's went. */
export async function copyOrQueueImageVariants(
  db: Db,
  store: BlobStore,
  websiteId: string,
  fileId: string,
  sha256: string,
  donor: VariantDonor,
): Promise<void> {
  if (await copyImageVariants(db, store, websiteId, fileId, sha256, donor)) return;
  await db.transaction((tx) => enqueueImageVariants(tx, websiteId, fileId, sha256));
}

/** A phase's handler: the first under IMAGE_VARIANTS_JOB, the rest under IMAGE_MORE_VARIANTS_JOB (imageJobHandlers). */
function imageVariantsHandler(database: Database, opts: ImageJobOptions, phase: 'first' | 'rest', gate: ImageGate): JobHandler {
  return async (job, signal) => {
    const payload = payloadSchema.safeParse(job.payload);
    if (!job.websiteId || !payload.success) throw new PermanentJobError('an image-variants job names no site or file');
    const websiteId = job.websiteId;
    try {
      await runImageVariants(database, websiteId, payload.data, { ...opts, gate, phase, signal });
    } catch (err) {
      // Handed back (the server stopping): the job runs again, the file is left as it is.
      if (signal?.aborted) throw err;
      const refused = err instanceof ImageRefusedError;
      if (refused || job.attempts >= job.maxAttempts) {
        // Under the file's lock, so a run of the same bytes still writing (a duplicate delivery) is not undone halfway.
        await withFileLock(database, websiteId, payload.data.fileId, () =>
          markFailed(database.db, opts.store, websiteId, payload.data.fileId, payload.data.sha256),
        );
      }
      throw refused ? new PermanentJobError(err.message) : err;
    }
  };
}

/** The handlers to give the worker (main.ts): `{ ...imageJobHandlers(database, { store, concurrency }) }`; both phases share one gate. */
export function imageJobHandlers(database: Database, opts: ImageJobOptions): Record<string, JobHandler> {
  const gate = createImageGate(opts.concurrency ?? IMAGE_CONCURRENCY_DEFAULT);
  return {
    [IMAGE_VARIANTS_JOB]: imageVariantsHandler(database, opts, 'first', gate),
    [IMAGE_MORE_VARIANTS_JOB]: imageVariantsHandler(database, opts, 'rest', gate),
  };
}
