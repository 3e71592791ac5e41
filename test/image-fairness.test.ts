/**
 * The image worker shares itself fairly and serves the owner first, as main.ts runs it (fair
 * claims, first copies before the rest), with one image at a time so the order is exact: one site
 * has ten images queued when another site uploads one small image. The blob store records the
 * order in which copies are written. The small site's first copies come before the busy site's
 * queue is half done; every image's first copies (WebP and the format every browser shows, at the
 * widths pages ask for first) come before any image's AVIF or other widths. While the small
 * image's rest is being made, its page names only the copies that exist and the Files screen's
 * list says more are coming.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources } from '../src/blocks/image/picture';
import { siteDocumentSchema } from '../src/blocks/site-document';
import { connect, type Database } from '../src/db/client';
import { files } from '../src/server/modules/files/schema/files';
import { loadDocument } from '../src/document/load';
import { postgresBlobStore } from '../src/server/blobs/postgres-store';
import type { BlobStore } from '../src/server/blobs/store';
import { variantPhase, type VariantFormat } from '../src/server/modules/files/images/image-pipeline';
import { enqueueImageVariants, IMAGE_JOB_KINDS, imageJobHandlers } from '../src/server/modules/files/images/variants-job';
import { startWorker, type Worker } from '../src/server/jobs/queue';
import { readPathContent } from '../src/server/modules/content/published/published';
import { listFiles } from '../src/server/modules/files/site-files';
import { writeSiteDocument } from '../src/server/modules/content/sites/sites';
import { freshDatabase } from './db';
import { siteNamed } from './fixtures';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let pool: Database;
let store: BlobStore;
let worker: Worker | undefined;
const sites: Record<'busy' | 'small', string> = { busy: '', small: '' };

beforeAll(async () => {
  database = await freshDatabase();
  for (const name of ['busy', 'small'] as const) {
    const loaded = loadDocument(siteNamed(name, name), siteDocumentSchema);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    sites[name] = (await writeSiteDocument(database.db, loaded.document, { makeDefault: name === 'busy' })).websiteId;
  }
  pool = connect(database.url, 8);
  store = postgresBlobStore(pool);
});
afterAll(async () => {
  // In turn: the worker's runs use the store's connections, and the store the pool's.
  for (const close of [() => worker?.stop(), () => store?.close(), () => pool?.close(), () => database?.drop()]) await close();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Stores the original, then the row and its job in one transaction, as an upload does; answers the job. */
async function upload(websiteId: string, id: string, bytes: Buffer, contentType: string): Promise<number> {
  await store.put({ websiteId, path: `files/${id}/original` }, bytes);
  return database.db.transaction(async (tx) => {
    await tx.insert(files).values({
      websiteId,
      id,
      name: `${id}.${contentType.split('/')[1]}`,
      contentType,
      size: bytes.length,
      sha256: sha(bytes),
      blobPath: `files/${id}/original`,
      status: 'processing',
      position: 0,
    });
    return enqueueImageVariants(tx, websiteId, id, sha(bytes));
  });
}

/** A copy as the store saw it written: whose, and which phase it belongs to. */
type Written = { site: 'busy' | 'small'; file: string; width: number; format: VariantFormat; phase: 'first' | 'rest' };

describe('image copies across sites', () => {
  it('makes another site’s small image’s first copies before the busy site’s queue is half done, and every first copy before the rest', async () => {
    // "Large" by the worker's setting: copies of more than 50 000 pixels get the fastest effort, as a camera's full-size copies do.
    const large = await sharp({ create: { width: 480, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg()
      .toBuffer();
    const small = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#36a8' } })
      .png()
      .toBuffer();
    const widthOf: Record<string, number> = {};
    for (let i = 1; i <= 10; i++) {
      await upload(sites.busy, `photo-${i}`, large, 'image/jpeg');
      widthOf[`photo-${i}`] = 480;
    }
    await upload(sites.small, 'dot', small, 'image/png');
    widthOf.dot = 10;

    // The store records each copy written; the small image's first AVIF waits until the test has looked at its page.
    const written: Written[] = [];
    let smallRestReached!: () => void;
    const reached = new Promise<void>((resolve) => (smallRestReached = resolve));
    let letGo!: () => void;
    const go = new Promise<void>((resolve) => (letGo = resolve));
    const recording: BlobStore = {
      ...store,
      async put(key, body, opts) {
        const m = /^files\/([^/]+)\/(\d+)\.([a-z]+)$/.exec(key.path);
        if (m) {
          const [file, width, format] = [m[1]!, Number(m[2]), m[3] as VariantFormat];
          const site = key.websiteId === sites.small ? 'small' : 'busy';
          written.push({ site, file, width, format, phase: variantPhase({ width, format }, widthOf[file]!) });
          if (site === 'small' && format === 'avif') {
            smallRestReached();
            await go;
          }
        }
        return store.put(key, body, opts);
      },
    };
    worker = startWorker(pool, imageJobHandlers(pool, { store: recording, concurrency: 1, avifEffort: 0, largePixels: 50_000 }), {
      concurrency: 1,
      pollMs: 30,
      log: () => undefined,
      kinds: { only: IMAGE_JOB_KINDS },
      fair: { first: IMAGE_JOB_KINDS.slice(0, 1) },
    });

    await reached;
    // The small image's first copies are written and its rest is on the way: the Files screen's list says so…
    expect((await listFiles(database.db, sites.small))[0]).toMatchObject({ name: 'dot.png', status: 'processing', moreComing: true });
    // …and its page names the copies that exist (WebP and PNG at its own width), no AVIF yet.
    const facts = (await readPathContent(pool.pool, sites.small, '/')).facts.files.get('dot.png');
    expect(imageSources('/s/dot.png', facts)).toEqual({
      src: `/s/${sha(small).slice(0, 16)}/dot.png`,
      srcSet: `/s/${sha(small).slice(0, 16)}/dot.png 10w`,
      sources: [{ type: 'image/webp', srcSet: `/s/${sha(small).slice(0, 16)}/dot.png.webp 10w` }],
    });
    letGo();
    const deadline = Date.now() + 30_000;
    while ((await listFiles(database.db, sites.busy)).some((f) => f.status !== 'ready') || (await listFiles(database.db, sites.small))[0]!.status !== 'ready') {
      if (Date.now() > deadline) throw new Error(`the images were not all made: ${JSON.stringify(written.slice(-3))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Each busy image: 480 and 300 wide in WebP and JPEG first; then AVIF at every width and the 100-wide copies.
    const busyCopies = written.filter((w) => w.site === 'busy');
    expect(busyCopies.length).toBe(10 * 9);
    const doneAt = (file: string) => written.findLastIndex((w) => w.file === file);
    // The busy site's queue is half done when its fifth image has all its copies.
    const halfDone = Array.from({ length: 10 }, (_, i) => doneAt(`photo-${i + 1}`)).sort((a, b) => a - b)[4]!;
    const smallFirst = written.filter((w) => w.site === 'small' && w.phase === 'first');
    expect(smallFirst.map((w) => `${w.width}.${w.format}`).sort()).toEqual(['10.png', '10.webp']);
    expect(written.lastIndexOf(smallFirst.at(-1)!)).toBeLessThan(halfDone);
    // The busy site's images took turns with the small one: its second image came after the small image's first copies.
    expect(written.findIndex((w) => w.file === 'photo-2')).toBeGreaterThan(written.lastIndexOf(smallFirst.at(-1)!));
    // Every image's first copies before any image's rest.
    const lastFirst = written.findLastIndex((w) => w.phase === 'first');
    const firstRest = written.findIndex((w) => w.phase === 'rest');
    expect(lastFirst).toBeLessThan(firstRest);
    expect(written.filter((w) => w.phase === 'first').length).toBe(10 * 4 + 2);
  });
});
