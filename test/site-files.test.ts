/**
 * Site files over HTTP (Fastify inject against a real PostgreSQL, the demo site, the PostgreSQL blob
 * store): uploads streamed into the store and refused with the seeds' messages leaving nothing
 * behind, the library's calls (list, rename, alt text, focal point, uses, replace, delete), what
 * visitors get at /s/… (entity tags, 304, byte ranges, an image as a copy made for the request until
 * the pipeline's exist), the demo's files moved out of their rows,
 * and a file uploaded through one app server read through another.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { moveStoredBytes } from '../src/server/modules/files/site-files';
import { untar } from './archive';
import { demoWithTeam, type TeamDemo } from './demo-app';
import { demoDocument } from './fixtures';
import { client, type Client } from './session';

let demo: TeamDemo;
let owner: Client;
let visitor: Client;

beforeAll(async () => {
  demo = await demoWithTeam();
  owner = demo.owner;
  visitor = await client(demo.app);
});
afterAll(async () => {
  await demo?.app.close();
  await demo?.database.drop();
});

type LibraryFile = {
  id: string;
  name: string;
  title: string;
  src: string;
  size: number;
  sizeText: string;
  width: number | null;
  height: number | null;
  status: string;
  alt: string;
  focalX: number | null;
  usedOn: number;
  contentType: string;
};

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const upload = (as: Client, fileName: string, bytes: Buffer, url = '/api/config/files', method: 'POST' | 'PUT' = 'POST') =>
  as.call(method, url, bytes, { headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(fileName) } });

const library = async (search?: string) =>
  (await owner.call('GET', `/api/config/files${search ? `?search=${encodeURIComponent(search)}` : ''}`)).json().files as LibraryFile[];

/** What a refused upload must leave as it was: the files and every blob. */
async function stored() {
  const { rows } = await demo.database.pool.query<{ files: string; blobs: string; chunks: string }>(
    'SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM blobs) AS blobs, (SELECT count(*) FROM blob_chunks) AS chunks',
  );
  return rows[0];
}

describe('uploads', () => {
  // covers 000-2.15
  it('stores an image as it streams in, named for its address, and queues its copies', async () => {
    const bytes = await jpeg(640, 480);
    const res = await upload(owner, 'Café photo (1).JPG', bytes);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().file as LibraryFile;
    expect(file).toMatchObject({
      name: 'Cafe-photo-1.JPG'.replace('.JPG', '.jpg'),
      title: 'Café photo (1).JPG',
      contentType: 'image/jpeg',
      width: 640,
      height: 480,
      size: bytes.length,
      status: 'processing',
      usedOn: 0,
    });
    expect((await library()).map((f) => f.id)).toContain(file.id);
    const { rows } = await demo.database.pool.query("SELECT payload FROM jobs WHERE kind = 'image-variants'");
    expect(rows.map((r: { payload: { fileId: string } }) => r.payload.fileId)).toContain(file.id);
    // A second file of the same name gets the next free address.
    const again = (await upload(owner, 'Café photo (1).JPG', bytes)).json().file as LibraryFile;
    expect(again.name).toBe('Cafe-photo-1-2.jpg');
    // The visitor gets a copy at its own size (never the bytes as uploaded), with an entity tag and byte ranges.
    const served = await visitor.call('GET', file.src);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
  });

  it('stores a PDF as a document', async () => {
    const res = await upload(owner, 'price list.pdf', PDF);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatchObject({ name: 'price-list.pdf', contentType: 'application/pdf', status: 'ready', width: null });
  });

  // covers 000-5.57 (the messages in use), 001-9.81
  it('refuses what it cannot take with the seeds’ messages and keeps nothing of it', async () => {
    const before = await stored();
    const mislabelled = await upload(owner, 'menu.pdf', await png(40, 40));
    expect(mislabelled.statusCode).toBe(415);
    expect(mislabelled.json().error).toBe('The file menu.pdf does not appear to be a supported file.');
    const text = await upload(owner, 'notes.jpg', Buffer.from('just some words, not a picture at all'));
    expect(text.statusCode).toBe(415);

    const corrupt = Buffer.concat([(await jpeg(64, 64)).subarray(0, 200), Buffer.alloc(2000, 7)]);
    const broken = await upload(owner, 'broken.jpg', corrupt);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toContain('broken.jpg could not be read as an image');

    // A flat 10,000 x 10,000 PNG is small on disk and 100 megapixels decoded: refused from its header.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const huge = await upload(owner, 'poster.png', bomb);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe(
      'The image poster.png is too large to process: at most 50 megapixels (width times height) are accepted. Resize it and upload it again.',
    );

    // 20 MB of 1,000,000 bytes each is the image limit: one byte more is refused.
    const oversized = Buffer.concat([await jpeg(32, 32), Buffer.alloc(20_000_001)]);
    const large = await upload(owner, 'large.jpg', oversized);
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toBe('The file large.jpg is too large. The maximum allowed file size is 20 MB.');

    const unnamed = await owner.call('POST', '/api/config/files', PDF, { headers: { 'content-type': 'application/octet-stream' } });
    expect(unnamed.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('needs the crumb and a role that writes pages', async () => {
    const before = await stored();
    expect(
      (await owner.call('POST', '/api/config/files', PDF, { crumb: false, headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'a.pdf' } }))
        .statusCode,
    ).toBe(403);
    expect((await upload(visitor, 'a.pdf', PDF)).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
    // An EDITOR writes pages, so may add the images they place.
    expect((await upload(demo.editor, 'editor.pdf', PDF)).statusCode).toBe(200);
  });
});

describe('what visitors get at /s/…', () => {
  let file: LibraryFile;
  beforeAll(async () => {
    file = (await upload(owner, 'ranges.png', await png(300, 200))).json().file;
  });

  it('answers a byte range, a conditional request and a range past the end', async () => {
    const whole = await visitor.call('GET', file.src);
    // The copy made for the request, until the pipeline's exists.
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{16}-300-png-now"$/);
    const served = whole.rawPayload;
    expect((await visitor.call('GET', file.src, undefined, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const part = await visitor.call('GET', file.src, undefined, { headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${served.length}`);
    expect(part.rawPayload.equals(served.subarray(10, 20))).toBe(true);
    const tail = await visitor.call('GET', file.src, undefined, { headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(served.subarray(served.length - 5))).toBe(true);
    const past = await visitor.call('GET', file.src, undefined, { headers: { range: `bytes=${served.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${served.length}`);
  });

  it('makes the copy asked for while the pipeline’s do not exist yet, with the short cache, and refuses other widths', async () => {
    const hash = (await demo.database.pool.query<{ h: string }>('SELECT left(sha256, 16) AS h FROM files WHERE id = $1', [file.id])).rows[0]!.h;
    const early = await visitor.call('GET', `/s/${hash}/${file.name}.webp?format=100w`);
    expect(early.statusCode).toBe(200);
    expect(early.headers['content-type']).toBe('image/webp');
    expect(await sharp(early.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 100 });
    expect(early.headers['cache-control']).toBe('public, max-age=300');
    expect((await visitor.call('GET', `${file.src}?format=123w`)).statusCode).toBe(400);
    expect((await visitor.call('GET', `/s/0123456789abcdef/no-such.png`)).statusCode).toBe(404);
  });
});

describe('the library', () => {
  let file: LibraryFile;
  beforeAll(async () => {
    file = (await upload(owner, 'Glaze study.png', await png(120, 90))).json().file;
  });

  it('renames a file without moving its address, and asks for a name', async () => {
    const empty = await owner.call('PUT', `/api/config/files/${file.id}`, { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please enter a file name');
    const renamed = await owner.call('PUT', `/api/config/files/${file.id}`, { title: 'Celadon glaze, second firing' });
    expect(renamed.json().file).toMatchObject({ title: 'Celadon glaze, second firing', name: file.name, src: file.src });
    expect((await library('second firing')).map((f) => f.id)).toEqual([file.id]);
    expect((await visitor.call('GET', file.src)).statusCode).toBe(200);
  });

  it('keeps alt text and a focal point', async () => {
    const res = await owner.call('PUT', `/api/config/files/${file.id}`, { alt: 'A celadon bowl on a wheel', focal: { x: 0.25, y: 0.75 } });
    expect(res.json().file).toMatchObject({ alt: 'A celadon bowl on a wheel', focalX: 0.25, focalY: 0.75 });
    expect((await owner.call('PUT', `/api/config/files/${file.id}`, { focal: { x: 2, y: 0 } })).statusCode).toBe(400);
  });

  it('refuses to delete a file a page uses, naming the page, and deletes one nobody uses with its blobs', async () => {
    const used = (await library()).find((f) => f.usedOn > 0)!;
    expect(used).toBeDefined();
    const uses = (await owner.call('GET', `/api/config/files/${used.id}/uses`)).json().uses as { title: string }[];
    expect(uses.length).toBeGreaterThan(0);
    const refused = await owner.call('DELETE', `/api/config/files/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(uses[0]!.title);

    const blobsOf = async (id: string) =>
      Number((await demo.database.pool.query<{ n: string }>("SELECT count(*) AS n FROM blobs WHERE path LIKE 'files/' || $1 || '/%'", [id])).rows[0]!.n);
    expect(await blobsOf(file.id)).toBe(1);
    expect((await owner.call('DELETE', `/api/config/files/${file.id}`)).statusCode).toBe(200);
    expect(await blobsOf(file.id)).toBe(0);
    expect((await visitor.call('GET', file.src)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/api/config/files/${file.id}`)).statusCode).toBe(404);
  });

  it('replaces a file’s bytes under the same address, and removes the old ones', async () => {
    const first = (await upload(owner, 'swatch.png', await png(50, 50))).json().file as LibraryFile;
    const newer = await jpeg(80, 60);
    const res = await upload(owner, 'swatch-v2.jpg', newer, `/api/config/files/${first.id}/content`, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatchObject({ id: first.id, name: first.name, width: 80, height: 60, contentType: 'image/jpeg' });
    expect(await sharp((await visitor.call('GET', first.src)).rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 80, height: 60 });
    const { rows } = await demo.database.pool.query<{ path: string }>("SELECT path FROM blobs WHERE path LIKE 'files/' || $1 || '/%'", [first.id]);
    expect(rows).toHaveLength(1);
    // A PDF does not replace an image.
    const wrong = await upload(owner, 'list.pdf', PDF, `/api/config/files/${first.id}/content`, 'PUT');
    expect(wrong.statusCode).toBe(415);
  });
});

describe('files stored before the blob store', () => {
  it('moves the demo’s files out of their rows, serving the same bytes, and exports them as they were', async () => {
    const doc = demoDocument();
    const before = await visitor.call('GET', `/s/${doc.files[0]!.name}`);
    expect(await moveStoredBytes(demo.database.db, demo.app.blobs)).toBe(doc.files.length);
    const { rows } = await demo.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM files WHERE data IS NOT NULL');
    expect(rows[0]!.n).toBe('0');
    expect((await visitor.call('GET', `/s/${doc.files[0]!.name}`)).rawPayload.equals(before.rawPayload)).toBe(true);
    const archive = await untar((await owner.call('GET', '/api/config/export')).rawPayload);
    for (const f of doc.files) expect(archive.find((e) => e.name === `files/${f.name}`)?.data.toString('base64')).toBe(f.data);
    expect(await moveStoredBytes(demo.database.db, demo.app.blobs)).toBe(0);
  });
});

describe('several app servers', () => {
  let other: FastifyInstance;
  afterAll(async () => {
    await other?.close();
  });

  it('reads a file uploaded through another server', async () => {
    other = await buildApp({ database: demo.database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
    const bytes = await png(64, 48);
    const file = (await upload(owner, 'shared.png', bytes)).json().file as LibraryFile;
    const res = await other.inject({ method: 'GET', url: file.src, headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});
