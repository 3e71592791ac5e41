/**
 * `npm run backup` and `npm run restore` on real databases: the demo site with form submissions,
 * its files and a team member is backed up (with the DATA_DIR key file), restored into a fresh
 * database, and found the same: every table's row count and a hash of its content, the sequences,
 * the key file, and the home page as it renders. A database that holds rows is refused unless
 * --replace; a damaged file is refused with nothing restored.
 *
 * Then the sites' stored files with each FILE_STORE (postgres, disk in a temporary DATA_DIR, s3 on
 * a local s3rver): a PNG (with the image sizes the job makes of it) and a PDF uploaded as the app
 * does, backed up, restored into a fresh database and an empty store, and read back through that
 * store and served, byte for byte. With disk: --replace keeps what is already there and deletes
 * what no restored row names, a stored file gone from the store is counted, and a damaged stored
 * file is refused with nothing committed and nothing left in the store. A backup of another file
 * store is refused before the database is touched; a format-1 backup is a postgres one and restores.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { createDatabase, dropDatabase } from '../src/db/databases';
import { formatFileSize } from '../src/domain/files';
import { TEAM_ROLES } from '../src/domain/roles';
import { buildApp } from '../src/server/app';
import { openBlobStore, type BlobStoreSettings } from '../src/server/blobs/open';
import type { BlobKey, BlobStore } from '../src/server/blobs/store';
import { createImageGate } from '../src/server/modules/files/images/image-pipeline';
import { runImageVariants } from '../src/server/modules/files/images/variants-job';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/modules/accounts/accounts';
import { uploadFile } from '../src/server/modules/files/operations/upload-file';
import { databaseUrl, freshDatabase } from './db';
import { demoDatabase, type DemoApp } from './demo-app';
import { demoPayload, demoValues, formVisitor } from './form-visitor';
import { openTempDir } from './global-setup';
import { startS3Server, type S3Server } from './s3-server';
import { programArgs } from '../e2e/server-process';

// The SDK's notice that its 2027 releases will need Node 22 is for operators, not for this file's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const exec = promisify(execFile);
const KEY = `${randomBytes(32).toString('base64')}\n`;

let demo: DemoApp;
let source: FastifyInstance;
let target: Database;
let targetName: string;
let dir: string;

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    // The file store as the app reads it (FILE_STORE, DATA_DIR, S3_*): postgres unless a test says.
    const { stdout, stderr } = await exec(process.execPath, [...programArgs('backup'), ...args], {
      env: { ...process.env, SECRET_KEY: '', FILE_STORE: '', ...env },
      timeout: 30_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Every table of the public schema: its row count and a hash of its rows' text, in a fixed order. */
async function contents(database: Database): Promise<Record<string, string>> {
  const { rows: tables } = await database.pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  const found: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await database.pool.query<{ n: number; h: string }>(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS h FROM public."${name}" t`,
    );
    found[name] = `${rows[0]!.n} ${rows[0]!.h}`;
  }
  const { rows: sequences } = await database.pool.query<{ name: string; v: string }>(
    "SELECT sequencename AS name, coalesce(last_value, 0)::text AS v FROM pg_sequences WHERE schemaname = 'public'",
  );
  for (const s of sequences) found[`sequence ${s.name}`] = s.v;
  return found;
}

async function homePage(database: Database): Promise<string> {
  const app = await buildApp({ database, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true });
  try {
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    return res.body;
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  demo = await demoDatabase();
  const { db } = demo.database;
  await setRole(db, demo.websiteId, await createAccount(db, 'maker@example.com', 'maker-password-1'), TEAM_ROLES.EDITOR);
  source = await demo.start();
  const visitor = await formVisitor(source);
  for (const name of [
    ['Ada', 'Lovelace'],
    ['Grace', 'Hopper'],
  ]) {
    const res = await visitor.save(demoPayload(await visitor.key(), demoValues({ name })));
    expect(res.statusCode, res.body).toBe(200);
  }
  targetName = `t_restore_${randomBytes(4).toString('hex')}`;
  await createDatabase(inject('pgUrl'), targetName);
  target = connect(databaseUrl(inject('pgUrl'), targetName), 2);
  dir = await openTempDir('openpress-backup-');
});
afterAll(async () => {
  await source?.close();
  await demo?.database.drop();
  await target?.close();
  if (targetName) await dropDatabase(inject('pgUrl'), targetName);
});

describe('npm run backup and npm run restore', () => {
  it('restores into a fresh database the same rows, sequences, key file and home page', async () => {
    const sourceDir = await openTempDir('openpress-backup-source-');
    await writeFile(path.join(sourceDir, 'secret-key'), KEY, { mode: 0o600 });
    const file = path.join(dir, 'site.backup');
    const backup = await cli(['backup', file], { DATABASE_URL: demo.database.url, DATA_DIR: sourceDir });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/^Backed up \d+ tables \(\d+ rows\) and \d+ stored files? \([\d.]+ (?:Bytes|KB|MB|GB), FILE_STORE=postgres\) to /m);
    expect(backup.out).toContain('This backup holds the secret key (secret-key)');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const withoutKey = await cli(['backup', path.join(dir, 'no-key.backup'), '--without-key'], { DATABASE_URL: demo.database.url, DATA_DIR: sourceDir });
    expect(withoutKey.code, withoutKey.out).toBe(0);
    expect(withoutKey.out).toContain('This backup does not hold the secret key');
    const unzipped = async (f: string) => gunzipSync(await readFile(f)).toString('latin1');
    expect(await unzipped(file)).toContain(KEY.trim());
    expect(await unzipped(path.join(dir, 'no-key.backup'))).not.toContain(KEY.trim());

    const before = await contents(demo.database);
    expect(before.form_submissions).toMatch(/^2 /);
    expect(before.files).not.toMatch(/^0 /);
    expect(before.website_members).toMatch(/^1 /);

    const targetDir = await openTempDir('openpress-backup-target-');
    const restore = await cli(['restore', file], { DATABASE_URL: target.url, DATA_DIR: targetDir });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('every table matched its row count and checksum');
    expect(await contents(target)).toEqual(before);
    expect(await readFile(path.join(targetDir, 'secret-key'), 'utf8')).toBe(KEY);
    expect((await stat(path.join(targetDir, 'secret-key'))).mode & 0o777).toBe(0o600);
    expect(await homePage(target)).toBe(await homePage(demo.database));
  });

  it('refuses a database that holds rows unless --replace, which replaces them', async () => {
    const file = path.join(dir, 'site.backup');
    await target.pool.query("UPDATE websites SET settings = jsonb_set(settings, '{title}', '\"Changed\"')");
    const changed = await contents(target);
    const refused = await cli(['restore', file], { DATABASE_URL: target.url, DATA_DIR: dir });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Nothing was restored: The database is not empty');
    expect(refused.out).toContain('--replace');
    expect(await contents(target)).toEqual(changed);

    const replaced = await cli(['restore', file, '--replace'], { DATABASE_URL: target.url, DATA_DIR: dir });
    expect(replaced.code, replaced.out).toBe(0);
    expect(await contents(target)).toEqual(await contents(demo.database));
  });

  it('refuses a damaged or cut-short file, a key that differs from the one in DATA_DIR, and a file that is no backup, restoring nothing', async () => {
    const good = await readFile(path.join(dir, 'site.backup'));
    const before = await contents(target);
    const cut = path.join(dir, 'cut.backup');
    await writeFile(cut, good.subarray(0, Math.floor(good.length / 2)));
    const notBackup = path.join(dir, 'not.backup');
    await writeFile(notBackup, 'hello');
    for (const file of [cut, notBackup]) {
      const res = await cli(['restore', file, '--replace'], { DATABASE_URL: target.url, DATA_DIR: dir });
      expect(res.code, file).toBe(1);
      expect(res.out, file).toContain('Nothing was restored:');
      expect(res.out, file).not.toMatch(/\n\s+at /);
    }
    const otherKeyDir = await openTempDir('openpress-backup-other-key-');
    await writeFile(path.join(otherKeyDir, 'secret-key'), `${randomBytes(32).toString('base64')}\n`);
    const { rows: tables } = await target.pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
    await target.pool.query(`TRUNCATE ${tables.map((t) => `public."${t.name}"`).join(', ')}`);
    const emptied = await contents(target);
    const otherKey = await cli(['restore', path.join(dir, 'site.backup')], { DATABASE_URL: target.url, DATA_DIR: otherKeyDir });
    expect(otherKey.code).toBe(1);
    expect(otherKey.out).toContain('holds another key than the backup');
    expect(await contents(target)).toEqual(emptied);
    expect(emptied).not.toEqual(before);
  });
});

// ---- the sites' stored files, with each file store ----

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const keyName = (key: BlobKey) => `${key.websiteId}/${key.path}`;

async function bytesOf(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** Every blob the database's rows name: the files' originals and their image sizes. */
async function namedBlobs(database: Database): Promise<BlobKey[]> {
  const { rows } = await database.pool.query<{ website_id: string; path: string }>(
    'SELECT website_id, blob_path AS path FROM files WHERE blob_path IS NOT NULL UNION SELECT website_id, blob_path FROM file_variants ORDER BY 1, 2',
  );
  return rows.map((r) => ({ websiteId: r.website_id, path: r.path }));
}

async function storedKeys(store: BlobStore, websiteId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(websiteId)) keys.push(keyName(key));
  return keys.sort();
}

const rowCount = async (database: Database, table: string) => (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

/** One end of a round trip: the settings the CLI reads from its environment, and the same store's settings for the test to open it. */
type Side = { env: Record<string, string>; settings: BlobStoreSettings };
type Backing = { kind: 'postgres' | 'disk' | 's3'; sides(): Promise<{ source: Side; target: Side; close(): Promise<void> }> };

const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BACKINGS: Backing[] = [
  {
    kind: 'postgres',
    async sides() {
      const side = async (): Promise<Side> => {
        const dataDir = await openTempDir('openpress-backup-pg-');
        return { env: { FILE_STORE: 'postgres', DATA_DIR: dataDir }, settings: { fileStore: 'postgres', dataDir } };
      };
      return { source: await side(), target: await side(), close: async () => undefined };
    },
  },
  {
    kind: 'disk',
    async sides() {
      const side = async (): Promise<Side> => {
        const dataDir = await openTempDir('openpress-backup-disk-');
        return { env: { FILE_STORE: 'disk', DATA_DIR: dataDir }, settings: { fileStore: 'disk', dataDir } };
      };
      const [source, target] = [await side(), await side()];
      return {
        source,
        target,
        close: () => Promise.all([source, target].map((s) => rm(s.settings.dataDir, { recursive: true, force: true }))).then(() => undefined),
      };
    },
  },
  {
    kind: 's3',
    async sides() {
      const server: S3Server = await startS3Server('openpress-source');
      // Another bucket on the same server: the restore's store starts empty.
      const client = new S3Client({ region: 'us-east-1', endpoint: server.endpoint, credentials: server.credentials, forcePathStyle: true });
      await client.send(new CreateBucketCommand({ Bucket: 'openpress-target' }));
      client.destroy();
      const side = async (bucket: string): Promise<Side> => {
        const dataDir = await openTempDir('openpress-backup-s3-');
        const env = {
          FILE_STORE: 's3',
          DATA_DIR: dataDir,
          S3_BUCKET: bucket,
          S3_ENDPOINT: server.endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
          S3_PREFIX: 'op/',
        };
        return {
          env,
          settings: {
            fileStore: 's3',
            dataDir,
            s3: { bucket, region: 'us-east-1', endpoint: server.endpoint, credentials: S3_CREDENTIALS, forcePathStyle: true, prefix: 'op/' },
          },
        };
      };
      return { source: await side('openpress-source'), target: await side('openpress-target'), close: () => server.stop() };
    },
  },
];

/** The backup file each round trip made, for the refusals below. */
const madeBackups: Partial<Record<Backing['kind'], string>> = {};

describe.each(BACKINGS.map((b) => [b.kind, b] as const))('a backup with FILE_STORE=%s', (_kind, backing) => {
  let sides: Awaited<ReturnType<Backing['sides']>>;
  let source: DemoApp;
  let sourceStore: BlobStore;
  let restoreTo: Database & { drop(): Promise<void> };
  let targetStore: BlobStore;
  /** The bytes of every blob the source's rows name, by key. */
  const originals = new Map<string, Buffer>();
  const uploads: { name: string; bytes: Buffer }[] = [];

  beforeAll(async () => {
    sides = await backing.sides();
    source = await demoDatabase();
    sourceStore = await openBlobStore(sides.source.settings, source.database);
    const accountId = await createAccount(source.database.db, 'files@example.com', 'files-password-1');
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    // Random bytes make the PDF's bytes unique in the backup (the damaged-file test finds them there).
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n%'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
    for (const [fileName, bytes] of [
      ['photo.png', png],
      ['leaflet.pdf', pdf],
    ] as const) {
      const row = await uploadFile({ db: source.database.db, store: sourceStore }, source.websiteId, accountId, { fileName, body: Readable.from([bytes]) });
      uploads.push({ name: row.name, bytes });
      // The image's sizes, as the app's job worker makes them: blobs of their own.
      if (row.status === 'processing')
        await runImageVariants(
          source.database,
          source.websiteId,
          { fileId: row.id, sha256: row.sha256! },
          { store: sourceStore, avifEffort: 0, gate: createImageGate(1) },
        );
    }
    for (const key of await namedBlobs(source.database)) originals.set(keyName(key), (await bytesOf(await sourceStore.get(key)))!);
    restoreTo = await freshDatabase();
    targetStore = await openBlobStore(sides.target.settings, restoreTo);
  });
  afterAll(async () => {
    await sourceStore?.close();
    await targetStore?.close();
    await source?.database.drop();
    await restoreTo?.drop();
    await sides?.close();
  });

  it('backs up the stored files and restores them into an empty store, the same bytes served', async () => {
    // The PDF, the PNG and its image sizes.
    expect(originals.size).toBeGreaterThan(3);
    const total = [...originals.values()].reduce((n, b) => n + b.length, 0);
    const files = `${originals.size} stored files (${formatFileSize(total)}, FILE_STORE=${backing.kind})`;
    const file = path.join(dir, `${backing.kind}-files.backup`);
    const backup = await cli(['backup', file], { DATABASE_URL: source.database.url, ...sides.source.env });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(new RegExp(`^Backed up \\d+ tables \\(\\d+ rows\\) and ${escapeRegExp(files)} to ${escapeRegExp(file)}\\.$`, 'm'));
    expect(backup.out).not.toContain('not in the file store');
    madeBackups[backing.kind] = file;

    const restore = await cli(['restore', file], { DATABASE_URL: restoreTo.url, ...sides.target.env });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(`and ${files} from ${file}; every table matched its row count and checksum`);
    if (backing.kind !== 'postgres') {
      expect(restore.out).toContain('and every stored file its size and SHA-256.');
      // The bytes went to the store, not to the database's own blob tables.
      expect(await rowCount(restoreTo, 'blob_chunks')).toBe(0);
    }

    const named = await namedBlobs(restoreTo);
    expect(named.map(keyName).sort()).toEqual([...originals.keys()].sort());
    for (const key of named) {
      const bytes = await bytesOf(await targetStore.get(key));
      expect(bytes && sha256(bytes), keyName(key)).toBe(sha256(originals.get(keyName(key))!));
      expect(bytes?.equals(originals.get(keyName(key))!), keyName(key)).toBe(true);
    }
    // Nothing else came into the store.
    expect(await storedKeys(targetStore, source.websiteId)).toEqual([...originals.keys()].sort());
    for (const upload of uploads) {
      const { rows } = await restoreTo.pool.query<{ website_id: string; blob_path: string; sha256: string }>(
        'SELECT website_id, blob_path, sha256 FROM files WHERE name = $1',
        [upload.name],
      );
      const bytes = await bytesOf(await targetStore.get({ websiteId: rows[0]!.website_id, path: rows[0]!.blob_path }));
      expect(bytes?.equals(upload.bytes), upload.name).toBe(true);
      expect(rows[0]!.sha256).toBe(sha256(upload.bytes));
    }

    const app = await buildApp({ database: restoreTo, assets: loadClientAssets(), appDomain: 'sites.test', serveDefaultSite: true, blobStore: targetStore });
    try {
      const pdf = uploads.find((u) => u.name.endsWith('.pdf'))!;
      const res = await app.inject({ method: 'GET', url: `/s/${pdf.name}`, headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(200);
      expect(sha256(res.rawPayload)).toBe(sha256(pdf.bytes));
    } finally {
      await app.close();
    }
  });

  // What only needs one store to prove: the disk's (fast, and its files can be looked at).
  if (backing.kind === 'disk') {
    it('with --replace, keeps stored files already there untouched and deletes the ones no restored row names', async () => {
      const site = source.websiteId;
      const kept = named0(originals);
      const keptFile = path.join(sides.target.settings.dataDir, 'files', site, ...kept.path.split('/'));
      const before = await stat(keptFile);
      // The replaced database's files: one of a site the backup also holds, one of a site it does not.
      await restoreTo.pool.query(`INSERT INTO websites (id, identifier, settings, navigation) VALUES ('old-site', 'old-site', '{"title":"Old"}', '[]')`);
      await targetStore.put({ websiteId: site, path: 'files/replaced/original-0a' }, Buffer.from('old bytes'));
      await targetStore.put({ websiteId: 'old-site', path: 'files/other/original-0b' }, Buffer.from('old site'));

      const replaced = await cli(['restore', madeBackups.disk!, '--replace'], { DATABASE_URL: restoreTo.url, ...sides.target.env });
      expect(replaced.code, replaced.out).toBe(0);
      expect(replaced.out).toContain(`${originals.size} stored files were in the file store already, with the same size, and were kept as they were.`);
      expect(replaced.out).toContain('Deleted 2 stored files of the replaced database from the file store');
      expect(await storedKeys(targetStore, site)).toEqual([...originals.keys()].sort());
      expect(await storedKeys(targetStore, 'old-site')).toEqual([]);
      // Not written again: the same file on disk (a put renames a new one into place).
      const after = await stat(keptFile);
      expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    });

    it('counts, in its output, a stored file its rows name that is gone from the store', async () => {
      const gone = named0(originals);
      const key = { websiteId: source.websiteId, path: gone.path };
      await sourceStore.delete([key]);
      try {
        const backup = await cli(['backup', path.join(dir, 'gap.backup')], { DATABASE_URL: source.database.url, ...sides.source.env });
        expect(backup.code, backup.out).toBe(0);
        expect(backup.out).toContain(`and ${originals.size - 1} stored files (`);
        expect(backup.out).toContain(
          "1 stored file named by the backup's rows was not in the file store (a file replaced or deleted on a site while the backup ran): the backup holds that row without its bytes.",
        );
      } finally {
        await sourceStore.put(key, originals.get(keyName(key))!);
      }
    });

    it('refuses a damaged stored file, committing nothing and leaving no stored file behind', async () => {
      const unzipped = gunzipSync(await readFile(madeBackups.disk!));
      // The stored file whose bytes come last, so others were put into the store before it failed.
      const at = [...originals.values()].map((bytes) => ({ bytes, at: unzipped.indexOf(bytes) })).filter((b) => b.at >= 0);
      const last = at.reduce((a, b) => (b.at > a.at ? b : a));
      expect(at.filter((b) => b.at < last.at).length).toBeGreaterThan(0);
      const damaged = Buffer.from(unzipped);
      const flip = last.at + Math.floor(last.bytes.length / 2);
      damaged[flip] = damaged[flip]! ^ 0xff;
      const file = path.join(dir, 'damaged-file.backup');
      await writeFile(file, gzipSync(damaged));

      const empty = await freshDatabase();
      const emptyDir = await openTempDir('openpress-backup-damaged-');
      try {
        const res = await cli(['restore', file], { DATABASE_URL: empty.url, FILE_STORE: 'disk', DATA_DIR: emptyDir });
        expect(res.code, res.out).toBe(1);
        expect(res.out).toMatch(/Nothing was restored: The backup's stored file \S+ does not match its size and SHA-256: the file is damaged\./);

        // A stored file's name that would leave the store: refused before any path is made of it.
        const escape = `escape-${randomBytes(4).toString('hex')}`;
        const outside = path.join(dir, 'outside.backup');
        let renamed = false;
        await rewriteBackup(madeBackups.disk!, outside, (f) => {
          if (f.type !== BLOB_START || renamed) return f;
          renamed = true;
          return { ...f, payload: Buffer.from(JSON.stringify({ ...(JSON.parse(f.payload.toString()) as object), path: `../../../${escape}` })) };
        });
        expect(renamed).toBe(true);
        const escaping = await cli(['restore', outside], { DATABASE_URL: empty.url, FILE_STORE: 'disk', DATA_DIR: emptyDir });
        expect(escaping.code, escaping.out).toBe(1);
        expect(escaping.out).toContain(
          `Nothing was restored: The backup names a stored file "${source.websiteId}/../../../${escape}" that no file store can hold`,
        );
        expect(existsSync(path.join(emptyDir, '..', escape))).toBe(false);

        expect(await rowCount(empty, 'websites')).toBe(0);
        expect(await rowCount(empty, 'files')).toBe(0);
        const left = (await readdir(emptyDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
        expect(left.map((e) => path.join(e.parentPath, e.name))).toEqual([]);
      } finally {
        await empty.drop();
        await rm(emptyDir, { recursive: true, force: true });
      }
    });
  }
});

/** The first key of the originals (a blob every restore above holds). */
function named0(originals: Map<string, Buffer>): { path: string } {
  const first = [...originals.keys()].sort()[0]!;
  return { path: first.slice(first.indexOf('/') + 1) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type BackupFrame = { type: number; payload: Buffer };
const MAGIC = 'OPENPRESS-BACKUP\n'.length;
/** The type of a stored file's first frame (its key), as src/server/backup/format.ts frames it. */
const BLOB_START = 0x42;

/** Writes `to`: the backup `from` with each of its frames (a type byte, a 4-byte length, the payload) as `change` answers it. */
async function rewriteBackup(from: string, to: string, change: (f: BackupFrame, index: number) => BackupFrame): Promise<void> {
  const unzipped = gunzipSync(await readFile(from));
  const parts: Buffer[] = [unzipped.subarray(0, MAGIC)];
  for (let at = MAGIC, index = 0; at < unzipped.length; index += 1) {
    const length = unzipped.readUInt32BE(at + 1);
    const f = change({ type: unzipped[at]!, payload: unzipped.subarray(at + 5, at + 5 + length) }, index);
    const head = Buffer.alloc(5);
    head.writeUInt8(f.type, 0);
    head.writeUInt32BE(f.payload.length, 1);
    parts.push(head, f.payload);
    at += 5 + length;
  }
  await writeFile(to, gzipSync(Buffer.concat(parts)));
}

describe('the file store a backup was made with', () => {
  it('is required of the restore, which refuses another before touching the database', async () => {
    // A database that does not exist: the refusal comes before any connection.
    const nowhere = databaseUrl(inject('pgUrl'), `t_never_${randomBytes(4).toString('hex')}`);
    const otherDir = await openTempDir('openpress-backup-kind-');
    const wrong = await cli(['restore', madeBackups.disk!], { DATABASE_URL: nowhere, FILE_STORE: 'postgres', DATA_DIR: otherDir });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('Nothing was restored: This backup was made with FILE_STORE=disk, but FILE_STORE is postgres here');
    expect(wrong.out).toContain('Set FILE_STORE=disk');
    expect(await readdir(otherDir)).toEqual([]);
  });

  it('is postgres for a backup of format 1, which still restores', async () => {
    // A format-1 backup: the same frames, its header without the file store.
    const file = path.join(dir, 'format-1.backup');
    await rewriteBackup(madeBackups.postgres!, file, (f, i) => {
      if (i > 0) return f;
      const header = JSON.parse(f.payload.toString()) as Record<string, unknown>;
      expect(header).toMatchObject({ format: 2, fileStore: 'postgres' });
      delete header.fileStore;
      return { ...f, payload: Buffer.from(JSON.stringify({ ...header, format: 1 })) };
    });

    const refused = await cli(['restore', file], { DATABASE_URL: target.url, FILE_STORE: 'disk', DATA_DIR: dir });
    expect(refused.out).toContain('This backup was made with FILE_STORE=postgres, but FILE_STORE is disk here');
    const fresh = await freshDatabase();
    try {
      const restored = await cli(['restore', file], { DATABASE_URL: fresh.url, DATA_DIR: dir });
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toMatch(/and \d+ stored files \([^)]+, FILE_STORE=postgres\) from/);
      const named = await namedBlobs(fresh);
      expect(named.length).toBeGreaterThan(3);
      const store = await openBlobStore({ fileStore: 'postgres', dataDir: dir }, fresh);
      for (const key of named) expect(await store.stat(key), keyName(key)).toBeDefined();
    } finally {
      await fresh.drop();
    }
  });
});
