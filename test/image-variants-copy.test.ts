/**
 * Image copies made once per bytes: a site imported with an image whose bytes the server already
 * has, with copies the current pipeline made, gets those copies copied into its own folder of the
 * blob store and queues no image job, whether the bytes came base64 in a document (a template) or
 * in an archive. The copies are the site's own: deleting the other site's leaves them whole. When
 * the other file's copies are gone before they are copied, the job is queued as before.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { files, fileVariants } from '../src/server/modules/files/schema/files';
import { jobs } from '../src/server/jobs/schema';
import type { SiteDocument, StoredBlockData } from '../src/document/schema';
import { postgresBlobStore } from '../src/server/blobs/postgres-store';
import type { BlobStore } from '../src/server/blobs/store';
import { IMAGE_PIPELINE_VERSION } from '../src/server/modules/files/images/image-pipeline';
import { IMAGE_VARIANTS_JOB, imageJobHandlers } from '../src/server/modules/files/images/variants-job';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { templateDocument } from '../src/server/modules/content/sites/new-sites';
import { afterImport } from '../src/server/modules/content/sites/site-archive';
import { importSite } from '../src/server/modules/content/operations/import-site';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { tarOf } from './archive';
import { freshDatabase } from './db';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let pool: Database;
let store: BlobStore;
let worker: Worker;
let tile: Buffer;
/** Other bytes, for the case whose donor loses its copies. */
let other: Buffer;

beforeAll(async () => {
  database = await freshDatabase();
  pool = connect(database.url, 8);
  store = postgresBlobStore(pool);
  worker = startWorker(pool, imageJobHandlers(pool, { store, concurrency: 2, avifEffort: 0 }), { pollMs: 30, log: () => undefined });
  const jpeg = (background: string) =>
    sharp({ create: { width: 640, height: 400, channels: 3, background } })
      .jpeg({ quality: 70 })
      .toBuffer();
  [tile, other] = await Promise.all([jpeg('#3a6b8c'), jpeg('#8c3a6b')]);
});
afterAll(async () => {
  await worker?.stop();
  await store?.close();
  await pool?.close();
  await database?.drop();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A blank site whose one file is `bytes` as tile.jpg, base64 in the document (as the demo template carries its images). */
async function documentWith(identifier: string, bytes: Buffer): Promise<SiteDocument<StoredBlockData>> {
  const doc = await templateDocument('blank', identifier, identifier);
  doc.files.push({ name: 'tile.jpg', contentType: 'image/jpeg', width: 640, height: 400, data: bytes.toString('base64') } as (typeof doc.files)[number]);
  return doc;
}

/** Imports the site as the CLI and the config area do: the document, then what follows its commit. */
async function importWith(identifier: string, bytes = tile): Promise<string> {
  const result = await writeSiteDocument(database.db, await documentWith(identifier, bytes));
  await afterImport({ db: database.db, store }, result);
  return result.websiteId;
}

const tileOf = async (websiteId: string) =>
  (
    await database.db
      .select()
      .from(files)
      .where(and(eq(files.websiteId, websiteId), eq(files.name, 'tile.jpg')))
  )[0]!;
const imageJobs = async (websiteId: string) =>
  (
    await database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.websiteId, websiteId), eq(jobs.kind, IMAGE_VARIANTS_JOB)))
  ).length;
const variantsOf = async (websiteId: string, fileId: string) =>
  (
    await database.db
      .select()
      .from(fileVariants)
      .where(and(eq(fileVariants.websiteId, websiteId), eq(fileVariants.fileId, fileId)))
  ).sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));

async function bytesOf(websiteId: string, path: string): Promise<Buffer> {
  const stream = await store.get({ websiteId, path });
  if (!stream) throw new Error(`no blob ${websiteId}/${path}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function ready(websiteId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await tileOf(websiteId)).status !== 'ready') {
    if (Date.now() > deadline) throw new Error('the tile did not get its copies in 30 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('image copies made once per bytes', () => {
  let first: string;

  beforeAll(async () => {
    first = await importWith('first');
    await ready(first);
  });

  it('the first site with the bytes has them made by the job', async () => {
    expect(await imageJobs(first)).toBe(1);
    const file = await tileOf(first);
    expect(file).toMatchObject({ status: 'ready', sha256: sha(tile), variantsVersion: IMAGE_PIPELINE_VERSION });
    expect((await variantsOf(first, file.id)).length).toBeGreaterThan(3);
  });

  it('a site imported from a document with the same bytes copies them, with no job, into its own folder', async () => {
    const second = await importWith('second');
    expect(await imageJobs(second)).toBe(0);
    const [mine, theirs] = [await tileOf(second), await tileOf(first)];
    expect(mine).toMatchObject({ status: 'ready', sha256: sha(tile), variantsVersion: IMAGE_PIPELINE_VERSION, width: 640, height: 400 });
    const copies = await variantsOf(second, mine.id);
    const originals = await variantsOf(first, theirs.id);
    expect(copies.map(({ width, height, format, contentType, size }) => ({ width, height, format, contentType, size }))).toEqual(
      originals.map(({ width, height, format, contentType, size }) => ({ width, height, format, contentType, size })),
    );
    for (const [i, copy] of copies.entries()) {
      expect(copy.blobPath.startsWith(`files/${mine.id}/`)).toBe(true);
      expect(await bytesOf(second, copy.blobPath)).toEqual(await bytesOf(first, originals[i]!.blobPath));
    }
    // The first site's file deleted with its copies: the second's are its own and stay whole.
    await database.db.delete(files).where(and(eq(files.websiteId, first), eq(files.id, theirs.id)));
    await store.delete(originals.map((v) => ({ websiteId: first, path: v.blobPath })));
    for (const copy of copies) expect((await bytesOf(second, copy.blobPath)).length).toBe(copy.size);
  });

  it('a site imported from an archive with the same bytes copies them too', async () => {
    const doc = await templateDocument('blank', 'from-archive', 'From an archive');
    doc.files.push({ name: 'tile.jpg', contentType: 'image/jpeg', sha256: sha(tile) } as (typeof doc.files)[number]);
    const archive = await tarOf([
      { name: 'site.json', data: Buffer.from(JSON.stringify(doc)) },
      { name: 'files/tile.jpg', data: tile },
    ]);
    const { websiteId } = await importSite({ db: database.db, store }, { archive: Readable.from([archive]) });
    expect(await imageJobs(websiteId)).toBe(0);
    const mine = await tileOf(websiteId);
    expect(mine.status).toBe('ready');
    for (const copy of await variantsOf(websiteId, mine.id)) expect((await bytesOf(websiteId, copy.blobPath)).length).toBe(copy.size);
  });

  it('queues the job when the other file’s copies are gone before they are copied', async () => {
    const donorSite = await importWith('donor', other);
    await ready(donorSite);
    // The only file with these bytes still says 'ready', but its copies' blobs are lost.
    const donor = await tileOf(donorSite);
    await store.delete((await variantsOf(donorSite, donor.id)).map((v) => ({ websiteId: donorSite, path: v.blobPath })));
    const late = await importWith('late', other);
    expect(await imageJobs(late)).toBe(1);
    await ready(late);
    const file = await tileOf(late);
    for (const made of await variantsOf(late, file.id)) expect((await bytesOf(late, made.blobPath)).length).toBe(made.size);
  });
});
