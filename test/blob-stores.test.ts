/**
 * The blob stores (src/server/blobs/): the same cases for PostgreSQL, disk and S3 (a local s3rver),
 * each with two store instances on one backing, as two app servers would have them: bytes and
 * ranges round trip, a put is all or nothing (a refused or failed body leaves no blob, no partial
 * bytes, no temporary file, chunk rows or multipart upload, and an older blob under the key intact),
 * keys cannot leave their site, and a large body streams through without being held in memory.
 * Then what only one store does: PostgreSQL lets a few puts at once hold a connection.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand, ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/client';
import { INCOMING } from '../src/server/blobs/disk-store';
import { openBlobStore } from '../src/server/blobs/open';
import { CHUNK_BYTES, postgresBlobStore } from '../src/server/blobs/postgres-store';
import { BlobTooLargeError, type BlobKey, type BlobStore } from '../src/server/blobs/store';
import { freshDatabase } from './db';
import { startS3Server } from './s3-server';

// The SDK's notice that its 2027 releases will need Node 22 is for operators, not for this file's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const KiB = 1024;
const MiB = 1024 * KiB;
const SITE = 'site-a';
const OTHER_SITE = 'site-b';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
  for (const id of [SITE, OTHER_SITE]) {
    await database.pool.query(`INSERT INTO websites (id, identifier, settings, navigation) VALUES ($1, $1, '{"title":"Blobs"}', '[]')`, [id]);
  }
});
afterAll(async () => database?.drop());

/** Two stores on one backing, and what a failed put under `key` could have left behind. */
type Opened = { stores: [BlobStore, BlobStore]; leftovers(key: BlobKey): Promise<string[]>; close(): Promise<void> };

const backings: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'postgres',
    async open() {
      const other = connect(database.url, 2);
      const stores: [BlobStore, BlobStore] = [
        await openBlobStore({ fileStore: 'postgres', dataDir: '' }, database),
        await openBlobStore({ fileStore: 'postgres', dataDir: '' }, other),
      ];
      return {
        stores,
        async leftovers(key) {
          const { rows } = await database.pool.query<{ what: string }>(
            `SELECT 'blob row' AS what FROM blobs WHERE website_id = $1 AND path = $2
             UNION ALL SELECT 'chunk ' || seq FROM blob_chunks WHERE website_id = $1 AND path = $2`,
            [key.websiteId, key.path],
          );
          return rows.map((r) => r.what);
        },
        async close() {
          for (const store of stores) await store.close();
          await other.close();
        },
      };
    },
  },
  {
    name: 'disk',
    async open() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-blobs-'));
      const stores: [BlobStore, BlobStore] = [
        await openBlobStore({ fileStore: 'disk', dataDir }, database),
        await openBlobStore({ fileStore: 'disk', dataDir }, database),
      ];
      return {
        stores,
        async leftovers() {
          return readdir(path.join(dataDir, 'files', INCOMING)).catch(() => []);
        },
        async close() {
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 's3',
    async open() {
      const server = await startS3Server();
      const s3 = {
        bucket: server.bucket,
        region: 'us-east-1',
        endpoint: server.endpoint,
        credentials: server.credentials,
        forcePathStyle: true,
        prefix: 'op/',
      };
      const stores: [BlobStore, BlobStore] = [
        await openBlobStore({ fileStore: 's3', dataDir: '', s3 }, database),
        await openBlobStore({ fileStore: 's3', dataDir: '', s3 }, database),
      ];
      const client = new S3Client({ region: 'us-east-1', endpoint: server.endpoint, credentials: server.credentials, forcePathStyle: true });
      return {
        stores,
        async leftovers() {
          const { Uploads } = await client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }));
          return (Uploads ?? []).map((u) => `upload of ${u.Key ?? ''}`);
        },
        async close() {
          for (const store of stores) await store.close();
          client.destroy();
          await server.stop();
        },
      };
    },
  },
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of uneven pieces, as a network body arrives. */
function streamOf(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0, n = 0; at < bytes.length; n += 1) {
    const size = [17 * KiB, 64 * KiB, 1000, 33 * KiB][n % 4]!;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return Readable.from(pieces, { objectMode: false });
}

/**
 * `total` bytes cut from one random MiB (no new memory per piece), then `fail` if given. `pulled`
 * says how many were asked for; `every` is called each 4 MiB (the memory test samples there).
 */
function generated(total: number, opts: { fail?: Error; every?: () => Promise<void> } = {}) {
  const source = randomBytes(MiB);
  const hash = createHash('sha256');
  let digest: string | undefined;
  const state = { pulled: 0, sha256: () => (digest ??= hash.digest('hex')) };
  async function* pieces() {
    while (state.pulled < total) {
      const size = Math.min(64 * KiB, total - state.pulled);
      const piece = source.subarray(state.pulled % MiB, (state.pulled % MiB) + size);
      state.pulled += size;
      hash.update(piece);
      if (state.pulled % (4 * MiB) === 0) await opts.every?.();
      yield piece;
    }
    if (opts.fail) throw opts.fail;
  }
  return { body: Readable.from(pieces(), { objectMode: false, highWaterMark: 64 * KiB }), state };
}

async function bytesOf(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

async function keysOf(list: AsyncIterable<BlobKey>): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of list) keys.push(`${key.websiteId}:${key.path}`);
  return keys.sort();
}

/**
 * The test process's live memory: garbage collected first (twice, a turn apart, as V8 frees the
 * bytes of dead ArrayBuffers in the background), so what is counted is what is held.
 */
async function liveBytes(): Promise<number> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe.each(backings)('the $name blob store', (backing) => {
  let opened: Opened;
  let store: BlobStore;
  let other: BlobStore;
  beforeAll(async () => {
    opened = await backing.open();
    [store, other] = opened.stores;
    expect(store.kind).toBe(backing.name);
  });
  afterAll(async () => opened?.close());

  const key = (p: string, websiteId = SITE): BlobKey => ({ websiteId, path: p });
  /** Over 1 MiB: more chunks than one PostgreSQL read takes, the last one short. */
  const body = randomBytes(5 * CHUNK_BYTES + 123);

  it('stores a streamed body and gives back its bytes, size and SHA-256', async () => {
    const stored = await store.put(key('round/trip'), streamOf(body), { contentType: 'application/octet-stream' });
    expect(stored).toEqual({ size: body.length, sha256: sha256(body) });
    expect(await store.stat(key('round/trip'))).toEqual({ size: body.length });
    expect((await bytesOf(await store.get(key('round/trip'))))?.equals(body)).toBe(true);
  });

  it('stores a Buffer body, and an empty one', async () => {
    const small = Buffer.from('hello, blobs');
    expect(await store.put(key('round/buffer'), small)).toEqual({ size: small.length, sha256: sha256(small) });
    expect((await bytesOf(await store.get(key('round/buffer'))))?.toString()).toBe('hello, blobs');
    expect(await store.put(key('round/empty'), Buffer.alloc(0))).toEqual({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect(await store.stat(key('round/empty'))).toEqual({ size: 0 });
    expect((await bytesOf(await store.get(key('round/empty'))))?.length).toBe(0);
    expect((await bytesOf(await store.get(key('round/empty'), { start: 0, end: 10 })))?.length).toBe(0);
  });

  it('gives the bytes of a range: the first byte, across chunk and read boundaries, the last bytes, an end past the blob clamped', async () => {
    await store.put(key('ranges/blob'), body);
    const range = async (start: number, end: number) => bytesOf(await store.get(key('ranges/blob'), { start, end }));
    const cases: [number, number][] = [
      [0, 0],
      [CHUNK_BYTES - 10, CHUNK_BYTES + 9],
      [CHUNK_BYTES, CHUNK_BYTES],
      [100, 4 * CHUNK_BYTES + 50],
      [body.length - 5, body.length - 1],
      [0, body.length - 1],
    ];
    for (const [start, end] of cases) expect((await range(start, end))?.equals(body.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
    expect((await range(body.length - 3, body.length + 1000))?.equals(body.subarray(body.length - 3))).toBe(true);
    expect((await range(body.length + 10, body.length + 20))?.length).toBe(0);
  });

  it('answers undefined for a key with no blob', async () => {
    expect(await store.get(key('missing/x'))).toBeUndefined();
    expect(await store.get(key('missing/x'), { start: 0, end: 10 })).toBeUndefined();
    expect(await store.stat(key('missing/x'))).toBeUndefined();
    expect(await store.get(key('x', 'no-such-site'))).toBeUndefined();
  });

  it('replaces a blob, readers seeing the old bytes until the new ones are complete', async () => {
    const older = randomBytes(300 * KiB);
    const newer = randomBytes(400 * KiB);
    await store.put(key('replace/me'), older);
    const incoming = new PassThrough();
    const putting = store.put(key('replace/me'), incoming);
    incoming.write(newer.subarray(0, 300 * KiB));
    // Until the store has taken what was written.
    for (let i = 0; i < 500 && incoming.readableLength + incoming.writableLength > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(incoming.readableLength).toBe(0);
    expect((await bytesOf(await other.get(key('replace/me'))))?.equals(older)).toBe(true);
    expect(await other.stat(key('replace/me'))).toEqual({ size: older.length });
    incoming.end(newer.subarray(300 * KiB));
    expect(await putting).toEqual({ size: newer.length, sha256: sha256(newer) });
    expect((await bytesOf(await other.get(key('replace/me'))))?.equals(newer)).toBe(true);
  });

  it('keeps the old blob whole when a replacement fails or is refused', async () => {
    const older = randomBytes(700 * KiB);
    await store.put(key('replace/kept'), older);
    const failing = generated(900 * KiB, { fail: new Error('the client went away') });
    await expect(store.put(key('replace/kept'), failing.body)).rejects.toThrow('the client went away');
    await expect(store.put(key('replace/kept'), generated(2 * MiB).body, { maxBytes: MiB })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect((await bytesOf(await other.get(key('replace/kept'))))?.equals(older)).toBe(true);
    expect(await other.stat(key('replace/kept'))).toEqual({ size: older.length });
  });

  it('refuses a body past maxBytes, reading little past it, and stores nothing', async () => {
    // Past one S3 part, so the S3 store has a multipart upload to abort.
    const big = generated(12 * MiB);
    const refused = store.put(key('large/refused'), big.body, { maxBytes: 6 * MiB + 1 });
    await expect(refused).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(refused).rejects.toMatchObject({ maxBytes: 6 * MiB + 1 });
    expect(big.state.pulled).toBeLessThan(8 * MiB);
    await expect(store.put(key('large/buffer'), Buffer.alloc(2000), { maxBytes: 1999 })).rejects.toBeInstanceOf(BlobTooLargeError);
    for (const p of ['large/refused', 'large/buffer']) {
      expect(await store.stat(key(p))).toBeUndefined();
      expect(await opened.leftovers(key(p))).toEqual([]);
    }
    expect(await keysOf(store.list(SITE, 'large/'))).toEqual([]);
    // Exactly maxBytes is allowed.
    expect((await store.put(key('large/exact'), Buffer.alloc(2000), { maxBytes: 2000 })).size).toBe(2000);
  });

  it('rejects with the body’s own error when the body fails midway, and stores nothing', async () => {
    const failing = generated(7 * MiB, { fail: new Error('upload cut short') });
    await expect(store.put(key('broken/body'), failing.body)).rejects.toThrow('upload cut short');
    expect(await store.stat(key('broken/body'))).toBeUndefined();
    expect(await store.get(key('broken/body'))).toBeUndefined();
    expect(await opened.leftovers(key('broken/body'))).toEqual([]);
    expect(await keysOf(store.list(SITE, 'broken/'))).toEqual([]);
  });

  it('copies a blob inside the store: the same bytes under the new key (a blob there replaced), the source kept, the copy a blob of its own', async () => {
    await store.put(key('copy/from'), body, { contentType: 'image/webp' });
    await store.put(key('copy/to', OTHER_SITE), Buffer.from('older bytes'));
    expect(await store.copy(key('copy/from'), key('copy/to', OTHER_SITE))).toEqual({ size: body.length });
    expect((await bytesOf(await other.get(key('copy/to', OTHER_SITE))))?.equals(body)).toBe(true);
    expect(await other.stat(key('copy/to', OTHER_SITE))).toEqual({ size: body.length });
    expect((await bytesOf(await other.get(key('copy/from'))))?.equals(body)).toBe(true);
    await store.delete([key('copy/from')]);
    expect((await bytesOf(await other.get(key('copy/to', OTHER_SITE))))?.equals(body)).toBe(true);
    // Onto itself: nothing changes.
    expect(await store.copy(key('copy/to', OTHER_SITE), key('copy/to', OTHER_SITE))).toEqual({ size: body.length });
    expect((await bytesOf(await other.get(key('copy/to', OTHER_SITE))))?.equals(body)).toBe(true);
    await store.delete([key('copy/to', OTHER_SITE)]);
  });

  it('copies nothing from a key with no blob, leaving what the target held', async () => {
    expect(await store.copy(key('copy/missing'), key('copy/nothing'))).toBeUndefined();
    expect(await store.stat(key('copy/nothing'))).toBeUndefined();
    expect(await opened.leftovers(key('copy/nothing'))).toEqual([]);
    await store.put(key('copy/kept'), Buffer.from('kept'));
    expect(await store.copy(key('copy/missing'), key('copy/kept'))).toBeUndefined();
    expect((await bytesOf(await other.get(key('copy/kept'))))?.toString()).toBe('kept');
  });

  it('copies a batch as copy does each pair: the sizes in order, a missing source leaving its target, the copies blobs of their own', async () => {
    await store.put(key('many/a'), body, { contentType: 'image/webp' });
    await store.put(key('many/b'), Buffer.from('bee'));
    await store.put(key('many/b-to', OTHER_SITE), Buffer.from('older bytes'));
    await store.put(key('many/kept', OTHER_SITE), Buffer.from('kept'));
    expect(
      await store.copyMany([
        { from: key('many/b'), to: key('many/b-to', OTHER_SITE) },
        { from: key('many/missing'), to: key('many/kept', OTHER_SITE) },
        { from: key('many/a'), to: key('many/a-to', OTHER_SITE) },
        { from: key('many/missing'), to: key('many/nothing') },
      ]),
    ).toEqual([{ size: 3 }, undefined, { size: body.length }, undefined]);
    await store.delete([key('many/a'), key('many/b')]);
    expect((await bytesOf(await other.get(key('many/a-to', OTHER_SITE))))?.equals(body)).toBe(true);
    expect(await other.stat(key('many/a-to', OTHER_SITE))).toEqual({ size: body.length });
    expect((await bytesOf(await other.get(key('many/b-to', OTHER_SITE))))?.toString()).toBe('bee');
    expect((await bytesOf(await other.get(key('many/kept', OTHER_SITE))))?.toString()).toBe('kept');
    expect(await store.stat(key('many/nothing'))).toBeUndefined();
    expect(await opened.leftovers(key('many/nothing'))).toEqual([]);
    // A batch that writes a key it also reads (onto itself, or a chain) is copied a pair at a time.
    expect(
      await store.copyMany([
        { from: key('many/b-to', OTHER_SITE), to: key('many/b-to', OTHER_SITE) },
        { from: key('many/a-to', OTHER_SITE), to: key('many/chain') },
        { from: key('many/chain'), to: key('many/chain-end') },
      ]),
    ).toEqual([{ size: 3 }, { size: body.length }, { size: body.length }]);
    expect((await bytesOf(await other.get(key('many/chain-end'))))?.equals(body)).toBe(true);
    expect(await store.copyMany([])).toEqual([]);
    await store.delete([key('many/a-to', OTHER_SITE), key('many/b-to', OTHER_SITE), key('many/kept', OTHER_SITE), key('many/chain'), key('many/chain-end')]);
  });

  it('deletes several keys at once, ignoring keys with no blob', async () => {
    for (const p of ['del/a', 'del/b', 'del/c']) await store.put(key(p), Buffer.from(p));
    await store.delete([key('del/a'), key('del/missing'), key('del/b'), key('nothing/here')]);
    expect(await store.stat(key('del/a'))).toBeUndefined();
    expect(await store.stat(key('del/b'))).toBeUndefined();
    expect((await bytesOf(await store.get(key('del/c'))))?.toString()).toBe('del/c');
    expect(await keysOf(store.list(SITE, 'del/'))).toEqual([`${SITE}:del/c`]);
    await store.delete([]);
  });

  it('lists a site’s keys under a prefix, and no other site’s', async () => {
    for (const p of ['files/f1/original', 'files/f1/500.webp', 'files/f10/original', 'files/f2/original', 'other/x'])
      await store.put(key(`list/${p}`), Buffer.from(p));
    await store.put(key('list/files/f1/original', OTHER_SITE), Buffer.from('other site'));
    expect(await keysOf(store.list(SITE, 'list/files/f1/'))).toEqual([`${SITE}:list/files/f1/500.webp`, `${SITE}:list/files/f1/original`]);
    expect(await keysOf(store.list(SITE, 'list/files/f1'))).toEqual([
      `${SITE}:list/files/f1/500.webp`,
      `${SITE}:list/files/f1/original`,
      `${SITE}:list/files/f10/original`,
    ]);
    expect(await keysOf(store.list(SITE, 'list/files/'))).toHaveLength(4);
    expect(await keysOf(store.list(SITE, 'list/'))).toHaveLength(5);
    expect(await keysOf(store.list(SITE, 'list/nothing/'))).toEqual([]);
    expect(await keysOf(store.list(OTHER_SITE))).toEqual([`${OTHER_SITE}:list/files/f1/original`]);
    const all = await keysOf(store.list(SITE));
    expect(all).toContain(`${SITE}:round/trip`);
    expect(all.every((k) => k.startsWith(`${SITE}:`))).toBe(true);
  });

  it('refuses keys that could leave the site or name no blob', async () => {
    const bad: BlobKey[] = [
      key('../x'),
      key(''),
      key('a//b'),
      key('/abs'),
      key('a/./b'),
      key('a/'),
      key('a\\b'),
      key('x', '..'),
      key('x', ''),
      key('x', 'a/b'),
    ];
    for (const k of bad) {
      await expect(store.put(k, Buffer.from('no')), JSON.stringify(k)).rejects.toThrow('not a blob key');
      await expect(store.get(k), JSON.stringify(k)).rejects.toThrow('not a blob key');
      await expect(store.stat(k), JSON.stringify(k)).rejects.toThrow('not a blob key');
      await expect(store.delete([key('del/c'), k]), JSON.stringify(k)).rejects.toThrow('not a blob key');
    }
    // A refused delete deletes nothing, not even its good keys.
    expect(await store.stat(key('del/c'))).toEqual({ size: 5 });
    await expect(keysOf(store.list('..', ''))).rejects.toThrow('not a blob list');
    await expect(keysOf(store.list(SITE, '../'))).resolves.toEqual([]);
  });

  it('shares blobs between two stores on one backing, as between app servers', async () => {
    const bytes = randomBytes(300 * KiB);
    await store.put(key('shared/one'), bytes);
    expect(await other.stat(key('shared/one'))).toEqual({ size: bytes.length });
    expect((await bytesOf(await other.get(key('shared/one'), { start: 10, end: 19 })))?.equals(bytes.subarray(10, 20))).toBe(true);
    expect(await keysOf(other.list(SITE, 'shared/'))).toEqual([`${SITE}:shared/one`]);
    await other.delete([key('shared/one')]);
    expect(await store.stat(key('shared/one'))).toBeUndefined();
  });

  it('streams a large body in and out without holding it in memory', async () => {
    const total = 64 * MiB;
    const baseline = await liveBytes();
    let peak = 0;
    let samples = 0;
    const sample = async () => {
      samples += 1;
      peak = Math.max(peak, (await liveBytes()) - baseline);
    };
    const large = generated(total, { every: sample });
    expect(await store.put(key('memory/large'), large.body)).toEqual({ size: total, sha256: large.state.sha256() });
    const hash = createHash('sha256');
    let read = 0;
    for await (const piece of (await store.get(key('memory/large')))!) {
      hash.update(piece as Buffer);
      read += (piece as Buffer).length;
      if (read % (4 * MiB) < (piece as Buffer).length) await sample();
    }
    expect(read).toBe(total);
    expect(hash.digest('hex')).toBe(large.state.sha256());
    // Sampled each 4 MiB in and out.
    expect(samples).toBeGreaterThanOrEqual(30);
    // Measured: about 2.5 MiB for PostgreSQL, 1.5 for disk, 12.5 for S3 (two 5 MiB parts at once).
    expect(peak).toBeLessThan(24 * MiB);
    await store.delete([key('memory/large')]);
  });
});

describe('the postgres blob store’s writers', () => {
  it('lets `writers` puts hold a connection at once; the next one waits without reading its body', async () => {
    const store = postgresBlobStore(database, { writers: 2 });
    const bodies = [new PassThrough(), new PassThrough(), new PassThrough()];
    const puts = bodies.map((b, i) => store.put({ websiteId: SITE, path: `writers/${i}` }, b));
    for (const b of bodies) b.write(Buffer.alloc(1000, 1));
    for (let i = 0; i < 500 && bodies[0]!.readableLength + bodies[1]!.readableLength > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
    expect([bodies[0]!.readableLength, bodies[1]!.readableLength]).toEqual([0, 0]);
    // The third has not started: its body waits unread.
    expect(bodies[2]!.readableLength).toBe(1000);
    bodies[0]!.end();
    expect((await puts[0])?.size).toBe(1000);
    for (let i = 0; i < 500 && bodies[2]!.readableLength > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(bodies[2]!.readableLength).toBe(0);
    bodies[1]!.end();
    bodies[2]!.end();
    expect((await Promise.all(puts)).map((s) => s.size)).toEqual([1000, 1000, 1000]);
  });
});

describe('the S3 test server', () => {
  it('lists multipart uploads in progress, so the suite’s check for them can fail', async () => {
    const server = await startS3Server();
    const client = new S3Client({ region: 'us-east-1', endpoint: server.endpoint, credentials: server.credentials, forcePathStyle: true });
    try {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: server.bucket, Key: 'op/pending' }));
      expect((await client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }))).Uploads?.map((u) => u.Key)).toEqual(['op/pending']);
      await client.send(new AbortMultipartUploadCommand({ Bucket: server.bucket, Key: 'op/pending', UploadId }));
      expect((await client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }))).Uploads ?? []).toEqual([]);
    } finally {
      client.destroy();
      await server.stop();
    }
  });
});

describe('the disk blob store’s files', () => {
  it('clears temporary files a crashed server left, once a day old, at its first put', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-blobs-'));
    try {
      const incoming = path.join(dataDir, 'files', INCOMING);
      await mkdir(incoming, { recursive: true });
      await writeFile(path.join(incoming, 'old.part'), 'cut short');
      await writeFile(path.join(incoming, 'recent.part'), 'in progress');
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      await utimes(path.join(incoming, 'old.part'), twoDaysAgo, twoDaysAgo);
      await (await openBlobStore({ fileStore: 'disk', dataDir }, database)).put({ websiteId: SITE, path: 'x' }, Buffer.from('x'));
      expect(await readdir(incoming)).toEqual(['recent.part']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps each blob at DATA_DIR/files/{websiteId}/{path}, and nothing outside', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'openpress-blobs-'));
    try {
      const store = await openBlobStore({ fileStore: 'disk', dataDir }, database);
      await store.put({ websiteId: SITE, path: 'files/abc/original' }, Buffer.from('bytes'));
      expect(existsSync(path.join(dataDir, 'files', SITE, 'files', 'abc', 'original'))).toBe(true);
      await expect(store.put({ websiteId: SITE, path: '../../escape' }, Buffer.from('no'))).rejects.toThrow('not a blob key');
      expect(existsSync(path.join(dataDir, 'escape'))).toBe(false);
      await store.delete([{ websiteId: SITE, path: 'files/abc/original' }]);
      // Emptied folders go too.
      expect(existsSync(path.join(dataDir, 'files', SITE, 'files'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
