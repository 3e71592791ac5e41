/**
 * The embedded server's cluster on disk: where it lives, creating it, its superuser password and
 * who owns its files, and what its log says (./embedded.ts starts and stops the server on it).
 *
 * Layout: the cluster is `${dataDir}/pg`, its superuser password `${dataDir}/pg-password` (mode
 * 600, generated at the first start) and the server's output `${dataDir}/pg.log`. A root app runs
 * the server as a system user; when that user cannot enter dataDir, the cluster lives in
 * /var/lib/openpress/<hash>/pg instead, and the start log says so (pg-binaries.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync } from 'node:fs';
import { chown, lchown, mkdir, open, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  canEnter,
  createHome,
  packageNativeDir,
  reachableBinaries,
  relocationHome,
  serverAccount,
  type ServerAccount,
  type ServerBinaries,
} from './pg-binaries';

export const SUPERUSER = 'postgres';
/** The database the server's helpers connect to (the app's own is made on it). */
export const MAINTENANCE_DATABASE = 'postgres';

export type Layout = {
  dataDir: string;
  clusterDir: string;
  passwordFile: string;
  logFile: string;
  account: ServerAccount | undefined;
  binaries: ServerBinaries;
};

export async function resolveLayout(dataDirOption: string, log: (line: string) => void): Promise<Layout> {
  await mkdir(dataDirOption, { recursive: true });
  const dataDir = await realpath(dataDirOption);
  const account = await serverAccount();
  const home = relocationHome(dataDir);
  const nativeDir = await packageNativeDir();
  const cluster = await clusterLocation(dataDir, account, home);
  const { binaries, copied } = await reachableBinaries(account, nativeDir, home);
  const moved = [copied && { what: 'binaries', from: nativeDir }, cluster.relocated && { what: 'cluster', from: dataDir }].filter((m) => m !== false);
  if (account && moved.length > 0) {
    log(
      `embedded PostgreSQL runs as ${account.name}, which cannot enter ${moved.map((m) => m.from).join(' or ')}: keeping its ${moved.map((m) => m.what).join(' and ')} in ${home}`,
    );
  }
  return { dataDir, clusterDir: cluster.dir, passwordFile: join(dataDir, 'pg-password'), logFile: join(dataDir, 'pg.log'), account, binaries };
}

async function clusterLocation(dataDir: string, account: ServerAccount | undefined, home: string): Promise<{ dir: string; relocated: boolean }> {
  const inPlace = { dir: join(dataDir, 'pg'), relocated: false };
  if (!account) return inPlace;
  const relocated = { dir: join(home, 'pg'), relocated: true };
  const reachable = canEnter(account, dataDir);
  if (await exists(join(inPlace.dir, 'PG_VERSION'))) {
    if (reachable) return inPlace;
    throw new Error(
      `${account.name} cannot enter ${dataDir}, so it cannot serve the cluster in ${inPlace.dir}: let it in (chmod o+x on the directory and its parents) or move the cluster to ${relocated.dir}`,
    );
  }
  // Once relocated, the cluster stays put even if dataDir becomes reachable later.
  if (reachable && !(await exists(relocated.dir))) return inPlace;
  await createHome(home);
  return relocated;
}

/** Initialises the cluster unless it exists, and returns the superuser password. */
export async function ensureCluster(layout: Layout, log: (line: string) => void): Promise<string> {
  const initialised = await exists(join(layout.clusterDir, 'PG_VERSION'));
  const password = await readOrCreatePassword(layout.passwordFile, initialised ? layout.clusterDir : undefined);
  if (!initialised) {
    log(`embedded PostgreSQL: initialising a cluster in ${layout.clusterDir}`);
    await initCluster(layout, password);
  }
  return password;
}

async function readOrCreatePassword(file: string, existingCluster: string | undefined): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existingCluster)
    throw new Error(
      `${file} is missing, and the cluster in ${existingCluster} only accepts the password it held: restore the file, or remove the cluster to start afresh`,
    );
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/** Runs initdb into a side directory renamed into place once complete, so a killed initdb leaves no half cluster behind. */
async function initCluster(layout: Layout, password: string): Promise<void> {
  const { clusterDir, account } = layout;
  const partial = `${clusterDir}.partial`;
  // initdb reads the password from a file the server user can read; the cluster's parent is reachable by then.
  const pwfile = join(dirname(clusterDir), 'pg-initdb-password');
  await rm(partial, { recursive: true, force: true });
  await rm(pwfile, { force: true });
  await mkdir(partial, { mode: 0o700 });
  await writeFile(pwfile, password, { mode: 0o600 });
  if (account) {
    await chown(partial, account.uid, account.gid);
    await chown(pwfile, account.uid, account.gid);
  }
  const logFd = openSync(layout.logFile, 'a', 0o600);
  const logStart = fstatSync(logFd).size;
  try {
    const args = [
      `--pgdata=${partial}`,
      `--username=${SUPERUSER}`,
      '--auth=scram-sha-256',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      // The builtin provider sorts by code point and needs no OS locale, so a cluster behaves the
      // same on every machine and survives OS upgrades without collation-version warnings.
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(layout.binaries.initdb, args, { stdio: ['ignore', logFd, logFd], cwd: '/', env: serverEnv(), ...ids(account) });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}); ${layout.logFile} ends with:\n${await logTail(layout.logFile, logStart)}`);
  } finally {
    closeSync(logFd);
    await rm(pwfile, { force: true });
  }
  await rename(partial, clusterDir);
}

/** A cluster copied by root (a harness cloning a prepared one) is root's; PostgreSQL insists on owning its files. */
export async function ownCluster(layout: Layout): Promise<void> {
  const { account, clusterDir } = layout;
  if (!account || (await stat(clusterDir)).uid === account.uid) return;
  await chownTree(clusterDir, account);
}

async function chownTree(dir: string, account: ServerAccount): Promise<void> {
  await lchown(dir, account.uid, account.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(path, account);
    else await lchown(path, account.uid, account.gid);
  }
}

/** A clean environment: PG* variables meant for the app's clients must not steer the server, and the log checks above read English. */
export function serverEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' };
}

export function ids(account: ServerAccount | undefined): { uid?: number; gid?: number } {
  return account ? { uid: account.uid, gid: account.gid } : {};
}

/** The last lines the server wrote to its log since offset `from`. */
export async function logTail(logFile: string, from: number): Promise<string> {
  const file = await open(logFile, 'r').catch(() => undefined);
  if (!file) return '';
  try {
    const start = Math.max(from, (await file.stat()).size - 16_384);
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(16_384), position: start });
    return buffer.subarray(0, bytesRead).toString('utf8').trimEnd().split('\n').slice(-20).join('\n');
  } finally {
    await file.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
