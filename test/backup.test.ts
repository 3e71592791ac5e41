/**
 * `npm run backup` and `npm run restore` on real databases: the demo site with form submissions,
 * its files and a team member is backed up (with the DATA_DIR key file), restored into a fresh
 * database, and found the same: every table's row count and a hash of its content, the sequences,
 * the key file, and the home page as it renders. A database that holds rows is refused unless
 * --replace; a damaged file is refused with nothing restored.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { createDatabase, dropDatabase } from '../src/db/embedded';
import { TEAM_ROLES } from '../src/domain/roles';
import { buildApp } from '../src/server/app';
import { loadClientAssets } from '../src/server/render/assets';
import { createAccount, setRole } from '../src/server/services/accounts';
import { databaseUrl } from './db';
import { demoDatabase, type DemoApp } from './demo-app';
import { demoPayload, demoValues, formVisitor } from './form-visitor';
import { openTempDir } from './global-setup';

const exec = promisify(execFile);
const KEY = `${randomBytes(32).toString('base64')}\n`;

let demo: DemoApp;
let source: FastifyInstance;
let target: Database;
let targetName: string;
let dir: string;

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], { env: { ...process.env, SECRET_KEY: '', ...env }, timeout: 30_000 });
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
    const { rows } = await database.pool.query<{ n: number; h: string }>(`SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS h FROM public."${name}" t`);
    found[name] = `${rows[0]!.n} ${rows[0]!.h}`;
  }
  const { rows: sequences } = await database.pool.query<{ name: string; v: string }>("SELECT sequencename AS name, coalesce(last_value, 0)::text AS v FROM pg_sequences WHERE schemaname = 'public'");
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
  for (const name of [['Ada', 'Lovelace'], ['Grace', 'Hopper']]) {
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
    expect(backup.out).toMatch(/^Backed up \d+ tables \(\d+ rows\) to /m);
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
