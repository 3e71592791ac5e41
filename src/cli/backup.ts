/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--replace]`: the whole database, the sites'
 * stored files (the blob store FILE_STORE names) and the DATA_DIR files a restore needs, in one gzip
 * stream.
 *
 * The stream is a sequence of frames (a type byte, a 4-byte length, the payload): a header (format
 * version, PostgreSQL version, the migrations applied, the tables in the order they restore, the
 * file store's kind), then each table as PostgreSQL's own binary COPY format (`COPY … TO STDOUT
 * (FORMAT binary)`) with its row count and SHA-256 at its end, the sequences' values, then (with
 * FILE_STORE disk or s3) each blob the rows name (`files.blob_path`, `file_variants.blob_path`): its
 * key, its bytes, and its size and SHA-256 at its end; then the secret-key files of DATA_DIR (unless
 * `--without-key`), and a closing manifest. With FILE_STORE=postgres the blobs are rows of the
 * `blobs` and `blob_chunks` tables, copied as every table is. Tables and blobs stream through in
 * chunks: neither is held in memory. The backup reads one snapshot (a REPEATABLE READ transaction,
 * open until the last blob is read), so it is consistent while the app runs; a blob deleted from
 * the store since the snapshot (its file replaced or deleted meanwhile) is left out and counted.
 *
 * Restore refuses, before anything is touched, a backup made with another kind of file store than
 * FILE_STORE (the rows would name blobs this store cannot read; a format-1 backup, made before the
 * kind was recorded, is a postgres one). It runs the migrations of this version, refuses a backup
 * made at another migration level and a database that holds rows (unless `--replace`, which
 * empties it first), copies every table in one transaction, checks each table's bytes against its
 * SHA-256 and its rows against its count, puts each blob into the store while that transaction is
 * open (checked against its size and SHA-256; a key already holding a blob of that size is kept as
 * it is), and commits only when all of them match: on any failure the blobs it put are deleted and
 * nothing is committed. After the commit, `--replace` deletes the store's blobs that no restored row
 * names (the replaced database's files), and the key files are written
 * (docs/decisions/0151-the-key-in-a-backup.md).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { formatFileSize } from '../domain/files';
import { openBlobStore } from '../server/blobs/open';
import { validBlobKey, type BlobKey, type BlobStore } from '../server/blobs/store';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/database';
import { KEY_FILE, NEXT_KEY_FILE } from '../server/secrets/keys';
import { runCommand } from './run';

/** 2 records the file store's kind and may hold blobs; 1 (before that) is still read, as a postgres store's. */
const BACKUP_FORMAT = 2;
const READABLE_FORMATS = [1, 2];
const MAGIC = Buffer.from('OPENPRESS-BACKUP\n');
const FRAME = { header: 0x48, table: 0x54, data: 0x44, tableEnd: 0x45, sequences: 0x53, blob: 0x42, blobEnd: 0x62, file: 0x46, manifest: 0x5a } as const;
const KEY_FILES = [KEY_FILE, NEXT_KEY_FILE];
/** Blob names read from the snapshot at a time (a cursor: a library of any size is never listed in memory). */
const BLOB_BATCH = 200;

type FileStoreKind = BlobStore['kind'];
type Header = {
  format: number;
  createdAt: string;
  serverVersion: string;
  migrations: { schema: string[]; data: string[] };
  tables: string[];
  fileStore: FileStoreKind;
};
type TableEnd = { table: string; rows: number; bytes: number; sha256: string };
type Sequence = { name: string; value: string; called: boolean };
/** `size` and `contentType` are what the snapshot's rows say of the blob (null when they do not say). */
type BlobStart = { websiteId: string; path: string; size: number | null; contentType: string | null };
type BlobEnd = { size: number; sha256: string };
/** The stored files a backup holds: as blob frames (disk, s3), or as rows of the `blobs` table (postgres). */
type BlobTotals = { count: number; bytes: number; skipped: number };
type KeyFileEntry = { name: string; data: string };
/** `blobs` is absent from format 1. */
type Manifest = { tables: TableEnd[]; files: string[]; blobs?: BlobTotals };
type Frame = { type: number; payload: Buffer };

class BackupError extends Error {}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function frame(type: number, payload: Buffer): Buffer[] {
  const head = Buffer.alloc(5);
  head.writeUInt8(type, 0);
  head.writeUInt32BE(payload.length, 1);
  return [head, payload];
}
const jsonFrame = (type: number, value: unknown) => frame(type, Buffer.from(JSON.stringify(value)));

/** The tables of the public schema, each after the tables its foreign keys point to. */
async function tablesInRestoreOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1",
  );
  const { rows: refs } = await client.query<{ child: string; parent: string }>(
    "SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname",
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new BackupError(`The tables ${path.join(' -> ')} refer to each other in a cycle; they cannot be restored in order.`);
    for (const r of refs) if (r.child === name) visit(r.parent, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const t of tables) visit(t.name, []);
  return ordered;
}

async function migrationLevel(client: pg.ClientBase): Promise<Header['migrations']> {
  const schema = await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id');
  const data = await client.query<{ name: string }>('SELECT name FROM drizzle.__data_migrations ORDER BY name');
  return { schema: schema.rows.map((r) => r.hash), data: data.rows.map((r) => r.name) };
}

async function sequences(client: pg.ClientBase): Promise<Sequence[]> {
  const { rows } = await client.query<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1");
  const found: Sequence[] = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM public.${quoted(name)}`);
    found.push({ name, value: state[0]!.last_value, called: state[0]!.is_called });
  }
  return found;
}

/** Blob names of the snapshot: each stored file's original and its image sizes, one row per key. */
const NAMED_BLOBS = `SELECT website_id, path, max(size)::text AS size, max(content_type) AS content_type FROM (
  SELECT website_id, blob_path AS path, size, content_type FROM files WHERE blob_path IS NOT NULL
  UNION ALL SELECT website_id, blob_path, size, content_type FROM file_variants
) named GROUP BY website_id, path ORDER BY website_id, path`;

/** The `blobs` table's files (the postgres store's): they travel as its rows. */
async function tableBlobs(client: pg.ClientBase): Promise<BlobTotals> {
  const { rows } = await client.query<{ n: string; bytes: string }>('SELECT count(*)::text AS n, coalesce(sum(size), 0)::text AS bytes FROM blobs');
  return { count: Number(rows[0]!.n), bytes: Number(rows[0]!.bytes), skipped: 0 };
}

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

async function writeBackup(pool: pg.Pool, store: BlobStore, out: Writable, keyFiles: KeyFileEntry[]): Promise<Manifest> {
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

/** Frames read back one at a time from a gunzipped stream (a frame, never a whole table, in memory). */
async function* readFrames(input: AsyncIterable<Buffer>): AsyncGenerator<{ type: number; payload: Buffer }> {
  let buffer: Buffer = Buffer.alloc(0);
  let magicChecked = false;
  for await (const chunk of input) {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    if (!magicChecked) {
      if (buffer.length < MAGIC.length) continue;
      if (!buffer.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupError('This file is not an OpenPress backup.');
      buffer = buffer.subarray(MAGIC.length);
      magicChecked = true;
    }
    while (buffer.length >= 5) {
      const length = buffer.readUInt32BE(1);
      if (buffer.length < 5 + length) break;
      yield { type: buffer[0]!, payload: buffer.subarray(5, 5 + length) };
      buffer = buffer.subarray(5 + length);
    }
  }
  if (!magicChecked || buffer.length > 0) throw new BackupError('The backup file is cut short.');
}

/** A frame's JSON payload; a payload that is no JSON is a damaged file. */
function json<T>(f: Frame): T {
  try {
    return JSON.parse(f.payload.toString()) as T;
  } catch {
    throw new BackupError('The backup file is damaged (a part of it cannot be read).');
  }
}

/** A backup opened for restoring: its header read and checked, the frames after it still to read. */
type OpenedBackup = { header: Header; frames: AsyncGenerator<Frame>; close(): void };

async function openBackup(file: string): Promise<OpenedBackup> {
  const raw = createReadStream(file);
  const gunzip = createGunzip();
  // A file that cannot be read fails the frames read from it (pipe() alone would leave its error unhandled).
  raw.once('error', (err) => gunzip.destroy(err));
  const frames = readFrames(raw.pipe(gunzip));
  const close = () => {
    raw.destroy();
    gunzip.destroy();
  };
  try {
    const first = await frames.next();
    if (first.done || first.value.type !== FRAME.header) throw new BackupError('This file is not an OpenPress backup.');
    const header = json<Omit<Header, 'fileStore'> & { fileStore?: FileStoreKind }>(first.value);
    if (!READABLE_FORMATS.includes(header.format))
      throw new BackupError(`This backup is in format ${header.format}; this version reads formats ${READABLE_FORMATS.join(' and ')}.`);
    // Format 1 was made before other stores existed: its files are rows of its tables.
    return { header: { ...header, fileStore: header.fileStore ?? 'postgres' }, frames, close };
  } catch (err) {
    close();
    throw err;
  }
}

const STORE_SETTING: Record<FileStoreKind, string> = {
  postgres: 'FILE_STORE=postgres (or leave FILE_STORE unset)',
  disk: 'FILE_STORE=disk (the files go under DATA_DIR/files)',
  s3: 'FILE_STORE=s3 and the S3_* settings of the bucket the files are to go into',
};

/** Refuses a backup of another kind of file store than this install's: its rows would name blobs this store cannot read. */
function checkFileStore(backup: FileStoreKind, configured: FileStoreKind): void {
  if (backup === configured) return;
  throw new BackupError(
    `This backup was made with FILE_STORE=${backup}, but FILE_STORE is ${configured} here: the restored rows would name stored files that this file store cannot read. Set ${STORE_SETTING[backup]}, then restore again.`,
  );
}

/**
 * Puts one blob of the backup into the store, its data frames streamed in as they are read, and
 * answers its size. The bytes are checked against the blob's end frame before the put completes, so
 * a damaged blob is never stored. A key that already holds a blob of the size the backup's rows give
 * is kept as it is (the backup's bytes still read and checked). `created` gets the key when the put
 * made it new, for the restore to delete if it fails.
 */
async function restoreBlob(store: BlobStore, start: BlobStart, next: () => Promise<Frame>, created: BlobKey[]): Promise<{ size: number; kept: boolean }> {
  const key: BlobKey = { websiteId: start.websiteId, path: start.path };
  const named = `${key.websiteId}/${key.path}`;
  if (!validBlobKey(key)) throw new BackupError(`The backup names a stored file ${JSON.stringify(named)} that no file store can hold: the file is damaged.`);
  const existing = await store.stat(key);
  const keep = existing !== undefined && start.size !== null && existing.size === start.size;
  const hash = createHash('sha256');
  const read: { size: number; end?: BlobEnd; failure?: unknown } = { size: 0 };
  async function* data(): AsyncGenerator<Buffer> {
    try {
      let f = await next();
      while (f.type === FRAME.data) {
        hash.update(f.payload);
        read.size += f.payload.length;
        yield f.payload;
        f = await next();
      }
      if (f.type !== FRAME.blobEnd) throw new BackupError(`The backup's stored file ${named} has no end: the file is damaged.`);
      const end = json<BlobEnd>(f);
      if (end.size !== read.size || end.sha256 !== hash.digest('hex'))
        throw new BackupError(`The backup's stored file ${named} does not match its size and SHA-256: the file is damaged.`);
      read.end = end;
    } catch (err) {
      read.failure = err;
      throw err;
    }
  }
  if (keep) {
    for await (const piece of data()) void piece;
    if (read.end?.size !== existing.size)
      throw new BackupError(`The file store already holds ${named} with other bytes than the backup's; nothing was written over it.`);
    return { size: existing.size, kept: true };
  }
  let stored;
  try {
    stored = await store.put(key, Readable.from(data(), { objectMode: false }), start.contentType ? { contentType: start.contentType } : {});
  } catch (err) {
    // The store rejects with the body's own error, perhaps wrapped: the backup's reason comes first.
    throw read.failure ?? err;
  }
  if (!existing) created.push(key);
  if (!read.end || stored.size !== read.end.size || stored.sha256 !== read.end.sha256)
    throw new BackupError(`The file store did not keep ${named} as the backup holds it.`);
  return { size: stored.size, kept: false };
}

type RestoreResult = { tables: TableEnd[]; keyFiles: KeyFileEntry[]; blobs: BlobTotals & { kept: number }; sitesBefore: string[] };

/**
 * `beforeCommit` sees the backup's key files once every table and blob has matched, and may still
 * refuse (a BackupError) with nothing restored. `sitesBefore` are the sites the database held
 * before a --replace emptied it.
 */
async function restoreBackup(
  pool: pg.Pool,
  backup: OpenedBackup,
  opts: { replace: boolean; store: BlobStore; beforeCommit: (keyFiles: KeyFileEntry[]) => Promise<void> },
): Promise<RestoreResult> {
  const { header, frames } = backup;
  checkFileStore(header.fileStore, opts.store.kind);
  const client = await pool.connect();
  const next = async () => {
    const { value, done } = await frames.next();
    if (done) throw new BackupError('The backup file is cut short.');
    return value;
  };
  const created: BlobKey[] = [];
  try {
    const level = await migrationLevel(client);
    if (JSON.stringify(level) !== JSON.stringify(header.migrations)) {
      throw new BackupError(
        `This backup was made at another migration level (${header.migrations.schema.length} schema and ${header.migrations.data.length} data migrations; this version has ${level.schema.length} and ${level.data.length}). Restore it with the version that made it, then start this one to upgrade.`,
      );
    }
    const tables = await tablesInRestoreOrder(client);
    if ([...tables].sort().join() !== [...header.tables].sort().join())
      throw new BackupError('The backup holds other tables than this database: it cannot be restored here.');

    await client.query('BEGIN');
    const holding: string[] = [];
    for (const table of tables) {
      const { rows } = await client.query(`SELECT 1 FROM public.${quoted(table)} LIMIT 1`);
      if (rows.length > 0) holding.push(table);
    }
    let sitesBefore: string[] = [];
    if (holding.length > 0) {
      if (!opts.replace)
        throw new BackupError(
          `The database is not empty (${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ' …' : ''} hold rows). Restore into an empty database, or add --replace to replace everything in it.`,
        );
      // Their blobs outside the database are deleted after the commit, unless the restored rows name them.
      sitesBefore = (await client.query<{ id: string }>('SELECT id FROM websites')).rows.map((r) => r.id);
      await client.query(`TRUNCATE ${tables.map((t) => `public.${quoted(t)}`).join(', ')} RESTART IDENTITY CASCADE`);
    }

    const restored: TableEnd[] = [];
    const keyFiles: KeyFileEntry[] = [];
    let blobs = { count: 0, bytes: 0, skipped: 0, kept: 0 };
    for (;;) {
      const f = await next();
      if (f.type === FRAME.table) {
        const { table } = json<{ table: string }>(f);
        if (!header.tables.includes(table)) throw new BackupError(`The backup holds an unknown table ${table}.`);
        const copy = client.query(copyFrom(`COPY public.${quoted(table)} FROM STDIN (FORMAT binary)`));
        const hash = createHash('sha256');
        let bytes = 0;
        let data: Frame;
        try {
          data = await next();
          while (data.type === FRAME.data) {
            hash.update(data.payload);
            bytes += data.payload.length;
            if (!copy.write(data.payload)) await once(copy, 'drain');
            data = await next();
          }
          copy.end();
          await finished(copy);
        } catch (err) {
          // Ends the COPY on the server (CopyFail), so the connection can roll back.
          copy.destroy(err instanceof Error ? err : new Error(String(err)));
          await finished(copy).catch(() => undefined);
          throw err;
        }
        if (data.type !== FRAME.tableEnd) throw new BackupError(`The backup's table ${table} has no end.`);
        const end = json<TableEnd>(data);
        if (end.bytes !== bytes || end.sha256 !== hash.digest('hex'))
          throw new BackupError(`The backup's table ${table} does not match its checksum: the file is damaged.`);
        const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${quoted(table)}`);
        if (Number(rows[0]!.n) !== end.rows) throw new BackupError(`Table ${table} holds ${rows[0]!.n} rows after the restore; the backup had ${end.rows}.`);
        restored.push(end);
      } else if (f.type === FRAME.sequences) {
        for (const s of json<Sequence[]>(f)) await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${quoted(s.name)}`, s.value, s.called]);
      } else if (f.type === FRAME.blob) {
        if (header.fileStore === 'postgres')
          throw new BackupError('The backup file is damaged (a stored file outside the tables of a backup that keeps them in its tables).');
        const blob = await restoreBlob(opts.store, json<BlobStart>(f), next, created);
        blobs.count += 1;
        blobs.bytes += blob.size;
        if (blob.kept) blobs.kept += 1;
      } else if (f.type === FRAME.file) {
        const file = json<KeyFileEntry>(f);
        if (!KEY_FILES.includes(file.name)) throw new BackupError(`The backup holds an unexpected file ${file.name}.`);
        keyFiles.push(file);
      } else if (f.type === FRAME.manifest) {
        const manifest = json<Manifest>(f);
        const seen = new Map(restored.map((t) => [t.table, t]));
        for (const t of manifest.tables) {
          const got = seen.get(t.table);
          if (!got || got.sha256 !== t.sha256 || got.rows !== t.rows) throw new BackupError(`The backup's table ${t.table} is missing or damaged.`);
        }
        if (manifest.tables.length !== header.tables.length) throw new BackupError('The backup does not hold every table its header lists.');
        if (header.fileStore === 'postgres') blobs = { ...(await tableBlobs(client)), kept: 0 };
        if (manifest.blobs) {
          blobs.skipped = manifest.blobs.skipped;
          if (manifest.blobs.count !== blobs.count || manifest.blobs.bytes !== blobs.bytes)
            throw new BackupError('The backup does not hold every stored file its manifest lists: the file is damaged.');
        }
        break;
      } else {
        throw new BackupError('The backup file is damaged (an unknown part).');
      }
    }
    await opts.beforeCommit(keyFiles);
    await client.query('COMMIT');
    return { tables: restored, keyFiles, blobs, sitesBefore };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    // The rows naming them were not committed: the blobs this restore added go too (ones it found there stay).
    await opts.store.delete(created).catch((cleanup: unknown) => {
      console.error(
        `${plural(created.length, 'stored file')} this restore had put could not be deleted again (${cleanup instanceof Error ? cleanup.message : String(cleanup)}); nothing names them.`,
      );
    });
    throw err;
  } finally {
    client.release();
  }
}

/**
 * After a --replace: deletes the store's blobs of the sites there before and after that the restored
 * rows do not name (the replaced database's files); answers how many.
 */
async function removeUnnamedBlobs(pool: pg.Pool, store: BlobStore, sitesBefore: readonly string[]): Promise<number> {
  const { rows: sites } = await pool.query<{ id: string }>('SELECT id FROM websites');
  const { rows: named } = await pool.query<{ website_id: string; path: string }>(NAMED_BLOBS);
  const keep = new Set(named.map((r) => `${r.website_id}/${r.path}`));
  let removed = 0;
  for (const websiteId of new Set([...sitesBefore, ...sites.map((s) => s.id)])) {
    if (!validBlobKey({ websiteId, path: 'x' })) continue;
    const stale: BlobKey[] = [];
    for await (const key of store.list(websiteId)) if (!keep.has(`${key.websiteId}/${key.path}`)) stale.push(key);
    await store.delete(stale);
    removed += stale.length;
  }
  return removed;
}

/** The key files of DATA_DIR, when stored secrets are sealed with them (not when SECRET_KEY is set). */
async function readKeyFiles(dataDir: string): Promise<KeyFileEntry[]> {
  const found: KeyFileEntry[] = [];
  for (const name of KEY_FILES) {
    try {
      found.push({ name, data: await readFile(path.join(dataDir, name), 'utf8') });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return found;
}

/** Refuses (before anything is committed) a key in DATA_DIR that differs from the backup's, unless --replace. */
async function checkKeyFiles(dataDir: string, files: KeyFileEntry[], replace: boolean): Promise<void> {
  for (const file of files) {
    const target = path.join(dataDir, file.name);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current !== undefined && current !== file.data && !replace) {
      throw new BackupError(
        `${target} holds another key than the backup's; add --replace to write the backup's key over it (the rows restored are sealed with it).`,
      );
    }
  }
}

/** Writes the backup's key files into DATA_DIR (mode 600); answers the files written. */
async function writeKeyFiles(dataDir: string, files: KeyFileEntry[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const target = path.join(dataDir, file.name);
    if ((await readFile(target, 'utf8').catch(() => undefined)) === file.data) continue;
    await writeFile(target, file.data, { mode: 0o600 });
    await chmod(target, 0o600);
    written.push(target);
  }
  return written;
}

const USAGE = 'usage: npm run backup -- FILE [--without-key]\n       npm run restore -- FILE [--replace]';

/** A refusal's words for the command's output, or undefined for an error that is no refusal. */
function refusal(err: unknown, file: string): string | undefined {
  if (err instanceof BackupError) return err.message;
  if (['Z_DATA_ERROR', 'Z_BUF_ERROR', 'ENOENT', 'EISDIR', 'EACCES'].includes((err as { code?: string }).code ?? ''))
    return `${file} cannot be read as a backup (${(err as Error).message}).`;
  return undefined;
}

/** "12 stored files (3.4 MB, FILE_STORE=disk)": blobs, whichever store holds them. */
const storedFiles = (blobs: { count: number; bytes: number }, kind: FileStoreKind) =>
  `${plural(blobs.count, 'stored file')} (${formatFileSize(blobs.bytes)}, FILE_STORE=${kind})`;

async function run(argv: string[]): Promise<number> {
  const [command, file, ...flags] = argv;
  const known = command === 'backup' ? ['--without-key'] : ['--replace'];
  if ((command !== 'backup' && command !== 'restore') || !file || file.startsWith('--') || flags.some((f) => !known.includes(f))) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const replace = flags.includes('--replace');
  let backup: OpenedBackup | undefined;
  if (command === 'restore') {
    // The backup's header first: one for another file store is refused before the database is opened.
    try {
      backup = await openBackup(file);
      checkFileStore(backup.header.fileStore, config.fileStore);
    } catch (err) {
      backup?.close();
      const why = refusal(err, file);
      if (why === undefined) throw err;
      console.error(`Nothing was restored: ${why}`);
      return 1;
    }
  }
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  const store = await openBlobStore(config, opened.database);
  try {
    const { pool } = opened.database;
    if (!backup) {
      const keyFiles = config.secretKey !== undefined || flags.includes('--without-key') ? [] : await readKeyFiles(config.dataDir);
      const manifest = await writeBackup(pool, store, createWriteStream(file, { mode: 0o600 }), keyFiles);
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      const blobs = manifest.blobs ?? { count: 0, bytes: 0, skipped: 0 };
      console.log(`Backed up ${manifest.tables.length} tables (${rows} rows) and ${storedFiles(blobs, store.kind)} to ${file}.`);
      if (blobs.skipped > 0) {
        const one = blobs.skipped === 1;
        console.log(
          `${plural(blobs.skipped, 'stored file')} named by the backup's rows ${one ? 'was' : 'were'} not in the file store (a file replaced or deleted on a site while the backup ran): the backup holds ${one ? 'that row without its' : 'those rows without their'} bytes. Run the backup again for a copy with every file.`,
        );
      }
      if (keyFiles.length > 0) {
        console.log(
          `This backup holds the secret key (${keyFiles.map((f) => f.name).join(', ')}): anyone with the file can open the stored secrets. Keep it as safe as the key, or make it with --without-key and keep the key apart.`,
        );
      } else if (config.secretKey !== undefined) {
        console.log(
          'Stored secrets are sealed with SECRET_KEY, which this backup does not hold: keep the key apart, as the restored secrets open only with it.',
        );
      } else {
        console.log(`This backup does not hold the secret key: keep ${path.join(config.dataDir, KEY_FILE)} apart, as the restored secrets open only with it.`);
      }
      return 0;
    }
    let result: RestoreResult;
    try {
      result = await restoreBackup(pool, backup, {
        replace,
        store,
        beforeCommit: async (keyFiles) => {
          if (config.secretKey === undefined) await checkKeyFiles(config.dataDir, keyFiles, replace);
        },
      });
    } catch (err) {
      const why = refusal(err, file);
      if (why === undefined) throw err;
      console.error(`Nothing was restored: ${why}`);
      return 1;
    }
    const rows = result.tables.reduce((n, t) => n + t.rows, 0);
    const checked = store.kind === 'postgres' ? '' : ', and every stored file its size and SHA-256';
    console.log(
      `Restored ${result.tables.length} tables (${rows} rows) and ${storedFiles(result.blobs, store.kind)} from ${file}; every table matched its row count and checksum${checked}.`,
    );
    if (result.blobs.kept > 0)
      console.log(
        `${plural(result.blobs.kept, 'stored file')} ${result.blobs.kept === 1 ? 'was' : 'were'} in the file store already, with the same size, and ${result.blobs.kept === 1 ? 'was' : 'were'} kept as ${result.blobs.kept === 1 ? 'it was' : 'they were'}.`,
      );
    if (result.blobs.skipped > 0) {
      console.log(
        `${plural(result.blobs.skipped, 'stored file')} named by the restored rows ${result.blobs.skipped === 1 ? 'is' : 'are'} not in the backup (deleted from the file store while it was made): ${result.blobs.skipped === 1 ? 'that file is' : 'those files are'} missing.`,
      );
    }
    if (replace && store.kind !== 'postgres') {
      try {
        const removed = await removeUnnamedBlobs(pool, store, result.sitesBefore);
        if (removed > 0)
          console.log(
            `Deleted ${plural(removed, 'stored file')} of the replaced database from the file store: no restored row names ${removed === 1 ? 'it' : 'them'}.`,
          );
      } catch (err) {
        console.error(
          `The restore is complete, but the replaced database's stored files could not all be deleted from the file store (${err instanceof Error ? err.message : String(err)}): no row names them; they only take space.`,
        );
      }
    }
    if (result.keyFiles.length > 0) {
      if (config.secretKey !== undefined)
        console.log(
          'The backup holds a secret-key file; SECRET_KEY is set, so it was not written: the restored secrets open only with the key they were sealed with.',
        );
      else {
        const written = await writeKeyFiles(config.dataDir, result.keyFiles);
        if (written.length > 0) console.log(`Wrote the backup's secret key to ${written.join(', ')} (mode 600).`);
      }
    }
    console.log('Restart the app servers so they read the restored data.');
    return 0;
  } finally {
    backup?.close();
    await store.close();
    await opened.close({ keepServer: opened.adopted });
  }
}

runCommand(run);
