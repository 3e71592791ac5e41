/**
 * The image-variants job end to end on the server side: a file row and its original in the
 * PostgreSQL blob store, the job queued in the same transaction, a worker running it. The variants
 * land as rows and blobs, the file turns 'ready' with its upright size and the site's content
 * version moves (so cached pages are dropped); a replacement's run deletes the variants the new
 * bytes no longer have; a job for bytes since replaced, or for a deleted file, writes nothing; a
 * corrupt image fails at once and the file is marked 'failed'.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { connect, type Database } from '../src/db/client';
import { files, fileVariants } from '../src/server/modules/files/schema/files';
import { websites } from '../src/server/modules/sites/schema/sites';
import { loadDocument } from '../src/document/load';
import { postgresBlobStore } from '../src/server/blobs/postgres-store';
import type { BlobStore } from '../src/server/blobs/store';
import { enqueueImageVariants, imageJobHandlers } from '../src/server/modules/files/images/variants-job';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { imageRunSettled } from './image-jobs';
import { siteNamed } from './fixtures';

let database: Awaited<ReturnType<typeof freshDatabase>>;
/** The worker's and the store's connections: an image run holds one for its lock and one for each put. */
let pool: Database;
let store: BlobStore;
let worker: Worker;
let websiteId: string;

beforeAll(async () => {
  database = await freshDatabase();
  const loaded = loadDocument(siteNamed('images', 'Images'), siteDocumentSchema);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  websiteId = (await writeSiteDocument(database.db, loaded.document, { makeDefault: true })).websiteId;
  pool = connect(database.url, 8);
  store = postgresBlobStore(pool);
  worker = startWorker(pool, imageJobHandlers(pool, { store, concurrency: 2, avifEffort: 0 }), { pollMs: 30, log: () => undefined });
});
afterAll(async () => {
  await worker?.stop();
  await store?.close();
  await pool?.close();
  await database?.drop();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const version = async () => (await database.db.select({ v: websites.contentVersion }).from(websites).where(eq(websites.id, websiteId)))[0]!.v;
const fileRow = async (id: string) =>
  (
    await database.db
      .select()
      .from(files)
      .where(and(eq(files.websiteId, websiteId), eq(files.id, id)))
  )[0];
const variantRows = async (id: string) =>
  (
    await database.db
      .select()
      .from(fileVariants)
      .where(and(eq(fileVariants.websiteId, websiteId), eq(fileVariants.fileId, id)))
  )
    .map((v) => `${v.width}x${v.height}.${v.format}`)
    .sort();
async function blobPaths(id: string): Promise<string[]> {
  const paths: string[] = [];
  for await (const key of store.list(websiteId, `files/${id}/`)) paths.push(key.path);
  return paths.sort();
}

/** Stores the original, then the row and its job in one transaction, as an upload does; answers the file's id and the job's. */
async function upload(name: string, bytes: Buffer, contentType: string): Promise<{ id: string; job: number }> {
  const id = `file-${name.replace(/\W/g, '-')}`;
  // As an upload names it: a key of its own, which the job must read through the row and never delete.
  await store.put({ websiteId, path: `files/${id}/original-0a1b2c` }, bytes);
  const job = await database.db.transaction(async (tx) => {
    await tx.insert(files).values({
      websiteId,
      id,
      name,
      contentType,
      size: bytes.length,
      sha256: sha(bytes),
      blobPath: `files/${id}/original-0a1b2c`,
      status: 'processing',
      position: 0,
    });
    return enqueueImageVariants(tx, websiteId, id, sha(bytes));
  });
  return { id, job };
}

/** The job's outcome and, when it wrote the first copies, its follow-up's (the rest): the image's whole run. */
const settled = (job: number) => imageRunSettled(database.db, job);

describe('the image-variants job', () => {
  it('writes the variants, marks the file ready with its upright size, and moves the site version', async () => {
    // A 480 × 360 photo stored sideways (EXIF orientation 6): upright it is 360 × 480.
    const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#468' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await version();
    const { id, job } = await upload('photo.jpg', photo, 'image/jpeg');
    expect(await settled(job)).toMatchObject({ status: 'done' });

    expect(await fileRow(id)).toMatchObject({ status: 'ready', width: 360, height: 480 });
    const sizes = ['360x480', '300x400', '100x133'];
    expect(await variantRows(id)).toEqual(sizes.flatMap((s) => ['avif', 'jpeg', 'webp'].map((f) => `${s}.${f}`)).sort());
    expect(await blobPaths(id)).toEqual(
      ['original-0a1b2c', ...['100', '300', '360'].flatMap((w) => ['avif', 'jpeg', 'webp'].map((f) => `${w}.${f}`))].map((p) => `files/${id}/${p}`).sort(),
    );
    const [row] = await database.db
      .select()
      .from(fileVariants)
      .where(and(eq(fileVariants.fileId, id), eq(fileVariants.width, 300), eq(fileVariants.format, 'webp')));
    expect(row).toMatchObject({ contentType: 'image/webp', blobPath: `files/${id}/300.webp` });
    expect((await store.stat({ websiteId, path: row!.blobPath }))?.size).toBe(row!.size);
    // Once for the copies pages show first, once for the rest.
    expect(await version()).toBe(before + 2);
  });

  it('after a replacement, keeps only the new bytes’ variants', async () => {
    const wide = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#0a08' } })
      .png()
      .toBuffer();
    const { id, job } = await upload('banner.png', wide, 'image/png');
    expect(await settled(job)).toMatchObject({ status: 'done' });
    expect(await blobPaths(id)).toContain(`files/${id}/400.png`);

    // Replaced by a narrower image, as the file service does: new original, new hash, a new job.
    const narrow = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#a00' } })
      .png()
      .toBuffer();
    await store.put({ websiteId, path: `files/${id}/original-9f8e7d` }, narrow);
    const again = await database.db.transaction(async (tx) => {
      await tx
        .update(files)
        .set({ sha256: sha(narrow), size: narrow.length, blobPath: `files/${id}/original-9f8e7d`, status: 'processing', width: null, height: null })
        .where(eq(files.id, id));
      return enqueueImageVariants(tx, websiteId, id, sha(narrow));
    });
    expect(await settled(again)).toMatchObject({ status: 'done' });
    expect(await fileRow(id)).toMatchObject({ status: 'ready', width: 200, height: 100 });
    expect(await variantRows(id)).toEqual(['100x50.avif', '100x50.png', '100x50.webp', '200x100.avif', '200x100.png', '200x100.webp']);
    // Originals are the file service's: the old one is deleted by the replacement once it commits, never by the job.
    expect(await blobPaths(id)).toEqual(
      ['100.avif', '100.png', '100.webp', '200.avif', '200.png', '200.webp', 'original-0a1b2c', 'original-9f8e7d'].map((p) => `files/${id}/${p}`),
    );
  });

  it('writes nothing for bytes since replaced, or for a deleted file', async () => {
    const image = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#222' } })
      .png()
      .toBuffer();
    const stale = await upload('stale.png', image, 'image/png');
    await settled(stale.job);
    const staleJob = await database.db.transaction((tx) => enqueueImageVariants(tx, websiteId, stale.id, sha(Buffer.from('older bytes'))));
    const before = await version();
    expect(await settled(staleJob)).toMatchObject({ status: 'done' });
    expect(await version()).toBe(before);

    // Deleted in the transaction that queued its job, so the run can only find it gone.
    await store.put({ websiteId, path: 'files/gone/original' }, image);
    const goneJob = await database.db.transaction(async (tx) => {
      await tx.insert(files).values({
        websiteId,
        id: 'gone',
        name: 'gone.png',
        contentType: 'image/png',
        sha256: sha(image),
        blobPath: 'files/gone/original',
        status: 'processing',
        position: 0,
      });
      const queued = await enqueueImageVariants(tx, websiteId, 'gone', sha(image));
      await tx.delete(files).where(and(eq(files.websiteId, websiteId), eq(files.id, 'gone')));
      return queued;
    });
    expect(await settled(goneJob)).toMatchObject({ status: 'done' });
    expect(await blobPaths('gone')).toEqual(['files/gone/original']);
    expect(await version()).toBe(before);
  });

  it('fails a corrupt image at once and marks the file failed, with no variants', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#963' } })
      .jpeg()
      .toBuffer();
    const { id, job } = await upload('broken.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'image/jpeg');
    const result = await settled(job);
    expect(result).toMatchObject({ status: 'failed', attempts: 1 });
    expect(result.lastError).toMatch(/could not be read/);
    expect(await fileRow(id)).toMatchObject({ status: 'failed' });
    expect(await variantRows(id)).toEqual([]);
    expect(await blobPaths(id)).toEqual([`files/${id}/original-0a1b2c`]);
  });

  it('takes the site before the file, as an import or an alt-text change does, so the two never deadlock', async () => {
    const png = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#5a7' } })
      .png()
      .toBuffer();
    // An import's transaction: the site's row first, held while the job finishes its images (NO KEY,
    // so the file's row and its job can still be inserted, their foreign keys sharing the row).
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT id FROM websites WHERE id = $1 FOR NO KEY UPDATE', [websiteId]);
      const { id, job } = await upload('racing.png', png, 'image/png');
      // The job has made its images and waits for the site's row to write them.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await database.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%websites%' AND pid <> pg_backend_pid()",
        );
        if (rows[0]!.n > 0) break;
        if (Date.now() > deadline) throw new Error('the job never waited for the site');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // Taking the file's row now would deadlock if the job held it while waiting for the site.
      await client.query("SET LOCAL lock_timeout = '5s'");
      await client.query("UPDATE files SET alt = 'Set by the import' WHERE website_id = $1 AND id = $2", [websiteId, id]);
      await client.query('COMMIT');
      // Done at its first attempt: no transaction was chosen as a deadlock's victim.
      expect(await settled(job)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
      expect(await fileRow(id)).toMatchObject({ status: 'ready', alt: 'Set by the import' });
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  });
});
