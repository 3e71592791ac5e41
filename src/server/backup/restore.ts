/**
 * Restores a backup (./format.ts). It refuses, before anything is touched, a backup made with
 * another kind of file store than FILE_STORE (the rows would name blobs this store cannot read; a
 * format-1 backup, made before the kind was recorded, is a postgres one), a backup made at another
 * migration level and a database that holds rows (unless `replace`, which empties it first). It
 * copies every table in one transaction, checks each table's bytes against its SHA-256 and its rows
 * against its count, puts each blob into the store while that transaction is open (checked against
 * its size and SHA-256; a key already holding a blob of that size is kept as it is), and commits
 * only when all of them match: on any failure the blobs it put are deleted and nothing is
 * committed. After the commit, a `replace` deletes the store's blobs that no restored row names
 * (the replaced database's files).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { validBlobKey, type BlobKey, type BlobStore } from '../blobs/store';
import { migrationLevel, NAMED_BLOBS, tableBlobs, tablesInRestoreOrder } from './catalog';
import {
  BackupError,
  FRAME,
  json,
  plural,
  quoted,
  readFrames,
  READABLE_FORMATS,
  type BlobEnd,
  type BlobStart,
  type BlobTotals,
  type FileStoreKind,
  type Frame,
  type Header,
  type KeyFileEntry,
  type Manifest,
  type Sequence,
  type TableEnd,
} from './format';
import { KEY_FILES } from './key-files';

/** A backup opened for restoring: its header read and checked, the frames after it still to read. */
export type OpenedBackup = { header: Header; frames: AsyncGenerator<Frame>; close(): void };

export async function openBackup(file: string): Promise<OpenedBackup> {
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
export function checkFileStore(backup: FileStoreKind, configured: FileStoreKind): void {
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

export type RestoreResult = { tables: TableEnd[]; keyFiles: KeyFileEntry[]; blobs: BlobTotals & { kept: number }; sitesBefore: string[] };

/**
 * `beforeCommit` sees the backup's key files once every table and blob has matched, and may still
 * refuse (a BackupError) with nothing restored. `sitesBefore` are the sites the database held
 * before a --replace emptied it.
 */
export async function restoreBackup(
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
export async function removeUnnamedBlobs(pool: pg.Pool, store: BlobStore, sitesBefore: readonly string[]): Promise<number> {
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
