/**
 * Writes a backup (./format.ts) from one snapshot: a REPEATABLE READ transaction, open until the
 * last blob is read, so it is consistent while the app runs. Tables and blobs stream through in
 * chunks: neither is held in memory. A blob deleted from the store since the snapshot (its file
 * replaced or deleted meanwhile) is left out and counted.
 */
import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { validBlobKey, type BlobKey, type BlobStore } from '../blobs/store';
import { migrationLevel, NAMED_BLOBS, sequences, tableBlobs, tablesInRestoreOrder } from './catalog';
import {
  BACKUP_FORMAT,
  BackupError,
  FRAME,
  frame,
  jsonFrame,
  MAGIC,
  quoted,
  type BlobEnd,
  type BlobStart,
  type BlobTotals,
  type Header,
  type KeyFileEntry,
  type Manifest,
  type TableEnd,
} from './format';

/** Blob names read from the snapshot at a time (a cursor: a library of any size is never listed in memory). */
const BLOB_BATCH = 200;

/**
 * The blobs the snapshot's rows name, as frames, each read as a stream from the store. A blob gone
 * from the store since the snapshot (its file replaced or deleted meanwhile) is left out and counted.
 */
async function* blobFrames(client: pg.ClientBase, store: BlobStore, totals: BlobTotals): AsyncGenerator<Buffer> {
  await client.query(`DECLARE backup_blobs NO SCROLL CURSOR FOR ${NAMED_BLOBS}`);
  for (;;) {
    const { rows } = await client.query<{ website_id: string; path: string; size: string | null; content_type: string | null }>(
      `FETCH ${BLOB_BATCH} FROM backup_blobs`,
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const key: BlobKey = { websiteId: row.website_id, path: row.path };
      // A name no store can hold names no blob either.
      const body = validBlobKey(key) ? await store.get(key) : undefined;
      if (!body) {
        totals.skipped += 1;
        continue;
      }
      const start: BlobStart = { ...key, size: row.size === null ? null : Number(row.size), contentType: row.content_type };
      yield* jsonFrame(FRAME.blob, start);
      const hash = createHash('sha256');
      let size = 0;
      for await (const piece of body as AsyncIterable<Buffer | Uint8Array>) {
        const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
        hash.update(chunk);
        size += chunk.length;
        yield* frame(FRAME.data, chunk);
      }
      const end: BlobEnd = { size, sha256: hash.digest('hex') };
      yield* jsonFrame(FRAME.blobEnd, end);
      totals.count += 1;
      totals.bytes += size;
    }
  }
  await client.query('CLOSE backup_blobs');
}

/** The backup's frames, read from one snapshot: generated as they are written, a chunk at a time. */
async function* backupFrames(client: pg.ClientBase, store: BlobStore, keyFiles: KeyFileEntry[], done: (manifest: Manifest) => void): AsyncGenerator<Buffer> {
  yield MAGIC;
  const tables = await tablesInRestoreOrder(client);
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  const header: Header = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    serverVersion: rows[0]!.server_version,
    migrations: await migrationLevel(client),
    tables,
    fileStore: store.kind,
  };
  yield* jsonFrame(FRAME.header, header);
  const ends: TableEnd[] = [];
  for (const table of tables) {
    const count = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${quoted(table)}`);
    yield* jsonFrame(FRAME.table, { table });
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of client.query(copyTo(`COPY public.${quoted(table)} TO STDOUT (FORMAT binary)`)) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      yield* frame(FRAME.data, chunk);
    }
    const end: TableEnd = { table, rows: Number(count.rows[0]!.n), bytes, sha256: hash.digest('hex') };
    ends.push(end);
    yield* jsonFrame(FRAME.tableEnd, end);
  }
  yield* jsonFrame(FRAME.sequences, await sequences(client));
  let blobs: BlobTotals = { count: 0, bytes: 0, skipped: 0 };
  if (store.kind === 'postgres') blobs = await tableBlobs(client);
  else yield* blobFrames(client, store, blobs);
  for (const file of keyFiles) yield* jsonFrame(FRAME.file, file);
  const manifest: Manifest = { tables: ends, files: keyFiles.map((f) => f.name), blobs };
  yield* jsonFrame(FRAME.manifest, manifest);
  done(manifest);
}

export async function writeBackup(pool: pg.Pool, store: BlobStore, out: Writable, keyFiles: KeyFileEntry[]): Promise<Manifest> {
  const client = await pool.connect();
  let manifest: Manifest | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await pipeline(Readable.from(backupFrames(client, store, keyFiles, (m) => (manifest = m))), createGzip(), out);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  if (!manifest) throw new BackupError('The backup ended before its manifest was written.');
  return manifest;
}
