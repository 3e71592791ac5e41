/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--replace]`: the whole database and the
 * DATA_DIR files a restore needs, in one gzip stream.
 *
 * The stream is a sequence of frames (a type byte, a 4-byte length, the payload): a header (format
 * version, PostgreSQL version, the migrations applied, the tables in the order they restore), then
 * each table as PostgreSQL's own binary COPY format (`COPY … TO STDOUT (FORMAT binary)`) with its
 * row count and SHA-256 at its end, the sequences' values, the secret-key files of DATA_DIR (unless
 * `--without-key`), and a closing manifest. Tables stream through in chunks: no table is held in
 * memory. The backup reads one snapshot (a REPEATABLE READ transaction), so it is consistent while
 * the app runs.
 *
 * Restore runs the migrations of this version, refuses a backup made at another migration level
 * and a database that holds rows (unless `--replace`, which empties it first), copies every table
 * in one transaction, checks each table's bytes against its SHA-256 and its rows against its count,
 * and commits only when all of them match. The key files are written after the commit (docs/decisions.md).
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
import { readConfig } from '../server/config';
import { openDatabase } from '../server/database';
import { KEY_FILE, NEXT_KEY_FILE } from '../server/secrets/keys';
import { runCommand } from './run';

const BACKUP_FORMAT = 1;
const MAGIC = Buffer.from('OPENPRESS-BACKUP\n');
const FRAME = { header: 0x48, table: 0x54, data: 0x44, tableEnd: 0x45, sequences: 0x53, file: 0x46, manifest: 0x5a } as const;
const KEY_FILES = [KEY_FILE, NEXT_KEY_FILE];

type Header = { format: number; createdAt: string; serverVersion: string; migrations: { schema: string[]; data: string[] }; tables: string[] };
type TableEnd = { table: string; rows: number; bytes: number; sha256: string };
type Sequence = { name: string; value: string; called: boolean };
type KeyFileEntry = { name: string; data: string };
type Manifest = { tables: TableEnd[]; files: string[] };

class BackupError extends Error {}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

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

/** The backup's frames, read from one snapshot: generated as they are written, a chunk at a time. */
async function* backupFrames(client: pg.ClientBase, keyFiles: KeyFileEntry[], done: (manifest: Manifest) => void): AsyncGenerator<Buffer> {
  yield MAGIC;
  const tables = await tablesInRestoreOrder(client);
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  const header: Header = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), serverVersion: rows[0]!.server_version, migrations: await migrationLevel(client), tables };
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
  for (const file of keyFiles) yield* jsonFrame(FRAME.file, file);
  const manifest: Manifest = { tables: ends, files: keyFiles.map((f) => f.name) };
  yield* jsonFrame(FRAME.manifest, manifest);
  done(manifest);
}

async function writeBackup(pool: pg.Pool, out: Writable, keyFiles: KeyFileEntry[]): Promise<Manifest> {
  const client = await pool.connect();
  let manifest: Manifest | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await pipeline(Readable.from(backupFrames(client, keyFiles, (m) => (manifest = m))), createGzip(), out);
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

type RestoreResult = { tables: TableEnd[]; keyFiles: KeyFileEntry[] };

/** `beforeCommit` sees the backup's key files once every table has matched, and may still refuse (a BackupError) with nothing restored. */
async function restoreBackup(
  pool: pg.Pool,
  input: AsyncIterable<Buffer>,
  opts: { replace: boolean; beforeCommit: (keyFiles: KeyFileEntry[]) => Promise<void> },
): Promise<RestoreResult> {
  const client = await pool.connect();
  const frames = readFrames(input);
  const next = async () => {
    const { value, done } = await frames.next();
    if (done) throw new BackupError('The backup file is cut short.');
    return value;
  };
  const json = <T>(f: { payload: Buffer }) => JSON.parse(f.payload.toString()) as T;
  try {
    const first = await next();
    if (first.type !== FRAME.header) throw new BackupError('This file is not an OpenPress backup.');
    const header = json<Header>(first);
    if (header.format !== BACKUP_FORMAT) throw new BackupError(`This backup is in format ${header.format}; this version reads format ${BACKUP_FORMAT}.`);
    const level = await migrationLevel(client);
    if (JSON.stringify(level) !== JSON.stringify(header.migrations)) {
      throw new BackupError(
        `This backup was made at another migration level (${header.migrations.schema.length} schema and ${header.migrations.data.length} data migrations; this version has ${level.schema.length} and ${level.data.length}). Restore it with the version that made it, then start this one to upgrade.`,
      );
    }
    const tables = await tablesInRestoreOrder(client);
    if ([...tables].sort().join() !== [...header.tables].sort().join()) throw new BackupError('The backup holds other tables than this database: it cannot be restored here.');

    await client.query('BEGIN');
    const holding: string[] = [];
    for (const table of tables) {
      const { rows } = await client.query(`SELECT 1 FROM public.${quoted(table)} LIMIT 1`);
      if (rows.length > 0) holding.push(table);
    }
    if (holding.length > 0) {
      if (!opts.replace) throw new BackupError(`The database is not empty (${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ' …' : ''} hold rows). Restore into an empty database, or add --replace to replace everything in it.`);
      await client.query(`TRUNCATE ${tables.map((t) => `public.${quoted(t)}`).join(', ')} RESTART IDENTITY CASCADE`);
    }

    const restored: TableEnd[] = [];
    const keyFiles: KeyFileEntry[] = [];
    for (;;) {
      const f = await next();
      if (f.type === FRAME.table) {
        const { table } = json<{ table: string }>(f);
        if (!header.tables.includes(table)) throw new BackupError(`The backup holds an unknown table ${table}.`);
        const copy = client.query(copyFrom(`COPY public.${quoted(table)} FROM STDIN (FORMAT binary)`));
        const hash = createHash('sha256');
        let bytes = 0;
        let data: { type: number; payload: Buffer };
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
        if (end.bytes !== bytes || end.sha256 !== hash.digest('hex')) throw new BackupError(`The backup's table ${table} does not match its checksum: the file is damaged.`);
        const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${quoted(table)}`);
        if (Number(rows[0]!.n) !== end.rows) throw new BackupError(`Table ${table} holds ${rows[0]!.n} rows after the restore; the backup had ${end.rows}.`);
        restored.push(end);
      } else if (f.type === FRAME.sequences) {
        for (const s of json<Sequence[]>(f)) await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${quoted(s.name)}`, s.value, s.called]);
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
        break;
      } else {
        throw new BackupError('The backup file is damaged (an unknown part).');
      }
    }
    await opts.beforeCommit(keyFiles);
    await client.query('COMMIT');
    return { tables: restored, keyFiles };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
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
      throw new BackupError(`${target} holds another key than the backup's; add --replace to write the backup's key over it (the rows restored are sealed with it).`);
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

async function run(argv: string[]): Promise<number> {
  const [command, file, ...flags] = argv;
  const known = command === 'backup' ? ['--without-key'] : ['--replace'];
  if ((command !== 'backup' && command !== 'restore') || !file || file.startsWith('--') || flags.some((f) => !known.includes(f))) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 2 });
  try {
    const { pool } = opened.database;
    if (command === 'backup') {
      const keyFiles = config.secretKey !== undefined || flags.includes('--without-key') ? [] : await readKeyFiles(config.dataDir);
      const manifest = await writeBackup(pool, createWriteStream(file, { mode: 0o600 }), keyFiles);
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(`Backed up ${manifest.tables.length} tables (${rows} rows) to ${file}.`);
      if (keyFiles.length > 0) {
        console.log(`This backup holds the secret key (${keyFiles.map((f) => f.name).join(', ')}): anyone with the file can open the stored secrets. Keep it as safe as the key, or make it with --without-key and keep the key apart.`);
      } else if (config.secretKey !== undefined) {
        console.log('Stored secrets are sealed with SECRET_KEY, which this backup does not hold: keep the key apart, as the restored secrets open only with it.');
      } else {
        console.log(`This backup does not hold the secret key: keep ${path.join(config.dataDir, KEY_FILE)} apart, as the restored secrets open only with it.`);
      }
      return 0;
    }
    let result: RestoreResult;
    try {
      const replace = flags.includes('--replace');
      result = await restoreBackup(pool, createReadStream(file).pipe(createGunzip()), {
        replace,
        beforeCommit: async (keyFiles) => {
          if (config.secretKey === undefined) await checkKeyFiles(config.dataDir, keyFiles, replace);
        },
      });
    } catch (err) {
      if (err instanceof BackupError) {
        console.error(`Nothing was restored: ${err.message}`);
        return 1;
      }
      if (['Z_DATA_ERROR', 'Z_BUF_ERROR', 'ENOENT'].includes((err as { code?: string }).code ?? '')) {
        console.error(`Nothing was restored: ${file} cannot be read as a backup (${(err as Error).message}).`);
        return 1;
      }
      throw err;
    }
    const rows = result.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Restored ${result.tables.length} tables (${rows} rows) from ${file}; every table matched its row count and checksum.`);
    if (result.keyFiles.length > 0) {
      if (config.secretKey !== undefined) console.log('The backup holds a secret-key file; SECRET_KEY is set, so it was not written: the restored secrets open only with the key they were sealed with.');
      else {
        const written = await writeKeyFiles(config.dataDir, result.keyFiles);
        if (written.length > 0) console.log(`Wrote the backup's secret key to ${written.join(', ')} (mode 600).`);
      }
    }
    console.log('Restart the app servers so they read the restored data.');
    return 0;
  } finally {
    await opened.close({ keepServer: opened.adopted });
  }
}

runCommand(run);
